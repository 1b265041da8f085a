// value.go: a position's value and how it was proved, as the facts package gives them (its Value and Source), said for one side.

package review

import (
	"littlego/board"
	"littlego/facts"
)

// Value is a position's game-theoretic value for one side: a proved win, a proved loss,
// or unknown when nothing proved it within the limits (facts.Value; JSON carries "win",
// "loss" or "unknown").
type Value = facts.Value

// The values.
const (
	Unknown = facts.Unknown // not proved either way
	Win     = facts.Win     // the side wins against any defence
	Loss    = facts.Loss    // the opponent wins against any defence
)

// ForSide returns v, a value for Black, as the value for side c.
func ForSide(v Value, c board.Color) Value {
	if c == board.Black {
		return v
	}
	return v.Flip()
}

// Proof says how a position's value was established (facts.Source; JSON carries its
// text).
type Proof = facts.Source

// The sources of a value the review shows.
const (
	ProofNone       = facts.None       // not proved
	ProofEnd        = facts.End        // the game is over: the score decides
	ProofEmptyBoard = facts.EmptyBoard // the solved empty board (docs/solver.md)
	ProofTable      = facts.Table      // the opening table (docs/solver.md)
	ProofBook       = facts.Book       // Black's proved opening book
	ProofSolver     = facts.Solver     // the exact solver, within the limit
)

// WinningFirstMove, 2,2, is Black's only first move that keeps the win of the empty
// board (facts.WinningFirstMove).
const WinningFirstMove = facts.WinningFirstMove

// EmptyBoardMargin, 3, is the empty board's exact final margin black - white with perfect
// play (facts.EmptyBoardMargin).
const EmptyBoardMargin = facts.EmptyBoardMargin
