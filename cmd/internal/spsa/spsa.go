// Package spsa is simultaneous perturbation stochastic approximation (Spall 1992) as
// the tuner plays it: every parameter perturbed at once by ±c_k, one colour-swapped
// game pair between θ+ and θ- per iteration, θ moved along the perturbation by the
// pair's result, within each parameter's bounds.
package spsa

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"littlego/internal/splitmix"
)

// Spall's recommended exponents of the gain sequences (J. C. Spall, "Implementation of
// the simultaneous perturbation algorithm for stochastic optimization", IEEE Trans.
// Aerospace and Electronic Systems 34, 1998).
const (
	DefaultAlpha = 0.602
	DefaultGamma = 0.101
)

// Defaults of the gains in this tuner's terms (see Schedule).
const (
	// defaultCEndFraction is the final perturbation as a fraction of a parameter's range.
	defaultCEndFraction = 0.2
	// DefaultREnd is the final learning rate: the last iterations move a parameter by
	// REnd × its perturbation per pair won outright.
	DefaultREnd = 0.02
	// defaultAFraction is Spall's stability constant A as a fraction of the iterations.
	defaultAFraction = 0.1
)

// Param is one tuned parameter: an engine option, its start and bounds, and its final
// perturbation CEnd.
type Param struct {
	Name            string
	Start, Min, Max float64
	CEnd            float64
	// Integer parameters are rounded when given to the engine.
	Integer bool
}

// ParseParam reads "name=start:min:max[:c_end]"; c_end defaults to
// defaultCEndFraction of the range.
func ParseParam(s string) (Param, error) {
	name, rest, ok := strings.Cut(s, "=")
	f := strings.Split(rest, ":")
	if !ok || name == "" || (len(f) != 3 && len(f) != 4) {
		return Param{}, fmt.Errorf("%q: want name=start:min:max[:c_end]", s)
	}
	v := make([]float64, len(f))
	for k, x := range f {
		n, err := strconv.ParseFloat(x, 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return Param{}, fmt.Errorf("%q: %q is not a number", s, x)
		}
		v[k] = n
	}
	p := Param{Name: name, Start: v[0], Min: v[1], Max: v[2]}
	if !(p.Min < p.Max) || p.Start < p.Min || p.Start > p.Max {
		return Param{}, fmt.Errorf("%q: want min < max and start within them", s)
	}
	p.CEnd = defaultCEndFraction * (p.Max - p.Min)
	if len(v) == 4 {
		if !(v[3] > 0 && v[3] <= (p.Max-p.Min)/2) {
			return Param{}, fmt.Errorf("%q: c_end %g: want 0 < c_end <= half the range", s, v[3])
		}
		p.CEnd = v[3]
	}
	return p, nil
}

// Schedule holds Spall's gain sequences for N iterations k = 0..N-1, per parameter i:
//
//	c_k,i = CEnd_i × (N / (k+1))^Gamma               (perturbation; CEnd_i at the end)
//	r_k   = REnd × ((A + N) / (A + k + 1))^Alpha     (learning rate; REnd at the end)
//
// and the update after a pair won by θ+ = θ + c_k δ over θ- = θ - c_k δ (δ_i = ±1) with
// result = (games won by θ+ - games won by θ-) / 2, in [-1, 1]:
//
//	θ_i += r_k × c_k,i × result × δ_i
//
// which is Spall's θ_k+1 = θ_k - a_k ĝ_k with a_k,i = r_k c_k,i² and the gradient
// estimate ĝ_k,i = -(y+ - y-) / (2 c_k,i δ_i) of the score y, the gain scaled per
// parameter as the Stockfish tuning framework does.
type Schedule struct {
	Iterations   int
	A            float64
	Alpha, Gamma float64
	REnd         float64
}

// DefaultSchedule returns the schedule for n iterations with the default gains.
func DefaultSchedule(n int) Schedule {
	return Schedule{Iterations: n, A: defaultAFraction * float64(n), Alpha: DefaultAlpha, Gamma: DefaultGamma, REnd: DefaultREnd}
}

// C returns parameter p's perturbation at iteration k.
func (s Schedule) C(p Param, k int) float64 {
	return p.CEnd * math.Pow(float64(s.Iterations)/float64(k+1), s.Gamma)
}

// R returns the learning rate at iteration k.
func (s Schedule) R(k int) float64 {
	n := float64(s.Iterations)
	return s.REnd * math.Pow((s.A+n)/(s.A+float64(k)+1), s.Alpha)
}

// clamp keeps x within p's bounds.
func (p Param) clamp(x float64) float64 { return math.Max(p.Min, math.Min(p.Max, x)) }

// Perturb returns θ+ and θ- for iteration k and signs delta (each ±1), within bounds.
func (s Schedule) Perturb(params []Param, theta []float64, delta []float64, k int) (plus, minus []float64) {
	plus, minus = make([]float64, len(params)), make([]float64, len(params))
	for i, p := range params {
		c := s.C(p, k)
		plus[i] = p.clamp(theta[i] + c*delta[i])
		minus[i] = p.clamp(theta[i] - c*delta[i])
	}
	return plus, minus
}

// Update returns θ after iteration k's pair with the given result (in [-1, 1], for θ+).
func (s Schedule) Update(params []Param, theta []float64, delta []float64, k int, result float64) []float64 {
	next := make([]float64, len(params))
	r := s.R(k)
	for i, p := range params {
		next[i] = p.clamp(theta[i] + r*s.C(p, k)*result*delta[i])
	}
	return next
}

// Signs returns iteration k's perturbation signs, drawn from seed and k alone (so that
// a resumed run draws the same).
func Signs(seed uint64, k, n int) []float64 {
	d := make([]float64, n)
	x := splitmix.Hash(seed ^ splitmix.Hash(uint64(k)+0x5b5a))
	for i := range d {
		x = splitmix.Hash(x)
		d[i] = 1
		if x&1 == 0 {
			d[i] = -1
		}
	}
	return d
}
