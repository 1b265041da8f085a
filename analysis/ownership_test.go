package analysis

import (
	"testing"

	"littlego/board"
	"littlego/policy"
)

// Ownership is the share of the playouts that end with each colour's stone on each point:
// the same playouts counted by hand give the same values, and a finished game is its
// own end exactly.
func TestOwnershipIsTheShareOfPlayouts(t *testing.T) {
	pos := board.New()
	for _, p := range []board.Point{board.PointAt(2, 2), board.PointAt(1, 2), board.PointAt(2, 1)} {
		pos.Play(p)
	}
	got := Ownership(pos, "pattern", 9)
	pol, _ := policy.ByName("pattern")
	player, rng := pol.NewPlayer(), policy.NewRand(9)
	var black, white [board.NumPoints]int
	for range OwnershipPlayouts {
		end := pos
		var amaf [2]board.Bitboard
		player.Playout(&end, &rng, &amaf)
		for p := board.Point(0); p < board.NumPoints; p++ {
			if end.Stones[board.Black].Has(p) {
				black[p]++
			}
			if end.Stones[board.White].Has(p) {
				white[p]++
			}
		}
	}
	for p, x := range got {
		if want := float64(black[p]-white[p]) / OwnershipPlayouts; x != want {
			t.Errorf("%s: %v, want %v", board.Vertex(board.Point(p)), x, want)
		}
	}
	over := pos
	over.Pass()
	over.Pass()
	for p, x := range Ownership(over, "pattern", 1) {
		want := 0.0
		switch {
		case over.Stones[board.Black].Has(board.Point(p)):
			want = 1
		case over.Stones[board.White].Has(board.Point(p)):
			want = -1
		}
		if x != want {
			t.Errorf("the finished game, %s: %v, want %v", board.Vertex(board.Point(p)), x, want)
		}
	}
}
