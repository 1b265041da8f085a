// visits.go: the visits an info line shows, which a GUI can trust: within one analysis
// a move's visits never fall from one line to the next, and the proved moves keep their
// order (the proved best first, then by visits).

package gtp

import (
	"slices"

	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// shownVisits returns the visits an info line shows for each move of snap, in its order.
// They are the search's, with one change, as a search that knew the proofs would spend
// them: once a move is proved lost (and the best move is not), its count stops where the
// last line before the proof showed it (none before the first line) and what the search adds to it goes to the best move (a
// search stops visiting a move proved lost); a GUI that averages the win rates weighted
// by visits (Lizzie) then reads a proved win as won. Each move's count is at least what
// the previous line of the same analysis showed: the counts never fall.
func (v *infoView) shownVisits(snap *analysis.Snapshot) []int {
	if v.frozen == nil {
		v.frozen, v.floor = map[board.Point]int{}, map[board.Point]int{}
	}
	shown := make([]int, len(snap.Moves))
	for k, m := range snap.Moves {
		shown[k] = m.Visits
	}
	if len(shown) == 0 {
		return shown
	}
	if snap.Moves[0].Value != facts.Loss {
		for k := 1; k < len(shown); k++ {
			m := &snap.Moves[k]
			if m.Value != facts.Loss {
				continue
			}
			f, ok := v.frozen[m.Action]
			if !ok {
				f = v.floor[m.Action] // what the last line showed: none before the first
				v.frozen[m.Action] = f
			}
			if f < m.Visits {
				shown[0] += m.Visits - f
				shown[k] = f
			}
		}
	}
	for k, m := range snap.Moves {
		shown[k] = max(shown[k], v.floor[m.Action])
		v.floor[m.Action] = shown[k]
	}
	return shown
}

// displayOrder returns the indices of snap's moves in the order a line shows them: the
// driver's (proved wins, the unproved, proved losses; among proved moves the better
// exact margin first), with each run of moves of the same class and margin put in order
// of the visits shown, more first (ties: the driver's order).
func (v *infoView) displayOrder(snap *analysis.Snapshot, shown []int) []int {
	type group struct {
		class, margin int
		exact         bool
	}
	groupOf := func(k int) group {
		m := &snap.Moves[k]
		margin, exact := m.After.Margin()
		return group{map[facts.Value]int{facts.Win: 0, facts.Unknown: 1, facts.Loss: 2}[m.Value], margin, exact}
	}
	order := make([]int, len(snap.Moves))
	for k := range order {
		order[k] = k
	}
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && groupOf(end) == groupOf(start) {
			end++
		}
		slices.SortStableFunc(order[start:end], func(x, y int) int { return shown[y] - shown[x] })
		start = end
	}
	return order
}
