// known.go: what is proved of a position without search: the game's end, the opening table, the solved empty board and Black's opening book.

package facts

import (
	"littlego/board"
	"littlego/opening"
)

// WinningFirstMove, 2,2, is Black's only first move that keeps the win of the empty
// board. The empty board's solve (docs/solver.md: "Black wins, and 2,2 is its only
// winning first move"; 2.98 billion nodes, 646 CPU-seconds) is far beyond any front
// end's limit, so the fact is stated here; the tests check the opening table, which
// proves it again, against it.
const WinningFirstMove = board.Point(2*board.Size + 2)

// EmptyBoardMargin, 3, is the empty board's exact final margin black − white with
// perfect play: Black wins by the narrowest margin the komi allows, B+0.5
// (docs/solver.md, "The game's exact value", gives the command that proves it).
const EmptyBoardMargin = 3

// Known returns what is proved of pos without search: what its sources prove of it
// (direct), and what they prove of the positions one action before and after it
// imply (implied.go). Facts implied so name their source as such ("implied by the
// opening table's 2,2").
func Known(pos board.Position) Fact {
	return withNeighbours(pos, direct(pos), lookup)
}

// direct returns what the sources prove of pos itself, without search: the game's end
// (the score), a pass that would end it (the score bounds the margin, and decides the
// value when it wins for the side to move), the opening table (opening.Lookup: the
// value, the margin where it holds it, the action that keeps it, the winning actions
// where it proves the children), the solved empty board and, after a first move, its
// value, and Black's opening book (a Black position it holds is won by its move; a White
// position all of whose replies it holds is lost, which Known finds from its children:
// fromChildren). A position of a game without the 24-move end (pos.Last other than
// board.MaxMoves: GTP's area rules) is not the course's game: nothing is known of it.
func direct(pos board.Position) Fact { return sources(pos, true, true) }

// lookup returns what the sources prove of pos itself at the cost of a few lookups, for
// the facts of its neighbours: direct's, but the table's winning actions only its best
// (they look at every child), and the book's only with book (a caller that knows the
// book's Black wins cannot help it leaves them out: fromChildren).
func lookup(pos board.Position, book bool) Fact {
	if pos.Last == board.MaxMoves && !pos.Over && !pos.Passed && pos.Move > 2 && int(pos.Move)-1 > opening.LastLevel() &&
		(!book || pos.Turn != board.Black || int(pos.Move) > opening.BookLastMove()) {
		return Unproved(pos.Turn) // beyond every source: the common case, said at once
	}
	return sources(pos, false, book)
}

// sources is direct (deep, book) or lookup.
func sources(pos board.Position, deep, book bool) Fact {
	f := Unproved(pos.Turn)
	switch {
	case pos.Last != board.MaxMoves:
		return f
	case pos.Over:
		f.setMargin(pos.Margin(), End)
		f.Winning, f.Complete = nil, true
		return f
	case pos.Passed:
		passEnds(pos, &f)
	}
	if e, ok := opening.Lookup(pos); ok {
		f.setValue(e.Win == (pos.Turn == board.Black), Table)
		if e.MarginKnown {
			f.setMargin(e.Margin, Table)
			if e.Best != board.NoPoint {
				f.addKeeping([]board.Point{e.Best})
			}
		}
		if e.Win {
			var winning []board.Point
			complete := false
			if deep {
				winning, complete = opening.Winning(pos)
			}
			if len(winning) == 0 && e.Best != board.NoPoint {
				winning, complete = []board.Point{e.Best}, false
			}
			f.addWinning(winning, complete)
		}
	}
	switch {
	case isEmptyBoard(pos):
		f.setValue(true, EmptyBoard)
		f.setMargin(EmptyBoardMargin, EmptyBoard)
		f.addWinning([]board.Point{WinningFirstMove}, true)
		f.addKeeping([]board.Point{WinningFirstMove})
	case afterFirstMove(pos) && pos.Stones[board.Black] != WinningFirstMove.Bit():
		f.setValue(false, EmptyBoard) // every first move but 2,2 loses
	}
	if f.Value != Unknown {
		return f
	}
	if !book {
		return f
	}
	if mv, inBook := opening.BookMove(pos); inBook {
		f.setValue(true, Book)
		f.addWinning([]board.Point{mv}, false)
	}
	return f
}

