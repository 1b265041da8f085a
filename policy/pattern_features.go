// pattern_features.go: the features of the pattern policy: 3x3 codes, their symmetries, tactical levels and the per-position state they are read from.

package policy

import (
	"math/bits"

	"littlego/board"
)

// The pattern policy rates a move by the product of one factor ("gamma") per feature,
// the generalised Bradley-Terry model of Coulom ("Computing Elo ratings of move
// patterns in the game of Go", ICGA Journal 30(4), 2007). Every feature has levels;
// level 0 of a tactical feature means "absent" and has gamma 1.
const (
	// FeaturePattern is the 3x3 neighbourhood; its level is 1 + the canonical form
	// of its code (CanonicalPatternCode), 0 for Pass.
	FeaturePattern = iota
	// FeaturePoint is where the point lies: 1 + one of the NumPointClasses classes,
	// 0 for Pass.
	FeaturePoint
	// FeatureCapture: 1 captures one stone, 2 captures one stone and leaves a ko (the
	// opponent may not retake at once), 3 captures two stones, 4 three or more.
	FeatureCapture
	// FeatureEscape: the move saves an own group in atari (its group has two or more
	// liberties afterwards): 1 a lone stone, 2 a group of two or more.
	FeatureEscape
	// FeatureExtend: 1 when the move extends an own group with two liberties to three
	// or more.
	FeatureExtend
	// FeatureSelfAtari: the move leaves its own group with a single liberty (captures
	// counted): 1 a lone stone, 2 a group of two or three, 3 of four or more.
	FeatureSelfAtari
	// FeatureAtari: the move takes an enemy group from two liberties to one: 1 a lone
	// stone, 2 a group of two or more.
	FeatureAtari
	// FeatureLast: the relation to the opponent's last move (a placement): 1 an
	// orthogonal neighbour of it, 2 a diagonal neighbour.
	FeatureLast
	// FeaturePass is Pass's own feature, by the stage of the game and the score:
	// 1 + 2*stage + (1 if the side to move would lose were the game to end now),
	// stage 0 with 13 or more moves left (this one included: moves 1-12 of 24), 1
	// with 9-12 left, 2 with 5-8, 3 with 4 or fewer. Strong players pass only near the
	// end. (A pass after the opponent's pass, which ends the game, is not rated: the
	// policy passes when that wins and never when it loses. On the last move of the
	// game the policy never passes while it can place.)
	FeaturePass
	// NumPatternFeatures is the number of features.
	NumPatternFeatures
)

// Level counts of the features other than FeaturePattern (level 0 included).
const (
	NumPointLevels     = 1 + NumPointClasses
	NumCaptureLevels   = 5
	NumEscapeLevels    = 3
	NumExtendLevels    = 2
	NumSelfAtariLevels = 4
	NumAtariLevels     = 3
	NumLastLevels      = 3
	NumPassLevels      = 9
)

// NumPointClasses is the number of classes of points under the symmetries of the
// board: corner, edge next to a corner, middle of an edge, 2-2 point, 2-3 point,
// centre.
const NumPointClasses = 6

// PatternCodeBits is the width of a 3x3 code. A code holds, for the side to move, the
// four orthogonal neighbours of an empty point in 3 bits each (bits 0-11: north,
// east, south, west) and the four diagonal ones in 2 bits each (bits 12-19:
// north-east, south-east, south-west, north-west). Orthogonal states: 0 empty, 1 off
// the board, 2 own stone, 4 own stone whose group is in atari (one liberty), 5 enemy
// stone, 7 enemy stone in atari (3 and 6 are not used). Diagonal states: 0 empty, 1
// own, 2 enemy, 3 off the board. What a neighbour group with two liberties means is
// told by the tactical features (extend, atari).
const PatternCodeBits = 20

// Codes are numbered compactly by keyIndex, from 0 to numKeyIndices-1: six states for
// each orthogonal neighbour, four for each diagonal one.
const numKeyIndices = 6 * 6 * 6 * 6 * 256

