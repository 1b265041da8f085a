// known_test.go: the opening table against the solved empty board, and the values and margins it gives.

package known

import (
	"slices"
	"testing"

	"littlego/board"
	"littlego/engine"
)

// The table's root and first moves agree with the solved empty board: Black wins by
// EmptyBoardMargin, with WinningFirstMove alone; after any other first move White wins.
func TestOpeningTableAgreesWithTheSolvedEmptyBoard(t *testing.T) {
	empty := board.New()
	e, ok := engine.Opening(empty)
	if !ok || !e.Win || e.Best != WinningFirstMove || !e.MarginKnown || e.Margin != EmptyBoardMargin {
		t.Fatalf("the table's empty board: %+v (held: %v); want Black's win by %d with %v", e, ok, EmptyBoardMargin, WinningFirstMove)
	}
	for a := board.Point(0); a < board.NumPoints; a++ {
		child := empty
		child.Play(a)
		ce, ok := engine.Opening(child)
		if !ok || ce.Win != (a != WinningFirstMove) || ce.MarginKnown && (ce.Margin >= board.BlackMargin) != (a == WinningFirstMove) {
			t.Errorf("after %v the table says %+v (held: %v)", a, ce, ok)
		}
	}
	ok, black, src, winning, complete := Value(empty)
	if !ok || !black || src != Table || !slices.Equal(winning, []board.Point{WinningFirstMove}) || !complete {
		t.Errorf("Value(empty) = %v %v %q %v %v; want Black's win by the table, 2,2 the only winning move", ok, black, src, winning, complete)
	}
	if m, ok := Margin(empty); !ok || m != EmptyBoardMargin {
		t.Errorf("Margin(empty) = %d, %v", m, ok)
	}
}

// A position whose side to move is not its move number's (GTP hands the turn over
// without a move) is not taken from the table.
func TestTableIgnoresAHandedOverTurn(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(0, 0))
	pos.Turn = board.Black
	pos.Hash = pos.ComputeHash()
	if _, ok := engine.Opening(pos); ok {
		t.Error("the table answered for Black to play at move 2")
	}
}
