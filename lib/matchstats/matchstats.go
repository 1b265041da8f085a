// Package matchstats holds the statistics of match results that the Little-Go arena, the
// GTP analysis, the Fruit Rage referee and the tuner share: Wilson score intervals, Elo
// differences, and the sequential probability ratio test on game pairs (SPRT).
package matchstats

import "math"

// Z95 is the normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// WilsonRate returns the 95% Wilson score interval of a proportion p observed over n
// trials (E. B. Wilson, "Probable inference, the law of succession, and statistical
// inference", JASA 22, 1927). It stays inside [0, 1], is sound for small n and for p of
// 0 or 1, and is (0, 1) when n is 0.
func WilsonRate(p float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf, z2 := float64(n), Z95*Z95
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := Z95 / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = max(0, centre-half), min(1, centre+half)
	if p >= 1 { // rounding must not leave the rate outside its own interval
		hi = 1
	}
	if p <= 0 {
		lo = 0
	}
	return lo, hi
}

// Wilson returns the 95% Wilson score interval of wins out of n.
func Wilson(wins, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	return WilsonRate(float64(wins)/float64(n), n)
}

// Elo returns the Elo rating difference that predicts the score s (0 < s < 1) under the
// logistic model: 400 log10(s / (1 - s)). It is -Inf at 0 and +Inf at 1.
func Elo(s float64) float64 { return 400 * math.Log10(s/(1-s)) }

// EloError returns the half-width of the 95% interval of Elo(wins/n) by the delta
// method: z * sqrt(s(1-s)/n) * 400 / (ln 10 * s(1-s)). It is +Inf when s is 0 or 1.
func EloError(wins, n int) float64 {
	if n <= 0 || wins <= 0 || wins >= n {
		return math.Inf(1)
	}
	s := float64(wins) / float64(n)
	return Z95 * math.Sqrt(s*(1-s)/float64(n)) * 400 / (math.Ln10 * s * (1 - s))
}
