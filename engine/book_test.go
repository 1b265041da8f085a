// book_test.go: the opening book: well-formed records, symmetric lookups, proved moves, and the engine playing from it.

package engine

import (
	"os"
	"testing"

	"littlego/board"
	"littlego/solver"
)

func TestBookRecordsAreWellFormed(t *testing.T) {
	if len(bookEntries) == 0 {
		t.Fatal("the book is empty")
	}
	seen := map[uint64]bool{}
	byMove := map[uint8]int{}
	for i := range bookEntries {
		r := &bookEntries[i]
		p := r.position()
		if r.move%2 != 1 || p.Stones[board.Black]&p.Stones[board.White] != 0 {
			t.Fatalf("record %d: not a Black position: %+v", i, r)
		}
		key, _ := p.CanonicalKey()
		if key != p.Key() {
			t.Errorf("record %d is not in canonical orientation:\n%s", i, p.String())
		}
		if seen[key] {
			t.Errorf("record %d repeats a position", i)
		}
		seen[key] = true
		if !p.IsLegal(r.best) {
			t.Errorf("record %d: book move %v is illegal in\n%s", i, r.best, p.String())
		}
		byMove[r.move]++
	}
	if byMove[1] != 1 || byMove[3] == 0 {
		t.Errorf("positions per move %v: want the empty board and every answer to Black's first move", byMove)
	}
	t.Logf("book positions per move: %v", byMove)
}

func TestBookFirstMoveAndSymmetry(t *testing.T) {
	mv, ok := BookMove(board.New())
	if !ok || mv != board.PointAt(2, 2) {
		t.Fatalf("BookMove(empty) = %v, %v; want 2,2", mv, ok)
	}
	// Every White answer to 2,2, in every orientation, is in the book, and the book's
	// move turns with the board.
	for pt := board.Point(0); pt <= board.Pass; pt++ {
		pos := board.New()
		pos.Play(board.PointAt(2, 2))
		if _, ok := pos.Play(pt); !ok || pos.Over {
			continue
		}
		mv, ok := BookMove(pos)
		if !ok {
			t.Fatalf("after 2,2 %v: not in the book", pt)
		}
		want := pos
		want.Play(mv)
		wantKey, _ := want.CanonicalKey()
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			img := s.Apply(pos)
			got, ok := BookMove(img)
			if !ok {
				t.Fatalf("after 2,2 %v under symmetry %d: not in the book", pt, s)
			}
			// The move may differ where the position is itself symmetric, but it must
			// lead to the same position up to symmetry.
			after := img
			after.Play(got)
			if key, _ := after.CanonicalKey(); key != wantKey {
				t.Errorf("after 2,2 %v under symmetry %d: BookMove = %v, not the image of %v", pt, s, got, mv)
			}
		}
	}
	white := board.New()
	white.Play(board.PointAt(0, 0))
	if _, ok := BookMove(white); ok {
		t.Error("the book answered a White position")
	}
}

// The book's moves keep the win: after each, White to move is proved lost. A proof of a
// move-5 entry takes several CPU-seconds (the generator made them all), so the test
// proves the first two move-5 entries, and all of them with LITTLEGO_BOOK_VERIFY=all
// (about 15 CPU-minutes); it is skipped under -short and the race detector, and CI runs
// it once without the race detector.
func TestBookMovesAreProvedWins(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("seconds of proofs: skipped under -short and -race")
	}
	limit := 2
	if os.Getenv("LITTLEGO_BOOK_VERIFY") == "all" {
		limit = len(bookEntries)
	}
	s := solver.New(22)
	checked := 0
	for i := range bookEntries {
		r := &bookEntries[i]
		if r.move != 5 || checked == limit {
			continue
		}
		checked++
		p := r.position()
		p.Play(r.best)
		res := s.Solve(p, solver.Limits{})
		if !res.Known || res.Win {
			t.Errorf("record %d: after the book's %v White is not proved lost:\n%s", i, r.best, p.String())
		}
	}
	if checked == 0 {
		t.Fatal("no move-5 positions in the book")
	}
	t.Logf("%d book moves at move 5 proved to keep Black's win", checked)
}

func TestGenMovePlaysTheBook(t *testing.T) {
	o := Defaults()
	o.Budget = 0.05
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	mv, rep := e.GenMove(board.New())
	if mv != board.PointAt(2, 2) || rep.Method != "book" {
		t.Fatalf("GenMove(empty) = %v by %q; want 2,2 by book", mv, rep.Method)
	}
	o.Book = false
	if err := e.SetOptions(o); err != nil {
		t.Fatal(err)
	}
	if _, rep := e.GenMove(board.New()); rep.Method == "book" {
		t.Fatal("book=false still played from the book")
	}
}
