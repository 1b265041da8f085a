// table_join_test.go: a deep table's values joined with a shallower table's margins, on the late root; a contradiction refused.

package table

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/internal/clitest"
	"littlego/solver"
	"littlego/tablebase"
)

// mergedLevel builds level of the late root in one shard, with extra flags, merges it
// and returns the table file's path.
func mergedLevel(t *testing.T, level string, extra ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "shards")
	args := append([]string{"build", "-root", lateRoot, "-level", level, "-o", dir, "-tt", "16"}, extra...)
	if code, stdout, stderr := clitest.Call(run, args...); code != 0 {
		t.Fatalf("%q: exit %d\n%s%s", args, code, stdout, stderr)
	}
	path, code, stdout, stderr := mergeInto(dir)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
	return path
}

// Level 19's values (solved over one warm table) joined with level 18's margins hold
// every position of levels 16-19 with the solver's value, and the solver's margin
// through level 18 (and at level 19 where a best action of level 18 implies it).
func TestJoinGivesValuesAndMargins(t *testing.T) {
	values := mergedLevel(t, "19", "-block", "0")
	margins := mergedLevel(t, "18", "-margin", "-block", "5")
	out := filepath.Join(t.TempDir(), "joined.lgtb")
	code, stdout, stderr := clitest.Call(run, "join", "-o", out, values, margins)
	if code != 0 || !strings.Contains(stdout, "every value known through level 19, every margin through level 18") {
		t.Fatalf("join: exit %d\n%s%s", code, stdout, stderr)
	}
	table := readTableOrFail(t, out)
	s := solver.New(16)
	for _, r := range table.Records() {
		p, e := r.Position(), r.Entry()
		if w := s.Solve(p, solver.Limits{}); !e.Known || e.Win != w.Win {
			t.Fatalf("level %d: the table gives %+v, the solver win %v:\n%s", r.Level(), e, w.Win, p.String())
		}
		// Level 19's margins are those level 18's best actions imply.
		if m := s.Margin(p, solver.Limits{}); !e.MarginKnown && r.Level() <= 18 || e.MarginKnown && e.Margin != m.Margin {
			t.Fatalf("level %d: the table gives %+v, the solver's margin %+d:\n%s", r.Level(), e, m.Margin, p.String())
		}
	}
	if table.Len() != 1+10+89+477 {
		t.Errorf("%d records, want the 577 positions of levels 16-19", table.Len())
	}
}

