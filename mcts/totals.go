// totals.go: the root statistics of several searches of one position, merged as one search would rank them.

package mcts

import "littlego/board"

// ActionTotal is one root action's statistics summed over searches.
type ActionTotal struct {
	Visits int
	Wins   float64 // visits times win rate, summed
	Proof  Proof
}

// WinRate returns the merged win rate: 1 for a proven win, 0 for a proven loss or an
// action without visits.
func (a *ActionTotal) WinRate() float64 {
	switch {
	case a.Proof == Win:
		return 1
	case a.Proof == Loss, a.Visits == 0:
		return 0
	}
	return a.Wins / float64(a.Visits)
}

// Totals merges the root statistics of successive searches (or chunks of one) of the
// same position, action by action.
type Totals [board.NumActions]ActionTotal

// Add merges res's root statistics, skipping actions out of range; a proof, being
// exact, holds whichever search found it.
func (t *Totals) Add(res *Result) {
	for _, m := range res.Moves {
		if m.Move < 0 || int(m.Move) >= board.NumActions {
			continue
		}
		a := &t[m.Move]
		a.Visits += m.Visits
		a.Wins += m.WinRate * float64(m.Visits)
		if m.Proof != Unknown {
			a.Proof = m.Proof
		}
	}
}

// Ranked returns the actions that were searched or proven, best first by the choice
// rule of Result.Moves (SortMoves), with their visits, proof and mean win rate.
func (t *Totals) Ranked() []MoveStat {
	var stats []MoveStat
	for p := board.Point(0); p < board.NumActions; p++ {
		a := &t[p]
		if a.Visits == 0 && a.Proof == Unknown {
			continue
		}
		st := MoveStat{Move: p, Visits: a.Visits, Proof: a.Proof}
		if a.Visits > 0 {
			st.WinRate = a.Wins / float64(a.Visits)
		}
		stats = append(stats, st)
	}
	SortMoves(stats)
	return stats
}
