// implied.go: what is proved of the positions one action before and after a position implies of it, by the rules of the game tree alone, each such fact named for what implied it.

package facts

import (
	"strings"

	"littlego/board"
)

// The rules are those of minimax, exact:
//   - a parent proved won by an action makes the position after it a proved loss for
//     its side to move; the parent's margin bounds the child's from the mover's side (the
//     parent's margin is the best of its children's), and an action proved to keep the
//     parent's exact margin gives the child that margin;
//   - a parent proved lost for its side to move makes every position after it a proved
//     win for the other side, within the same bound;
//   - a position with one child proved lost for the side to move there is won by the
//     action to it, and one whose children are all proved won for the opponent is lost;
//     its margin is the best of its children's (FromMoves).
//
// A fact so implied names its source "implied by the <origin>..." after the direct
// source (an element of origins) that proved the neighbour's, so that a reader tells
// it from a direct proof.

// impliedPrefix starts every implied source.
const impliedPrefix = "implied by the "

// Implied reports whether s is the source of a fact implied by a neighbouring
// position's, rather than proved of its position directly.
func (s Source) Implied() bool { return strings.HasPrefix(string(s), impliedPrefix) }

// Origin returns the direct source an implied source rests on ("opening table" for
// "implied by the opening table's 2,2"), or s itself when it is direct.
func (s Source) Origin() Source {
	rest, ok := strings.CutPrefix(string(s), impliedPrefix)
	if !ok {
		return s
	}
	for _, o := range origins {
		if strings.HasPrefix(rest, string(o)) {
			return o
		}
	}
	return s
}

// impliedByMove is the source of a fact of the position after action a, implied by
// src's proof that a wins (or keeps the margin) in the position before:
// "implied by the opening table's 2,2".
func impliedByMove(src Source, a board.Point) Source {
	return Source(impliedPrefix + string(src.Origin()) + "'s " + a.String())
}

// impliedByLoss is the source of a fact of a position implied by src's proof that the
// position before its action a (the position without a) is lost for its side to move:
// "implied by the solver's loss before 3,1".
func impliedByLoss(src Source, a board.Point) Source {
	return Source(impliedPrefix + string(src.Origin()) + "'s loss before " + a.String())
}

// sameAs starts what ReachedBy adds to the source of a fact found through a
// transposition.
const sameAs = " (the same position, reached by "

// ReachedBy returns s as it reads of a position reached by action a on a game's line.
// A fact implied by a parent names the action that leads from that parent here ("the
// solver's 3,1", "the solver's loss before 3,1"); the parent may be another move
// order's (a transposition: the same stones with another of the mover's stones played
// last), and then the source says that it is the same position reached another way:
// "implied by the opening table's loss before 2,3 (the same position, reached by 2,3
// last)". Any other source is returned as it is. A cache keeps sources as they read
// without a line (Source.lineFree).
func (s Source) ReachedBy(a board.Point) Source {
	rest, ok := strings.CutPrefix(string(s), impliedPrefix)
	if !ok {
		return s
	}
	rest, ok = strings.CutPrefix(rest, string(s.Origin()))
	if !ok {
		return s
	}
	named, loss := strings.CutPrefix(rest, "'s loss before ")
	if !loss {
		if named, ok = strings.CutPrefix(rest, "'s "); !ok {
			return s
		}
	}
	if b, ok := parseAction(named); ok && b != a {
		return Source(string(s) + sameAs + b.String() + " last)")
	}
	return s
}

// lineFree returns s without what ReachedBy added for one line.
func (s Source) lineFree() Source {
	if k := strings.Index(string(s), sameAs); k >= 0 {
		return s[:k]
	}
	return s
}

// parseAction reads an action as board.Point.String writes it ("3,1", "PASS"); it
// reports false for anything else.
func parseAction(s string) (board.Point, bool) {
	if s == board.Pass.String() {
		return board.Pass, true
	}
	if len(s) != 3 || s[1] != ',' || s[0] < '0' || s[0] >= '0'+board.Size || s[2] < '0' || s[2] >= '0'+board.Size {
		return board.NoPoint, false
	}
	return board.PointAt(int(s[0]-'0'), int(s[2]-'0')), true
}

