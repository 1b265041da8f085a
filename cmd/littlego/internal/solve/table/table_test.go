// table_test.go: the opening table's batch job on a late root: shards merged into the solver's answers, a stopped shard resumed, the merge's refusals.

package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/internal/clitest"
	"littlego/solver"
	"littlego/tablebase"
)

// lateRoot is a position at move 17 whose levels 17, 18 and 19 hold 10, 89 and 477
// positions, each proved in a millisecond: a whole table in a test.
const lateRoot = "2,2 1,2 2,3 2,1 3,2 1,3 1,1 3,1 3,3 0,2 2,4 4,2 4,1 0,3 1,4 4,3"

// lateLevel is the deepest level of the test tables.
const lateLevel = "19"

// buildShards runs shard i of n for every i into dir, with extra flags.
func buildShards(t *testing.T, dir string, n int, extra ...string) {
	t.Helper()
	for i := range n {
		args := append([]string{"build", "-root", lateRoot, "-level", lateLevel, "-shard", shardArg(i, n), "-o", dir, "-tt", "16"}, extra...)
		if code, stdout, stderr := clitest.Call(run, args...); code != 0 || !strings.Contains(stdout, "0 unknown") {
			t.Fatalf("%q: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
}

func shardArg(i, n int) string { return fmt.Sprintf("%d/%d", i, n) }

// mergeInto merges dir into a table file and returns its path, the exit status and output.
func mergeInto(dir string) (path string, code int, stdout, stderr string) {
	path = filepath.Join(filepath.Dir(dir), filepath.Base(dir)+".lgtb")
	code, stdout, stderr = clitest.Call(run, "merge", dir, "-o", path)
	return path, code, stdout, stderr
}

// The shards of level 19, merged, give every position of levels 16 to 19 the value and
// margin the solver gives it directly, whatever the number of shards.
func TestTableMatchesTheSolver(t *testing.T) {
	root, err := parseRoot(lateRoot)
	if err != nil {
		t.Fatal(err)
	}
	levels, err := tablebase.Levels(root, 19)
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(16)
	for _, n := range []int{1, 4} {
		dir := filepath.Join(t.TempDir(), "shards")
		buildShards(t, dir, n, "-margin")
		path, code, stdout, stderr := mergeInto(dir)
		if code != 0 {
			t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
		}
		table := readTableOrFail(t, path)
		if h := table.Header; h.Kind != tablebase.KindTable || h.FirstLevel != 16 || h.LastLevel != 19 || !h.Margins {
			t.Errorf("header %+v", h)
		}
		total := 0
		for l, level := range levels {
			for _, p := range level {
				e, ok := table.Lookup(p)
				r, m := s.Solve(p, solver.Limits{}), s.Margin(p, solver.Limits{})
				if !ok || !e.Known || e.Win != r.Win || !e.MarginKnown || e.Margin != m.Margin {
					t.Fatalf("%d shards, level %d: the table gives %+v (%v), the solver win %v margin %+d:\n%s", n, 16+l, e, ok, r.Win, m.Margin, p.String())
				}
				total++
			}
		}
		if table.Len() != total || !strings.Contains(stdout, "level 19: 477 positions") {
			t.Errorf("%d shards: %d records for %d positions\n%s", n, table.Len(), total, stdout)
		}
	}
}

func readTableOrFail(t *testing.T, path string) *tablebase.Table {
	t.Helper()
	table, err := readTable(path)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// A shard stopped part way leaves a checkpoint of whole blocks; run again, it solves
// only the rest and writes the records an uninterrupted run with the same block size
// writes; run once more, it does nothing. A checkpoint of another block size is ignored.
func TestShardResumesFromItsCheckpoint(t *testing.T) {
	for _, c := range []struct{ block, kept int }{{1, 100}, {7, 98}} {
		whole := filepath.Join(t.TempDir(), "whole")
		buildShards(t, whole, 1, "-block", fmt.Sprint(c.block))
		dir := filepath.Join(t.TempDir(), "stopped")
		cfg := &buildConfig{root: lateRoot, level: 19, shard: "0/1", out: dir, block: c.block, stopAfter: 100, ttBits: 16}
		var stdout, stderr strings.Builder
		if err := buildShard(&stdout, &stderr, cfg); !errors.Is(err, errStopped) {
			t.Fatalf("block %d, the stopped run: %v", c.block, err)
		}
		partial := filepath.Join(dir, shardName(19, 0, 1)+".partial")
		if cp := readTableOrFail(t, partial); cp.Header.Kind != tablebase.KindCheckpoint || cp.Len() != c.kept {
			t.Fatalf("block %d: the checkpoint holds %d records of kind %v, want %d", c.block, cp.Len(), cp.Header.Kind, c.kept)
		}
		if c.block != 1 {
			other := *cfg
			other.block, other.stopAfter, other.out = 1, 1, t.TempDir()
			copyFile(partial, filepath.Join(other.out, shardName(19, 0, 1)+".partial"))
			stderr.Reset()
			if err := buildShard(&stdout, &stderr, &other); !errors.Is(err, errStopped) || !strings.Contains(stderr.String(), "ignoring the checkpoint") {
				t.Errorf("a checkpoint of blocks of %d resumed with blocks of 1: %v %s", c.block, err, stderr.String())
			}
		}
		cfg.stopAfter = 0
		stdout.Reset()
		if err := buildShard(&stdout, &stderr, cfg); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("(%d solved now, %d from the checkpoint)", 477-c.kept, c.kept); !strings.Contains(stdout.String(), want) {
			t.Errorf("block %d, the resumed run: %s", c.block, stdout.String())
		}
		if _, err := os.Stat(partial); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("block %d: the checkpoint is left behind: %v", c.block, err)
		}
		// The log's line i is position i: the stopped run's lines past its checkpoint are
		// not kept twice.
		log, _ := os.ReadFile(logPath(filepath.Join(dir, shardName(19, 0, 1))))
		lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
		for i, line := range lines {
			if !strings.HasPrefix(line, fmt.Sprintf("%d/477 ", i+1)) {
				t.Fatalf("block %d: log line %d is %q (%d lines)", c.block, i+1, line, len(lines))
			}
		}
		if len(lines) != 477 {
			t.Errorf("block %d: the log has %d lines, want 477", c.block, len(lines))
		}
		a := readTableOrFail(t, filepath.Join(whole, shardName(19, 0, 1)))
		b := readTableOrFail(t, filepath.Join(dir, shardName(19, 0, 1)))
		if !slices.Equal(a.Records(), b.Records()) {
			t.Errorf("block %d: the resumed shard's records differ from an uninterrupted run's", c.block)
		}
		stdout.Reset()
		if err := buildShard(&stdout, &stderr, cfg); err != nil || !strings.Contains(stdout.String(), "done before") {
			t.Errorf("block %d: a finished shard run again: %v %s", c.block, err, stdout.String())
		}
	}
}

// The merge refuses a missing, repeated, damaged, truncated, foreign or tampered shard,
// with its reason, and writes nothing.
func TestMergeRefusesBadShards(t *testing.T) {
	good := filepath.Join(t.TempDir(), "good")
	buildShards(t, good, 3)
	other := filepath.Join(t.TempDir(), "other")
	for i := range 2 {
		if code, out, errs := clitest.Call(run, "build", "-root", lateRoot, "-level", "18", "-shard", shardArg(i, 2), "-o", other, "-tt", "16"); code != 0 {
			t.Fatalf("level 18: %s%s", out, errs)
		}
	}
	name := func(i int) string { return shardName(19, i, 3) }
	cases := map[string]struct {
		damage func(dir string) error
		reason string
	}{
		"missing":  {func(dir string) error { return os.Remove(filepath.Join(dir, name(1))) }, "shard 1/3 of level 19 is missing"},
		"repeated": {func(dir string) error { return copyFile(filepath.Join(dir, name(2)), filepath.Join(dir, "copy.lgtb")) }, "shard 2/3 twice"},
		"damaged": {func(dir string) error {
			return editFile(filepath.Join(dir, name(0)), func(b []byte) []byte { b[len(b)-5] ^= 4; return b })
		},
			"checksum mismatch"},
		"truncated": {func(dir string) error {
			return editFile(filepath.Join(dir, name(0)), func(b []byte) []byte { return b[:len(b)-8] })
		},
			"truncated"},
		"another version": {func(dir string) error {
			return editFile(filepath.Join(dir, name(2)), func(b []byte) []byte { binary.LittleEndian.PutUint16(b[4:], tablebase.Version+1); return b })
		}, "another format version"},
		"another level": {func(dir string) error {
			return copyFile(filepath.Join(other, shardName(18, 0, 2)), filepath.Join(dir, shardName(18, 0, 2)))
		}, "of another table or level"},
		"a checkpoint": {func(dir string) error { return retag(filepath.Join(dir, name(1)), tablebase.KindCheckpoint, nil) }, "not a shard"},
		"tampered": {func(dir string) error {
			return retag(filepath.Join(dir, name(1)), tablebase.KindShard, func(r []tablebase.Record) []tablebase.Record { return r[1:] })
		}, "does not hold the positions of its index"},
	}
	for what, c := range cases {
		dir := filepath.Join(t.TempDir(), "shards")
		if err := os.CopyFS(dir, os.DirFS(good)); err != nil {
			t.Fatal(err)
		}
		if err := c.damage(dir); err != nil {
			t.Fatal(err)
		}
		path, code, stdout, stderr := mergeInto(dir)
		if code != 1 || !strings.Contains(stderr, c.reason) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want 1 and one line with %q\n%s", what, code, stderr, c.reason, stdout)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: a table was written", what)
		}
		t.Logf("%s: %s", what, strings.TrimSpace(stderr))
	}
	if _, code, stdout, stderr := mergeInto(good); code != 0 {
		t.Errorf("the good shards: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, code, _, stderr := mergeInto(t.TempDir()); code != 1 || !strings.Contains(stderr, "no shard files") {
		t.Errorf("an empty folder: exit %d, %q", code, stderr)
	}
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

func editFile(path string, edit func([]byte) []byte) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, edit(data), 0o644)
}

// retag rewrites a shard file, intact, with another kind and its records edited.
func retag(path string, kind tablebase.Kind, edit func([]tablebase.Record) []tablebase.Record) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	t, err := tablebase.Decode(data)
	if err != nil {
		return err
	}
	h, recs := t.Header, t.Records()
	h.Kind = kind
	if edit != nil {
		recs = edit(recs)
	}
	if data, err = tablebase.Encode(h, recs); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// A shard stopped part way is refused by the merge; with -partial its checkpoint stands
// in, and the positions it has not solved are unknown in the table, the rest intact.
func TestPartialMergeTakesACheckpoint(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shards")
	buildShards(t, dir, 2) // shards 0/2 and 1/2; shard 1 is then stopped over again
	stopped := &buildConfig{root: lateRoot, level: 19, shard: "1/2", out: t.TempDir(), block: 1, stopAfter: 50, ttBits: 16}
	var stdout, stderr strings.Builder
	if err := buildShard(&stdout, &stderr, stopped); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	name := shardName(19, 1, 2)
	if err := os.Remove(filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(filepath.Join(stopped.out, name+".partial"), filepath.Join(dir, name+".partial")); err != nil {
		t.Fatal(err)
	}
	if _, code, _, stderr := mergeInto(dir); code != 1 || !strings.Contains(stderr, "shard 1/2 of level 19 is missing") {
		t.Fatalf("without -partial: exit %d, %q", code, stderr)
	}
	out := filepath.Join(t.TempDir(), "partial.lgtb")
	code, stdout2, stderr2 := clitest.Call(run, "merge", dir, "-o", out, "-partial")
	if code != 0 || !strings.Contains(stdout2, "level 19: 477 positions") {
		t.Fatalf("-partial: exit %d\n%s%s", code, stdout2, stderr2)
	}
	table := readTableOrFail(t, out)
	s := solver.New(16)
	unknown := 0
	for _, r := range table.Records() {
		if r.Level() != 19 {
			continue
		}
		e := r.Entry()
		if !e.Known {
			unknown++
			continue
		}
		if w := s.Solve(r.Position(), solver.Limits{}); w.Win != e.Win {
			t.Fatalf("a known record is wrong: %+v", e)
		}
	}
	if want := 477/2 - 50; unknown != want {
		t.Errorf("%d unknown positions at level 19, want the %d the stopped shard had not solved", unknown, want)
	}
	if !strings.Contains(table.Header.Note, "1 of them stopped or missing") {
		t.Errorf("the note %q does not say a shard was stopped", table.Header.Note)
	}
	// A shard missing altogether: its positions are unknown.
	three := filepath.Join(t.TempDir(), "three")
	buildShards(t, three, 3)
	if err := os.Remove(filepath.Join(three, shardName(19, 2, 3))); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := clitest.Call(run, "merge", three, "-o", out, "-partial"); code != 0 || !strings.Contains(stdout, "level 19: 477 positions, ") ||
		!strings.Contains(stdout, "159 unknown") {
		t.Errorf("-partial with a shard missing: exit %d\n%s%s", code, stdout, stderr)
	}
}

// A table rooted at the empty board must agree with the board's full solve.
func TestEmptyBoardCheck(t *testing.T) {
	win := tablebase.Entry{Known: true, Win: true, MarginKnown: true, Margin: facts.EmptyBoardMargin}
	if err := checkEmptyBoard(win, []board.Point{facts.WinningFirstMove}, false); err != nil {
		t.Errorf("the solved value is refused: %v", err)
	}
	values := win
	values.MarginKnown, values.Margin = false, 0
	if err := checkEmptyBoard(values, []board.Point{facts.WinningFirstMove}, false); err != nil {
		t.Errorf("the solved value without margin is refused: %v", err)
	}
	wide := win
	wide.Margin = facts.EmptyBoardMargin + 2
	for what, c := range map[string]struct {
		e       tablebase.Entry
		winning []board.Point
	}{
		"unknown":           {tablebase.Entry{}, nil},
		"a loss":            {tablebase.Entry{Known: true}, nil},
		"two winning moves": {win, []board.Point{board.PointAt(1, 1), facts.WinningFirstMove}},
		"another move":      {win, []board.Point{board.PointAt(1, 2)}},
		"another margin":    {wide, []board.Point{facts.WinningFirstMove}},
	} {
		if err := checkEmptyBoard(c.e, c.winning, false); err == nil {
			t.Errorf("%s: taken", what)
		}
		if err := checkEmptyBoard(c.e, c.winning, true); (err == nil) != (what == "unknown") {
			t.Errorf("%s, in a partial table: %v", what, err)
		}
	}
}

func TestTableFlagsChecked(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"build", "-level", "19", "-root", lateRoot},
		{"build", "-level", "19", "-root", lateRoot, "-o", dir, "-shard", "3/3"},
		{"build", "-level", "19", "-root", lateRoot, "-o", dir, "-shard", "x"},
		{"build", "-level", "19", "-root", "2,2 2,2", "-o", dir},
		{"build", "-level", "19", "-root", "PASS PASS", "-o", dir},
		{"build", "-level", "9", "-root", lateRoot, "-o", dir},
		{"build", "-level", "24", "-o", dir},
		{"build", "-level", "2", "-o", dir, "-cpu", "-1"},
		{"build", "-level", "2", "-o", dir, "-block", "-1"},
		{"merge", "-o", "", dir},
	} {
		if code, _, stderr := clitest.Call(run, args...); code != 2 || !strings.Contains(stderr, "solve: -") && !strings.Contains(stderr, "for flag -") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the flag named", args, code, stderr)
		}
	}
}

