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
	if m.Blunder {
		marks = append(marks, "BLUNDER ("+alternatives(m)+")")
	}
	line := fmt.Sprintf("%3d %s %-5s %-7s -> %-7s %-8s %s", m.Number, m.Color.String()[:1], m.Action,
		m.Before, m.After, proofWord(m.Proof), strings.Join(marks, ", "))
	if m.EngineMove != board.NoPoint {
		line = fmt.Sprintf("%-60s engine %s (%s %.0f%%)", line, m.EngineMove, m.EngineMethod, 100*m.EngineWinRate)
	}
	return strings.TrimRight(line, " ")
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

// WriteAgents writes a table of each agent's record across the games reviewed.
func WriteAgents(w io.Writer, stats []AgentStats) {
	fmt.Fprintf(w, "%-24s %5s %5s %8s %9s %13s  %s\n", "agent", "games", "lost", "blunders", "per game", "won kept", "blunders at moves")
	for _, s := range stats {
		moves := make([]string, len(s.BlunderMoves))
		for k, n := range s.BlunderMoves {
			moves[k] = fmt.Sprint(n)
		}
		kept := fmt.Sprintf("%d/%d", s.Kept, s.Won)
		if s.Won > 0 {
			kept += fmt.Sprintf(" %.0f%%", 100*s.KeptShare())
		}
		fmt.Fprintf(w, "%-24s %5d %5d %8d %9.2f %13s  %s\n", s.Name, s.Games, s.Lost, s.Blunders, s.BlundersPerGame(), kept, strings.Join(moves, " "))
	}
}
