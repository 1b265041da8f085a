// text.go: the review for people: a line per move, the decisive position drawn, the verdict, and each agent's record.

package review

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"littlego/board"
)

// WriteGame writes r for people: a line per move, the decisive position drawn with its
// winning alternatives, and the verdict.
func WriteGame(w io.Writer, r *GameReview) {
	fmt.Fprintf(w, "== %s: %s (Black) vs %s (White)\n", r.Name, r.Agent(board.Black), r.Agent(board.White))
	for k := range r.Moves {
		fmt.Fprintln(w, moveLine(&r.Moves[k]))
	}
	if il := r.Illegal; il != nil {
		fmt.Fprintf(w, "%3d %s %-5s illegal (%s): the course host forfeits it; the review stops here\n",
			il.Number, il.Color.String()[:1], il.Action, il.Reason)
	}
	if r.Fault != "" {
		fmt.Fprintf(w, "    fault: %s\n", r.Fault)
	}
	if len(r.Mistakes) > 0 {
		fmt.Fprintf(w, "mistakes (%d or more stones lost, result unchanged):\n", MistakePoints)
		for _, n := range r.Mistakes {
			m := &r.Moves[n-1]
			fmt.Fprintf(w, "    move %d, %s %s: %s\n", m.Number, m.Color, m.Action, marginChange(m))
		}
	}
	if r.Decisive > 0 && r.Decisive <= len(r.Moves) {
		m := &r.Moves[r.Decisive-1]
		pos, _ := r.Position(r.Decisive)
		fmt.Fprintf(w, "decisive: move %d, %s %s; %s\n", m.Number, m.Color, m.Action, alternatives(m))
		fmt.Fprintln(w, drawDecisive(pos, m))
	}
	fmt.Fprintf(w, "verdict: %s\n\n", r.Verdict)
}

// moveLine is the line of one move: number, colour, action, value before -> after, marks
// and the engine's preference.
func moveLine(m *MoveReview) string {
	var marks []string
	if m.Opening {
		marks = append(marks, "opening")
	}
	if m.Gift {
		marks = append(marks, "gift")
	}
	if m.Mistake {
		marks = append(marks, "MISTAKE")
	}
	if m.Blunder {
		marks = append(marks, "BLUNDER ("+alternatives(m)+")")
	}
	line := fmt.Sprintf("%3d %s %-5s %-7s -> %-7s %-15s %-22s %s", m.Number, m.Color.String()[:1], m.Action,
		m.Before, m.After, proofWord(m.Proof), marginChange(m), strings.Join(marks, ", "))
	if m.EngineMove != board.NoPoint {
		line = fmt.Sprintf("%-90s engine %s (%s %.0f%%)", line, m.EngineMove, m.EngineMethod, 100*m.EngineWinRate)
	}
	return strings.TrimRight(line, " ")
}

// MarginString writes a final margin black - white in stones as Go players write a
// result: "B+5", "W+2", or "0" for equal stones (the komi is not counted).
func MarginString(m int) string {
	switch {
	case m > 0:
		return fmt.Sprintf("B+%d", m)
	case m < 0:
		return fmt.Sprintf("W+%d", -m)
	}
	return "0"
}

// marginChange says the move's margins before and after and the stones it lost
// ("B+5 -> B+1, lost 4"), "?" for a margin not proved, or "" when neither is.
func marginChange(m *MoveReview) string {
	if m.MarginBefore == nil && m.MarginAfter == nil {
		return ""
	}
	word := func(p *int) string {
		if p == nil {
			return "?"
		}
		return MarginString(*p)
	}
	s := word(m.MarginBefore) + " -> " + word(m.MarginAfter)
	if m.PointsLost != nil {
		s += fmt.Sprintf(", lost %d", *m.PointsLost)
	}
	return s
}

// proofWord names how the value before the move was proved, in brackets.
func proofWord(p Proof) string {
	if p == ProofNone {
		return ""
	}
	return "[" + string(p) + "]"
}

// alternatives lists a blunder's winning alternatives in words.
func alternatives(m *MoveReview) string {
	if len(m.WinningAlternatives) == 0 {
		return "winning alternatives not found within the limit"
	}
	s := make([]string, len(m.WinningAlternatives))
	for k, a := range m.WinningAlternatives {
		s[k] = a.String()
	}
	what := "wins: "
	if !m.AlternativesComplete {
		what = "wins (not a complete list): "
	}
	return what + strings.Join(s, " ")
}

// drawDecisive draws pos with the move played (!) and the winning alternatives (*).
func drawDecisive(pos board.Position, m *MoveReview) string {
	var sb strings.Builder
	sb.WriteString("    0 1 2 3 4\n")
	for i := 0; i < board.Size; i++ {
		fmt.Fprintf(&sb, "  %d", i)
		for j := 0; j < board.Size; j++ {
			pt := board.PointAt(i, j)
			ch := "."
			switch {
			case pt == m.Action:
				ch = "!"
			case slices.Contains(m.WinningAlternatives, pt):
				ch = "*"
			case pos.Stones[board.Black].Has(pt):
				ch = "X"
			case pos.Stones[board.White].Has(pt):
				ch = "O"
			}
			sb.WriteString(" " + ch)
		}
		sb.WriteByte('\n')
	}
	b, w := pos.Score()
	fmt.Fprintf(&sb, "  move %d, %s to play, X %d O %d; ! the move played, * a winning alternative", pos.Move, pos.Turn, b, w)
	if m.Action == board.Pass {
		sb.WriteString("; the move played was PASS")
	}
	if slices.Contains(m.WinningAlternatives, board.Pass) {
		sb.WriteString("; PASS also wins")
	}
	return sb.String()
}

// WriteAgents writes a table of each agent's record across the games reviewed; its
// moves in proved won positions are split by what followed: still won, a proved loss
// (a blunder), or not proved either way.
func WriteAgents(w io.Writer, stats []AgentStats) {
	fmt.Fprintf(w, "%-24s %5s %5s %8s %9s %8s %22s  %s\n", "agent", "games", "lost", "blunders", "per game", "mistakes",
		"won: kept/unknown", "at moves")
	for _, s := range stats {
		kept := fmt.Sprintf("%d: %d/%d", s.Won, s.Kept, s.WonUnknown)
		var at []string
		if len(s.BlunderMoves) > 0 {
			at = append(at, "blunders "+numbers(s.BlunderMoves))
		}
		if len(s.MistakeMoves) > 0 {
			at = append(at, "mistakes "+numbers(s.MistakeMoves))
		}
		line := fmt.Sprintf("%-24s %5d %5d %8d %9.2f %8d %22s  %s", s.Name, s.Games, s.Lost, s.Blunders, s.BlundersPerGame(),
			s.Mistakes, kept, strings.Join(at, "; "))
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// numbers writes move numbers separated by spaces.
func numbers(ns []int) string {
	s := make([]string, len(ns))
	for k, n := range ns {
		s[k] = fmt.Sprint(n)
	}
	return strings.Join(s, " ")
}
