// game.go: game, the playout's lean working copy of a position, with placement, capture, ko and pass exactly as board.Position.Play.

package policy

import "littlego/board"

// game is a position reduced to what a playout needs: no Zobrist hash is kept during
// the playout (store recomputes it once at the end). Its rules are board's: the
// differential tests compare the two move by move.
type game struct {
	stones board.Stones
	turnState
	// empties lists the empty points in the order the light playout draws them from.
	// Only lightRun reads and keeps it; it rebuilds the list whenever the board's
	// empty points are not the set listed (after load, place or any other change).
	empties emptyList
}

// emptyList holds the empty points of a board in some order, with the index of each,
// so that a uniformly random empty point is one multiplication and one load away, and
// a point can be taken off or put back in constant time. (Fast Go programs keep such
// lists, for example Łukasz Lew's libego.)
type emptyList struct {
	pt  [32]uint8      // pt[:n] are the empty points
	at  [32]uint8      // at[p] is the index of the empty point p in pt
	n   int            // the number of empty points
	set board.Bitboard // the points listed: pt[:n] holds exactly these
}

// fullList lists every point in increasing order: the list of the empty board.
var fullList = func() (l emptyList) {
	for p := range board.NumPoints {
		l.pt[p] = uint8(p)
		l.at[p] = uint8(p)
	}
	l.n = board.NumPoints
	l.set = board.Full
	return l
}()

// lists reports whether l lists exactly the points of empty. It trusts set, which
// only reset and lightRun write, each time with a list that matches it.
func (l *emptyList) lists(empty board.Bitboard) bool {
	return l.set == empty && l.n == empty.Count()
}

// reset lists the points of empty in increasing order.
func (l *emptyList) reset(empty board.Bitboard) {
	if empty == board.Full {
		*l = fullList
		return
	}
	l.n = 0
	l.set = empty
	for b := empty; b != 0; b &= b - 1 {
		p := uint8(b.First())
		l.pt[l.n&31] = p
		l.at[p&31] = uint8(l.n)
		l.n++
	}
}

// swap exchanges the entries i and j.
func (l *emptyList) swap(i, j int) {
	a, b := l.pt[i&31], l.pt[j&31]
	l.pt[i&31], l.pt[j&31] = b, a
	l.at[b&31], l.at[a&31] = uint8(i), uint8(j)
}

// remove takes entry i off the list (the last entry takes its place).
func (l *emptyList) remove(i int) {
	l.n--
	last := l.pt[l.n&31]
	l.pt[i&31] = last
	l.at[last&31] = uint8(i)
}

// add puts p at the end of the list.
func (l *emptyList) add(p uint8) {
	l.pt[l.n&31] = p
	l.at[p&31] = uint8(l.n)
	l.n++
}

// turnState is what both playout players keep of a game besides the stones: the ko
// point, the move counters, the side to move and the pass state.
type turnState struct {
	ko     board.Bitboard
	move   uint8
	last   uint8
	turn   board.Color
	passed bool
	over   bool
}

// turnStateOf returns pos's ko point, move counters, side to move and pass state.
func turnStateOf(pos *board.Position) turnState {
	return turnState{ko: pos.Ko, move: pos.Move, last: pos.Last, turn: pos.Turn, passed: pos.Passed, over: pos.Over}
}

// storeTurn writes s into pos (not the stones, not the hash).
func (s *turnState) storeTurn(pos *board.Position) {
	pos.Ko = s.ko
	pos.Move, pos.Last, pos.Turn = s.move, s.last, s.turn
	pos.Passed, pos.Over = s.passed, s.over
}

// load copies the game state out of pos.
func load(pos *board.Position) game {
	return game{stones: pos.Stones, turnState: turnStateOf(pos)}
}

// store writes g back into pos, hash included.
func (g *game) store(pos *board.Position) {
	pos.Stones = g.stones
	g.storeTurn(pos)
	pos.Hash = pos.ComputeHash()
}

// pass passes for the side to move; a pass after a pass ends the game.
func (s *turnState) pass() {
	if s.passed {
		s.over = true
	}
	s.passed = true
	s.ko = 0
	s.turn ^= 1
	s.advance()
}

// advance counts the action just played and ends the game after the last move.
func (s *turnState) advance() {
	s.move++
	if s.move > s.last {
		s.over = true
	}
}

// place plays p (an empty point that is not the ko point) for the side to move with
// its captures and returns the number of stones captured and true, or 0 and false,
// leaving g unchanged, if p is suicide.
func (g *game) place(p board.Point) (captured int, ok bool) {
	bit := p.Bit()
	c := g.turn
	nb := board.NeighboursOf(p)
	own, opp := g.stones[c]|bit, g.stones[c^1]
	empty := board.Full &^ (own | opp)
	var dead board.Bitboard
	for adj := nb & opp; adj != 0; adj &= adj - 1 {
		s := adj.First()
		if board.NeighboursOf(s)&empty != 0 || dead.Has(s) {
			continue // this stone keeps a liberty, so its group lives
		}
		if grp := board.Group(s.Bit(), opp); grp.Neighbours()&empty == 0 {
			dead |= grp
		}
	}
	ko := board.Bitboard(0)
	if dead == 0 {
		if nb&empty == 0 && board.Group(bit, own).Neighbours()&empty == 0 {
			return 0, false // suicide
		}
	} else {
		opp &^= dead
		if nb&own == 0 && dead&(dead-1) == 0 && nb&empty == 0 {
			ko = dead // a lone stone took one stone and its only liberty is that point
		}
	}
	g.stones[c], g.stones[c^1] = own, opp
	g.ko = ko
	g.passed = false
	g.turn ^= 1
	g.advance()
	return dead.Count(), true
}

// markAMAF adds p to amaf[c] unless a colour has played p already.
func markAMAF(amaf *[2]board.Bitboard, c board.Color, p board.Point) {
	if (amaf[0]|amaf[1])&p.Bit() == 0 {
		amaf[c] |= p.Bit()
	}
}
