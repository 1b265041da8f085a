// pattern_ref_test.go: Pattern plays exactly as PatternRef, the pattern policy before issue 17's speed work: the same playouts from the same seeds, the same priors, and move distributions that a chi-square test cannot tell apart.

package policy

import (
	"math"
	"testing"

	"littlego/board"
	"littlego/internal/racedetect"
)

// refPolicies returns pairs of the fast and the reference pattern policy with the same
// weights: the built-in ones and testPatternWeights.
func refPolicies() [][2]Policy {
	w := testPatternWeights()
	return [][2]Policy{
		{Pattern{}, PatternRef{}},
		{NewPattern(w), PatternRef{pattern: NewPattern(w)}},
	}
}

func TestPatternPlayoutsEqualPatternRef(t *testing.T) {
	games := 60
	if testing.Short() || racedetect.Enabled {
		games = 15
	}
	starts, prevs := patGames(games, 21)
	for _, pair := range refPolicies() {
		fast := pair[0].NewPlayer().(LastMovePlayer)
		ref := pair[1].NewPlayer().(LastMovePlayer)
		rngFast, rngRef := NewRand(3), NewRand(3)
		for i := range starts {
			for _, last := range []board.Point{board.NoPoint, prevs[i]} {
				a, b := starts[i], starts[i]
				var amafA, amafB [2]board.Bitboard
				fast.PlayoutAfter(&a, last, &rngFast, &amafA)
				ref.PlayoutAfter(&b, last, &rngRef, &amafB)
				if a != b || amafA != amafB || rngFast != rngRef {
					t.Fatalf("%s and %s playouts from\n%v\n(last %v) differ:\n%+v %v\n%+v %v",
						pair[0].Name(), pair[1].Name(), &starts[i], last, a, amafA, b, amafB)
				}
			}
		}
	}
}

func TestPatternMovesAndPriorsEqualPatternRef(t *testing.T) {
	starts, prevs := patGames(20, 22)
	for _, pair := range refPolicies() {
		fast, ref := pair[0].NewPlayer(), pair[1].NewPlayer()
		rngFast, rngRef := NewRand(4), NewRand(4)
		for i := range starts {
			pos := starts[i]
			if x, y := fast.Move(&pos, &rngFast), ref.Move(&pos, &rngRef); x != y {
				t.Fatalf("Move in\n%v\n%s %v, %s %v", &pos, pair[0].Name(), x, pair[1].Name(), y)
			}
			var a, b [board.NumActions]Prior
			fast.(LastMovePlayer).PriorsAfter(&pos, prevs[i], &a)
			ref.(LastMovePlayer).PriorsAfter(&pos, prevs[i], &b)
			if a != b {
				t.Fatalf("priors in\n%v\n%s %v\n%s %v", &pos, pair[0].Name(), a, pair[1].Name(), b)
			}
		}
	}
}

// chiSquareZ returns the Wilson-Hilferty normal deviate of a chi-square statistic with
// df degrees of freedom: about N(0,1) when the statistic follows the chi-square law.
func chiSquareZ(chi float64, df int) float64 {
	k := float64(df)
	return (math.Cbrt(chi/k) - (1 - 2/(9*k))) / math.Sqrt(2/(9*k))
}

// TestPatternMoveDistributionEqualsPatternRef draws many moves from each position of a
// corpus with both policies (independent random streams) and compares the two
// histograms by Pearson's chi-square test of homogeneity, position by position and
// summed over the corpus. The seeds are fixed, so the test is deterministic; the limits
// (z 4.5 for one position, 3.5 for the sum) are far beyond chance.
func TestPatternMoveDistributionEqualsPatternRef(t *testing.T) {
	games, draws := 12, 20000
	if testing.Short() || racedetect.Enabled {
		games, draws = 3, 4000 // the full test: go test -run Distribution ./policy
	}
	starts, _ := patGames(games, 23)
	fast, ref := Pattern{}.NewPlayer(), PatternRef{}.NewPlayer()
	rngFast, rngRef := NewRand(101), NewRand(202)
	sumChi, sumDF, tested := 0.0, 0, 0
	for i := range starts {
		pos := starts[i]
		if pos.Over || i%2 != 0 {
			continue
		}
		var hf, hr [board.NumActions]int
		for range draws {
			hf[fast.Move(&pos, &rngFast)]++
			hr[ref.Move(&pos, &rngRef)]++
		}
		chi, k := 0.0, 0
		for a := range hf {
			if n := hf[a] + hr[a]; n > 0 {
				d := float64(hf[a] - hr[a])
				chi += d * d / float64(n)
				k++
			}
		}
		if k < 2 {
			continue // a single possible move: nothing to compare
		}
		tested++
		sumChi += chi
		sumDF += k - 1
		if z := chiSquareZ(chi, k-1); z > 4.5 {
			t.Errorf("position %d: chi-square %.1f with %d degrees of freedom (z %.1f)\n%v\nfast %v\nref  %v", i, chi, k-1, z, &pos, hf, hr)
		}
	}
	if tested < 10 {
		t.Fatalf("only %d positions tested", tested)
	}
	if z := chiSquareZ(sumChi, sumDF); z > 3.5 {
		t.Errorf("over %d positions: chi-square %.1f with %d degrees of freedom (z %.1f)", tested, sumChi, sumDF, z)
	}
	t.Logf("%d positions, %d draws each: chi-square %.1f with %d degrees of freedom (z %.2f)", tested, draws, sumChi, sumDF, chiSquareZ(sumChi, sumDF))
}
