// pattern_features.go: the features of the pattern policy, their levels, the tactical levels of a placement, and PatternActions, the features the trainer fits.

package policy

import "littlego/board"

// The pattern policy rates a move by the product of one factor ("gamma") per feature,
// the generalised Bradley-Terry model of Coulom ("Computing Elo ratings of move
// patterns in the game of Go", ICGA Journal 30(4), 2007). Every feature has levels;
// level 0 of a tactical feature means "absent" and has gamma 1.
const (
	// FeaturePattern is the 3x3 neighbourhood; its level is 1 + its 20-bit code
	// (pattern_codes.go) in canonical form, the least of the code's images under
	// the board's eight symmetries; 0 for Pass.
	FeaturePattern = iota
	// FeaturePoint is where the point lies: 1 + its class under the board's
	// symmetries (corner, edge next to a corner, middle of an edge, 2-2 point, 2-3
	// point, centre), 0 for Pass.
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

// Level counts of the features (level 0 included).
const (
	numPatternLevels   = 1 + 1<<patternCodeBits
	numPointLevels     = 1 + numPointClasses
	numCaptureLevels   = 5
	numEscapeLevels    = 3
	numExtendLevels    = 2
	numSelfAtariLevels = 4
	numAtariLevels     = 3
	numLastLevels      = 3
	numPassLevels      = 9
)

// featureInfo is what the code knows of a feature besides how to find its levels.
type featureInfo struct {
	name   string
	levels int
}

// features holds every feature's name and level count.
var features = [NumPatternFeatures]featureInfo{
	FeaturePattern:   {"pattern", numPatternLevels},
	FeaturePoint:     {"point", numPointLevels},
	FeatureCapture:   {"capture", numCaptureLevels},
	FeatureEscape:    {"escape", numEscapeLevels},
	FeatureExtend:    {"extend", numExtendLevels},
	FeatureSelfAtari: {"self-atari", numSelfAtariLevels},
	FeatureAtari:     {"atari", numAtariLevels},
	FeatureLast:      {"last", numLastLevels},
	FeaturePass:      {"pass", numPassLevels},
}

// NumLevels returns the number of levels of feature f, level 0 included.
func NumLevels(f int) int { return features[f].levels }

// FeatureName returns the name of feature f, as reports and the weights file write it.
func FeatureName(f int) string { return features[f].name }

// featureNamed returns the feature called name, or -1.
func featureNamed(name string) int {
	for f := range features {
		if features[f].name == name {
			return f
		}
	}
	return -1
}

// tacticalLevels are the levels of the tactical features of a placement, packed into
// one number in mixed radix (the place values below), which indexes the table of
// their products.
type tacticalLevels uint32

// The place values of the tactical features' levels in a tacticalLevels, the last
// feature's first: a tactical feature has one here and one in tacticalUnit.
const (
	unitAtari     = 1
	unitSelfAtari = unitAtari * numAtariLevels
	unitExtend    = unitSelfAtari * numSelfAtariLevels
	unitEscape    = unitExtend * numExtendLevels
	unitCapture   = unitEscape * numEscapeLevels
	// tacticalProduct is the number of tacticalLevels: the first feature's place
	// value times its level count.
	tacticalProduct = unitCapture * numCaptureLevels
)

// tacticalUnit[f] is the place value of feature f in a tacticalLevels; 0 for a
// feature that is not tactical.
var tacticalUnit = [NumPatternFeatures]uint32{
	FeatureCapture: unitCapture, FeatureEscape: unitEscape, FeatureExtend: unitExtend,
	FeatureSelfAtari: unitSelfAtari, FeatureAtari: unitAtari,
}

// tacticalCombinations is tacticalProduct rounded up to a power of two, the size of the
// tables indexed by tacticalLevels (a mask then drops the bounds check): the bits of
// tacticalProduct-1 smeared right, plus one.
const (
	smear1               = (tacticalProduct - 1) | (tacticalProduct-1)>>1
	smear2               = smear1 | smear1>>2
	smear4               = smear2 | smear2>>4
	smear8               = smear4 | smear4>>8
	tacticalCombinations = (smear8 | smear8>>16) + 1
)

// Checked at compile time: the tables hold every tacticalLevels (a negative constant
// converted to uint does not compile), and the size is a power of two.
const (
	_ = uint(tacticalCombinations - tacticalProduct)
	_ = uint(0 - tacticalCombinations&(tacticalCombinations-1))
)

// level returns the level of the tactical feature f in l.
func (l tacticalLevels) level(f int) uint32 {
	return uint32(l) / tacticalUnit[f] % uint32(features[f].levels)
}

// packLevels packs the levels of the tactical features in lv (the others are ignored).
func packLevels(lv *[NumPatternFeatures]uint32) tacticalLevels {
	var l uint32
	for f, u := range tacticalUnit {
		l += lv[f] * u
	}
	return tacticalLevels(l)
}

// index returns l as an index of a table of tacticalCombinations entries.
func (l tacticalLevels) index() int { return int(l) & (tacticalCombinations - 1) }

// tactics returns the tactical levels of a placement of side c on the empty point x,
// and whether the placement is legal (ko aside).
func (s *patState) tactics(x board.Point, c board.Color) (lv tacticalLevels, legal bool) {
	own, opp := s.stones[c&1], s.stones[(c^1)&1]
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
		if saved := s.groups(weak); saved&(saved-1) != 0 {
			lv += unitEscape
		}
	}
	if ownAdj&s.libs2 != 0 && n >= 3 {
		lv += unitExtend
	}
	if a := nb & opp & s.libs2; a != 0 {
		lv += unitAtari
		if g := s.groups(a); g&(g-1) != 0 {
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

// groups returns the stones of the groups that the stones in b belong to.
func (s *patState) groups(b board.Bitboard) board.Bitboard {
	var g board.Bitboard
	for ; b != 0; b &= b - 1 {
		g |= s.grp(b.First())
	}
	return g
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
		a.Levels[FeaturePattern] = 1 + canonicalPatternCode(s.code(x, c))
		a.Levels[FeaturePoint] = 1 + uint32(pointClassOf[x])
		for f, u := range tacticalUnit {
			if u != 0 {
				a.Levels[f] = lv.level(f)
			}
		}
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
