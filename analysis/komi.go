// komi.go: what the course's proofs say under another komi. The tables, the book and the
// solver prove values for the course's komi (2.5) and bounds on the final margin, black
// − white stones; under a half-point komi K Black wins exactly when the margin is above
// K, so an exact margin decides every komi, and the bounds decide K where they lie on
// one side of it. Elsewhere the value is estimated: the share of playouts won under K.

package analysis

import (
	"math"
	"slices"

	"littlego/board"
	"littlego/facts"
	"littlego/policy"
	"littlego/record"
)

// HalfPointKomi reports whether komi is a half-point komi (…, -0.5, 0.5, 1.5, …), under
// which no game is drawn.
func HalfPointKomi(komi float64) bool {
	return !math.IsNaN(komi) && !math.IsInf(komi, 0) && math.Abs(komi-math.Floor(komi)-0.5) < 1e-9
}

// KomiValue returns the value for f.Turn that f proves under komi: under the course's
// komi f.Value; otherwise what the margin's bounds decide (Black wins when Low > komi,
// loses when High < komi), Unknown when they lie on both sides of it.
func KomiValue(f facts.Fact, komi float64) facts.Value {
	if komi == board.Komi {
		return f.Value
	}
	var black facts.Value
	switch {
	case float64(f.Low) > komi:
		black = facts.Win
	case float64(f.High) < komi:
		black = facts.Loss
	default:
		return facts.Unknown
	}
	if f.Turn == board.White {
		return black.Flip()
	}
	return black
}

// KomiOutcome says what f proves of the result under komi, in Go's notation, as
// facts.Fact.Outcome does under the course's komi: the exact result, else the bounds
// (the nearer result first), else "unknown".
func KomiOutcome(f facts.Fact, komi float64) string {
	if komi == board.Komi {
		return f.Outcome()
	}
	res := func(m int) string { return record.Score(float64(m), komi) }
	lo, hi := float64(f.Low), float64(f.High)
	switch {
	case f.Low == f.High:
		return res(f.Low)
	case lo > komi && f.High >= facts.MaxMargin:
		return res(f.Low) + " or more"
	case lo > komi:
		return res(f.Low) + " to " + res(f.High)
	case hi < komi && f.Low <= facts.MinMargin:
		return res(f.High) + " or more"
	case hi < komi:
		return res(f.High) + " to " + res(f.Low)
	case f.Low > facts.MinMargin || f.High < facts.MaxMargin:
		return "between " + res(f.Low) + " and " + res(f.High)
	}
	return "unknown"
}

// PlayoutWinRate returns the share of OwnershipPlayouts playouts from pos (the named
// rollout policy, from seed) that end with a win under komi for the side mover: the
// estimate of a value not proved under that komi. A finished game is 1 or 0.
func PlayoutWinRate(pos board.Position, policyName string, seed uint64, komi float64, mover board.Color) float64 {
	wins := func(end board.Position) bool { return (float64(end.Margin()) > komi) == (mover == board.Black) }
	if pos.Over {
		if wins(pos) {
			return 1
		}
		return 0
	}
	pol, err := policy.ByName(policyName)
	if err != nil {
		pol = policy.Uniform{}
	}
	player, rng := pol.NewPlayer(), policy.NewRand(seed)
	won := 0
	for range OwnershipPlayouts {
		end := pos
		var amaf [2]board.Bitboard
		player.Playout(&end, &rng, &amaf)
		if wins(end) {
			won++
		}
	}
	return float64(won) / OwnershipPlayouts
}

// UnderKomi returns s as it reads under komi: every value the margin bounds decide for
// komi proved (the position's and each move's), the others estimated by
// PlayoutWinRate from the end of the move's principal variation (the search's own rate
// is for the course's komi), and the moves ranked again (proved wins, the unproved,
// proved losses; the better exact margin, more visits, the higher rate). Under the
// course's komi it returns s.
func (s *Snapshot) UnderKomi(komi float64, policyName string) *Snapshot {
	if komi == board.Komi {
		return s
	}
	out := *s
	out.Fact = underKomi(s.Fact, komi)
	out.Moves = make([]Move, len(s.Moves))
	for k, m := range s.Moves {
		m.After = underKomi(m.After, komi)
		m.Value = m.After.Value.Flip()
		if m.Value == facts.Unknown {
			if m.Status == Proved {
				m.Status = Estimated
			}
			end := s.Position
			for _, q := range m.PV {
				if !end.Act(q) {
					break
				}
			}
			m.WinRate = PlayoutWinRate(end, policyName, end.Hash, komi, s.Position.Turn)
		}
		out.Moves[k] = m
	}
	turn := s.Position.Turn
	slicesSort(out.Moves, func(x, y *Move) int { return compare(x, y, turn) })
	return &out
}

// underKomi returns f with its value and source under komi: the bounds stay, the value
// is what they decide.
func underKomi(f facts.Fact, komi float64) facts.Fact {
	v := KomiValue(f, komi)
	if v != f.Value {
		f.Value = v
		if v == facts.Unknown {
			f.Source = facts.None
		}
		f.Winning, f.Complete = nil, v == facts.Loss
	}
	return f
}

// slicesSort sorts moves stably by cmp.
func slicesSort(moves []Move, cmp func(x, y *Move) int) {
	slices.SortStableFunc(moves, func(x, y Move) int { return cmp(&x, &y) })
}
