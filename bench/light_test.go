// light_test.go: the light policy's fast candidate draw (a shuffled list of empty points) keeps its quiet choice uniform over the acceptable placements.

package bench

import (
	"math"
	"testing"

	"littlego/board"
	"littlego/policy"
)

// acceptableQuiet returns the placements the light policy may choose in pos when no
// capture is possible (legal, and not leaving a chain of two or more stones with one
// liberty), and whether some legal placement captures.
func acceptableQuiet(pos board.Position) (ok board.Bitboard, captures bool) {
	c := pos.Turn
	for legal := pos.Legal(); legal != 0; legal &= legal - 1 {
		p := legal.First()
		q := pos
		captured, _ := q.Play(p)
		if captured > 0 {
			captures = true
		}
		chain := board.Group(p.Bit(), q.Stones[c])
		libs := chain.Neighbours() & q.Empty()
		if chain == p.Bit() || libs.Count() >= 2 {
			ok |= p.Bit()
		}
	}
	return ok, captures
}

func TestLightQuietChoiceIsUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 40000 moves per position")
	}
	checked := 0
	positions, _ := Moves(4096)
	for i, pos := range positions {
		ok, captures := acceptableQuiet(pos)
		if captures || ok.Count() < 3 || ok == pos.Legal() {
			continue // want quiet positions where some legal placements are not acceptable
		}
		if checked++; checked > 6 {
			break
		}
		const draws = 40000
		var hist [board.NumActions]int
		rng := policy.NewRand(uint64(i))
		light := policy.Light{}
		for range draws {
			p := light.Move(&pos, &rng)
			if p == board.Pass || !ok.Has(p) {
				t.Fatalf("position %d: light played %v, not an acceptable placement %b\n%v", i, p, ok, &pos)
			}
			hist[p]++
		}
		// Chi-square against the uniform distribution over ok: with k-1 degrees of
		// freedom its mean is k-1 and its deviation sqrt(2(k-1)); 6 deviations above
		// the mean is far beyond chance.
		k := ok.Count()
		want := float64(draws) / float64(k)
		chi := 0.0
		for b := ok; b != 0; b &= b - 1 {
			d := float64(hist[b.First()]) - want
			chi += d * d / want
		}
		if limit := float64(k-1) + 6*math.Sqrt(2*float64(k-1)); chi > limit {
			t.Errorf("position %d: chi-square %.1f over %d acceptable points (limit %.1f): %v\n%v", i, chi, k, limit, hist, &pos)
		}
	}
	if checked < 6 {
		t.Fatalf("only %d workload positions had a quiet choice with unacceptable placements", checked)
	}
}