// keyOrth[o] is the compact number (0..1295) of the orthogonal part o of a code.
var keyOrth [1 << 12]uint16

// keyIndex returns the compact number of code.
func keyIndex(code uint32) int {
	return int(keyOrth[code&0xfff])<<8 | int(code>>12&0xff)
}

func init() {
	// The six states: empty, off, own, own in atari, enemy, enemy in atari (the
	// unused 3 and 6 read as 2 and 5).
	six := [8]uint16{0, 1, 2, 2, 3, 4, 4, 5}
	for o := range keyOrth {
		var n uint16
		for k := 3; k >= 0; k-- {
			n = 6*n + six[o>>(3*k)&7]
		}
		keyOrth[o] = n
	}
}

// Orthogonal and diagonal neighbour states of a pattern code.
const (
	orthEmpty = 0
	orthOff   = 1
	orthOwn   = 2 // + 2 in atari
	orthOpp   = 5 // + 2 in atari
	diagEmpty = 0
	diagOwn   = 1
	diagOpp   = 2
	diagOff   = 3
)

// absState is a point's content independent of the side to move: colour (0 empty, 1
// Black, 2 White, 3 off the board) in bits 0-1, and absAtari when a stone's group has
// a single liberty.
type absState = uint8

const (
	absEmpty absState = 0
	absOff   absState = 3
	absAtari absState = 8
	// offBoard is the index of the off-board sentinel in the neighbour tables.
	offBoard = board.NumPoints
)

var (
	// patNb[x] lists the neighbours of x in code order (N, E, S, W, NE, SE, SW, NW),
	// offBoard for those off the board.
	patNb [board.NumPoints][8]uint8
	// patN8[x] holds the eight neighbours of x on the board.
	patN8 [board.NumPoints]board.Bitboard
	// patDiag[x] holds the four diagonal neighbours of x on the board.
	patDiag [board.NumPoints]board.Bitboard
	// pointClassOf[x] is x's class, 0..NumPointClasses-1.
	pointClassOf [board.NumPoints]uint8
	// orthOf[c][s] and diagOf[c][s] turn an absState into the code state for side c.
	orthOf, diagOf [2][16]uint32
	// symOrth[s][k] and symDiag[s][k] are the slots that orthogonal and diagonal slot k
	// move to under the symmetry s.
	symOrth, symDiag [board.NumSymmetries][4]uint8
)

// patOffsets are the (row, column) offsets of the eight code slots.
var patOffsets = [8][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 1}, {1, 1}, {1, -1}, {-1, -1}}

func init() {
	for x := board.Point(0); x < board.NumPoints; x++ {
		for k, o := range patOffsets {
			i, j := x.Row()+o[0], x.Col()+o[1]
			patNb[x][k] = offBoard
			if i >= 0 && i < board.Size && j >= 0 && j < board.Size {
				patNb[x][k] = uint8(board.PointAt(i, j))
				patN8[x] |= board.PointAt(i, j).Bit()
				if k >= 4 {
					patDiag[x] |= board.PointAt(i, j).Bit()
				}
			}
		}
		a, b := min(x.Row(), 4-x.Row()), min(x.Col(), 4-x.Col())
		a, b = min(a, b), max(a, b)
		// (0,0) corner, (0,1), (0,2) edge, (1,1), (1,2), (2,2) centre.
		pointClassOf[x] = [3][3]uint8{{0, 1, 2}, {0, 3, 4}, {0, 0, 5}}[a][b]
	}
	for c := board.Black; c <= board.White; c++ {
		for s := 0; s < 16; s++ {
			colour, class := s&3, uint32(0)
			if absState(s)&absAtari != 0 {
				class = 2
			}
			switch {
			case colour == 0:
				orthOf[c][s], diagOf[c][s] = orthEmpty, diagEmpty
			case colour == 3:
				orthOf[c][s], diagOf[c][s] = orthOff, diagOff
			case board.Color(colour-1) == c:
				orthOf[c][s], diagOf[c][s] = orthOwn+class, diagOwn
			default:
				orthOf[c][s], diagOf[c][s] = orthOpp+class, diagOpp
			}
		}
	}
	centre := board.PointAt(2, 2)
	slotOf := func(di, dj int) uint8 {
		for k, o := range patOffsets {
			if o[0] == di && o[1] == dj {
				return uint8(k)
			}
		}
		panic("policy: offset outside the 3x3 square")
	}
	for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
		for k, o := range patOffsets {
			img := s.Point(board.PointAt(2+o[0], 2+o[1]))
			slot := slotOf(img.Row()-centre.Row(), img.Col()-centre.Col())
			if k < 4 {
				symOrth[s][k] = slot
			} else {
				symDiag[s][k-4] = slot - 4
			}
		}
	}
}

