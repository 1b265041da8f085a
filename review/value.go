// value.go: a position's value for one side, how it was proved, and what is known of it without search (package known).

package review

import (
	"fmt"

	"littlego/board"
	"littlego/review/known"
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
	ProofNone       Proof = ""                      // not proved
	ProofEnd              = Proof(known.End)        // the game is over: the score decides
	ProofEmptyBoard       = Proof(known.EmptyBoard) // the solved empty board (docs/solver.md)
	ProofTable            = Proof(known.Table)      // the opening table (docs/solver.md)
	ProofBook             = Proof(known.Book)       // Black's proved opening book
	ProofSolver     Proof = "solver"                // the exact solver, within the limit
)

// WinningFirstMove, 2,2, is Black's only first move that keeps the win of the empty
// board (known.WinningFirstMove).
const WinningFirstMove = known.WinningFirstMove

// EmptyBoardMargin, 3, is the empty board's exact final margin black - white with perfect
// play (known.EmptyBoardMargin).
const EmptyBoardMargin = known.EmptyBoardMargin

// knownValue returns the value of pos for Black when it follows without search, the
// proof, and, when the side to move wins, the winning actions known with whether they
// are all of them.
func knownValue(pos board.Position) (v Value, proof Proof, winning []board.Point, complete bool) {
	ok, blackWins, src, winning, complete := known.Value(pos)
	if !ok {
		return Unknown, ProofNone, nil, false
	}
	v = Loss
	if blackWins {
		v = Win
	}
	return v, Proof(src), winning, complete
}
