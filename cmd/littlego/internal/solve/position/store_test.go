package position

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
)

// A position the solver proves is kept in the proof store, and the next solve of it
// takes it from there: "earlier proof".
func TestSolveKeepsItsProofInTheStore(t *testing.T) {
	dir := t.TempDir()
	pos, prev := board.New(), board.New()
	for _, p := range []board.Point{12, 7, 11, 13, 17, 8, 6, 16, 18, 2, 22, 23, 10, 3, 1, 14} {
		prev = pos
		if !pos.Act(p) {
			t.Fatalf("action %v illegal", p)
		}
	}
	var in bytes.Buffer
	if err := board.FormatInput(&in, pos.Turn, prev.Stones, pos.Stones); err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(dir, "input.txt")
	os.WriteFile(input, in.Bytes(), 0o644)
	store := filepath.Join(dir, "proofs.db")
	solveIt := func() string {
		var stdout, stderr bytes.Buffer
		status := Cmd.Run([]string{"-store", store, "-move", strconv.Itoa(int(pos.Move)), "-cpu", "60", input},
			base.Output{Stdout: &stdout, Stderr: &stderr})
		if status != 0 {
			t.Fatalf("status %d: %s", status, stderr.String())
		}
		return strings.SplitN(stdout.String(), "\n", 2)[0]
	}
	first := solveIt()
	if !strings.HasSuffix(first, "[solver]") {
		t.Fatalf("first solve: %q, want the solver's proof", first)
	}
	second := solveIt()
	if !strings.HasSuffix(second, "[earlier proof]") || strings.TrimSuffix(second, "[earlier proof]") != strings.TrimSuffix(first, "[solver]") {
		t.Errorf("second solve: %q, want the first's verdict %q read back as an earlier proof", second, first)
	}
}