// -table-verify finds every record of a good table proved again, and fails on a record
// whose value was turned.
func TestVerifyReprovesTheTable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shards")
	buildShards(t, dir, 2, "-margin")
	path, code, stdout, stderr := mergeInto(dir)
	if code != 0 {
		t.Fatalf("merge: %s%s", stdout, stderr)
	}
	code, stdout, stderr = clitest.Call(run, "verify", path, "-n", "0", "-tt", "16")
	if code != 0 || !strings.Contains(stdout, "577 sampled (seed 1), 0 unknown in the table, 0 disagree") {
		t.Fatalf("a good table: exit %d\n%s%s", code, stdout, stderr)
	}
	table := readTableOrFail(t, path)
	recs := slices.Clone(table.Records())
	for i, r := range recs {
		if r.Level() == 18 && !r.Entry().Win {
			e := r.Entry()
			e.Win, e.MarginKnown = true, false
			recs[i] = tablebase.MakeRecord(r.Position(), e)
			break
		}
	}
	for i, r := range recs { // a margin moved by 2 away from the komi: the value stands, the margin is wrong
		if e := r.Entry(); r.Level() == 19 && e.MarginKnown {
			e.Margin += 2 * (1 - 2*boolInt(e.Margin < board.BlackMargin))
			recs[i] = tablebase.MakeRecord(r.Position(), e)
			break
		}
	}
	data, err := tablebase.Encode(table.Header, recs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = clitest.Call(run, "verify", path, "-n", "0", "-tt", "16")
	if code != 1 || !strings.Contains(stdout, "2 disagree") || !strings.Contains(stdout, "the table says win, the solver loss") ||
		!strings.Contains(stdout, "the table's margin is ") {
		t.Errorf("a turned record: exit %d\n%s%s", code, stdout, stderr)
	}
}

