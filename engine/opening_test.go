// opening_test.go: the engine playing from the opening table.

package engine

import (
	"testing"

	"littlego/board"
	"littlego/opening"
)

// Wherever the table proves White's win after Black's first move, White plays the
// table's move, and the table says Black is lost after it.
func TestEnginePlaysTheOpeningTable(t *testing.T) {
	eng, err := New(Defaults())
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for first := board.Point(0); first < board.NumPoints; first++ {
		pos := board.New()
		pos.Play(first)
		if e, ok := opening.Lookup(pos); !ok || !e.Win {
			continue
		}
		mv, rep := eng.GenMove(pos)
		child := pos
		if rep.Method != MethodTable || !child.Act(mv) {
			t.Fatalf("after %v: %v by %v, want the table's move", first, mv, rep.Method)
		}
		if e, ok := opening.Lookup(child); ok && e.Win {
			t.Errorf("after %v %v the table says Black wins", first, mv)
		}
		played++
	}
	if played == 0 {
		t.Error("the table proves no White win after a first move")
	}
}
