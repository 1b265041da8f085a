// pattern_priors.go: the pattern policy's priors for new tree nodes, and PatternPriors, Light's playouts with those priors.

package policy

import "littlego/board"

// Prior magnitudes of the pattern policy's Priors: every legal action gets
// patternPriorVisits virtual simulations, with a win rate of 0.5 for an action of
// average weight, rising towards 0.5+patternPriorSpread for the favourites and falling
// towards 0.5-patternPriorSpread for the moves the policy hardly ever plays
// (Gelly and Silver, "Combining online and offline knowledge in UCT", ICML 2007).
const (
	patternPriorVisits = 20
	patternPriorSpread = 0.35
)

// Priors rates the legal actions of pos for a new tree node from the policy's
// probabilities: rel = probability * number of legal actions, win rate 0.5 +
// patternPriorSpread*(rel-1)/(rel+1). Actions the policy never takes (a losing pass
// after the opponent's pass, a pass on the last move) get the low end.
func (p *patternPlayer) Priors(pos *board.Position, out *[board.NumActions]Prior) {
	p.priors(pos, board.NoPoint, out)
}

// priors is Priors when the opponent's last action was last (board.NoPoint if
// unknown).
func (p *patternPlayer) priors(pos *board.Position, last board.Point, out *[board.NumActions]Prior) {
	*out = [board.NumActions]Prior{}
	if pos.Over {
		return
	}
	p.load(pos, last)
	c := p.turn
	p.refresh(c)
	passW, forced := p.passWeight(c)
	if forced {
		passW = 1
	}
	// The legal placements are those of positive weight, the ko point aside; their
	// sampling weights are the stored ones, corrected at the special points.
	special := p.correct(c)
	w := &p.weight[c]
	var raw [board.NumPoints]uint32
	var legal board.Bitboard
	all := uint64(passW)
	for x := range board.NumPoints {
		v := w[x]
		if v == 0 || p.ko.Has(board.Point(x)) {
			continue
		}
		if special.Has(board.Point(x)) {
			v = p.adj[x]
		}
		if forced {
			v = 0
		}
		raw[x] = v
		legal |= board.Point(x).Bit()
		all += uint64(v)
	}
	if all == 0 {
		passW, all = 1, 1 // no legal placement: Pass is certain
	}
	// rel = probability * number of legal actions.
	scale := float64(legal.Count()+1) / float64(all)
	set := func(a board.Point, v uint32) {
		rel := float64(v) * scale
		rate := 0.5 + patternPriorSpread*(rel-1)/(rel+1)
		out[a] = Prior{Visits: patternPriorVisits, Wins: float32(patternPriorVisits * rate)}
	}
	for b := legal; b != 0; b &= b - 1 {
		set(b.First(), raw[b.First()])
	}
	set(board.Pass, passW)
}

// PatternPriors plays Light's fast playouts and rates the moves of new tree nodes with
// the pattern policy's priors (Pattern's Priors): it tells how much of the pattern
// policy's strength comes from the priors and how much from its playouts (the
// matches are in docs/policy.md).
type PatternPriors struct {
	pattern Pattern
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