// PointClass returns the class of the point x (0..NumPointClasses-1): points that a
// symmetry of the board maps onto each other share a class.
func PointClass(x board.Point) int { return int(pointClassOf[x]) }

// PatternCodeImage returns the code of the same neighbourhood seen through the
// symmetry s: if code is the code of x in pos, the result is the code of s.Point(x)
// in s.Apply(pos).
func PatternCodeImage(code uint32, s board.Symmetry) uint32 {
	var out uint32
	for k := range 4 {
		out |= (code >> (3 * k) & 7) << (3 * uint32(symOrth[s][k]))
		out |= (code >> (12 + 2*k) & 3) << (12 + 2*uint32(symDiag[s][k]))
	}
	return out
}

// CanonicalPatternCode returns the least of the eight images of code, so that
// neighbourhoods that a symmetry maps onto each other share one code.
func CanonicalPatternCode(code uint32) uint32 {
	best := code
	for s := board.Symmetry(1); s < board.NumSymmetries; s++ {
		best = min(best, PatternCodeImage(code, s))
	}
	return best
}

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

// emptyCodes[x] is the code of x on the empty board (the same for both sides).
var emptyCodes [board.NumPoints]uint32

// backShift[x][k] is the bit offset, in the code of x's neighbour in slot k, of the
// field that describes x.
var backShift [board.NumPoints][8]uint8

func init() {
	opposite := [8]uint8{2, 3, 0, 1, 6, 7, 4, 5} // N-S, E-W, NE-SW, SE-NW
	for x := range board.NumPoints {
		for k := range 8 {
			if k < 4 {
				backShift[x][k] = 3 * opposite[k]
				if patNb[x][k] == offBoard {
					emptyCodes[x] |= orthOff << (3 * k)
				}
			} else {
				backShift[x][k] = 12 + 2*(opposite[k]-4)
				if patNb[x][k] == offBoard {
					emptyCodes[x] |= diagOff << (12 + 2*(k-4))
				}
			}
		}
	}
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
	nb, back, cd := &patNb[x], &backShift[x], &s.codes
	const orthMask, diagMask = 0x700000007, 0x300000003
	o := uint64(orthOf[0][st&15]) | uint64(orthOf[1][st&15])<<32
	y0, y1, y2, y3 := nb[0]&31, nb[1]&31, nb[2]&31, nb[3]&31
	s0, s1, s2, s3 := back[0]&31, back[1]&31, back[2]&31, back[3]&31
	cd[y0] = cd[y0]&^(orthMask<<s0) | o<<s0
	cd[y1] = cd[y1]&^(orthMask<<s1) | o<<s1
	cd[y2] = cd[y2]&^(orthMask<<s2) | o<<s2
	cd[y3] = cd[y3]&^(orthMask<<s3) | o<<s3
	if (old^st)&3 == 0 {
		return // the colour is the same: the diagonal fields are too
	}
	d := uint64(diagOf[0][st&15]) | uint64(diagOf[1][st&15])<<32
	y0, y1, y2, y3 = nb[4]&31, nb[5]&31, nb[6]&31, nb[7]&31
	s0, s1, s2, s3 = back[4]&31, back[5]&31, back[6]&31, back[7]&31
	cd[y0] = cd[y0]&^(diagMask<<s0) | d<<s0
	cd[y1] = cd[y1]&^(diagMask<<s1) | d<<s1
	cd[y2] = cd[y2]&^(diagMask<<s2) | d<<s2
	cd[y3] = cd[y3]&^(diagMask<<s3) | d<<s3
}

