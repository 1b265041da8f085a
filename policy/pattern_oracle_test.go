// pattern_oracle_test.go: the pattern policy computed from scratch, an oracle that shares no code and no compiled table with the incremental player.

package policy

import (
	"math"

	"littlego/board"
)

// oracle rates the moves of a position the slow, plain way, from a board.Position and
// the gammas as fitted (PatternWeights) alone, by the definitions written in the
// features' doc comments: it plays each candidate with board.Position.Play, finds
// groups and liberties with board.Group, and takes a 3x3 code's canonical form by
// reading the point in the eight images of the position (board.Symmetry.Apply). It
// restates, rather than calls, the player's rounding rules (oracleScale and the rest),
// so that a fault in the player's tables or state cannot hide in both.
type oracle struct {
	w *PatternWeights
	// patterns maps a canonical code to its gamma as fitted.
	patterns map[uint32]float32
}

// The player's integer weights, as its documentation states them: a placement's weight
// is the float32 product quantised(pattern gamma) * (point gamma * oracleScale) *
// (capture * escape * extend * self-atari * atari gammas), taken in that order and
// rounded half up to an integer in [1, oracleMaxWeight]; next to the opponent's last
// placement it is multiplied by the last-move gamma in 1/256ths (at most 16), rounding
// down. Pattern gammas are stored as exp(k/oracleGammaSteps) for the integer k nearest
// to oracleGammaSteps*ln(gamma), k in -127..127.
const (
	oracleScale      = 4096
	oracleMaxWeight  = 1 << 22
	oracleGammaSteps = 16
	oracleLastUnit   = 256
	oracleMaxLast    = 16 * oracleLastUnit
	// A legal action's prior is oraclePriorVisits virtual simulations at a win rate of
	// 0.5 + oraclePriorSpread*(rel-1)/(rel+1), rel its probability times the number
	// of legal actions.
	oraclePriorVisits = 20
	oraclePriorSpread = 0.35
)

func newOracle(w *PatternWeights) *oracle {
	o := &oracle{w: w, patterns: map[uint32]float32{}}
	for _, p := range w.Patterns {
		o.patterns[p.Code] = p.Gamma
	}
	return o
}

// oracleRating is what the oracle makes of a position: the feature levels and the
// weight of every legal placement (the ko point is not one), and Pass's weight under
// the learned model.
type oracleRating struct {
	levels [board.NumPoints][NumPatternFeatures]uint32
	weight [board.NumActions]uint32
	legal  board.Bitboard
	// acceptable: some legal placement is not a self-atari of two or more stones.
	acceptable bool
	// forced: the opponent has just passed and passing wins, so the policy passes.
	forced bool
}

// rate rates the actions of pos (not over) for the side to move when the opponent's
// last action was last (board.NoPoint if unknown).
func (o *oracle) rate(pos *board.Position, last board.Point) oracleRating {
	var r oracleRating
	var images [board.NumSymmetries]board.Position
	var atari [board.NumSymmetries]board.Bitboard
	for s := range board.NumSymmetries {
		images[s] = board.Symmetry(s).Apply(*pos)
		atari[s] = oracleInAtari(&images[s])
	}
	for x := board.Point(0); x < board.NumPoints; x++ {
		after := *pos
		if _, ok := after.Play(x); !ok {
			continue // occupied, suicide or the ko point
		}
		lv := o.levels(pos, &after, x, last)
		code := uint32(math.MaxUint32)
		for s := range board.NumSymmetries {
			img := board.Symmetry(s).Point(x)
			code = min(code, oracleCode(&images[s], atari[s], img, pos.Turn))
		}
		lv[FeaturePattern] = 1 + code
		r.levels[x] = lv
		r.weight[x] = o.placementWeight(&lv)
		r.legal |= x.Bit()
		if lv[FeatureSelfAtari] < 2 {
			r.acceptable = true
		}
	}
	switch {
	case pos.Passed:
		r.forced = pos.Winner() == pos.Turn // a pass ends the game: take a win, never a loss
	case pos.Move == pos.Last:
		// a placement can only add to the score on the last move
	default:
		r.weight[board.Pass] = oracleRound(o.w.Gammas[FeaturePass][oraclePassLevel(pos)] * oracleScale)
	}
	return r
}

