// Package known says what is proved of a Little-Go position without search: the
// game's end, the opening table, the solved empty board and Black's opening book. The
// review and the GTP analysis start from it; the solver proves the rest.
package known

import (
	"littlego/board"
	"littlego/engine"
	"littlego/tablebase"
)

// Source says how a value is known.
type Source string

const (
	End        Source = "end"           // the game is over: the score decides
	Table      Source = "opening table" // the opening table (engine.Opening)
	EmptyBoard Source = "empty board"   // the solved empty board (docs/solver.md)
	Book       Source = "book"          // Black's proved opening book
)

// WinningFirstMove, 2,2, is Black's only first move that keeps the win of the empty
// board. The empty board's solve (docs/solver.md: "Black wins, and 2,2 is its only winning
// first move"; 2.98 billion nodes, 646 CPU-seconds) is far beyond a review's limit, so
// the fact is stated here; the review's tests check the book, which starts from it,
// against it.
const WinningFirstMove = board.Point(2*board.Size + 2)

// EmptyBoardMargin, 3, is the empty board's exact final margin black - white with perfect
// play: Black wins by the narrowest margin the komi allows (docs/solver.md, "The game's
// exact value", gives the command that proves it, with its nodes and CPU).
const EmptyBoardMargin = 3

// Value reports whether pos's value follows without search and, when it does, whether
// Black wins, how it is known, and the winning actions of the side to move that are
// known, with whether they are all of them (none when the side to move loses).
func Value(pos board.Position) (ok, blackWins bool, src Source, winning []board.Point, complete bool) {
	if pos.Over {
		return true, pos.Winner() == board.Black, End, nil, true
	}
	if e, ok := engine.Opening(pos); ok {
		winning, complete := tableWinning(pos, e)
		return true, e.Win == (pos.Turn == board.Black), Table, winning, complete
	}
	switch {
	case isEmptyBoard(pos):
		return true, true, EmptyBoard, []board.Point{WinningFirstMove}, true
	case afterFirstMove(pos):
		if pos.Stones[board.Black] != WinningFirstMove.Bit() {
			// Every first move but 2,2 loses: White, to move, wins; which replies keep it
			// is not known.
			return true, false, EmptyBoard, nil, false
		}
	}
	if pos.Turn == board.Black {
		if mv, inBook := engine.BookMove(pos); inBook {
			return true, true, Book, []board.Point{mv}, false
		}
		return false, false, "", nil, false
	}
	if int(pos.Move) < engine.BookLastMove() && everyReplyInBook(pos) {
		return true, true, Book, nil, false
	}
	return false, false, "", nil, false
}

// Margin returns the exact final margin black - white of pos with perfect play and true
// when it follows without search: at the end of the game, where the opening table holds
// it, and on the empty board.
func Margin(pos board.Position) (int, bool) {
	if e, ok := engine.Opening(pos); ok && e.MarginKnown {
		return e.Margin, true
	}
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

// tableWinning returns the winning actions of the side to move in pos, whose table entry
// is e, and whether they are all of them: those the table proves (every one, when it
// proves each child), else the entry's own move of a won position.
func tableWinning(pos board.Position, e tablebase.Entry) (winning []board.Point, complete bool) {
	if !e.Win {
		return nil, true
	}
	winning, complete = engine.OpeningWinning(pos)
	if len(winning) == 0 {
		return []board.Point{e.Best}, false
	}
	return winning, complete
}
