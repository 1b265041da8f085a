// search_test.go: the alpha-beta search against plain minimax, exact endgames, time limits and allocations.

package fruitrage

import (
	"math/rand/v2"
	"testing"
	"time"
)

// noClock never stops a search.
func noClock() time.Duration { return 0 }

var unlimited = Limits{Soft: 1 << 62, Hard: 1 << 62}

// TestAlphaBetaEqualsMinimax checks that every complete iteration of the alpha-beta
// search, table and all, returns the plain minimax value of the same depth.
func TestAlphaBetaEqualsMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ab, mm := NewSearcher(14), NewSearcher(10)
	boards := 30
	if testing.Short() {
		boards = 10
	}
	for k := 0; k < boards; k++ {
		b := RandomBoard(3+rng.IntN(5), 2+rng.IntN(4), rng)
		for depth := 1; depth <= 4; depth++ {
			ab.Clear()
			r := ab.Search(&b, noClock, Limits{Soft: 1 << 62, Hard: 1 << 62, MaxDepth: depth})
			want := mm.Minimax(&b, noClock, depth, unlimited)
			if r.Value != want.Value {
				t.Fatalf("board %d depth %d: alpha-beta %d (depth %d), minimax %d (depth %d)", k, depth, r.Value, r.Depth, want.Value, want.Depth)
			}
		}
	}
}
