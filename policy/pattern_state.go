// pattern_state.go: patState, the board as the pattern player reads it, kept up to date move by move: groups, liberties, liberty classes and every point's 3x3 codes.

package policy

import (
	"math/bits"

	"littlego/board"
)

// patState is the board as the pattern policy reads it: the stones, which of them
// belong to groups with one or two liberties, every point's absState and every
// point's 3x3 code for both sides, kept up to date as points change.
type patState struct {
	stones board.Stones
	// libs1 and libs2 hold the stones (of either colour) whose group has exactly one
	// and exactly two liberties.
	libs1, libs2 board.Bitboard
	// abs[x] is x's absState.
	abs [board.NumPoints]absState
	// codes[x] holds the 3x3 codes of x for Black (bits 0-31) and White (bits 32-63),
	// meaningful when x is empty.
	// Entries 25-31 are scratch: the off-board neighbours' updates land there,
	// so that an update needs no test.
	codes [32]uint64
	// id[x] names the group of the stone x (one of its points); gs[i] and gl[i] are
	// the stones and the liberties of the group named i, so that no group needs to be
	// grown during play and a group's liberties change in one place. id of an empty
	// point, and gs and gl of a name no group has, are stale.
	id     [32]uint8
	gs, gl [32]board.Bitboard // indexed by id & 31: no bounds check
}

// grp returns the group of the stone x.
func (s *patState) grp(x board.Point) board.Bitboard { return s.gs[s.id[x&31]&31] }

// lib returns the liberties of the group of the stone x.
func (s *patState) lib(x board.Point) board.Bitboard { return s.gl[s.id[x&31]&31] }

// sameAs reports whether s and o describe the same board: the same stones, liberty
// classes, states, codes, and for every stone the same group and liberties (the
// names of the groups may differ).
func (s *patState) sameAs(o *patState) bool {
	if s.stones != o.stones || s.libs1 != o.libs1 || s.libs2 != o.libs2 || s.abs != o.abs {
		return false
	}
	for b := s.stones[0] | s.stones[1]; b != 0; b &= b - 1 {
		x := b.First()
		if s.grp(x) != o.grp(x) || s.lib(x) != o.lib(x) {
			return false
		}
	}
	for b := s.stones.Empty(); b != 0; b &= b - 1 {
		if x := b.First(); s.codes[x] != o.codes[x] {
			return false
		}
	}
	return true
}

// loadBoard sets s from the stones st, finding every group's liberties.
func (s *patState) loadBoard(st board.Stones) {
	s.stones = st
	s.libs1, s.libs2 = 0, 0
	s.abs = [board.NumPoints]absState{}
	for x, c := range emptyCodes {
		s.codes[x] = uint64(c) | uint64(c)<<32
	}
	s.codes[board.NumPoints] = 0
	empty := st.Empty()
	for c := board.Black; c <= board.White; c++ {
		for rest := st[c]; rest != 0; {
			g := board.Group(rest&-rest, st[c])
			rest &^= g
			i := uint8(g.First())
			for b := g; b != 0; b &= b - 1 {
				s.id[b.First()&31] = i
			}
			s.gs[i] = g
			s.setLibs(g, i, c, g.Neighbours()&empty, g)
		}
	}
}

// newGroup records that the stone x of colour c joins the groups of its neighbours
// own (stones of c) into one group g with the liberties libs. The group keeps the
// name of its biggest part, so that few stones are renamed.
func (s *patState) newGroup(x board.Point, own board.Bitboard, c board.Color, g, libs board.Bitboard) {
	i, size := uint8(x), 0
	for a := own; a != 0; a &= a - 1 {
		j := s.id[a.First()&31] & 31
		if n := s.gs[j].Count(); n > size {
			i, size = j, n
		}
	}
	i &= 31
	rename := g &^ s.gs[i]
	if size == 0 {
		rename = g // a lone stone: gs[i] may be stale
	}
	for b := rename; b != 0; b &= b - 1 {
		s.id[b.First()&31] = i
	}
	s.gs[i] = g
	// The new stone changes state; the old stones only when they enter or leave
	// atari.
	change := x.Bit()
	if libs&(libs-1) == 0 {
		change |= g &^ s.libs1
	} else {
		change |= g & s.libs1
	}
	s.setLibs(g, i, c, libs, change)
}

// setLibs records that the group g of colour c, named i, has the liberties libs: in
// gl, its liberty class in libs1/libs2, and the states (and so the neighbours' codes)
// of its stones in change, which must hold every stone whose state changes.
func (s *patState) setLibs(g board.Bitboard, i uint8, c board.Color, libs, change board.Bitboard) {
	s.gl[i&31] = libs
	s.libs1 &^= g
	s.libs2 &^= g
	st := absState(c) + 1
	switch bits.OnesCount32(uint32(libs)) {
	case 1:
		s.libs1 |= g
		st |= absAtari
	case 2:
		s.libs2 |= g
	}
	for b := change; b != 0; b &= b - 1 {
		s.setAbs(b.First(), st)
	}
}

// updateLibs records that the existing group of the stone y, of colour c, now has
// the liberties libs.
func (s *patState) updateLibs(y board.Point, c board.Color, libs board.Bitboard) {
	i := s.id[y&31] & 31
	g := s.gs[i]
	var change board.Bitboard
	if (libs&(libs-1) == 0) != (s.libs1&g != 0) {
		change = g // the group enters or leaves atari
	}
	s.setLibs(g, i, c, libs, change)
}

// clearStone empties the point x of a captured stone.
func (s *patState) clearStone(x board.Point) {
	s.setAbs(x, absEmpty)
}

// setAbs sets the absState of x to st and updates the codes of x's neighbours.
func (s *patState) setAbs(x board.Point, st absState) {
	old := s.abs[x]
	if old == st {
		return
	}
	s.abs[x] = st
	// The neighbours and the field offsets come as bytes of one word each: shifts
	// instead of a load per byte.
	nb, back, cd := patNbWord[x], backShiftWord[x], &s.codes
	// Each neighbour's field for x holds the code state of old: XOR turns it into st's.
	o := orthFlip[old&15][st&15]
	cd[nb&31] ^= o << (back & 31)
	cd[nb>>8&31] ^= o << (back >> 8 & 31)
	cd[nb>>16&31] ^= o << (back >> 16 & 31)
	cd[nb>>24&31] ^= o << (back >> 24 & 31)
	if (old^st)&3 == 0 {
		return // the colour is the same: the diagonal fields are too
	}
	d := diagFlip[old&15][st&15]
	cd[nb>>32&31] ^= d << (back >> 32 & 31)
	cd[nb>>40&31] ^= d << (back >> 40 & 31)
	cd[nb>>48&31] ^= d << (back >> 48 & 31)
	cd[nb>>56&31] ^= d << (back >> 56 & 31)
}

// code returns the 3x3 code of the empty point x for side c.
func (s *patState) code(x board.Point, c board.Color) uint32 {
	return uint32(s.codes[x] >> (32 * (c & 1)))
}