// levels returns the levels of every feature of the placement x, FeaturePattern aside,
// from the position before it (pos) and after it (after).
func (o *oracle) levels(pos, after *board.Position, x, last board.Point) [NumPatternFeatures]uint32 {
	var lv [NumPatternFeatures]uint32
	c := pos.Turn
	lv[FeaturePoint] = 1 + oraclePointClass(x)
	switch captured := (pos.Stones[c^1] &^ after.Stones[c^1]).Count(); {
	case captured >= 3:
		lv[FeatureCapture] = 4
	case captured == 2:
		lv[FeatureCapture] = 3
	case captured == 1 && after.Ko != 0:
		lv[FeatureCapture] = 2
	case captured == 1:
		lv[FeatureCapture] = 1
	}
	grp := board.Group(x.Bit(), after.Stones[c])
	libs := (grp.Neighbours() & after.Empty()).Count()
	if libs == 1 {
		switch n := grp.Count(); {
		case n == 1:
			lv[FeatureSelfAtari] = 1
		case n <= 3:
			lv[FeatureSelfAtari] = 2
		default:
			lv[FeatureSelfAtari] = 3
		}
	}
	var saved, extended, attacked board.Bitboard
	for b := board.NeighboursOf(x); b != 0; b &= b - 1 {
		y := b.First()
		for _, side := range []board.Color{c, c ^ 1} {
			if !pos.Stones[side].Has(y) {
				continue
			}
			g := board.Group(y.Bit(), pos.Stones[side])
			n := (g.Neighbours() & pos.Empty()).Count()
			switch {
			case side == c && n == 1:
				saved |= g
			case side == c && n == 2:
				extended |= g
			case side != c && n == 2:
				attacked |= g
			}
		}
	}
	if saved != 0 && libs >= 2 {
		lv[FeatureEscape] = oracleOneOrMore(saved)
	}
	if extended != 0 && libs >= 3 {
		lv[FeatureExtend] = 1
	}
	if attacked != 0 {
		lv[FeatureAtari] = oracleOneOrMore(attacked)
	}
	lv[FeatureLast] = oracleLastLevel(x, last)
	return lv
}

// oracleOneOrMore returns 1 for a single stone, 2 for more.
func oracleOneOrMore(stones board.Bitboard) uint32 {
	if stones.Count() == 1 {
		return 1
	}
	return 2
}

// placementWeight returns the integer weight of a placement with the levels lv.
func (o *oracle) placementWeight(lv *[NumPatternFeatures]uint32) uint32 {
	w := o.w
	g, ok := o.patterns[lv[FeaturePattern]-1]
	if !ok {
		g = w.Unseen
	}
	base := oracleQuantised(g) * (w.Gammas[FeaturePoint][lv[FeaturePoint]] * oracleScale)
	tactics := w.Gammas[FeatureCapture][lv[FeatureCapture]] * w.Gammas[FeatureEscape][lv[FeatureEscape]] * w.Gammas[FeatureExtend][lv[FeatureExtend]] *
		w.Gammas[FeatureSelfAtari][lv[FeatureSelfAtari]] * w.Gammas[FeatureAtari][lv[FeatureAtari]]
	v := oracleRound(base * tactics)
	if l := lv[FeatureLast]; l != 0 {
		m := min(math.Round(float64(w.Gammas[FeatureLast][l])*oracleLastUnit), oracleMaxLast)
		v = uint32(uint64(v) * uint64(m) / oracleLastUnit)
	}
	return v
}

// oracleQuantised returns the stored value of the pattern gamma g.
func oracleQuantised(g float32) float32 {
	k := math.Round(math.Log(float64(g)) * oracleGammaSteps)
	if !(k >= -127) { // NaN too
		k = -127
	}
	k = min(k, 127)
	return float32(math.Exp(k / oracleGammaSteps))
}

// oracleRound rounds v half up to an integer weight in [1, oracleMaxWeight].
func oracleRound(v float32) uint32 {
	switch {
	case !(v >= 1):
		return 1
	case v >= oracleMaxWeight:
		return oracleMaxWeight
	}
	return uint32(math.Floor(float64(v) + 0.5))
}

// oracleInAtari returns the stones of pos whose group has a single liberty.
func oracleInAtari(pos *board.Position) board.Bitboard {
	var atari board.Bitboard
	for _, own := range pos.Stones {
		for rest := own; rest != 0; {
			g := board.Group(rest&-rest, own)
			rest &^= g
			if (g.Neighbours() & pos.Empty()).Count() == 1 {
				atari |= g
			}
		}
	}
	return atari
}

// oracleState returns the state of x's neighbour y in direction d for side c: codes[0]
// off the board (on false), codes[1] c's stone, codes[2] the opponent's, 0 empty.
func oracleState(pos *board.Position, x board.Point, d [2]int, c board.Color, codes [3]uint32) (st uint32, y board.Point, on bool) {
	y, on = oracleOffset(x, d)
	switch {
	case !on:
		st = codes[0]
	case pos.Stones[c].Has(y):
		st = codes[1]
	case pos.Stones[c^1].Has(y):
		st = codes[2]
	}
	return st, y, on
}

// oracleCode returns the 3x3 code of the empty point x for side c in pos, whose stones
// in atari are atari, field by field as patternCodeBits describes it.
func oracleCode(pos *board.Position, atari board.Bitboard, x board.Point, c board.Color) uint32 {
	orth := [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}   // N, E, S, W
	diag := [4][2]int{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}} // NE, SE, SW, NW
	var code uint32
	for k, d := range orth {
		st, y, on := oracleState(pos, x, d, c, [3]uint32{1, 2, 5})
		if on && atari.Has(y) {
			st += 2
		}
		code |= st << (3 * k)
	}
	for k, d := range diag {
		st, _, _ := oracleState(pos, x, d, c, [3]uint32{3, 1, 2})
		code |= st << (12 + 2*k)
	}
	return code
}

