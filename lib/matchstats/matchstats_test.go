package matchstats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	cases := []struct {
		wins, n int
		lo, hi  float64
	}{
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{90, 100, 0.8256, 0.9448},
		{0, 0, 0, 1},
	}
	for _, c := range cases {
		lo, hi := Wilson(c.wins, c.n)
		if !near(lo, c.lo, 1e-4) || !near(hi, c.hi, 1e-4) {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestElo(t *testing.T) {
	if e := Elo(0.75); !near(e, 190.85, 0.01) {
		t.Errorf("Elo(0.75) = %.2f, want 190.85", e)
	}
	if e := Elo(0.5); e != 0 {
		t.Errorf("Elo(0.5) = %v", e)
	}
	if e := EloError(50, 100); !near(e, 68.1, 0.1) {
		t.Errorf("EloError(50, 100) = %.2f, want 68.1", e)
	}
	if !math.IsInf(EloError(10, 10), 1) || !math.IsInf(EloError(0, 10), 1) {
		t.Error("EloError at a score of 0 or 1 is not infinite")
	}
}

func TestWilsonRateMatchesWilson(t *testing.T) {
	// The interval of a rate equals the interval of the same wins counted.
	for _, n := range []int{1, 7, 100, 2500} {
		for wins := 0; wins <= n; wins += max(1, n/5) {
			lo1, hi1 := Wilson(wins, n)
			lo2, hi2 := WilsonRate(float64(wins)/float64(n), n)
			if lo1 != lo2 || hi1 != hi2 {
				t.Fatalf("Wilson(%d, %d) = [%v, %v], WilsonRate = [%v, %v]", wins, n, lo1, hi1, lo2, hi2)
			}
			if lo1 > float64(wins)/float64(n) || hi1 < float64(wins)/float64(n) {
				t.Fatalf("Wilson(%d, %d) = [%v, %v] does not contain the rate", wins, n, lo1, hi1)
			}
		}
	}
}