// writeEmptyBoardShard writes level 1 of a table rooted at the empty board as one shard,
// each position's entry given by value (White to move after Black's first stone).
func writeEmptyBoardShard(t *testing.T, dir string, value func(first board.Point) tablebase.Entry) {
	t.Helper()
	levels, err := tablebase.Levels(board.New(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var recs []tablebase.Record
	for _, p := range levels[1] {
		first := (p.Stones[board.Black]).First()
		recs = append(recs, tablebase.MakeRecord(p, value(first)))
	}
	empty := board.New()
	data, err := tablebase.Encode(tablebase.Header{Kind: tablebase.KindShard, Margins: true, Root: tablebase.Key(&empty),
		LastLevel: 1, CompleteThrough: 1, Shards: 1}, recs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, shardName(1, 0, 1)), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A table rooted at the empty board is merged only if its root agrees with the solved
// game. The level-1 entries here are made up, not proved: the test is of the check.
func TestMergeChecksTheEmptyBoard(t *testing.T) {
	solved := func(centre int) func(board.Point) tablebase.Entry {
		return func(first board.Point) tablebase.Entry {
			if first == facts.WinningFirstMove {
				return tablebase.Entry{Known: true, Win: false, MarginKnown: true, Margin: centre, Best: board.NoPoint}
			}
			return tablebase.Entry{Known: true, Win: true, MarginKnown: true, Margin: 1, Best: board.NoPoint}
		}
	}
	dir := filepath.Join(t.TempDir(), "agrees")
	writeEmptyBoardShard(t, dir, solved(facts.EmptyBoardMargin))
	if _, code, stdout, stderr := mergeInto(dir); code != 0 || !strings.Contains(stdout, "Black to play: win (margin +3, B+0.5); winning actions: 2,2") {
		t.Errorf("the solved values: exit %d\n%s%s", code, stdout, stderr)
	}
	dir = filepath.Join(t.TempDir(), "wide")
	writeEmptyBoardShard(t, dir, solved(facts.EmptyBoardMargin+2))
	if _, code, _, stderr := mergeInto(dir); code != 1 || !strings.Contains(stderr, "the margin +5") {
		t.Errorf("another margin: exit %d, %q", code, stderr)
	}
	dir = filepath.Join(t.TempDir(), "edge")
	writeEmptyBoardShard(t, dir, func(first board.Point) tablebase.Entry {
		e := solved(facts.EmptyBoardMargin)(first)
		if first.Row() == 0 || first.Row() == board.Size-1 || first.Col() == 0 || first.Col() == board.Size-1 {
			e = tablebase.Entry{Known: true, MarginKnown: true, Margin: facts.EmptyBoardMargin, Best: board.NoPoint}
		}
		return e
	})
	if _, code, _, stderr := mergeInto(dir); code != 1 || !strings.Contains(stderr, "contradicts the solved empty board") {
		t.Errorf("winning first moves on the edge: exit %d, %q", code, stderr)
	}
}

// A checkpoint written before solve had commands (its note names "solve -table") is
// resumed by solve table build: the level-3 build's stopped shard carries on.
func TestLegacyCheckpointResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := &buildConfig{root: lateRoot, level: 18, shard: "0/1", out: dir, block: 1, stopAfter: 20, ttBits: 16}
	var stdout, stderr strings.Builder
	if err := buildShard(&stdout, &stderr, cfg); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	partial := filepath.Join(dir, shardName(18, 0, 1)+".partial")
	cp := readTableOrFail(t, partial)
	h := cp.Header
	if !strings.HasPrefix(h.Note, "solve table build: ") {
		t.Fatalf("the checkpoint's note %q", h.Note)
	}
	h.Note = strings.Replace(h.Note, "solve table build", legacyCommand, 1)
	data, err := tablebase.Encode(h, cp.Records())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(partial, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.stopAfter = 0
	if err := buildShard(&stdout, &stderr, cfg); err != nil || !strings.Contains(stdout.String(), "(69 solved now, 20 from the checkpoint)") {
		t.Errorf("the legacy checkpoint was not resumed: %v\n%s%s", err, stdout.String(), stderr.String())
	}
}

// Status counts the shards and positions done from the files, and projects the rest at
// the CPU per position so far.
func TestStatusCountsTheBuild(t *testing.T) {
	dir := t.TempDir()
	for _, i := range []int{0, 2} {
		if code, out, errs := clitest.Call(run, "build", "-root", lateRoot, "-level", lateLevel, "-shard", shardArg(i, 4), "-o", dir, "-tt", "16"); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s%s", i, code, out, errs)
		}
	}
	code, out, errs := clitest.Call(run, "status", "-cores", "2", dir)
	if code != 0 || !strings.Contains(out, "level 19 (values), "+dir+": 2 of 4 shards done, 0 stopped part way; 239 of 477 positions; ") ||
		!strings.Contains(out, " of wall time on 2 cores (2 shards of about ") {
		t.Errorf("status: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := clitest.Call(run, "status", t.TempDir()); code != 1 || !strings.Contains(errs, "no shard files") {
		t.Errorf("an empty folder: exit %d, %q", code, errs)
	}
	// Each built shard left its per-position log beside it, and status sums the logs.
	for _, i := range []int{0, 2} {
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("level%s-shard%d-of-4.log", lateLevel, i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if _, ok := parseCostLine(line); !ok {
				t.Errorf("shard %d's log: %q is not a position's line", i, line)
			}
		}
	}
	if !strings.Contains(out, "the logs of 2 shards, 239 positions solved: mover wins ") || !strings.Contains(out, "the slowest tenth ") {
		t.Errorf("status without the logs' summary:\n%s", out)
	}
}

// The CPU's shares: by value, each with its mean, and the slowest tenth.
func TestCostShares(t *testing.T) {
	costs := []positionCost{{"loss", 60}, {"win", 10}, {"win", 10}, {"win", 10}, {"win", 10}}
	for i := 0; i < 5; i++ {
		costs = append(costs, positionCost{"win", 0})
	}
	want := "mover wins 9 (40% of the CPU, 4.4 CPU-s each), mover loses 1 (60% of the CPU, 60.0 CPU-s each); the slowest tenth 60% of the CPU"
	if got := costShares(costs); got != want {
		t.Errorf("costShares:\n got %s\nwant %s", got, want)
	}
	if c, ok := parseCostLine("4/8 loss 36.363 CPU-s 93431570 nodes"); !ok || c.value != "loss" || c.cpu != 36.363 {
		t.Errorf("parseCostLine: %+v %v", c, ok)
	}
	if _, ok := parseCostLine("solve: ignoring the checkpoint: damaged"); ok {
		t.Error("a diagnostic read as a position's line")
	}
}