// passEnds records what a pass that ends the game proves of pos (its previous board
// equals the current one: the opponent has just passed, or nothing was played yet): the
// side to move can take the score as it stands, so the final margin is at least the
// score's for Black to move and at most it for White; when that score wins, the position
// is won and the pass is a winning action.
func passEnds(pos board.Position, f *Fact) {
	end := pos
	end.Pass()
	m := end.Margin()
	if pos.Turn == board.Black {
		f.bound(m, MaxMargin, End)
	} else {
		f.bound(MinMargin, m, End)
	}
	if end.Winner() == pos.Turn {
		f.addWinning([]board.Point{board.Pass}, false)
	}
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

// Actions returns the legal actions of pos: its legal points in point order, then
// Pass; none once the game is over.
func Actions(pos board.Position) []board.Point {
	if pos.Over {
		return nil
	}
	out := make([]board.Point, 0, board.NumActions)
	for legal := pos.Legal(); legal != 0; legal &= legal - 1 {
		out = append(out, legal.First())
	}
	return append(out, board.Pass)
}

// Move is what is proved of one action of a position.
type Move struct {
	// Action is the point played, or board.Pass.
	Action board.Point
	// Value is the action's value for the side that plays it.
	Value Value
	// After is the fact of the position after the action, narrowed by what the
	// position before it proves (see Moves).
	After Fact
}

// Moves returns what is proved of each action of pos (Actions' order), given parent, the
// fact of pos, and after, which gives the fact of the position after an action (Known,
// or a Prover's Known). An action's fact is narrowed by what its parent's implies
// (implied.go): a proved winning action wins; when the side to move loses, every action
// loses; the margin after an action is at most the parent's (Black to move) or at least
// it (White to move), since the parent's is the best of its children's, and the
// parent's exact margin after an action proved to keep it.
func Moves(pos board.Position, parent Fact, after func(board.Position) Fact) []Move {
	actions := Actions(pos)
	out := make([]Move, len(actions))
	for k, a := range actions {
		child := pos
		child.Act(a)
		f := after(child).Merge(fromParent(pos, a, parent)).ReachedBy(a)
		out[k] = Move{Action: a, Value: f.forMover(pos.Turn), After: f}
	}
	return out
}

// ofParent returns src, the source of the fact of the position after action a, as the
// source of what it proves of the position before: a direct source as it is (it proved
// the position after, and so this one), an implied one as implied after a (its words
// are of the position after: "the solver's 3,1" is no move of this position).
func ofParent(src Source, a board.Point) Source {
	if src.Implied() {
		return impliedByChild(src, a)
	}
	return src
}

// marginSource returns the source of f's bounds: its margin's, else its value's.
func (f Fact) marginSource() Source {
	if f.MarginSource != None {
		return f.MarginSource
	}
	return f.Source
}

// containsPoint reports whether ps holds p.
func containsPoint(ps []board.Point, p board.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// FromMoves returns what the moves of a position prove of the position itself, merged
// into parent, what was known of it: a winning move proves a win, moves all lost a
// loss; the margin is the best of the moves' (for Black the greatest, for White the
// least), so its bounds are the best of their bounds; the winning moves are those
// proved, all of them once every move's value is. A value proved by the moves takes the
// source of the first move that decides it.
func FromMoves(parent Fact, moves []Move) Fact {
	if len(moves) == 0 {
		return parent
	}
	g := Unproved(parent.Turn)
	g.Low, g.High = moves[0].After.Low, moves[0].After.High
	allLost, complete := true, true
	var winning []board.Point
	lossSource := None
	for _, m := range moves {
		if parent.Turn == board.Black {
			g.Low, g.High = max(g.Low, m.After.Low), max(g.High, m.After.High)
		} else {
			g.Low, g.High = min(g.Low, m.After.Low), min(g.High, m.After.High)
		}
		switch m.Value {
		case Win:
			if g.Value == Unknown {
				g.Value, g.Source = Win, ofParent(m.After.Source, m.Action)
			}
			winning = append(winning, m.Action)
		case Loss:
			if lossSource == None {
				lossSource = ofParent(m.After.Source, m.Action)
			}
		default:
			allLost, complete = false, false
		}
	}
	if g.Value == Unknown && allLost {
		g.Value, g.Source = Loss, lossSource
	}
	if g.Low == g.High {
		g.MarginSource = ofParent(moves[0].After.marginSource(), moves[0].Action)
		for _, m := range moves {
			if m.After.Low == g.Low && m.After.High == g.High {
				g.MarginSource = ofParent(m.After.marginSource(), m.Action)
				break
			}
		}
	}
	g.normalize()
	if g.Value == Win {
		g.addWinning(winning, complete)
	}
	for _, m := range moves {
		if lo, hi := m.After.Low, m.After.High; lo == hi && lo == g.Low {
			g.addKeeping([]board.Point{m.Action})
		}
	}
	return parent.Merge(g)
}
