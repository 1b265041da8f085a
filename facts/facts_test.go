// facts_test.go: what a fact says of the result, and the sources Known reads.

package facts

import (
	"context"
	"slices"
	"testing"
	"time"

	"littlego/board"
	"littlego/opening"
)

func TestOutcomeOfBounds(t *testing.T) {
	f := Unproved(board.Black)
	if got := f.Outcome(); got != "unknown" || f.String() != "unknown" {
		t.Errorf("nothing proved: %q, %q", got, f.String())
	}
	f.setValue(true, Book)
	if got, want := f.String(), "Black wins, B+0.5 or more (book)"; got != want {
		t.Errorf("a proved win: %q, want %q", got, want)
	}
	f.bound(MinMargin, 7, Solver)
	if got, want := f.Outcome(), "B+0.5 to B+4.5"; got != want {
		t.Errorf("a win with bounds: %q, want %q", got, want)
	}
	g := Unproved(board.White)
	g.setValue(false, Solver)
	if got, want := g.String(), "White wins, W+0.5 or more (solver)"; got != want {
		t.Errorf("White's proved win: %q, want %q", got, want)
	}
	g.setMargin(-1, Solver)
	if got, want := g.String(), "White wins, W+3.5 (solver)"; got != want {
		t.Errorf("White's exact win: %q, want %q", got, want)
	}
}

// The empty board: Black wins by 3 with 2,2 alone, from the opening table (which holds
// the solved empty board).
func TestKnownEmptyBoard(t *testing.T) {
	f := Known(board.New())
	m, exact := f.Margin()
	if f.Value != Win || f.Source != Table || !exact || m != EmptyBoardMargin ||
		!slices.Equal(f.Winning, []board.Point{WinningFirstMove}) || !f.Complete {
		t.Fatalf("Known(empty) = %+v", f)
	}
	if got := f.Outcome(); got != "B+0.5" {
		t.Errorf("the empty board's outcome %q, want B+0.5", got)
	}
	for _, mv := range Moves(board.New(), f, Known) {
		want := Loss
		if mv.Action == WinningFirstMove {
			want = Win
		}
		if mv.Value != want {
			t.Errorf("first move %v: %v, want %v", mv.Action, mv.Value, want)
		}
	}
}

// After a losing first move White, to move, wins; after 2,2 and White replies past the
// opening table's levels, Black's book holds the win.
func TestKnownFirstMovesAndBook(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(0, 0))
	if f := Known(pos); f.Value != Win || f.Turn != board.White {
		t.Errorf("after 0,0: %+v, want White (to move) winning", f)
	}
	pos = board.New()
	pos.Play(WinningFirstMove)
	pos.Play(board.PointAt(1, 1))
	for int(pos.Move)-1 <= opening.LastLevel() { // the book's line, White's first legal reply
		mv, _ := opening.BookMove(pos)
		pos.Play(mv)
		pos.Play(pos.Legal().First())
	}
	f := Known(pos)
	mv, inBook := opening.BookMove(pos)
	if !inBook || f.Value != Win || f.Source != Book || !slices.Equal(f.Winning, []board.Point{mv}) || f.Complete {
		t.Errorf("at move %d: %+v; the book's move %v (held %v)", pos.Move, f, mv, inBook)
	}
	pos.Play(mv)
	if g := Known(pos); g.Value != Loss || g.Source != Book {
		t.Errorf("after the book's move: %+v, want White's loss from the book", g)
	}
}

// A finished game: the score decides, exactly.
func TestKnownEnd(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	pos.Pass()
	pos.Pass()
	f := Known(pos)
	if !pos.Over || f.Source != End || f.Outcome() != "W+1.5" || f.BlackValue() != Loss {
		t.Errorf("after 2,2 pass pass (margin 1): %+v %q", f, f.Outcome())
	}
}

