package matchstats

import (
	"fmt"
	"math"
)

// The sequential probability ratio test (Wald 1945) on game pairs, as engine testers
// run it: each pair is two games between the same two players from the same start,
// colours swapped, and A's score over the pair (0, 1/4, ..., 1 of the pair's two
// points) falls in one of five bins: the pentanomial model. Scoring pairs rather than
// games takes out the colour's effect (in Little-Go White wins about 70% of games
// between equal players), which a per-game model would count as noise. Little-Go has
// no draws, so only the bins 0, 1/2 and 1 fill; the model is the same.
//
// The log-likelihood ratio is the generalised SPRT's (M. Van den Bergh, "A practical
// introduction to the GSPRT", 2016, as the Stockfish testing framework uses it): the
// likelihood of the observed pair frequencies under the most likely pentanomial
// distribution whose mean score is s1, over the same under s0, where s = 1/(1 +
// 10^(-elo/400)) for the hypotheses' logistic Elo differences elo0 < elo1. H1 is
// accepted when the LLR reaches log((1-beta)/alpha), H0 when it falls to
// log(beta/(1-alpha)).

// PairBins is the number of pentanomial bins: A scored 0, 1/2, 1, 3/2 or 2 points in a
// pair of games (draws count 1/2).
const PairBins = 5

// Decision is the state of a sequential test.
type Decision int

// The states of a sequential test.
const (
	// Continue: neither bound reached yet.
	Continue Decision = iota
	// AcceptH0: the LLR fell to the lower bound: A is not elo1 better (elo0 holds).
	AcceptH0
	// AcceptH1: the LLR reached the upper bound: A is elo1 better rather than elo0.
	AcceptH1
)

// String names the decision.
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// SPRT is a sequential test of elo0 against elo1 (A's Elo over B) with error rates
// Alpha (accepting H1 when elo0 holds) and Beta (accepting H0 when elo1 holds), fed one
// game pair at a time.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	// Pairs[k] counts the pairs in which A scored k/2 points of 2.
	Pairs [PairBins]int
}

// NewSPRT returns a test of elo0 against elo1 with error rates alpha and beta, or an
// error when elo0 >= elo1 or a rate is not in (0, 0.5).
func NewSPRT(elo0, elo1, alpha, beta float64) (*SPRT, error) {
	switch {
	case math.IsNaN(elo0) || math.IsNaN(elo1) || elo0 >= elo1:
		return nil, fmt.Errorf("want elo0 < elo1, got %g and %g", elo0, elo1)
	case math.Abs(elo0) > 2000 || math.Abs(elo1) > 2000:
		return nil, fmt.Errorf("Elo bounds %g, %g: want them within ±2000", elo0, elo1)
	case !(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5):
		return nil, fmt.Errorf("error rates alpha=%g, beta=%g: want each in (0, 0.5)", alpha, beta)
	}
	return &SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta}, nil
}

// AddPair records a pair in which A won wins of the two games and drew draws.
func (t *SPRT) AddPair(wins, draws int) {
	t.Pairs[2*wins+draws]++
}

// N returns the number of pairs recorded.
func (t *SPRT) N() int {
	n := 0
	for _, c := range t.Pairs {
		n += c
	}
	return n
}

