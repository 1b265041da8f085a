// bounds_test.go: every static bound holds against brute force.

package solver

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"littlego/board"
)

// TestStaticBoundsHold checks, on random positions with 2 to 8 moves left and at every
// threshold, that each bound staticBound claims holds for the brute-force value, and
// that some of them were settled only by the choice of capture sets (capturable) and
// some only by the safe stone (safeBonus). LITTLEGO_BOUNDS_N and LITTLEGO_BOUNDS_SEED
// set the number of positions and the seed of a longer one-off run.
func TestStaticBoundsHold(t *testing.T) {
	want := 600
	if testing.Short() || raceEnabled {
		want = 100
	}
	if n, err := strconv.Atoi(os.Getenv("LITTLEGO_BOUNDS_N")); err == nil && n > 0 {
		want = n
	}
	seed := uint64(41)
	if v, err := strconv.ParseUint(os.Getenv("LITTLEGO_BOUNDS_SEED"), 10, 64); err == nil {
		seed = v
	}
	rng := rand.New(rand.NewPCG(seed, 42))
	done, tight, more, safe := 0, 0, 0, 0
	for done < want {
		left := 2 + rng.IntN(7)
		extra := rng.IntN(18)
		if left >= 7 {
			extra = 6 + rng.IntN(12)
		}
		pos, ok := densePosition(rng, left, extra, 0.06)
		if !ok {
			continue
		}
		budget := 30_000
		v, ok := bruteMargin(pos, &budget)
		if !ok {
			continue
		}
		done++
		for th := -26; th <= 26; th++ {
			on := defaultOptions()
			b, ok := on.staticBound(&pos, th, left)
			if !ok {
				continue
			}
			if (b < th && v > b) || (b >= th && v < b) {
				t.Fatalf("threshold %d: bound %d, but the value is %d\n%s", th, b, v, pos.String())
			}
			if b == v {
				tight++
			}
			noSets, noSafe := on, on
			noSets.chooseCaptureSets, noSafe.safeStone = false, false
			if _, alone := noSets.staticBound(&pos, th, left); !alone {
				more++
			}
			if _, without := noSafe.staticBound(&pos, th, left); !without {
				safe++
			}
		}
	}
	t.Logf("%d positions; %d bounds equal to the value; %d tests settled only by the choice of capture sets, %d only by the safe stone",
		done, tight, more, safe)
	if more == 0 {
		t.Error("no test was settled by the choice of capture sets: the positions do not exercise it")
	}
	if safe == 0 {
		t.Error("no test was settled by the safe stone: the positions do not exercise it")
	}
}

// TestWithEmptyNeighbours checks the four-direction count against each point's own
// neighbours, on random sets of empty points.
func TestWithEmptyNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		empty := board.Bitboard(rng.Uint32()) & board.Full
		for k := 0; k <= 5; k++ {
			var want board.Bitboard
			for p := board.Point(0); p < board.NumPoints; p++ {
				if (board.NeighboursOf(p) & empty).Count() >= k {
					want |= p.Bit()
				}
			}
			if got := withEmptyNeighbours(empty, k); got != want {
				t.Fatalf("empty %025b, k %d: got %025b, want %025b", empty, k, got, want)
			}
		}
	}
}
