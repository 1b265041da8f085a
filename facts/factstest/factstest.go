// Package factstest gives tests positions of every source of facts (the opening table,
// Black's opening book, the exact solver, the game's end, and positions nothing proves
// quickly), each as the actions that reach it from the empty board, so that the tests of
// package facts can check it against independent computations and the tests of the
// front ends (the review, the web board, GTP) can check what they show against it.
package factstest

import (
	"fmt"
	"testing"

	"littlego/board"
	"littlego/opening"
)

// Kind names what proves a position's value.
type Kind string

const (
	Table   Kind = "table"   // the opening table (and the solved empty board)
	Book    Kind = "book"    // Black's opening book
	Solver  Kind = "solver"  // only the exact solver, within a few CPU-seconds
	End     Kind = "end"     // the game is over
	Unknown Kind = "unknown" // nothing without search, and more than a small solver limit
)

// Position is one test position.
type Position struct {
	// Name says what it is, for test messages.
	Name string
	// Kind is what proves its value.
	Kind Kind
	// Actions are the actions from the empty board, Black first, in output.txt's
	// notation when printed ("2,2", "PASS").
	Actions []board.Point
	// Pos is the position they reach.
	Pos board.Position
}

// halfPointRecord is a finished game White wins by 0.5 (12 Black stones, 10 White:
// margin 2), the result a review once misread.
var halfPointRecord = []board.Point{0, 20, 1, 21, 2, 22, 3, 23, 4, 24, 5, 15, 6, 16, 7, 17, 8, 18, 9, 19, 10, board.Pass, 11, board.Pass}

// whiteReplies are the White moves of the book line: the first legal one in this list,
// from where the last one left off.
var whiteReplies = []board.Point{6, 16, 8, 18, 2, 22}

// Positions returns the test positions: the empty board, a losing first move and 2,2
// (table); Black to play move 9 on a line of the book, and White to play move 8 before
// it (lost: the book answers every reply); the same line at moves 11 and 13 (solver);
// a finished game White wins by half a point (end); Black to play move 7 after a
// non-book third move, 0,0 after 2,2 1,1 (unknown). An error says the embedded book does not hold the line.
func Positions() ([]Position, error) {
	out := []Position{
		{Name: "the empty board", Kind: Table},
		{Name: "after the losing first move 0,0", Kind: Table, Actions: []board.Point{0}},
		{Name: "after 2,2", Kind: Table, Actions: []board.Point{12}},
		{Name: "a finished game White wins by half a point (W+0.5)", Kind: End, Actions: halfPointRecord},
		// Off the book's line from move 3, and six actions deep: beyond the opening table's
		// levels and what they imply (a table through level 4 proves moves 1 to 5).
		{Name: "after 2,2 1,1 0,0 4,4 0,4 4,0 (0,0 not the book's move)", Kind: Unknown, Actions: []board.Point{12, 6, 0, 24, 4, 20}},
	}
	line, err := bookLine(13)
	if err != nil {
		return nil, err
	}
	for _, c := range []struct {
		moves int
		kind  Kind
	}{{7, Book}, {8, Book}, {10, Solver}, {12, Solver}} {
		out = append(out, Position{Name: fmt.Sprintf("the book line, move %d to play", c.moves+1), Kind: c.kind, Actions: line[:c.moves]})
	}
	for k := range out {
		pos, err := Replay(out[k].Actions)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", out[k].Name, err)
		}
		out[k].Pos = pos
	}
	return out, nil
}

// MustPositions is Positions for a test, which it fails on an error.
func MustPositions(t testing.TB) []Position {
	t.Helper()
	positions, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	return positions
}

// bookLine returns n actions from the empty board: Black the book's move while it has
// one; otherwise the next legal one of whiteReplies, in turn, else the first legal point.
func bookLine(n int) ([]board.Point, error) {
	pos := board.New()
	var line []board.Point
	k := 0
	for len(line) < n {
		var mv board.Point
		if book, ok := opening.BookMove(pos); ok {
			mv = book
		} else if pos.Turn == board.Black && int(pos.Move) <= opening.BookLastMove() {
			return nil, fmt.Errorf("factstest: the book has no move at move %d of its line", pos.Move)
		} else {
			mv = pos.Legal().First() // the first legal point, when no listed one is
			for tries := 0; tries < len(whiteReplies); tries++ {
				if q := whiteReplies[k%len(whiteReplies)]; pos.IsLegal(q) {
					mv = q
					break
				}
				k++
			}
			k++
		}
		pos.Act(mv)
		line = append(line, mv)
	}
	return line, nil
}

// Replay plays actions from the empty board, refusing an illegal one or one after the
// end.
func Replay(actions []board.Point) (board.Position, error) {
	pos := board.New()
	for k, a := range actions {
		if pos.Over || a != board.Pass && !pos.IsLegal(a) || !pos.Act(a) {
			return pos, fmt.Errorf("action %d, %v, is not legal", k+1, a)
		}
	}
	return pos, nil
}
