// pattern_table.go: the pattern policy's weights compiled for play: integer weights, pattern gammas stored as bytes, and the tables the player reads.

package policy

import (
	"math"

	"littlego/board"
)

// Integer weights: a placement's weight is its product of gammas times weightScale,
// rounded half up, at least 1 for a legal placement and at most maxWeight, so that
// sums over the board are exact and fit in 31 bits with room for the last-move factor.
// The product is taken in float32 in one order, which the tests' oracle restates:
// pattern gamma (as stored) * (point gamma * weightScale) * (capture * escape *
// extend * self-atari * atari gammas). Next to the opponent's last placement the
// weight is multiplied by the last-move gamma in 1/256ths, rounding down.
const (
	weightScale = 4096
	maxWeight   = 1 << 22
	// lastShift is the fixed-point shift of the last-move multipliers (at most
	// maxLastMul).
	lastShift  = 8
	maxLastMul = 16 << lastShift
)

// patternTable is PatternWeights compiled for play: the quantised gamma of every
// code in the compact numbering of keyIndex (so that a lookup needs no canonical
// form, and the table, a third of a megabyte, stays in the cache) and the other
// gammas in the forms the player uses.
type patternTable struct {
	pattern    [numKeyIndices]uint8
	pointGamma [board.NumPoints]float32 // times weightScale
	// tactics[l.index()] is the product of the tactical gammas of the levels l.
	tactics [tacticalCombinations]float32
	lastMul [numLastLevels]uint64
	pass    [numPassLevels]uint32
	// scaled[x][q] is quantisedGamma[q] * pointGamma[x]: the float weight of a
	// placement on x with pattern byte q before its tactical factor; quiet[x][q] is
	// its integer weight when it has no tactics (scaledWeight of the same product,
	// so that both ways give the same weights).
	scaled [board.NumPoints][256]float32
	quiet  [board.NumPoints][256]uint32
	// poorLevels[l] is set when the levels l make a self-atari of two or more stones.
	poorLevels [tacticalCombinations]bool
}

// compilePattern builds the tables of w. It panics when w lacks a feature's levels.
func compilePattern(w *PatternWeights) *patternTable {
	if err := w.check(); err != nil {
		panic("policy: " + err.Error())
	}
	t := &patternTable{}
	unseen := quantiseGamma(w.Unseen)
	for i := range t.pattern {
		t.pattern[i] = unseen
	}
	for _, p := range w.Patterns {
		q := quantiseGamma(p.Gamma)
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			t.pattern[keyIndex(patternCodeImage(p.Code, s))] = q
		}
	}
	for x := range t.pointGamma {
		t.pointGamma[x] = w.Gammas[FeaturePoint][1+pointClassOf[x]] * weightScale
	}
	for l := range tacticalLevels(tacticalProduct) {
		g := float32(1)
		for f, u := range tacticalUnit {
			if u != 0 {
				g *= w.Gammas[f][l.level(f)]
			}
		}
		t.tactics[l.index()] = g
	}
	for x := range t.scaled {
		for q := range t.scaled[x] {
			t.scaled[x][q] = quantisedGamma[q] * t.pointGamma[x]
			t.quiet[x][q] = scaledWeight(t.scaled[x][q])
		}
	}
	for l := range t.poorLevels {
		t.poorLevels[l] = tacticalLevels(l).level(FeatureSelfAtari) >= 2
	}
	for l, g := range w.Gammas[FeatureLast] {
		t.lastMul[l] = uint64(min(math.Round(float64(g)*(1<<lastShift)), maxLastMul))
	}
	for l, g := range w.Gammas[FeaturePass] {
		t.pass[l] = toWeight(g)
	}
	return t
}

// Pattern gammas are stored as bytes: q stands for exp((q-128)/gammaSteps), a step of
// about 6.5%, from exp(-127/16) (1/2800) to exp(127/16) (2800).
const gammaSteps = 16

// quantisedGamma[q] is the gamma that the byte q stands for.
var quantisedGamma = func() (t [256]float32) {
	for q := range t {
		t[q] = float32(math.Exp(float64(q-128) / gammaSteps))
	}
	return t
}()

// quantiseGamma returns the byte that stands for g (1..255).
func quantiseGamma(g float32) uint8 {
	q := math.Round(math.Log(float64(g))*gammaSteps) + 128
	if !(q >= 1) { // NaN too
		return 1
	}
	return uint8(min(q, 255))
}

// toWeight turns a product of gammas into an integer weight of at least 1.
func toWeight(g float32) uint32 { return scaledWeight(g * weightScale) }

// scaledWeight turns a product of gammas times weightScale into an integer weight of
// at least 1.
func scaledWeight(v float32) uint32 {
	switch {
	case !(v >= 1): // NaN too
		return 1
	case v >= maxWeight:
		return maxWeight
	}
	return uint32(v + 0.5)
}