// code returns the 3x3 code of the empty point x for side c.
func (s *patState) code(x board.Point, c board.Color) uint32 {
	return uint32(s.codes[x] >> (32 * (c & 1)))
}

// tacticalLevels are the levels of the tactical features of a placement, packed into
// one number (capture, escape, extend, self-atari and atari, in mixed radix), which
// indexes the table of their products.
type tacticalLevels uint32

// The place values of the levels in a tacticalLevels.
const (
	unitAtari     = 1
	unitSelfAtari = unitAtari * NumAtariLevels
	unitExtend    = unitSelfAtari * NumSelfAtariLevels
	unitEscape    = unitExtend * NumExtendLevels
	unitCapture   = unitEscape * NumEscapeLevels
	// tacticalCombinations bounds tacticalLevels (a power of two, for the mask).
	tacticalCombinations = 512
)

// packLevels packs the levels of the five tactical features.
func packLevels(capture, escape, extend, selfAtari, atari int) tacticalLevels {
	return tacticalLevels(capture*unitCapture + escape*unitEscape + extend*unitExtend +
		selfAtari*unitSelfAtari + atari*unitAtari)
}

// capture, escape, extend, selfAtari and atari unpack the levels.
func (l tacticalLevels) capture() uint32   { return uint32(l) / unitCapture }
func (l tacticalLevels) escape() uint32    { return uint32(l) / unitEscape % NumEscapeLevels }
func (l tacticalLevels) extend() uint32    { return uint32(l) / unitExtend % NumExtendLevels }
func (l tacticalLevels) selfAtari() uint32 { return uint32(l) / unitSelfAtari % NumSelfAtariLevels }
func (l tacticalLevels) atari() uint32     { return uint32(l) % NumAtariLevels }

// index returns l as an index of a table of tacticalCombinations entries.
func (l tacticalLevels) index() int { return int(l) & (tacticalCombinations - 1) }

// tactics returns the tactical levels of a placement of side c on the empty point x,
// and whether the placement is legal (ko aside).
func (s *patState) tactics(x board.Point, c board.Color) (lv tacticalLevels, legal bool) {
	own, opp := s.stones[c], s.stones[c^1]
	empty := board.Full &^ (own | opp)
	bit := x.Bit()
	nb := board.NeighboursOf(x)
	var captured board.Bitboard
	if a := nb & opp & s.libs1; a != 0 {
		for ; a != 0; a &= a - 1 {
			captured |= s.grp(a.First()) // every group in atari next to x
		}
		switch n := captured.Count(); {
		case n >= 3:
			lv = 4 * unitCapture
		case n == 2:
			lv = 3 * unitCapture
		default:
			lv = 1 * unitCapture
		}
	}
	ownAdj := nb & own
	// The new group and its liberties: x, the groups next to it and their
	// liberties, and the captured stones next to any of them.
	grp, libs := bit, nb&empty
	for a := ownAdj; a != 0; a &= a - 1 {
		y := a.First()
		grp |= s.grp(y)
		libs |= s.lib(y)
	}
	if captured != 0 {
		libs |= grp.Neighbours() & captured
	}
	libs &^= bit
	n := libs.Count()
	if n == 0 {
		return lv, false // suicide
	}
	if lv == unitCapture && grp == bit && libs == captured {
		lv = 2 * unitCapture // a ko: the opponent may not retake at once
	}
	if n == 1 {
		switch g := grp.Count(); {
		case g == 1:
			lv += 1 * unitSelfAtari
		case g <= 3:
			lv += 2 * unitSelfAtari
		default:
			lv += 3 * unitSelfAtari
		}
	}
	if weak := ownAdj & s.libs1; weak != 0 && n >= 2 {
		lv += unitEscape
		var saved board.Bitboard
		for ; weak != 0; weak &= weak - 1 {
			saved |= s.grp(weak.First())
		}
		if saved&(saved-1) != 0 {
			lv += unitEscape
		}
	}
	if ownAdj&s.libs2 != 0 && n >= 3 {
		lv += unitExtend
	}
	if a := nb & opp & s.libs2; a != 0 {
		lv += unitAtari
		var g board.Bitboard
		for ; a != 0; a &= a - 1 {
			g |= s.grp(a.First())
		}
		if g&(g-1) != 0 {
			lv += unitAtari
		}
	}
	return lv, true
}

