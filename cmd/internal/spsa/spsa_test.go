// spsa_test.go: SPSA finds the optimum of a synthetic objective played as logistic game pairs, and its gains, bounds, signs and parameters.

package spsa

import (
	"math"
	"math/rand/v2"
	"testing"

	"littlego/lib/matchstats"
)

// syntheticPair plays a simulated colour-swapped pair between θ+ and θ- on an
// objective with its optimum at opt: a parameter vector's strength is -scale × the sum
// of its squared distances to opt in units of the range (in Elo), White has a 70% edge
// as in Little-Go, and each game is a draw from the logistic Elo model. It returns
// (games won by θ+ - games won by θ-) / 2.
func syntheticPair(r *rand.Rand, params []Param, opt, plus, minus []float64, scale float64) float64 {
	strength := func(theta []float64) float64 {
		e := 0.0
		for i, p := range params {
			d := (theta[i] - opt[i]) / (p.Max - p.Min)
			e -= scale * d * d
		}
		return e
	}
	d := strength(plus) - strength(minus)
	edge := matchstats.Elo(0.7)
	wins := 0
	if r.Float64() < matchstats.Score(d-edge) { // θ+ as Black
		wins++
	}
	if r.Float64() < matchstats.Score(d+edge) { // θ+ as White
		wins++
	}
	return float64(wins) - 1
}

func TestSPSAConvergesOnSyntheticObjective(t *testing.T) {
	params := []Param{
		{Name: "x", Start: 1, Min: 0, Max: 10},
		{Name: "y", Start: 9.5, Min: 0, Max: 10},
		{Name: "z", Start: 200, Min: 0, Max: 1000},
	}
	for i := range params {
		params[i].CEnd = defaultCEndFraction * (params[i].Max - params[i].Min)
	}
	opt := []float64{7, 3, 650}
	n := 3000
	s := DefaultSchedule(n)
	worst := 0.0
	for run := uint64(1); run <= 3; run++ {
		r := rand.New(rand.NewPCG(run, 99))
		theta := []float64{params[0].Start, params[1].Start, params[2].Start}
		for k := 0; k < n; k++ {
			delta := Signs(run, k, len(params))
			plus, minus := s.Perturb(params, theta, delta, k)
			theta = s.Update(params, theta, delta, k, syntheticPair(r, params, opt, plus, minus, 800))
		}
		for i, p := range params {
			err := math.Abs(theta[i]-opt[i]) / (p.Max - p.Min)
			worst = math.Max(worst, err)
			if err > 0.1 {
				t.Errorf("run %d: %s = %.3g after %d iterations, optimum %g (off by %.0f%% of the range)", run, p.Name, theta[i], n, opt[i], 100*err)
			}
		}
		t.Logf("run %d: θ = %.3g", run, theta)
	}
	t.Logf("largest error: %.1f%% of the range", 100*worst)
}

func TestScheduleAndParams(t *testing.T) {
	s := DefaultSchedule(100)
	p, err := ParseParam("c=0.3:0:2")
	if err != nil || math.Abs(p.CEnd-defaultCEndFraction*2) > 1e-12 {
		t.Fatalf("ParseParam: %+v, %v", p, err)
	}
	if math.Abs(s.C(p, 99)-p.CEnd) > 1e-12 || s.C(p, 0) <= s.C(p, 50) || math.Abs(s.R(99)-s.REnd) > 1e-12 || s.R(0) <= s.R(99) {
		t.Errorf("gains: c %g..%g, r %g..%g", s.C(p, 0), s.C(p, 99), s.R(0), s.R(99))
	}
	plus, minus := s.Perturb([]Param{p}, []float64{1.95}, []float64{1}, 0)
	if plus[0] != 2 || minus[0] >= 1.95 {
		t.Errorf("perturbation not kept within bounds: %g, %g", plus[0], minus[0])
	}
	a, b := Signs(7, 3, 20), Signs(7, 3, 20)
	same, ones := true, 0
	for i := range a {
		same = same && a[i] == b[i]
		if a[i] == 1 {
			ones++
		}
	}
	if !same || ones == 0 || ones == 20 {
		t.Errorf("signs %v, %v", a, b)
	}
	for _, bad := range []string{"c", "c=1:0", "c=x:0:1", "c=3:0:2", "c=1:2:0", "c=1:0:2:5", "=1:0:2"} {
		if _, err := ParseParam(bad); err == nil {
			t.Errorf("ParseParam(%q) accepted", bad)
		}
	}
}
