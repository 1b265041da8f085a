// pattern_whole.go: the whole-board design of the pattern player's ratings: every empty point rated afresh before each choice, from the board's sets.

package policy

import "littlego/board"

// atLeastTwoNeighbours returns the points with two or more of their four neighbours in
// b.
func atLeastTwoNeighbours(b board.Bitboard) board.Bitboard {
	n, s := b<<5&board.Full, b>>5
	e, w := b>>1&^board.Col4, b<<1&^board.Col0&board.Full
	return n&s | (n|s)&(e|w) | e&w
}

// rateAll computes c's weight of every point from the board's sets, with no state
// kept from earlier choices: what refresh computes for the dirty points, for all of
// them. The points split by bitboard operations into those next to a group with one or
// two liberties (their tactical levels from the groups' liberty sets), those with two
// or more empty neighbours (one table lookup), and the rest (a plain placement next to
// an own group, a lone self-atari or suicide).
func (p *patternPlayer) rateAll(c board.Color) {
	s := &p.s
	t := p.t
	w := &p.weight[c]
	p.dirty[c] = 0
	*w = [board.NumPoints]uint32{}
	own := s.stones[c]
	empty := board.Full &^ (own | s.stones[c^1])
	weak := s.libs1 | s.libs2
	shift := 32 * uint(c&1)
	tactical := weak.Neighbours() & empty
	open := atLeastTwoNeighbours(empty) & empty &^ tactical
	var poor board.Bitboard
	legal := open
	for b := open; b != 0; b &= b - 1 {
		x := b.First()
		w[x] = t.quiet[x][t.pattern[keyIndex(uint32(s.codes[x]>>shift))]]
	}
	for b := tactical; b != 0; b &= b - 1 {
		x := b.First()
		lv, ok := s.tactics(x, c)
		if !ok {
			continue
		}
		q := t.pattern[keyIndex(uint32(s.codes[x]>>shift))]
		w[x] = scaledWeight(t.scaled[x][q] * t.tactics[lv.index()])
		legal |= x.Bit()
		if t.poorLevels[lv.index()] {
			poor |= x.Bit()
		}
	}
	// No neighbour group has fewer than three liberties: a friendly one gives the new
	// group two or more, so no tactical feature applies; without one, the stone is a
	// lone self-atari on its last empty neighbour, or suicide.
	rest := empty &^ (open | tactical)
	for b := rest & own.Neighbours(); b != 0; b &= b - 1 {
		x := b.First()
		q := t.pattern[keyIndex(uint32(s.codes[x]>>shift))]
		w[x] = scaledWeight(t.scaled[x][q] * t.tactics[0])
		legal |= x.Bit()
	}
	for b := rest &^ own.Neighbours() & empty.Neighbours(); b != 0; b &= b - 1 {
		x := b.First()
		q := t.pattern[keyIndex(uint32(s.codes[x]>>shift))]
		w[x] = scaledWeight(t.scaled[x][q] * t.tactics[unitSelfAtari])
		legal |= x.Bit()
	}
	p.poor[c], p.legal[c] = poor, legal
}
