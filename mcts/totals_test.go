// totals_test.go: merging the root statistics of several searches.

package mcts

import (
	"testing"

	"littlego/board"
)

func TestTotalsMergeAndRank(t *testing.T) {
	var tot Totals
	tot.Add(&Result{Moves: []MoveStat{
		{Move: 3, Visits: 10, WinRate: 0.5},
		{Move: 7, Visits: 30, WinRate: 0.2},
		{Move: board.Pass, Visits: 5, WinRate: 0.1},
		{Move: -1, Visits: 99}, {Move: board.NumActions, Visits: 99}, // out of range: skipped
	}})
	tot.Add(&Result{Moves: []MoveStat{
		{Move: 3, Visits: 30, WinRate: 0.9},
		{Move: 7, Visits: 5, WinRate: 0.4, Proof: Loss},
		{Move: 12, Proof: Win},
	}})
	if got := tot[3]; got.Visits != 40 || got.Wins != 0.5*10+0.9*30 || got.Proof != Unknown {
		t.Fatalf("action 3: %+v", got)
	}
	if w := tot[3].WinRate(); w != (0.5*10+0.9*30)/40 {
		t.Fatalf("action 3's win rate %v", w)
	}
	if tot[7].Proof != Loss || tot[7].WinRate() != 0 || tot[12].WinRate() != 1 || tot[20].WinRate() != 0 {
		t.Fatalf("proven or unvisited win rates: %v %v %v", tot[7].WinRate(), tot[12].WinRate(), tot[20].WinRate())
	}
	// A proof from one search holds after a later search that did not find it.
	tot.Add(&Result{Moves: []MoveStat{{Move: 12, Visits: 4, WinRate: 0.25}}})
	if tot[12].Proof != Win {
		t.Fatal("a later search without the proof dropped it")
	}
	var order []board.Point
	for _, st := range tot.Ranked() {
		order = append(order, st.Move)
	}
	// Proven wins first, then unproven by visits, then proven losses.
	want := []board.Point{12, 3, board.Pass, 7}
	if len(order) != len(want) {
		t.Fatalf("ranked %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("ranked %v, want %v", order, want)
		}
	}
}
