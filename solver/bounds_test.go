// bounds_test.go: every static bound holds against brute force.

package solver

import (
	"math/rand/v2"
	"testing"
)

// TestStaticBoundsHold checks, on random positions with 2 to 8 moves left and at every
// threshold, that each bound staticBound claims holds for the brute-force value, and
// that some of them were settled only by the choice of capture sets (capturable).
func TestStaticBoundsHold(t *testing.T) {
	want := 600
	if testing.Short() || raceEnabled {
		want = 100
	}
	rng := rand.New(rand.NewPCG(41, 42))
	done, tight, more := 0, 0, 0
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
			b, ok := staticBound(&pos, th, left)
			if !ok {
				continue
			}
			if (b < th && v > b) || (b >= th && v < b) {
				t.Fatalf("threshold %d: bound %d, but the value is %d\n%s", th, b, v, pos.String())
			}
			if b == v {
				tight++
			}
			chooseCaptureSets = false
			if _, alone := staticBound(&pos, th, left); !alone {
				more++
			}
			chooseCaptureSets = true
		}
	}
	t.Logf("%d positions; %d bounds equal to the value; %d tests settled only by the choice of capture sets",
		done, tight, more)
	if more == 0 {
		t.Error("no test was settled by the choice of capture sets: the positions do not exercise it")
	}
}
