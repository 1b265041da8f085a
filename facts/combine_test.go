// combine_test.go: how facts combine: a position's fact narrows its moves', its moves' prove its own, two facts of one position merge.

package facts

import (
	"slices"
	"testing"

	"littlego/board"
)

// A lost position makes every move lost, and its margin bounds each move's from the
// side of the player to move (the parent's margin is the best of its moves').
func TestMovesOfALostPosition(t *testing.T) {
	pos := board.New()
	parent := Unproved(board.Black)
	parent.setMargin(-2, Solver) // Black to move, lost by W+4.5
	for _, m := range Moves(pos, parent, func(c board.Position) Fact { return Unproved(c.Turn) }) {
		if m.Value != Loss || m.After.High != -2 || m.After.Low != MinMargin || !m.After.Source.Implied() || m.After.Source.Origin() != Solver {
			t.Errorf("%v: %v after %+v", m.Action, m.Value, m.After)
		}
	}
	white := Unproved(board.White)
	white.setMargin(5, Table) // White to move: each move's margin is at least 5
	pos.Play(12)
	for _, m := range Moves(pos, white, func(c board.Position) Fact { return Unproved(c.Turn) }) {
		if m.Value != Loss || m.After.Low != 5 || m.After.High != MaxMargin {
			t.Errorf("White's %v: %v after %+v", m.Action, m.Value, m.After)
		}
	}
}

// The moves prove their position: a win by the best move, the margin the best of
// theirs, the winning moves all of them once every move is proved.
func TestFromMoves(t *testing.T) {
	after := func(a board.Point, low, high int, src Source) Move {
		f := Unproved(board.White)
		f.bound(low, high, src)
		return Move{Action: a, Value: f.forMover(board.Black), After: f}
	}
	parent := Unproved(board.Black)
	moves := []Move{after(0, 4, 4, Solver), after(1, -3, -3, Table), after(board.Pass, 3, 6, Book)}
	f := FromMoves(parent, moves)
	if f.Value != Win || f.Source != Solver || f.Low != 4 || f.High != 6 || !slices.Equal(f.Winning, []board.Point{0, board.Pass}) || !f.Complete {
		t.Errorf("won by 0,0 (4) or pass (3..6): %+v", f)
	}
	moves[2] = after(board.Pass, MinMargin, MaxMargin, None)
	f = FromMoves(parent, moves)
	if f.Value != Win || f.Low != 4 || f.High != MaxMargin || f.Complete || f.Outcome() != "B+1.5 or more" {
		t.Errorf("with pass unknown: %+v, %q", f, f.Outcome())
	}
	lost := FromMoves(parent, []Move{after(0, -1, -1, Solver), after(1, MinMargin, 2, Book)})
	if m, ok := lost.Margin(); lost.Value != Loss || lost.Source != Solver || ok || lost.High != 2 || lost.Low != -1 || m != -1 {
		t.Errorf("all lost: %+v", lost)
	}
	// A move's implied source is of the position after it: the parent's names the move.
	implied := FromMoves(parent, []Move{after(7, 4, 4, "implied by the solver's 3,3 (the same position, reached by 3,3 last)")})
	if want := Source("implied by the solver after 1,2"); implied.Source != want || implied.MarginSource != want {
		t.Errorf("won by 1,2, whose position's proof is implied: source %q, margin's %q; want %q", implied.Source, implied.MarginSource, want)
	}
}

// Merging keeps the known value, the narrower bounds and the winning moves of both.
func TestMerge(t *testing.T) {
	a := Proof(board.Black, Win, Book)
	a.addWinning([]board.Point{7}, false)
	b := Unproved(board.Black)
	b.setMargin(5, Solver)
	b.addWinning([]board.Point{7, 11}, true)
	m := a.Merge(b)
	if v, ok := m.Margin(); m.Value != Win || m.Source != Book || !ok || v != 5 || m.MarginSource != Solver ||
		!slices.Equal(m.Winning, []board.Point{7, 11}) || !m.Complete {
		t.Errorf("merged %+v", m)
	}
	if got := m.String(); got != "Black wins, B+2.5 (book; margin: solver)" {
		t.Errorf("said %q", got)
	}
	if a.Merge(Unproved(board.Black)).Value != Win || len(a.Winning) != 1 {
		t.Error("merging nothing changed the fact")
	}
}

// A position's shape, which lets the cache skip what it cannot hold, is the same in all
// eight of its images: otherwise a fact kept in one orientation would be missed in
// another.
func TestShapeIsTheSameUnderSymmetry(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{12, 7, 11, 13, 17, 8, 6, 16, 18, 14, 2, 22, 21, 3, 10, 1, 0, board.Pass} {
		pos.Act(a)
		want := shapeOf(&pos)
		for s := board.Symmetry(1); s < board.NumSymmetries; s++ {
			q := s.Apply(pos)
			if got := shapeOf(&q); got != want {
				t.Fatalf("after %v, symmetry %d: shape %d, want %d", a, s, got, want)
			}
		}
	}
}
