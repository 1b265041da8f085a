// enginemove.go: what the engine's account of its own move proves, in one place for every front end.

package facts

import (
	"littlego/board"
	"littlego/engine"
)

// OfEngineMove returns what the engine's method m proves of pos, the position it played
// mv in, and true when m proves anything:
//   - the book, the opening table or the solver: mv wins (a proved win of pos with mv
//     among its winning actions, from that source);
//   - the pass rule: the opponent has passed and the board wins for the side to move, so
//     the pass that ends the game wins (the end's own proof);
//   - lost: the solver proved every action of pos loses.
//
// A search, a forced pass after the end and a fallback move prove nothing. What this
// implies of the position after the move follows by Step (or Known, from the cache).
func OfEngineMove(m engine.Method, pos board.Position, mv board.Point) (Fact, bool) {
	switch m {
	case engine.MethodBook:
		return Proof(pos.Turn, Win, Book).WithWinning(mv), true
	case engine.MethodTable:
		return Proof(pos.Turn, Win, Table).WithWinning(mv), true
	case engine.MethodSolver:
		return Proof(pos.Turn, Win, Solver).WithWinning(mv), true
	case engine.MethodRule:
		return Proof(pos.Turn, Win, End).WithWinning(board.Pass), mv == board.Pass
	case engine.MethodLost:
		return Proof(pos.Turn, Loss, Solver), true
	}
	return Fact{}, false
}

// EngineMoveWins reports whether the engine's method m proves that its move wins (the
// book, the opening table, the solver or the pass rule): OfEngineMove's wins.
func EngineMoveWins(m engine.Method) bool {
	f, ok := OfEngineMove(m, board.New(), board.Pass)
	return ok && f.Value == Win
}
