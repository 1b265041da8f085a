package matchstats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// whiteEdge is the Elo advantage of White in the simulated games: between equal
// players White wins 70%, as in Little-Go.
var whiteEdge = Elo(0.7)

// gameWin draws one game: A, elo stronger, wins as White with probability
// Score(whiteEdge + elo) and as Black with Score(elo - whiteEdge).
func gameWin(r *rand.Rand, elo float64, aWhite bool) bool {
	if aWhite {
		return r.Float64() < Score(whiteEdge+elo)
	}
	return r.Float64() < Score(elo-whiteEdge)
}

// meanScore is A's expected score per game over a colour-swapped pair at strength elo.
func meanScore(elo float64) float64 { return (Score(whiteEdge+elo) + Score(elo-whiteEdge)) / 2 }

// eloForScore returns the strength whose mean pair score is s (bisection).
func eloForScore(s float64) float64 {
	lo, hi := -2000.0, 2000.0
	for range 200 {
		mid := (lo + hi) / 2
		if meanScore(mid) < s {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// simulate runs one SPRT on simulated pairs at strength elo until it decides, and
// returns the decision and the number of pairs.
func simulate(r *rand.Rand, elo0, elo1, elo float64, maxPairs int) (Decision, int) {
	t, err := NewSPRT(elo0, elo1, 0.05, 0.05)
	if err != nil {
		panic(err)
	}
	for t.N() < maxPairs {
		wins := 0
		if gameWin(r, elo, false) {
			wins++
		}
		if gameWin(r, elo, true) {
			wins++
		}
		t.AddPair(wins, 0)
		if d := t.Decision(); d != Continue {
			return d, t.N()
		}
	}
	return Continue, t.N()
}

func TestSPRTErrorRatesAndLength(t *testing.T) {
	const elo0, elo1, alpha, beta = 0.0, 40.0, 0.05, 0.05
	runs := 1000
	if testing.Short() {
		runs = 200
	}
	// The true strengths at which the hypotheses hold exactly: the mean pair score is
	// Score(elo0) or Score(elo1) (the colour effect makes these differ from elo0, elo1).
	at0, at1 := eloForScore(Score(elo0)), eloForScore(Score(elo1))
	// The pairs a fixed-length test needs for the same error rates, from the pair
	// variance between these players: the SPRT must need fewer on average.
	pairVar := func(elo float64) float64 {
		w, b := Score(whiteEdge+elo), Score(elo-whiteEdge)
		m := (w + b) / 2
		p2, p0 := w*b, (1-w)*(1-b)
		return p2*(1-m)*(1-m) + p0*m*m + (1-p2-p0)*(0.5-m)*(0.5-m)
	}
	z := 1.6448536269514722 // one-sided 95%
	fixed := math.Pow(2*z*math.Sqrt(pairVar((at0+at1)/2))/(Score(elo1)-Score(elo0)), 2)
	r := rand.New(rand.NewPCG(7, 11))
	for _, c := range []struct {
		name  string
		elo   float64
		wrong Decision
		rate  float64
	}{{"elo0 holds", at0, AcceptH1, alpha}, {"elo1 holds", at1, AcceptH0, beta}} {
		wrong, total := 0, 0
		for range runs {
			d, n := simulate(r, elo0, elo1, c.elo, 100_000)
			if d == Continue {
				t.Fatalf("%s: no decision after %d pairs", c.name, n)
			}
			if d == c.wrong {
				wrong++
			}
			total += n
		}
		rate := float64(wrong) / float64(runs)
		mean := float64(total) / float64(runs)
		t.Logf("%s: error rate %.3f (nominal %.2f) over %d runs, mean length %.0f pairs (fixed-length test: %.0f)", c.name, rate, c.rate, runs, mean, fixed)
		// Three standard errors above the nominal rate; the GSPRT overshoots its bounds,
		// so its real rates are usually a little below nominal.
		if se := math.Sqrt(c.rate * (1 - c.rate) / float64(runs)); rate > c.rate+3*se {
			t.Errorf("%s: error rate %.3f, want at most %.2f + 3 x %.3f", c.name, rate, c.rate, se)
		}
		if rate < c.rate/3 {
			t.Errorf("%s: error rate %.3f, far below the nominal %.2f: the test is needlessly long", c.name, rate, c.rate)
		}
		if mean >= fixed {
			t.Errorf("%s: mean length %.0f pairs, not shorter than the fixed-length test's %.0f", c.name, mean, fixed)
		}
	}
}

func TestSPRTClearDifferenceStopsEarly(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	d, n := simulate(r, 0, 50, 400, 10_000)
	if d != AcceptH1 || n > 30 {
		t.Errorf("a 400 Elo stronger player: %v after %d pairs; want H1 within 30 pairs", d, n)
	}
	d, n = simulate(r, 0, 50, -400, 10_000)
	if d != AcceptH0 || n > 30 {
		t.Errorf("a 400 Elo weaker player: %v after %d pairs; want H0 within 30 pairs", d, n)
	}
	// All pairs split: the interval still has a width.
	s, _ := NewSPRT(0, 10, 0.05, 0.05)
	for range 5 {
		s.AddPair(1, 0)
	}
	if _, lo, hi := s.PairScore(); !(lo < 0.5 && hi > 0.5) {
		t.Errorf("5 split pairs: interval [%g, %g] has no width", lo, hi)
	}
	// All pairs won: the empty bins must not stop the LLR from growing.
	s, _ = NewSPRT(0, 10, 0.05, 0.05)
	for range 200 {
		s.AddPair(2, 0)
	}
	if s.Decision() != AcceptH1 {
		t.Errorf("200 pairs all won: %v", s)
	}
}

func TestSPRTEstimateAndBounds(t *testing.T) {
	s, err := NewSPRT(0, 10, 0.05, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := s.Bounds()
	if math.Abs(lo-math.Log(0.1/0.95)) > 1e-12 || math.Abs(hi-math.Log(0.9/0.05)) > 1e-12 {
		t.Errorf("bounds %g, %g", lo, hi)
	}
	if s.LLR() != 0 || s.Decision() != Continue {
		t.Errorf("an empty test: LLR %g, %v", s.LLR(), s.Decision())
	}
	// 30 pairs won, 50 split, 20 lost: a mean score of 0.55.
	for k, c := range map[int]int{2: 30, 1: 50, 0: 20} {
		for range c {
			s.AddPair(k, 0)
		}
	}
	mean, l, h := s.PairScore()
	if math.Abs(mean-0.55) > 1e-12 || !(l < mean && mean < h) {
		t.Errorf("pair score %g [%g, %g]; want 0.55 inside", mean, l, h)
	}
	// Variance per pair, half a pair added to each extreme bin:
	// (30.5*0.45^2 + 50*0.05^2 + 20.5*0.55^2) / 101.
	if want := Z95 * math.Sqrt((30.5*0.45*0.45+50*0.05*0.05+20.5*0.55*0.55)/101/100); math.Abs(h-mean-want) > 1e-9 {
		t.Errorf("half-width %g, want %g", h-mean, want)
	}
	elo, _, _ := s.EloEstimate()
	if math.Abs(elo-Elo(0.55)) > 1e-9 {
		t.Errorf("Elo %g, want %g", elo, Elo(0.55))
	}
	// A mean score above Score(elo1) favours H1: the LLR is positive.
	if s.LLR() <= 0 {
		t.Errorf("mean 0.55 (%+.0f Elo) against elo0=0, elo1=10: LLR %g, want positive", Elo(0.55), s.LLR())
	}
	for _, bad := range [][4]float64{{10, 0, 0.05, 0.05}, {0, 0, 0.05, 0.05}, {0, 10, 0, 0.05}, {0, 10, 0.05, 0.6}, {math.NaN(), 1, 0.05, 0.05}} {
		if _, err := NewSPRT(bad[0], bad[1], bad[2], bad[3]); err == nil {
			t.Errorf("NewSPRT%v accepted", bad)
		}
	}
}

func TestFormatElo(t *testing.T) {
	for _, c := range []struct {
		elo      float64
		decimals int
		want     string
	}{
		{12.345, 0, "+12"},
		{12.345, 1, "+12.3"},
		{-7.96, 1, "-8.0"},
		{0, 0, "+0"},
		{math.Inf(1), 1, "+inf"},
		{math.Inf(-1), 0, "-inf"},
	} {
		if got := FormatElo(c.elo, c.decimals); got != c.want {
			t.Errorf("FormatElo(%v, %d) = %q, want %q", c.elo, c.decimals, got, c.want)
		}
	}
}