// Tables that contradict each other, or are not merged tables, are refused in one line
// and nothing is written.
func TestJoinRefusesContradictions(t *testing.T) {
	values := mergedLevel(t, "19")
	margins := mergedLevel(t, "18", "-margin")
	turned := filepath.Join(t.TempDir(), "turned.lgtb")
	if err := copyFile(margins, turned); err != nil {
		t.Fatal(err)
	}
	err := retag(turned, tablebase.KindTable, func(recs []tablebase.Record) []tablebase.Record {
		e := recs[0].Entry()
		e.Margin += 10 * (1 - 2*boolInt(e.Margin > 0))
		e.Win = !e.Win
		recs[0] = tablebase.MakeRecord(recs[0].Position(), e)
		return recs
	})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "joined.lgtb")
	for what, c := range map[string]struct {
		list   []string
		reason string
	}{
		"contradiction": {[]string{values, turned}, "disagree"},
		"one file":      {[]string{values}, "want two or more"},
		"a file twice":  {[]string{values, values}, "named twice"},
		"a shard":       {[]string{values, filepath.Join(filepath.Dir(values), "shards", shardName(19, 0, 1))}, "not a merged table"},
	} {
		code, _, stderr := clitest.Call(run, append([]string{"join", "-o", out}, c.list...)...)
		if code == 0 || !strings.Contains(stderr, c.reason) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want a refusal saying %q", what, code, stderr, c.reason)
		}
		if _, err := readTable(out); err == nil {
			t.Errorf("%s: a table was written", what)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Level 18's margins joined with a level 19 of which one shard in four is built give
// level 19 the values level 18 implies (every child of a lost position won, the child
// after a won position's best action lost, with its margin): more than the shard, each
// the solver's, and the count said.
func TestJoinAddsWhatTheLevelAboveImplies(t *testing.T) {
	out, built := impliedTable(t)
	s := solver.New(16)
	known := 0
	for _, r := range readTableOrFail(t, out).Records() {
		p, e := r.Position(), r.Entry()
		if r.Level() != 19 || !e.Known {
			continue
		}
		known++
		if w := s.Solve(p, solver.Limits{}); e.Win != w.Win {
			t.Fatalf("the joined table gives %+v, the solver win %v:\n%s", e, w.Win, p.String())
		}
		if m := s.Margin(p, solver.Limits{}); e.MarginKnown && e.Margin != m.Margin {
			t.Fatalf("the joined table gives %+v, the solver's margin %+d:\n%s", e, m.Margin, p.String())
		}
	}
	if known <= built {
		t.Errorf("level 19: %d values known after the join, %d built: nothing implied", known, built)
	}
}

// impliedTable returns the path of level 18's margins joined with the shard 0/4 of level
// 19 (merged -partial), and the number of level-19 values the shard proved.
func impliedTable(t *testing.T) (string, int) {
	t.Helper()
	margins := mergedLevel(t, "18", "-margin")
	dir := filepath.Join(t.TempDir(), "shards")
	if code, stdout, stderr := clitest.Call(run, "build", "-root", lateRoot, "-level", "19", "-shard", "0/4", "-o", dir, "-tt", "16"); code != 0 {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, stderr)
	}
	partial := filepath.Join(t.TempDir(), "partial.lgtb")
	if code, stdout, stderr := clitest.Call(run, "merge", "-partial", "-o", partial, dir); code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
	built := 0
	for _, r := range readTableOrFail(t, partial).Records() {
		if r.Level() == 19 && r.Entry().Known {
			built++
		}
	}
	out := filepath.Join(t.TempDir(), "joined.lgtb")
	code, stdout, stderr := clitest.Call(run, "join", "-o", out, partial, margins)
	if code != 0 || !strings.Contains(stdout, "implied by the level above") {
		t.Fatalf("join: exit %d\n%s%s", code, stdout, stderr)
	}
	return out, built
}

// A shard built with -known takes the positions the known table proves without a search
// (its log says which, status counts them apart) and holds the values a build without it
// proves.
func TestBuildTakesTheKnownTable(t *testing.T) {
	known, _ := impliedTable(t)
	plain := filepath.Join(t.TempDir(), "plain")
	with := filepath.Join(t.TempDir(), "with")
	for _, c := range []struct {
		dir   string
		extra []string
	}{{plain, nil}, {with, []string{"-known", known}}} {
		args := append([]string{"build", "-root", lateRoot, "-level", "19", "-shard", "1/4", "-o", c.dir, "-tt", "16"}, c.extra...)
		if code, stdout, stderr := clitest.Call(run, args...); code != 0 {
			t.Fatalf("%q: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	a := readTableOrFail(t, filepath.Join(plain, shardName(19, 1, 4))).Records()
	b := readTableOrFail(t, filepath.Join(with, shardName(19, 1, 4))).Records()
	if len(a) != len(b) {
		t.Fatalf("%d records with -known, %d without", len(b), len(a))
	}
	for i := range a {
		if ea, eb := a[i].Entry(), b[i].Entry(); ea.Known != eb.Known || ea.Win != eb.Win {
			t.Fatalf("record %d: %+v with -known, %+v without", i, eb, ea)
		}
	}
	log, _ := os.ReadFile(logPath(filepath.Join(with, shardName(19, 1, 4))))
	taken := strings.Count(string(log), fromKnown)
	if taken == 0 || taken == len(a) {
		t.Errorf("%d of %d positions taken from the known table: want some, not all", taken, len(a))
	}
	code, stdout, stderr := clitest.Call(run, "status", with)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("%d positions taken from the known table", taken)) {
		t.Errorf("status: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := clitest.Call(run, "build", "-root", lateRoot, "-level", "19", "-o", t.TempDir(), "-known", filepath.Join(with, "none.lgtb")); code != 2 || !strings.Contains(stderr, "-known") {
		t.Errorf("a missing -known table: exit %d, %q", code, stderr)
	}
}
