// book_test.go: the engine playing from the opening book.

package engine

import (
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/lib/racedetect"
	"littlego/solver"
)

func TestGenMovePlaysTheBook(t *testing.T) {
	o := Defaults()
	o.Budget = 50 * time.Millisecond
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	mv, rep := e.GenMove(board.New())
	if mv != board.PointAt(2, 2) || rep.Method != MethodBook {
		t.Fatalf("GenMove(empty) = %v by %q; want 2,2 by book", mv, rep.Method)
	}
	o.Book = false
	if err := e.SetOptions(o); err != nil {
		t.Fatal(err)
	}
	if _, rep := e.GenMove(board.New()); rep.Method == MethodBook {
		t.Fatal("book=false still played from the book")
	}
}

// TestBookHoldsTheMove9Slip: a sampled certificate run once found this move-9 position,
// whose proof takes longer than the solver's share of the budget, and the search then
// played a losing move. The book through move 9 now answers it, and the answer is proved.
func TestBookHoldsTheMove9Slip(t *testing.T) {
	pos := boardtest.MustDiagram(t, `
		.O...
		OXX..
		..X.X
		.O...
		..O..`, board.Black, 9)
	e, err := New(Defaults())
	if err != nil {
		t.Fatal(err)
	}
	mv, rep := e.GenMove(pos)
	if rep.Method != MethodBook {
		t.Fatalf("GenMove played %v by %v, want a book move", mv, rep.Method)
	}
	if racedetect.Enabled {
		return // the proof takes seconds under the race detector
	}
	after := pos
	if _, ok := after.Play(mv); !ok {
		t.Fatalf("the book's move %v is illegal", mv)
	}
	if res := solver.New(solver.DefaultTableBits).Solve(after, solver.Limits{}); !res.Known || res.Win {
		t.Fatalf("after the book's %v White is not proved lost:\n%s", mv, after.String())
	}
}
