// pattern.go: Pattern, the rollout policy that samples moves in proportion to learned 3x3-pattern and tactical weights, and the type of its weights.

package policy

//go:generate go run ../cmd/littlego train-patterns fit -data testdata/patterns/selfplay.txt -o pattern_weights.json

import (
	"sync"

	"littlego/board"
)

// Pattern plays each move at random in proportion to its weight, the product of the
// learned gammas of its features (pattern_features.go); its Player also rates the
// moves of new tree nodes (Priorer). The zero Pattern uses the built-in weights of
// pattern_weights.json.
type Pattern struct {
	table *patternTable
}

// NewPattern returns the pattern policy with the weights w.
func NewPattern(w *PatternWeights) Pattern {
	return Pattern{table: compilePattern(w)}
}

// Name returns "pattern".
func (Pattern) Name() string { return "pattern" }

// NewPlayer returns a Player with its own scratch state. It also implements Priorer.
func (pt Pattern) NewPlayer() Player { return &patternPlayer{t: pt.tables()} }

// tables returns the compiled weights of pt.
func (pt Pattern) tables() *patternTable {
	if pt.table != nil {
		return pt.table
	}
	defaultPatternOnce.Do(func() { defaultPattern = compilePattern(learnedPatternWeights()) })
	return defaultPattern
}

var (
	defaultPatternOnce sync.Once
	defaultPattern     *patternTable
)

// Probabilities sets out[a] to the probability that the learned model gives the
// action a in pos when the opponent's last action was last (board.NoPoint if
// unknown): what the priors are made of. Move and Playout choose by it too, except
// that they do not pass while an acceptable placement remains. A game that is over
// gets all zeros.
func (pt Pattern) Probabilities(pos *board.Position, last board.Point, out *[board.NumActions]float64) {
	if pos.Over {
		*out = [board.NumActions]float64{}
		return
	}
	var p patternPlayer
	p.t = pt.tables()
	p.load(pos, last)
	p.probabilities(out)
}

// PatternGamma is the gamma of one 3x3 code.
type PatternGamma struct {
	Code  uint32
	Gamma float32
}

// PatternWeights are the gammas of the pattern policy's features.
type PatternWeights struct {
	// Source says how the weights were made (the weights file keeps it).
	Source string
	// Patterns holds the codes (in canonical form, as FeaturePattern's levels less
	// one) with a gamma of their own. The player stores them to about 6.5%.
	Patterns []PatternGamma
	// Unseen is the gamma of the codes not in Patterns.
	Unseen float32
	// Gammas[f][l] is the gamma of level l of feature f, for every feature but
	// FeaturePattern: NumLevels(f) of them, level 0 ("absent" for a tactical
	// feature) included, which should be 1.
	Gammas [NumPatternFeatures][]float32
}
