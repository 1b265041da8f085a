// stats.go: match statistics: win rates with Wilson intervals, the Elo difference, time per move, margins, how games ended.

package arena

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"littlego/board"
)

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of a proportion wins/n (E. B. Wilson,
// "Probable inference, the law of succession, and statistical inference", JASA 22,
// 1927), which stays inside [0, 1] and is sound for small n and for 0 or n wins. It
// returns (0, 1) when n is 0.
func Wilson(wins, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p, nf, z2 := float64(wins)/float64(n), float64(n), z95*z95
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z95 / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// Elo returns the Elo rating difference that predicts the score s (0 < s < 1) under the
// logistic model: 400 log10(s / (1 - s)). It is -Inf at 0 and +Inf at 1.
func Elo(s float64) float64 { return 400 * math.Log10(s/(1-s)) }

// EloError returns the half-width of the 95% interval of Elo(wins/n) by the delta
// method: z * sqrt(s(1-s)/n) * 400 / (ln 10 * s(1-s)). It is +Inf when s is 0 or 1.
func EloError(wins, n int) float64 {
	s := float64(wins) / float64(n)
	if n <= 0 || wins <= 0 || wins >= n {
		return math.Inf(1)
	}
	return z95 * math.Sqrt(s*(1-s)/float64(n)) * 400 / (math.Ln10 * s * (1 - s))
}

// Tally counts wins out of games.
type Tally struct{ Wins, Games int }

// String returns "wins/games  rate%  [lo, hi]%".
func (t Tally) String() string {
	if t.Games == 0 {
		return fmt.Sprintf("%4d/%-4d", 0, 0)
	}
	lo, hi := Wilson(t.Wins, t.Games)
	return fmt.Sprintf("%4d/%-4d %5.1f%%  [%5.1f, %5.1f]", t.Wins, t.Games, 100*float64(t.Wins)/float64(t.Games), 100*lo, 100*hi)
}

// TimeStats summarises an agent's time per move.
type TimeStats struct {
	// Moves counts the moves timed; Total and Max are their sum and maximum.
	Moves      int
	Total, Max time.Duration
	// Unmeasured counts the moves timed in wall-clock time rather than CPU time.
	Unmeasured int
}

// Mean returns the mean time per move.
func (t TimeStats) Mean() time.Duration {
	if t.Moves == 0 {
		return 0
	}
	return t.Total / time.Duration(t.Moves)
}

// Summary is what a match's records say.
type Summary struct {
	// NameA and NameB name the agents.
	NameA, NameB string
	// Games counts the finished games; Aborted those interrupted or never played.
	Games, Aborted int
	// A and B are each agent's wins; ByColour[agent][colour] splits them by colour
	// (agent 0 is A).
	A, B     Tally
	ByColour [2][2]Tally
	// Time is each agent's time per move (0: A, 1: B).
	Time [2]TimeStats
	// MarginA is the mean of A's stones minus B's on the final boards.
	MarginA float64
	// Endings counts the games by reason; Example holds one detail per reason.
	Endings map[Reason]int
	Example map[Reason]string
}

// Summarize computes the summary of a match's records.
func Summarize(records []Record, nameA, nameB string) Summary {
	s := Summary{NameA: nameA, NameB: nameB, Endings: map[Reason]int{}, Example: map[Reason]string{}}
	margin := 0
	for _, r := range records {
		if r.Game == 0 || r.Reason == Aborted {
			s.Aborted++
			continue
		}
		s.Games++
		aColour := board.White
		if r.ABlack {
			aColour = board.Black
		}
		aWon := r.Winner == aColour
		s.ByColour[0][aColour].Games++
		s.ByColour[1][aColour.Other()].Games++
		if aWon {
			s.ByColour[0][aColour].Wins++
		} else {
			s.ByColour[1][aColour.Other()].Wins++
		}
		d := r.BlackStones - r.WhiteStones
		if !r.ABlack {
			d = -d
		}
		margin += d
		s.Endings[r.Reason]++
		if _, ok := s.Example[r.Reason]; !ok {
			s.Example[r.Reason] = fmt.Sprintf("game %d: %s", r.Game, r.Detail)
		}
		for _, m := range r.Moves {
			agent := 1
			if (m.Color == board.Black) == r.ABlack {
				agent = 0
			}
			t := &s.Time[agent]
			t.Moves++
			t.Total += m.CPU
			t.Max = max(t.Max, m.CPU)
			if !m.Measured {
				t.Unmeasured++
			}
		}
	}
	for ag := 0; ag < 2; ag++ {
		for c := 0; c < 2; c++ {
			t := s.ByColour[ag][c]
			if ag == 0 {
				s.A.Wins, s.A.Games = s.A.Wins+t.Wins, s.A.Games+t.Games
			} else {
				s.B.Wins, s.B.Games = s.B.Wins+t.Wins, s.B.Games+t.Games
			}
		}
	}
	if s.Games > 0 {
		s.MarginA = float64(margin) / float64(s.Games)
	}
	return s
}

// fmtDuration prints d in seconds, milliseconds or microseconds, whichever reads best.
func fmtDuration(d time.Duration) string {
	switch {
	case d >= 100*time.Millisecond:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 100*time.Microsecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
}

// EloLine returns the Elo difference of A over B in words, with its 95% error.
func (s *Summary) EloLine() string {
	n, w := s.Games, s.A.Wins
	if n == 0 {
		return "no games finished"
	}
	head := fmt.Sprintf("Elo %s - %s: ", s.NameA, s.NameB)
	lo, hi := Wilson(w, n)
	switch w {
	case n:
		return head + fmt.Sprintf("more than %+.0f (95%%; %s won every game)", Elo(lo), s.NameA)
	case 0:
		return head + fmt.Sprintf("less than %+.0f (95%%; %s won every game)", Elo(hi), s.NameB)
	}
	return head + fmt.Sprintf("%+.0f ± %.0f (95%%)", Elo(float64(w)/float64(n)), EloError(w, n))
}

// Write prints the summary for people.
func (s *Summary) Write(w io.Writer) {
	width := max(len(s.NameA), len(s.NameB), len("  as Black")) + 2
	fmt.Fprintf(w, "%-*s  wins/games  win%%   95%% interval\n", width, "")
	for ag, name := range []string{s.NameA, s.NameB} {
		total := s.A
		if ag == 1 {
			total = s.B
		}
		fmt.Fprintf(w, "%-*s  %s\n", width, name, total)
		fmt.Fprintf(w, "%-*s  %s\n", width, "  as Black", s.ByColour[ag][board.Black])
		fmt.Fprintf(w, "%-*s  %s\n", width, "  as White", s.ByColour[ag][board.White])
	}
	fmt.Fprintln(w, s.EloLine())
	fmt.Fprintf(w, "time per move, mean / max:")
	for ag, name := range []string{s.NameA, s.NameB} {
		t := s.Time[ag]
		sep := ";"
		if ag == 0 {
			sep = ""
		}
		clock := "CPU"
		switch {
		case t.Unmeasured == t.Moves && t.Moves > 0:
			clock = "wall clock"
		case t.Unmeasured > 0:
			clock = "partly wall clock"
		}
		fmt.Fprintf(w, "%s %s %s / %s (%s)", sep, name, fmtDuration(t.Mean()), fmtDuration(t.Max), clock)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "mean margin (%s stones - %s stones): %+.2f\n", s.NameA, s.NameB, s.MarginA)
	reasons := make([]Reason, 0, len(s.Endings))
	for r := range s.Endings {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if s.Endings[reasons[i]] != s.Endings[reasons[j]] {
			return s.Endings[reasons[i]] > s.Endings[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	var parts []string
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%s %d", r.Describe(), s.Endings[r]))
	}
	if s.Aborted > 0 {
		parts = append(parts, fmt.Sprintf("not finished %d", s.Aborted))
	}
	fmt.Fprintf(w, "games ended: %s\n", strings.Join(parts, ", "))
	for _, r := range reasons {
		if r.Forfeit() {
			fmt.Fprintf(w, "  e.g. %s\n", s.Example[r])
		}
	}
}
