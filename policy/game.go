// game.go: game, the playout's lean working copy of a position, with placement, capture, ko and pass exactly as board.Position.Play.

package policy

import "littlego/board"

// game is a position reduced to what a playout needs: no Zobrist hash is kept during
// the playout (store recomputes it once at the end). Its rules are board's: the
// differential tests compare the two move by move.
type game struct {
	stones board.Stones
	ko     board.Bitboard
	move   uint8
	last   uint8
	turn   board.Color
	passed bool
	over   bool
	// suspect[c] holds stones of colour c whose group may have lost liberties since
	// the last look for c's groups in atari (see bestCapture); every stone at first.
	suspect [2]board.Bitboard
}

// load copies the game state out of pos.
func load(pos *board.Position) game {
	return game{
		stones:  pos.Stones,
		ko:      pos.Ko,
		move:    pos.Move,
		last:    pos.Last,
		turn:    pos.Turn,
		passed:  pos.Passed,
		over:    pos.Over,
		suspect: pos.Stones,
	}
}

// store writes g back into pos, hash included.
func (g *game) store(pos *board.Position) {
	pos.Stones = g.stones
	pos.Ko = g.ko
	pos.Move = g.move
	pos.Last = g.last
	pos.Turn = g.turn
	pos.Passed = g.passed
	pos.Over = g.over
	pos.Hash = pos.ComputeHash()
}

// pass passes for the side to move; a pass after a pass ends the game.
func (g *game) pass() {
	if g.passed {
		g.over = true
	}
	g.passed = true
	g.ko = 0
	g.turn ^= 1
	g.advance()
}

// advance counts the action just played and ends the game after the last move.
func (g *game) advance() {
	g.move++
	if g.move > g.last {
		g.over = true
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
		if grp := group(s.Bit(), opp); neighbours(grp)&empty == 0 {
			dead |= grp
		}
	}
	ko := board.Bitboard(0)
	if dead == 0 {
		if nb&empty == 0 && neighbours(group(bit, own))&empty == 0 {
			return 0, false // suicide
		}
	} else {
		opp &^= dead
		if nb&own == 0 && dead&(dead-1) == 0 && nb&empty == 0 {
			ko = dead // a lone stone took one stone and its only liberty is that point
		}
	}
	g.stones[c], g.stones[c^1] = own, opp
	g.suspect[c] |= bit
	g.suspect[c^1] |= nb
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
