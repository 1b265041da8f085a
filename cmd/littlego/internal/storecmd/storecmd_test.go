package storecmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/proofstore"
	"littlego/tablebase"
)

// run runs "littlego store ARGS" and returns its exit status, stdout and stderr.
func run(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	status := Cmd.Run(args, base.Output{Stdout: &stdout, Stderr: &stderr})
	return status, stdout.String(), stderr.String()
}

// level2 returns a level-2 position (Black 2,2, White 1,2) in canonical orientation and
// its fact as the opening table proves it.
func level2(t *testing.T) (board.Position, facts.Fact) {
	pos := board.New()
	if !pos.Act(board.PointAt(2, 2)) || !pos.Act(board.PointAt(1, 2)) {
		t.Fatal("illegal")
	}
	f := facts.Known(pos)
	if !f.Proved() {
		t.Fatalf("the opening table does not prove 2,2 1,2: %+v", f)
	}
	c, _ := tablebase.Canonical(pos)
	return c, f
}

// storeWith returns a store file holding f of pos, written by the solver.
func storeWith(t *testing.T, pos board.Position, f facts.Fact) string {
	path := filepath.Join(t.TempDir(), "proofs.db")
	s, err := proofstore.Open(path, proofstore.Options{Tool: "review"})
	if err != nil {
		t.Fatal(err)
	}
	f.Source, f.Winning, f.Keeping = facts.Solver, nil, nil
	s.Keep(pos, f, 2000000000)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestStatusSaysWhatTheStoreHolds(t *testing.T) {
	pos, f := level2(t)
	path := storeWith(t, pos, f)
	status, out, errs := run("-store", path)
	margins := 0
	if _, ok := f.Margin(); ok {
		margins = 1
	}
	want := []string{fmt.Sprintf("proof store %s: 1 positions (1 values, %d exact margins, 0 only tried in vain), 2.0 CPU-s of proofs", path, margins),
		"by level: 2: 1", "by tool: review 1"}
	if status != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("status lacks %q:\n%s", w, out)
		}
	}
}

func TestExportJoinsTheOpeningTable(t *testing.T) {
	pos, f := level2(t)
	path := storeWith(t, pos, f)
	table := filepath.Join(t.TempDir(), "store.lgtb")
	status, out, errs := run("export", "-store", path, "-o", table)
	if status != 0 || !strings.Contains(out, "2 positions of levels 0..2") {
		t.Fatalf("export: status %d, %q, %q", status, out, errs)
	}
	data := readFile(t, table)
	tb, err := tablebase.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := tb.Lookup(pos)
	if !ok || !e.Known || e.Win != (f.Value == facts.Win) {
		t.Errorf("the exported table reads %+v (%v) of the stored position, stored %+v", e, ok, f)
	}
	if e, ok := tb.Lookup(board.New()); !ok || !e.Known || !e.Win || !e.MarginKnown || e.Margin != board.BlackMargin {
		t.Errorf("the empty board reads %+v (%v), want its solve", e, ok)
	}
}

func TestClearEmptiesAndOffIsRefused(t *testing.T) {
	pos, f := level2(t)
	path := storeWith(t, pos, f)
	if status, out, errs := run("clear", "-store", path); status != 0 || !strings.Contains(out, "empty") {
		t.Fatalf("clear: %d %q %q", status, out, errs)
	}
	if _, out, _ := run("-store", path); !strings.Contains(out, ": 0 positions") {
		t.Errorf("after clear: %s", out)
	}
	if status, _, errs := run("-store", "off"); status != 2 || !strings.Contains(errs, "need a store") {
		t.Errorf("-store off: status %d, %q", status, errs)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