// When the opponent has just passed, the side to move can end the game by passing: the
// score bounds the margin at once, and decides the value when it wins for the mover.
func TestKnownPassThatEndsTheGame(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{board.PointAt(2, 2), board.PointAt(3, 3), board.Pass} {
		pos.Act(a)
	}
	// White to move after Black's pass, one stone each: White's pass ends the game 0 to 0
	// on the board, a White win by the komi.
	f := Known(pos)
	if f.Value != Win || f.Source != End || !slices.Contains(f.Winning, board.Pass) || f.High != 0 {
		t.Errorf("after 2,2 3,3 pass, White to move: %+v, want a win by the pass with the margin at most 0", f)
	}
	// Black to move after White's pass, Black a stone ahead: Black's pass ends the game
	// +1, a loss; Black may do better, so only the margin's lower bound is known.
	pos = board.New()
	pos.Act(board.PointAt(2, 2))
	pos.Act(board.Pass)
	f = Known(pos)
	if f.Low < 1 || slices.Contains(f.Winning, board.Pass) {
		t.Errorf("after 2,2 pass, Black to move: %+v, want the margin at least 1 and no winning pass", f)
	}
	if f.Value == Loss {
		t.Errorf("after 2,2 pass, Black to move: a loss from the pass alone: %+v", f)
	}
}

// A fact one prover proved is served by another sharing the cache, without search, in
// every orientation.
func TestCacheServesEveryProver(t *testing.T) {
	pos := lateWinningPosition(t)
	c := NewCache()
	a := NewProver(c)
	f := a.Winning(context.Background(), pos, Limits{})
	if f.Value == Unknown || !f.Complete || f.Source != Solver {
		t.Fatalf("the solver's answer: %+v", f)
	}
	b := NewProver(c)
	for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
		g := b.Known(s.Apply(pos))
		if g.Value != f.Value || !g.Complete || !slices.Equal(g.Winning, mapPoints(f.Winning, s)) {
			t.Errorf("symmetry %d: %+v, want %+v mapped", s, g, f)
		}
	}
	if got := Known(pos); got.Value != Unknown {
		t.Errorf("Known without the cache: %+v; the test needs a position only the solver proves", got)
	}
}

// lateWinningPosition is a move-17 position the solver proves at once.
func lateWinningPosition(t *testing.T) board.Position {
	t.Helper()
	pos := board.New()
	for _, p := range []board.Point{12, 7, 11, 13, 17, 8, 6, 16, 18, 14, 2, 22, 21, 3, 10, 1} {
		if _, ok := pos.Play(p); !ok {
			t.Fatalf("%v is illegal in\n%v", p, &pos)
		}
	}
	return pos
}

// Prove gives the value and then the margin, within one limit.
func TestProveGivesValueAndMargin(t *testing.T) {
	pos := lateWinningPosition(t)
	f := NewProver(NewCache()).Prove(context.Background(), pos, Limits{CPU: time.Minute})
	if m, ok := f.Margin(); f.Value == Unknown || f.Source != Solver || !ok || (m >= board.BlackMargin) != (f.BlackValue() == Win) {
		t.Errorf("Prove: %+v", f)
	}
	if g := NewProver(NewCache()).Prove(context.Background(), pos, Limits{Nodes: 1}); g.Value != Unknown {
		t.Errorf("Prove within one node: %+v", g)
	}
}

// Every direct source has its words for people, the ones the board's page shows, and an
// implied source reads as it is.
func TestSourceForPeople(t *testing.T) {
	want := map[Source]string{End: "end of the game", Table: "opening table", EmptyBoard: "solved empty board",
		Book: "opening book", Solver: "solver", Search: "search", Before: "earlier proof",
		"implied by the opening table's 2,2": "implied by the opening table's 2,2"}
	for _, o := range origins {
		if _, ok := want[o]; !ok {
			t.Errorf("source %q: no words expected (a new source must say how it reads)", o)
		}
	}
	for src, words := range want {
		if got := src.ForPeople(); got != words {
			t.Errorf("%q for people: %q, want %q", src, got, words)
		}
	}
}
