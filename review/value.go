// value.go: what is known of a position's value without search: the game's end, the solved empty board and Black's opening book.

package review

import (
	"fmt"

	"littlego/board"
	"littlego/engine"
)

// Value is a position's game-theoretic value for one side: a proved win, a proved loss,
// or unknown when nothing proved it within the limits.
type Value uint8

const (
	// Unknown: not proved either way.
	Unknown Value = iota
	// Win: the side wins against any defence.
	Win
	// Loss: the opponent wins against any defence.
	Loss
)

var valueNames = [...]string{Unknown: "unknown", Win: "win", Loss: "loss"}

// String returns "win", "loss" or "unknown".
func (v Value) String() string {
	if int(v) < len(valueNames) {
		return valueNames[v]
	}
	return fmt.Sprintf("Value(%d)", uint8(v))
}

// MarshalText writes the value's name, so that JSON carries "win", "loss" or "unknown".
func (v Value) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads "win", "loss" or "unknown".
func (v *Value) UnmarshalText(b []byte) error {
	for k, name := range valueNames {
		if string(b) == name {
			*v = Value(k)
			return nil
		}
	}
	return fmt.Errorf("review: value %q: want win, loss or unknown", b)
}

// Flip returns the value for the other side: a win for one side is a loss for the other.
func (v Value) Flip() Value {
	switch v {
	case Win:
		return Loss
	case Loss:
		return Win
	}
	return Unknown
}

// For returns v, a value for Black, as the value for side c.
func (v Value) For(c board.Color) Value {
	if c == board.Black {
		return v
	}
	return v.Flip()
}

// Proof says how a position's value was established.
type Proof string

const (
	ProofNone       Proof = ""            // not proved
	ProofEnd        Proof = "end"         // the game is over: the score decides
	ProofEmptyBoard Proof = "empty board" // the solved empty board (docs/solver.md)
	ProofBook       Proof = "book"        // Black's proved opening book
	ProofSolver     Proof = "solver"      // the exact solver, within the limit
)

// WinningFirstMove, 2,2, is Black's only first move that keeps the win of the empty
// board. The empty board's solve (docs/solver.md: "Black wins, and 2,2 is its only winning
// first move"; 2.98 billion nodes, 646 CPU-seconds) is far beyond a review's limit, so
// the fact is stated here; the tests check the book, which starts from it, against it.
const WinningFirstMove = board.Point(2*board.Size + 2)

// EmptyBoardMargin, 3, is the empty board's exact final margin black - white with perfect
// play: Black wins by the narrowest margin the komi allows (docs/solver.md, "The game's
// exact value", gives the command that proves it, with its nodes and CPU).
const EmptyBoardMargin = 3

// knownValue returns the value of pos for Black when it follows without search, the
// proof, and, when the side to move wins, the winning actions known with whether they
// are all of them.
func knownValue(pos board.Position) (v Value, proof Proof, winning []board.Point, complete bool) {
	switch {
	case pos.Over:
		v = Loss
		if pos.Winner() == board.Black {
			v = Win
		}
		return v, ProofEnd, nil, true
	case isEmptyBoard(pos):
		return Win, ProofEmptyBoard, []board.Point{WinningFirstMove}, true
	case afterFirstMove(pos):
		if pos.Stones[board.Black] != WinningFirstMove.Bit() {
			// Every first move but 2,2 loses: White, to move, wins; which replies keep it
			// is not known.
			return Loss, ProofEmptyBoard, nil, false
		}
	}
	if pos.Turn == board.Black {
		if mv, ok := engine.BookMove(pos); ok {
			return Win, ProofBook, []board.Point{mv}, false
		}
		return Unknown, ProofNone, nil, false
	}
	if int(pos.Move) < engine.BookLastMove() && everyReplyInBook(pos) {
		return Win, ProofBook, nil, false
	}
	return Unknown, ProofNone, nil, false
}

// Known returns what is known of pos's value without search: its value for Black and
// how it was proved (Unknown and ProofNone when nothing proves it), and its exact final
// margin black - white with perfect play with true when that is known too.
func Known(pos board.Position) (v Value, proof Proof, margin int, marginKnown bool) {
	v, proof, _, _ = knownValue(pos)
	margin, marginKnown = knownMargin(pos)
	return v, proof, margin, marginKnown
}

// knownMargin returns the exact final margin black - white of pos and true when it
// follows without search: at the end of the game, and on the empty board.
func knownMargin(pos board.Position) (int, bool) {
	switch {
	case pos.Over:
		return pos.Margin(), true
	case isEmptyBoard(pos):
		return EmptyBoardMargin, true
	}
	return 0, false
}

// isEmptyBoard reports whether pos is the start of a game.
func isEmptyBoard(pos board.Position) bool {
	start := board.New()
	return pos.Key() == start.Key() && pos.Stones == start.Stones
}

// afterFirstMove reports whether pos follows the empty board by one Black stone.
func afterFirstMove(pos board.Position) bool {
	if pos.Move != 2 || pos.Stones[board.White] != 0 || pos.Stones[board.Black].Count() != 1 {
		return false
	}
	q := board.New()
	q.Play(pos.Stones[board.Black].First())
	return q.Key() == pos.Key()
}

// everyReplyInBook reports whether every action of White in pos leads to a position the
// book holds (a proved Black win) or to a finished game Black has won: then White, to
// move, has lost.
func everyReplyInBook(pos board.Position) bool {
	legal := pos.Legal()
	for a := board.Point(0); a < board.NumActions; a++ {
		if a != board.Pass && !legal.Has(a) {
			continue
		}
		child := pos
		if !child.Act(a) {
			continue
		}
		if child.Over {
			if child.Winner() != board.Black {
				return false
			}
			continue
		}
		if _, ok := engine.BookMove(child); !ok {
			return false
		}
	}
	return true
}
