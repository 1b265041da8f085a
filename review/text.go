// text.go: the review written for people: a line per move, the decisive position drawn, the verdict, and each agent's record.

package review

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
)

// WriteGame writes r for people: the result, a header over the columns, a line per
// move, the mistakes with their best moves, the decisive position drawn with its winning
// alternatives, and the verdict.
func WriteGame(w io.Writer, r *GameReview) {
	fmt.Fprintf(w, "== %s: %s (Black) vs %s (White)", r.Name, r.Agent(board.Black), r.Agent(board.White))
	if r.Result != "" {
		fmt.Fprintf(w, ", %s", resultWords(r))
	}
	fmt.Fprintln(w)
	width := columnWidths(r)
	if len(r.Moves) > 0 {
		fmt.Fprintln(w, moveHeader(width))
	}
	for k := range r.Moves {
		fmt.Fprintln(w, moveLine(r, k, width))
	}
	if il := r.Illegal; il != nil {
		fmt.Fprintf(w, "%4d %-4s %-6s illegal (%s): the course host forfeits it; the review stops here\n",
			il.Number, il.Color.String()[:1], il.Action, il.Reason)
	}
	if r.Fault != "" {
		fmt.Fprintf(w, "    fault: %s\n", r.Fault)
	}
	if len(r.Mistakes) > 0 {
		fmt.Fprintf(w, "mistakes (%d or more stones lost in a lost position):\n", MistakePoints)
		for _, n := range r.Mistakes {
			m := &r.Moves[n-1]
			fmt.Fprintf(w, "    move %d, %s %s: %s; %s\n", m.Number, m.Color, m.Action, marginChange(m), bestWords(m))
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

// resultWords says the game's result: Go's notation after the komi, and the stones on
// the board when the game ended there ("W+0.5 (Black 2 stones ahead on the board, komi
// 2.5)").
func resultWords(r *GameReview) string {
	last, _ := r.Position(len(r.Moves) + 1)
	if r.Illegal != nil || r.Fault != "" || !last.Over {
		return "result " + r.Result
	}
	return fmt.Sprintf("result %s (%s on the board, komi %g)", r.Result, record.Stones(last.Margin()), board.Komi)
}

// moveColumns lays out a move's line and the header over it: number, side, action, the
// value for the side that moved before -> after, how the value before was proved (as
// wide as the game's longest: columnWidths), the results with perfect play before ->
// after and the stones lost (as wide as the longest too), the engine's move, and the
// marks.
const moveColumns = "%4s %-4s %-6s %-19s %-*s %-*s %-26s %s"

// widths are the widths of the columns that follow their game's longest entry.
type widths struct{ proof, result int }

// defaultWidths are the "proved by" column's width for the direct sources ("[opening
// table]") and the results' for exact results ("B+0.5 -> W+4.5, lost 5"); an implied
// source or a bound ("W+0.5 or more") widens them for its game.
var defaultWidths = widths{proof: 15, result: 25}

// MoveHeader is the line over the moves' columns in WriteGame's text, for a game whose
// values are all proved directly and results exactly (others widen the columns).
var MoveHeader = moveHeader(defaultWidths)

// moveHeader is the line over the moves' columns w wide.
func moveHeader(w widths) string {
	return strings.TrimRight(fmt.Sprintf(moveColumns, "move", "side", "action", "value for the mover",
		w.proof, "proved by", w.result, "result with perfect play", "best move", "marks"), " ")
}

// columnWidths are r's columns' widths: their longest entries, at least defaultWidths.
func columnWidths(r *GameReview) widths {
	w := defaultWidths
	for k := range r.Moves {
		w.proof = max(w.proof, len(proofWord(r.Moves[k].Proof)))
		w.result = max(w.result, len(marginChange(&r.Moves[k])))
	}
	return w
}

// moveLine is the line of move k of r under moveHeader(w).
func moveLine(r *GameReview, k int, w widths) string {
	m := &r.Moves[k]
	value := fmt.Sprintf("%-7s -> %s", m.Before, m.After)
	line := fmt.Sprintf(moveColumns, fmt.Sprint(m.Number), m.Color.String()[:1], m.Action, value,
		w.proof, proofWord(m.Proof), w.result, marginChange(m), BestMoveWords(m), strings.Join(marks(r, k), "; "))
	return strings.TrimRight(line, " ")
}

// BestMoveWords is the "best move" column of a move: the proved best moves where the
// review proved them (a blunder's winning alternatives, a mistake's best moves: never
// the move the line marks), else the engine's move with how it chose it: a proved win
// (book, table, solver, the pass rule), the move played when it is proved best, or the
// search's choice, whose win rate is shown only where nothing is proved, as an
// estimate; in a proved position a search's rate would contradict the proof.
func BestMoveWords(m *MoveReview) string {
	list := func(ps []board.Point, complete bool) string {
		if complete {
			return "proved: " + pointList(ps)
		}
		return "proved: " + pointList(ps) + " ..."
	}
	switch {
	case m.Blunder && len(m.WinningAlternatives) > 0:
		return list(m.WinningAlternatives, m.AlternativesComplete)
	case m.Mistake && len(m.BestMoves) > 0:
		return list(m.BestMoves, m.BestComplete)
	case m.EngineMove == board.NoPoint:
		return ""
	case m.EngineValue == facts.Loss:
		return fmt.Sprintf("%s (every move loses)", m.EngineMove)
	case m.EngineValue == facts.Win:
		return fmt.Sprintf("%s (%s, proved win)", m.EngineMove, m.EngineMethod)
	case m.EngineMove == m.Action && m.PointsLost != nil && *m.PointsLost == 0:
		return fmt.Sprintf("%s (%s, proved best)", m.EngineMove, m.EngineMethod)
	case m.Before != facts.Unknown:
		return fmt.Sprintf("%s (%s, not proved)", m.EngineMove, m.EngineMethod)
	}
	return fmt.Sprintf("%s (%s estimate %.0f%%)", m.EngineMove, m.EngineMethod, 100*m.EngineWinRate)
}

// marks are the words of move k's last column: an imposed opening move, a blunder (a
// gift to the opponent) with its winning alternatives, the reply that punished one, and
// a mistake with its best moves.
func marks(r *GameReview, k int) []string {
	m := &r.Moves[k]
	var out []string
	if m.Opening {
		out = append(out, "opening")
	}
	if m.Blunder {
		gift := fmt.Sprintf("BLUNDER (a gift to %s)", m.Color.Other())
		if m.AfterGift {
			gift = "BLUNDER (the gift given back)"
		}
		out = append(out, gift, alternatives(m))
	} else if m.AfterGift && m.After == facts.Win {
		out = append(out, fmt.Sprintf("punishes move %d", m.Number-1))
	}
	if m.Mistake {
		out = append(out, "MISTAKE", bestWords(m))
	}
	return out
}

// marginChange says the move's results with perfect play before and after and the
// stones it lost ("B+0.5 -> W+3.5, lost 4"): a result not proved exactly as its proved
// bound, as -json's outcome says it ("B+0.5 -> W+0.5 or more"), "?" where nothing is
// proved of it, or "" when nothing is of either.
func marginChange(m *MoveReview) string {
	if m.MarginBefore == nil && m.MarginAfter == nil && m.OutcomeBefore == "" && m.OutcomeAfter == "" {
		return ""
	}
	word := func(p *int, outcome string) string {
		switch {
		case p != nil:
			return record.Result(*p)
		case outcome != "":
			return outcome
		}
		return "?"
	}
	s := word(m.MarginBefore, m.OutcomeBefore) + " -> " + word(m.MarginAfter, m.OutcomeAfter)
	if m.PointsLost != nil {
		s += fmt.Sprintf(", lost %d", *m.PointsLost)
	}
	return s
}

// proofWord names how the value before the move was proved, in brackets.
func proofWord(p facts.Source) string {
	if p == facts.None {
		return ""
	}
	return "[" + string(p) + "]"
}

// alternatives lists a blunder's winning alternatives in words.
func alternatives(m *MoveReview) string {
	if len(m.WinningAlternatives) == 0 {
		return "winning alternatives not found within the limit"
	}
	what := "wins: "
	if !m.AlternativesComplete {
		what = "wins (not a complete list): "
	}
	return what + pointList(m.WinningAlternatives)
}

// bestWords lists a mistake's best moves and the result they keep.
func bestWords(m *MoveReview) string {
	if len(m.BestMoves) == 0 || m.MarginBefore == nil {
		return "best moves not found within the limit"
	}
	what := "best: "
	if !m.BestComplete {
		what = "best (not a complete list): "
	}
	return what + pointList(m.BestMoves) + ", keeping " + record.Result(*m.MarginBefore)
}

// pointList writes actions separated by spaces.
func pointList(ps []board.Point) string {
	s := make([]string, len(ps))
	for k, a := range ps {
		s[k] = a.String()
	}
	return strings.Join(s, " ")
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

// WriteAgents writes a table of each agent's record across the games reviewed (its
// moves in proved won positions split by what followed: still won, a proved loss (a
// blunder), or not proved either way), then, game by game, the moves of its blunders and
// mistakes.
func WriteAgents(w io.Writer, stats []AgentStats) {
	fmt.Fprintf(w, "%-24s %5s %5s %8s %9s %8s %22s\n", "agent", "games", "lost", "blunders", "per game", "mistakes",
		"won: kept/unknown")
	for _, s := range stats {
		kept := fmt.Sprintf("%d: %d/%d", s.Won, s.Kept, s.WonUnknown)
		fmt.Fprintf(w, "%-24s %5d %5d %8d %9.2f %8d %22s\n", s.Name, s.Games, s.Lost, s.Blunders, s.BlundersPerGame(),
			s.Mistakes, kept)
	}
	first := true
	for _, s := range stats {
		for k, g := range s.ByGame {
			if first {
				fmt.Fprintln(w, "blunders and mistakes by game (move numbers):")
				first = false
			}
			name := ""
			if k == 0 {
				name = s.Name
			}
			var at []string
			if len(g.Blunders) > 0 {
				at = append(at, plural(len(g.Blunders), "blunder")+" "+numbers(g.Blunders))
			}
			if len(g.Mistakes) > 0 {
				at = append(at, plural(len(g.Mistakes), "mistake")+" "+numbers(g.Mistakes))
			}
			fmt.Fprintf(w, "  %-24s %s: %s\n", name, g.Game, strings.Join(at, "; "))
		}
	}
}

// plural returns noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// numbers writes move numbers separated by spaces.
func numbers(ns []int) string {
	s := make([]string, len(ns))
	for k, n := range ns {
		s[k] = fmt.Sprint(n)
	}
	return strings.Join(s, " ")
}
