// stats.go: match statistics: win rates with Wilson intervals, the Elo difference, time per move, margins, how games ended.

package arena

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"littlego/board"
	"littlego/lib/matchstats"
	"littlego/record"
)

// Tally counts wins out of games.
type Tally struct{ Wins, Games int }

// String returns "wins/games  rate%  [lo, hi]%".
func (t Tally) String() string {
	if t.Games == 0 {
		return fmt.Sprintf("%4d/%-4d", 0, 0)
	}
	lo, hi := matchstats.Wilson(t.Wins, t.Games)
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
	A, B    Tally
	ByColor [2][2]Tally
	// Time is each agent's time per move (0: A, 1: B).
	Time [2]TimeStats
	// MarginA is the mean of A's stones minus B's on the final boards.
	MarginA float64
	// Endings counts the games by reason; Example holds one detail per reason.
	Endings map[record.Reason]int
	Example map[record.Reason]string
	// Distinct counts the different games (different sequences of actions).
	Distinct int
	// Openings counts the different openings the finished games started from, and
	// ProvenOpenings those of them the solver proved.
	Openings, ProvenOpenings int
	// Proven counts the games from an opening the solver proved; in those, Slips[agent]
	// counts the proven wins the agent lost and Swindles[agent] the proven losses it
	// won (agent 0 is A).
	Proven          int
	Slips, Swindles [2]int
}

// Summarize computes the summary of a match's records.
func Summarize(records []record.Record, nameA, nameB string) Summary {
	s := Summary{NameA: nameA, NameB: nameB, Endings: map[record.Reason]int{}, Example: map[record.Reason]string{}}
	margin := 0
	openings := map[int]bool{}
	for _, r := range records {
		if r.Game == 0 || r.Reason == record.Aborted {
			s.Aborted++
			continue
		}
		s.Games++
		aColor := board.White
		if r.ABlack {
			aColor = board.Black
		}
		aWon := r.Winner == aColor
		if r.Opening > 0 {
			openings[r.Opening] = r.OpeningKnown
		}
		if r.OpeningKnown {
			s.addProven(&r, aColor)
		}
		s.ByColor[0][aColor].Games++
		s.ByColor[1][aColor.Other()].Games++
		if aWon {
			s.ByColor[0][aColor].Wins++
		} else {
			s.ByColor[1][aColor.Other()].Wins++
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
		s.addTimes(&r)
	}
	for ag := 0; ag < 2; ag++ {
		for c := 0; c < 2; c++ {
			t := s.ByColor[ag][c]
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
	s.Distinct, s.Openings = distinctGames(records), len(openings)
	for _, known := range openings {
		if known {
			s.ProvenOpenings++
		}
	}
	return s
}

// addProven counts a game from a proven opening, A playing aColour: a slip for the
// agent that lost a proven win, a swindle for the one that won a proven loss.
func (s *Summary) addProven(r *record.Record, aColor board.Color) {
	s.Proven++
	provenWinner := board.White
	if r.OpeningBlackWins {
		provenWinner = board.Black
	}
	if r.Winner != provenWinner {
		loser, winner := 0, 1 // the agent that had the proven win, and the one that swindled
		if aColor != provenWinner {
			loser, winner = 1, 0
		}
		s.Slips[loser]++
		s.Swindles[winner]++
	}
}

// addTimes counts the time of each move the agents chose in r (not the opening's).
func (s *Summary) addTimes(r *record.Record) {
	for _, m := range r.Moves {
		if m.Opening {
			continue
		}
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
	lo, hi := matchstats.Wilson(w, n)
	switch w {
	case n:
		return head + fmt.Sprintf("more than %+.0f (95%%; %s won every game)", matchstats.Elo(lo), s.NameA)
	case 0:
		return head + fmt.Sprintf("less than %+.0f (95%%; %s won every game)", matchstats.Elo(hi), s.NameB)
	}
	return head + fmt.Sprintf("%+.0f ± %.0f (95%%)", matchstats.Elo(float64(w)/float64(n)), matchstats.EloError(w, n))
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
		fmt.Fprintf(w, "%-*s  %s\n", width, "  as Black", s.ByColor[ag][board.Black])
		fmt.Fprintf(w, "%-*s  %s\n", width, "  as White", s.ByColor[ag][board.White])
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
	reasons := make([]record.Reason, 0, len(s.Endings))
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
	fmt.Fprintf(w, "distinct games: %d of %d", s.Distinct, s.Games)
	if s.Openings > 0 {
		fmt.Fprintf(w, " (from %d openings, each played with both colours; %d of them proved by the solver)", s.Openings, s.ProvenOpenings)
	}
	fmt.Fprintln(w)
	if s.Proven > 0 {
		fmt.Fprintf(w, "from proven openings (%d games): %s slipped %d (lost a proven win), swindled %d (won a proven loss); %s slipped %d, swindled %d\n",
			s.Proven, s.NameA, s.Slips[0], s.Swindles[0], s.NameB, s.Slips[1], s.Swindles[1])
	}
	for _, r := range reasons {
		if r.Forfeit() {
			fmt.Fprintf(w, "  e.g. %s\n", s.Example[r])
		}
	}
}
