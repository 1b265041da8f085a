// pattern_priors.go: PatternPriors, Light's playouts with the pattern policy's priors for new tree nodes.

package policy

import "littlego/board"

// PatternPriors plays Light's fast playouts and rates the moves of new tree nodes with
// the pattern policy's priors (Pattern's Priors): it tells how much of the pattern
// policy's strength comes from the priors and how much from its playouts (the
// matches are in docs/policy.md).
type PatternPriors struct {
	pattern Pattern
}

// NewPatternPriors returns the mix with the pattern weights w (the zero PatternPriors
// uses the built-in weights).
func NewPatternPriors(w *PatternWeights) PatternPriors {
	return PatternPriors{pattern: NewPattern(w)}
}

// Name returns "pattern-priors".
func (PatternPriors) Name() string { return "pattern-priors" }

// NewPlayer returns a Player with its own scratch state for the priors.
func (pp PatternPriors) NewPlayer() Player {
	return &patternPriorsPlayer{pat: patternPlayer{t: pp.pattern.tables()}}
}

// patternPriorsPlayer is the Player of PatternPriors.
type patternPriorsPlayer struct {
	pat patternPlayer
}

// Move returns Light's choice in pos.
func (*patternPriorsPlayer) Move(pos *board.Position, rng *Rand) board.Point {
	return Light{}.Move(pos, rng)
}

// Playout plays pos to the end with Light.
func (*patternPriorsPlayer) Playout(pos *board.Position, rng *Rand, amaf *[2]board.Bitboard) {
	Light{}.Playout(pos, rng, amaf)
}

// Priors rates the legal actions of pos as Pattern's Priors does.
func (p *patternPriorsPlayer) Priors(pos *board.Position, out *[board.NumActions]Prior) {
	p.pat.Priors(pos, out)
}
