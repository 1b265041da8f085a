// movescores.go: the numbers KataGo's formats give a move, from a snapshot: the win rate and its lower bound, the scores told apart as proved or estimated, and the priors; one place for every front end that speaks KataGo (GTP's kata-analyze, the JSON analysis protocol).

package analysis

import (
	"math"

	"littlego/board"
	"littlego/facts"
	"littlego/lib/matchstats"
	"littlego/policy"
)

// Rates returns m's win rate for the mover and its lower bound: 1 for a proved win and
// 0 for a proved loss (exact, so the bound is the rate), else the search's estimate and
// the lower end of its 95% Wilson interval (0 without visits).
func (m *Move) Rates() (w, lcb float64) {
	switch m.Value {
	case facts.Win:
		return 1, 1
	case facts.Loss:
		return 0, 0
	}
	if m.Visits <= 0 {
		return m.WinRate, 0
	}
	lo, _ := matchstats.WilsonRate(m.WinRate, m.Visits)
	return m.WinRate, lo
}

// Scores are KataGo's score fields of one move, in points for the mover.
type Scores struct {
	// Lead is scoreLead (and scoreMean): exact where the margin is proved, else the
	// estimate moved into the margin's proved bounds.
	Lead float64
	// Stdev is scoreStdev: 0 for a proved margin, else the spread the proved bounds
	// leave, (high − low)/√12.
	Stdev float64
	// Selfplay is scoreSelfplay: the estimate itself (the proved margin where there is
	// one).
	Selfplay float64
	// Exact says the margin is proved.
	Exact bool
}

// Scores returns KataGo's scores of m, a move of pos: the final margin black − white
// after it less komi, for the mover. A proved margin gives all three exactly, with
// Stdev 0. Otherwise the search keeps no scores, so the estimate is estimate(end) (nil:
// end.Margin(), the stone difference) of the position end at the end of the move's
// principal variation, moved into the proved bounds for Lead.
func (m *Move) Scores(pos board.Position, komi float64, estimate func(end board.Position) int) Scores {
	sign := 1.0
	if pos.Turn == board.White {
		sign = -1
	}
	if margin, exact := m.After.Margin(); exact {
		lead := sign * (float64(margin) - komi)
		return Scores{Lead: lead, Selfplay: lead, Exact: true}
	}
	end := pos
	for _, q := range m.PV {
		if !end.Act(q) {
			break
		}
	}
	est := end.Margin()
	if estimate != nil {
		est = estimate(end)
	}
	within := min(max(est, m.After.Low), m.After.High)
	return Scores{Lead: sign * (float64(within) - komi), Stdev: Spread(m.After), Selfplay: sign * (float64(est) - komi)}
}

// Spread returns the standard deviation of a margin spread evenly over f's proved
// bounds, (high − low)/√12: 0 when the margin is exact, about 14.4 when nothing is
// proved.
func Spread(f facts.Fact) float64 {
	return float64(f.High-f.Low) / math.Sqrt(12)
}

// Priors returns the prior probability of each action of pos, summing to 1 over the
// legal ones (0 elsewhere): from the named rollout policy's prior knowledge (each legal
// action's prior win rate, normalised) when it has some and usePriors is set,
// otherwise uniform. In a finished game the pass, the one action left (Finished), has
// them all.
func Priors(pos *board.Position, policyName string, usePriors bool) [board.NumActions]float64 {
	var out [board.NumActions]float64
	if pos.Over {
		out[board.Pass] = 1
		return out
	}
	legal := pos.Legal() | board.Pass.Bit()
	var raw [board.NumActions]float64
	var pr [board.NumActions]policy.Prior
	var priorer policy.Priorer
	if pol, err := policy.ByName(policyName); err == nil && usePriors {
		priorer, _ = pol.NewPlayer().(policy.Priorer)
	}
	if priorer != nil {
		priorer.Priors(pos, &pr)
	}
	total := 0.0
	for p := board.Point(0); p < board.NumActions; p++ {
		if !legal.Has(p) {
			continue
		}
		raw[p] = 1
		if priorer != nil && pr[p].Visits > 0 {
			raw[p] = float64(pr[p].Wins) / float64(pr[p].Visits)
		}
		total += raw[p]
	}
	for p := range raw {
		if total > 0 {
			out[p] = raw[p] / total
		}
	}
	return out
}