// Mapped returns s with every point it names mapped by sym: the source of a fact of
// pos, as it reads of sym.Apply(pos) (a cache keeps facts in one orientation of each
// position; a reader sees its own).
func (s Source) Mapped(sym board.Symmetry) Source {
	b := []byte(s)
	for k := 0; k+3 <= len(b); k++ {
		if p, ok := parseAction(string(b[k : k+3])); ok && p != board.Pass && (k == 0 || !isDigit(b[k-1])) && (k+3 == len(b) || !isDigit(b[k+3])) {
			copy(b[k:], sym.Point(p).String())
			k += 2
		}
	}
	return Source(b)
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Mapped returns f, a fact of pos, as it reads of sym.Apply(pos): its actions and the
// points its sources name mapped by sym.
func (f Fact) Mapped(sym board.Symmetry) Fact {
	f.Winning = mapPoints(f.Winning, sym)
	f.Keeping = mapPoints(f.Keeping, sym)
	f.Source, f.MarginSource = f.Source.Mapped(sym), f.MarginSource.Mapped(sym)
	return f
}

// ReachedBy returns f, a fact of a position reached by action a on a game's line, with
// its sources as they read on that line (Source.ReachedBy).
func (f Fact) ReachedBy(a board.Point) Fact {
	f.Source, f.MarginSource = f.Source.ReachedBy(a), f.MarginSource.ReachedBy(a)
	return f
}

// lineFree returns f with its sources as they read without a line (Source.lineFree).
func (f Fact) lineFree() Fact {
	f.Source, f.MarginSource = f.Source.lineFree(), f.MarginSource.lineFree()
	return f
}

// impliedByChild is the source of a fact of a position implied by src's proof of the
// position after its action a: "implied by the opening table after 1,3".
func impliedByChild(src Source, a board.Point) Source {
	return Source(impliedPrefix + string(src.Origin()) + " after " + a.String())
}

// impliedByChildren is the source of a fact of a position implied by src's proofs of
// the positions after every action: "implied by the opening table after every move".
func impliedByChildren(src Source) Source {
	return Source(impliedPrefix + string(src.Origin()) + " after every move")
}

// settled reports whether f leaves nothing to learn: the value, the exact margin and
// every winning action.
func settled(f Fact) bool {
	return f.Value != Unknown && f.Low == f.High && f.Complete
}

// neighbourFacts gives the fact of a neighbouring position, with Black's book or
// without it (lookup, Cache.lookup).
type neighbourFacts func(pos board.Position, book bool) Fact

// withNeighbours returns f, what is known of pos itself, with what the facts of the
// positions one action before pos (every position that reaches it, eachParent) and
// after it, as of gives them, imply of it.
func withNeighbours(pos board.Position, f Fact, of neighbourFacts) Fact {
	if pos.Last != board.MaxMoves || pos.Over || settled(f) {
		return f
	}
	if g := fromChildren(pos, of, !f.Proved()); g.tells() {
		f = f.Merge(g)
	}
	eachParent(pos, func(parent board.Position, a board.Point) {
		if settled(f) {
			return
		}
		// The book proves values alone: once pos's is known, it has nothing to add.
		if pf := of(parent, !f.Proved()); pf.tells() {
			if g := fromParent(parent, a, pf); g.tells() {
				f = f.Merge(g)
			}
		}
	})
	return f
}

// fromParent returns what pf, the fact of parent, implies of the position after its
// action a.
func fromParent(parent board.Position, a board.Point, pf Fact) Fact {
	g := Unproved(parent.Turn.Other())
	moverIsBlack := parent.Turn == board.Black
	switch {
	case pf.Value == Loss:
		g.setValue(!moverIsBlack, impliedByLoss(pf.Source, a))
	case pf.Value == Win && containsPoint(pf.Winning, a):
		g.setValue(moverIsBlack, impliedByMove(pf.Source, a))
	}
	m, exact := pf.Margin()
	keeps := exact && containsPoint(pf.Keeping, a)
	if !keeps && (moverIsBlack && pf.High >= MaxMargin || !moverIsBlack && pf.Low <= MinMargin) {
		return g // no bound to pass on (and no source to write)
	}
	src := impliedByMove(pf.marginSource(), a)
	if moverIsBlack {
		g.bound(MinMargin, pf.High, src)
	} else {
		g.bound(pf.Low, MaxMargin, src)
	}
	if keeps {
		g.setMargin(m, src)
	}
	return g
}

// tells reports whether f proves anything: a value or a bound.
func (f Fact) tells() bool { return f.Value != Unknown || f.Low > MinMargin || f.High < MaxMargin }

// Step returns what pf and cf, the facts of parent and of the position after its action
// a, prove of each other, merged into each: the child narrowed by its parent (as Moves
// narrows it), the parent by the child (a child lost for its side to move makes a a
// winning action; the child's margin bounds the parent's from the mover's side). A front
// end that knows a game's line calls it along the line, so that a fact reaches the
// positions Known cannot reach on its own (after a capture, whose parent a position does
// not tell).
func Step(parent board.Position, a board.Point, pf, cf Fact) (Fact, Fact) {
	return pf.Merge(fromChild(parent, a, cf)), cf.Merge(fromParent(parent, a, pf)).ReachedBy(a)
}

// Along narrows known, the facts of the positions of a game's line (line[k+1] follows
// line[k] by actions[k]), by what each proves of the next and the one before (Step):
// forward, so that a proof reaches every position after it that it implies, then back.
func Along(line []board.Position, actions []board.Point, known []Fact) {
	for k := 0; k+1 < len(line) && k+1 < len(known); k++ {
		known[k], known[k+1] = Step(line[k], actions[k], known[k], known[k+1])
	}
	for k := min(len(line), len(known)) - 2; k >= 0; k-- {
		known[k], known[k+1] = Step(line[k], actions[k], known[k], known[k+1])
	}
}

// fromChild returns what cf, the fact of the position after parent's action a, implies
// of parent.
func fromChild(parent board.Position, a board.Point, cf Fact) Fact {
	g := Unproved(parent.Turn)
	if cf.forMover(parent.Turn) == Win {
		g.setValue(parent.Turn == board.Black, impliedByChild(cf.Source, a))
		g.addWinning([]board.Point{a}, false)
	}
	src := impliedByChild(cf.marginSource(), a)
	if parent.Turn == board.Black {
		g.bound(cf.Low, MaxMargin, src)
	} else {
		g.bound(MinMargin, cf.High, src)
	}
	return g
}

// fromChildren returns what the facts of pos's children, as of gives them, imply of
// pos (FromMoves), its sources named as implied. Once one child of a White position is
// known to be nothing, its loss cannot follow, and only a child good for White can still
// tell: the book, which proves Black's wins alone, is not asked of the rest (the
// hot path of an analysis: every action's position looks at its own children); nor at
// all without book (pos's value is known: the book has nothing to add).
func fromChildren(pos board.Position, of neighbourFacts, book bool) Fact {
	var buf [board.NumActions]Move
	moves := buf[:0]
	for _, a := range Actions(pos) {
		child := pos
		child.Act(a)
		f := of(child, book)
		if pos.Turn == board.White && !f.tells() {
			book = false
		}
		moves = append(moves, Move{Action: a, Value: f.forMover(pos.Turn), After: f})
	}
	g := FromMoves(Unproved(pos.Turn), moves)
	switch g.Value {
	case Win:
		for _, m := range moves {
			if m.Value == Win {
				g.Source = impliedByChild(m.After.Source, m.Action)
				break
			}
		}
	case Loss:
		g.Source = impliedByChildren(moves[0].After.Source)
		if byBook(pos, moves) {
			g.Source = Book
		}
	}
	if g.MarginSource != None {
		g.MarginSource = impliedByChildren(g.MarginSource)
	}
	return g
}

// byBook reports whether moves, every action of a lost White position, lead each into
// Black's book or to a finished game Black has won, one at least into the book: the
// book proves such a position lost, as it is built (opening.BookMove).
func byBook(pos board.Position, moves []Move) bool {
	inBook := false
	for _, m := range moves {
		switch m.After.Source {
		case Book:
			inBook = true
		case End:
		default:
			return false
		}
	}
	return pos.Turn == board.White && inBook
}

// eachParent calls visit with every position that reaches pos by one action, and the
// action, as far as pos tells them: a pass (when pos follows one), or a stone of the
// side that moved taken back (with the stone a ko capture took put back); a parent
// whose move captured stones in any other way, or whose ko point is unknown, is not
// found. Each parent is checked by playing its action: it gives pos exactly.
func eachParent(pos board.Position, visit func(parent board.Position, a board.Point)) {
	if pos.Move <= 1 || pos.Over {
		return
	}
	mover := pos.Turn.Other()
	reaches := func(p *board.Position, a board.Point) bool {
		p.Turn, p.Move = mover, pos.Move-1
		p.Hash = p.ComputeHash()
		child := *p
		return child.Act(a) && child == pos
	}
	if pos.Passed {
		p := pos
		p.Passed, p.Ko = false, 0
		if reaches(&p, board.Pass) {
			visit(p, board.Pass)
		}
		return
	}
	for stones := pos.Stones[mover]; stones != 0; stones &= stones - 1 {
		a := stones.First()
		p := pos
		p.Stones[mover] &^= a.Bit()
		p.Stones[pos.Turn] |= pos.Ko
		p.Ko, p.Passed = 0, false
		if !reaches(&p, a) {
			continue
		}
		visit(p, a)
		p.Passed = true // the same board after a pass: a move clears it, so it reaches pos too
		visit(p, a)
	}
}