// oracleOffset returns the point at the offset d (row, column) from x, and whether it
// is on the board.
func oracleOffset(x board.Point, d [2]int) (board.Point, bool) {
	i, j := x.Row()+d[0], x.Col()+d[1]
	if i < 0 || i >= board.Size || j < 0 || j >= board.Size {
		return board.NoPoint, false
	}
	return board.PointAt(i, j), true
}

// oraclePointClass returns the class of x: the rank of the least image of x under the
// symmetries among the least images of all points (corner 0,0; 0,1; 0,2; 1,1; 1,2;
// centre 2,2).
func oraclePointClass(x board.Point) uint32 {
	least := func(p board.Point) board.Point {
		m := p
		for s := range board.NumSymmetries {
			m = min(m, board.Symmetry(s).Point(p))
		}
		return m
	}
	var classes []board.Point
	for p := board.Point(0); p < board.NumPoints; p++ {
		if least(p) == p {
			classes = append(classes, p)
		}
	}
	for k, p := range classes {
		if p == least(x) {
			return uint32(k)
		}
	}
	panic("oracle: a point without a class")
}

// oracleLastLevel returns FeatureLast's level of x after the opponent's action last.
func oracleLastLevel(x, last board.Point) uint32 {
	if last < 0 || last >= board.NumPoints {
		return 0 // a pass, or unknown
	}
	di, dj := x.Row()-last.Row(), x.Col()-last.Col()
	switch di*di + dj*dj {
	case 1:
		return 1
	case 2:
		return 2
	}
	return 0
}

// oraclePassLevel returns FeaturePass's level in pos: 1 + 2*stage, plus 1 when the side
// to move would lose were the game to end now, stage 0 with 13 or more moves left, 1
// with 9-12, 2 with 5-8, 3 with fewer.
func oraclePassLevel(pos *board.Position) uint32 {
	var stage uint32
	switch left := pos.MovesLeft(); {
	case left >= 13:
		stage = 0
	case left >= 9:
		stage = 1
	case left >= 5:
		stage = 2
	default:
		stage = 3
	}
	level := 1 + 2*stage
	if pos.Winner() != pos.Turn {
		level++
	}
	return level
}

// choose draws the playout's action from r, as Move and Playout do: a forced pass, else
// one random number scaled to the sum of the weights, Pass last and weighed only when
// no acceptable placement is left.
func (r *oracleRating) choose(rng *Rand) board.Point {
	if r.forced {
		return board.Pass
	}
	var all uint64
	for x := range board.NumPoints {
		all += uint64(r.weight[x])
	}
	if !r.acceptable {
		all += uint64(r.weight[board.Pass])
	}
	if all == 0 {
		return board.Pass
	}
	n := (rng.Uint64() >> 32) * all >> 32
	for x := board.Point(0); x < board.NumPoints; x++ {
		v := uint64(r.weight[x])
		if n < v {
			return x
		}
		n -= v
	}
	return board.Pass
}

// probabilities returns the learned model's probability of every action: Pass
// weighed like a placement.
func (r *oracleRating) probabilities() [board.NumActions]float64 {
	var out [board.NumActions]float64
	var all float64
	if !r.forced {
		for _, v := range r.weight {
			all += float64(v)
		}
	}
	if all == 0 {
		out[board.Pass] = 1
		return out
	}
	for a, v := range r.weight {
		out[a] = float64(v) / all
	}
	return out
}

// priors returns the priors of the legal actions by their probabilities.
func (r *oracleRating) priors() [board.NumActions]Prior {
	prob := r.probabilities()
	var out [board.NumActions]Prior
	n := float64(r.legal.Count() + 1)
	for a := board.Point(0); a < board.NumActions; a++ {
		if a != board.Pass && !r.legal.Has(a) {
			continue
		}
		rel := prob[a] * n
		out[a] = Prior{Visits: oraclePriorVisits, Wins: float32(oraclePriorVisits * (0.5 + oraclePriorSpread*(rel-1)/(rel+1)))}
	}
	return out
}

// playout plays pos to the end as the pattern policy's Playout does, the opponent's
// last action having been last, adding the new placements to amaf.
func (o *oracle) playout(pos *board.Position, last board.Point, rng *Rand, amaf *[2]board.Bitboard) {
	for !pos.Over {
		r := o.rate(pos, last)
		x := r.choose(rng)
		if x != board.Pass && (amaf[0]|amaf[1])&x.Bit() == 0 {
			amaf[pos.Turn] |= x.Bit()
		}
		if !pos.Act(x) {
			panic("oracle: an illegal choice")
		}
		last = x
	}
}