// Bounds returns the LLR's lower and upper bounds, log(beta/(1-alpha)) and
// log((1-beta)/alpha).
func (t *SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Score returns the expected score of a player Elo points stronger under the logistic
// model: 1 / (1 + 10^(-elo/400)).
func Score(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// emptyBin is the count an empty bin is given in the LLR (as the Stockfish framework
// does), so that a test whose pairs all scored alike still moves.
const emptyBin = 1e-3

// LLR returns the log-likelihood ratio of elo1 over elo0 given the pairs so far (0
// before any pair).
func (t *SPRT) LLR() float64 {
	if t.N() == 0 {
		return 0
	}
	var p [PairBins]float64
	n := 0.0
	for k, c := range t.Pairs {
		p[k] = math.Max(float64(c), emptyBin)
		n += p[k]
	}
	for k := range p {
		p[k] /= n
	}
	q0 := constrainedMLE(p, Score(t.Elo0))
	q1 := constrainedMLE(p, Score(t.Elo1))
	llr := 0.0
	for k := range p {
		llr += p[k] * math.Log(q1[k]/q0[k])
	}
	return n * llr
}

// binScore is the score of bin k: k/4 of the pair's points.
func binScore(k int) float64 { return float64(k) / float64(PairBins-1) }

// constrainedMLE returns the distribution over the bins closest to p (in the
// likelihood of p's data) whose mean score is s: q_k = p_k / (1 + lambda (a_k - s)),
// with lambda the root of sum p_k (a_k - s) / (1 + lambda (a_k - s)) = 0, found by
// bisection (the sum falls as lambda grows). Every p_k is positive and 0 < s < 1.
func constrainedMLE(p [PairBins]float64, s float64) [PairBins]float64 {
	lo, hi := -1/(1-s), 1/s // 1 + lambda (a - s) stays positive for a in [0, 1]
	f := func(lambda float64) float64 {
		sum := 0.0
		for k := range p {
			d := binScore(k) - s
			sum += p[k] * d / (1 + lambda*d)
		}
		return sum
	}
	for range 100 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2
	var q [PairBins]float64
	total := 0.0
	for k := range p {
		q[k] = p[k] / (1 + lambda*(binScore(k)-s))
		total += q[k]
	}
	for k := range q {
		q[k] /= total
	}
	return q
}

// Decision returns the test's state given the pairs so far.
func (t *SPRT) Decision() Decision {
	lower, upper := t.Bounds()
	switch llr := t.LLR(); {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// varianceSmoothing is the pseudo-count PairScore adds to each extreme bin.
const varianceSmoothing = 0.5

// PairScore returns A's mean score per game over the pairs and the 95% interval of it
// from the pairs' variance (normal approximation; after a sequential test stops, the
// estimate is biased towards the bound it crossed, as every such estimate is).
func (t *SPRT) PairScore() (mean, lo, hi float64) {
	n := t.N()
	if n == 0 {
		return 0.5, 0, 1
	}
	for k, c := range t.Pairs {
		mean += binScore(k) * float64(c)
	}
	mean /= float64(n)
	// The variance adds half a pair to each extreme bin (a pair won and a pair lost
	// outright), so that the interval is not of zero width while every pair split.
	variance, weight := 0.0, 0.0
	for k, c := range t.Pairs {
		w := float64(c)
		if k == 0 || k == PairBins-1 {
			w += varianceSmoothing
		}
		d := binScore(k) - mean
		variance += d * d * w
		weight += w
	}
	variance /= weight
	half := Z95 * math.Sqrt(variance/float64(n))
	return mean, max(0, mean-half), min(1, mean+half)
}

// EloEstimate returns the Elo of A over B that PairScore's mean and interval give
// (±Inf at a score of 0 or 1).
func (t *SPRT) EloEstimate() (elo, lo, hi float64) {
	mean, l, h := t.PairScore()
	return Elo(mean), Elo(l), Elo(h)
}

// String returns the test's state in one line: the LLR against its bounds, the Elo
// estimate with its interval, and the decision.
func (t *SPRT) String() string {
	lower, upper := t.Bounds()
	elo, lo, hi := t.EloEstimate()
	return fmt.Sprintf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: %d pairs %v, LLR %.2f in [%.2f, %.2f], Elo %s [%s, %s] (95%%): %s",
		t.Elo0, t.Elo1, t.Alpha, t.Beta, t.N(), t.Pairs, t.LLR(), lower, upper, FormatElo(elo, 1), FormatElo(lo, 1), FormatElo(hi, 1), t.Decision())
}

// FormatElo prints an Elo difference with its sign and the given number of decimals,
// infinite ones (a score of 0 or 1) as +inf and -inf.
func FormatElo(e float64, decimals int) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.*f", decimals, e)
}