// lastLevel returns the level of FeatureLast of x when the opponent's last action was
// last (board.NoPoint or board.Pass when it was no placement or is unknown).
func lastLevel(x, last board.Point) uint8 {
	if last < 0 || last >= board.NumPoints {
		return 0
	}
	switch {
	case board.NeighboursOf(last).Has(x):
		return 1
	case patDiag[last].Has(x):
		return 2
	}
	return 0
}

// passLevel returns the level of FeaturePass for the side to move in pos.
func passLevel(pos *board.Position) uint8 {
	return passLevelOf(pos.MovesLeft(), pos.Winner() == pos.Turn)
}

// passLevelOf returns the level of FeaturePass with left moves left (this one
// included) for a side that would win, or lose, were the game to end now.
func passLevelOf(left int, winning bool) uint8 {
	stage := uint8(3)
	switch {
	case left >= 13:
		stage = 0
	case left >= 9:
		stage = 1
	case left >= 5:
		stage = 2
	}
	if winning {
		return 1 + 2*stage
	}
	return 2 + 2*stage
}

// PatternAction is an action the pattern policy may choose, with its feature levels.
type PatternAction struct {
	// Action is a point or board.Pass.
	Action board.Point
	// Levels holds the level of every feature, indexed by FeaturePattern, ...
	Levels [NumPatternFeatures]uint32
}

// PatternActions appends to out the actions that the pattern policy rates in pos,
// with their feature levels, and returns it together with forced: an action the policy
// plays without rating anything (Pass when the opponent has just passed and the side to
// move wins on the board), or board.NoPoint. last is the opponent's last action
// (board.NoPoint if unknown). The actions are the legal placements in point order,
// then Pass unless the policy never passes here (after the opponent's pass while
// losing, and on the last move of the game, while some placement is legal). A game
// that is over has no actions.
func PatternActions(pos *board.Position, last board.Point, out []PatternAction) ([]PatternAction, board.Point) {
	if pos.Over {
		return out, board.NoPoint
	}
	if pos.Passed && pos.Winner() == pos.Turn {
		return out, board.Pass
	}
	var s patState
	s.loadBoard(pos.Stones)
	c := pos.Turn
	placements := 0
	for cand := pos.Empty() &^ pos.Ko; cand != 0; cand &= cand - 1 {
		x := cand.First()
		lv, legal := s.tactics(x, c)
		if !legal {
			continue
		}
		var a PatternAction
		a.Action = x
		a.Levels[FeaturePattern] = 1 + CanonicalPatternCode(s.code(x, c))
		a.Levels[FeaturePoint] = 1 + uint32(pointClassOf[x])
		a.Levels[FeatureCapture] = lv.capture()
		a.Levels[FeatureEscape] = lv.escape()
		a.Levels[FeatureExtend] = lv.extend()
		a.Levels[FeatureSelfAtari] = lv.selfAtari()
		a.Levels[FeatureAtari] = lv.atari()
		a.Levels[FeatureLast] = uint32(lastLevel(x, last))
		out = append(out, a)
		placements++
	}
	if placements == 0 || (!pos.Passed && pos.Move != pos.Last) {
		var a PatternAction
		a.Action = board.Pass
		a.Levels[FeaturePass] = uint32(passLevel(pos))
		out = append(out, a)
	}
	return out, board.NoPoint
}
