package mcts

import "sort"

// SortMoves orders ms by the choice rule of Result.Moves, best first: proven wins, then
// unproven moves, then proven losses; within each, more visits, then the higher win
// rate, then the lower action. Callers that merge several searches' statistics use it
// to rank them as one search would.
func SortMoves(ms []MoveStat) {
	sort.Slice(ms, func(i, j int) bool { return rank(&ms[i], &ms[j]) })
}
