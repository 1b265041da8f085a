// gui_test.go: what a GUI can draw from the analysis of fully proved positions: Sabaki's heat-map rule applied to the info lines, the proofs' numbers checked against the opening table and the book.

package gtp

import (
	"math"
	"strings"
	"testing"

	"littlego/board"
	"littlego/opening"
	"littlego/tablebase"
)

// heatStrengths applies Sabaki's heat-map rule to entries (as its docs describe it:
// each move's colour strength is 1 + round(8 × visits × win rate / the largest visits ×
// win rate), and its label shows once it has 10 visits) and returns the strengths; NaN
// where the rule divides by zero, which draws nothing.
func heatStrengths(es []kataEntry) []float64 {
	most := 0.0
	for _, e := range es {
		most = max(most, float64(e.Visits)*e.Winrate)
	}
	out := make([]float64, len(es))
	for k, e := range es {
		out[k] = math.Round(8*float64(e.Visits)*e.Winrate/most) + 1
	}
	return out
}

// The empty board is fully proved by the opening table: 2,2 (C3) wins by 3 stones,
// every other first move loses by its exact margin (a pass
// ends the game at once). The analysis keeps searching beside
// the proofs, so Sabaki colours the board: C3 at full strength, with its label; the
// scores are the table's margins, exact (scoreStdev 0).
func TestProvedPositionGivesNumbersAGUICanDraw(t *testing.T) {
	s, log := newTestServer(t, LittleGo, 100)
	ps := startPipe(t, s)
	pos := board.New()
	actions := pos.Legal().Count() + 1
	line := analyzeUntil(t, ps, "kata-analyze 5", func(l string) bool {
		es, err := parseKataLine(l)
		if err != nil {
			t.Fatalf("%v in %q", err, l)
		}
		return len(es) == actions && es[0].Move == "C3" && es[0].Visits >= 10
	})
	es, _ := parseKataLine(line)
	strength := heatStrengths(es)
	for k, e := range es {
		a := mustVertex(t, e.Move)
		child := pos
		child.Act(a)
		entry, ok := opening.Lookup(child)
		if child.Over { // a pass on move 1 ends the game
			entry, ok = tablebase.Entry{MarginKnown: true, Margin: child.Margin()}, true
		}
		if !ok || !entry.MarginKnown {
			t.Fatalf("the table has no margin after %s", e.Move)
		}
		wins := entry.Margin >= board.BlackMargin
		lead := float64(entry.Margin) - board.Komi
		if (e.Winrate == 1) != wins || e.Winrate != 0 && e.Winrate != 1 || e.ScoreLead != lead || e.ScoreStdev != 0 || e.Utility != 2*e.Winrate-1 {
			t.Errorf("%s: winrate %g scoreLead %g scoreStdev %g utility %g; the table: margin %d", e.Move, e.Winrate, e.ScoreLead, e.ScoreStdev, e.Utility, entry.Margin)
		}
		if math.IsNaN(strength[k]) || strength[k] < 1 || strength[k] > 9 {
			t.Errorf("%s: Sabaki's strength %v", e.Move, strength[k])
		}
	}
	if strength[0] != 9 {
		t.Errorf("C3, the proved win, has strength %v, want 9", strength[0])
	}
	ps.send(t, "quit")
	for range ps.lines {
	}
	<-ps.done
	if !strings.Contains(log.String(), "kata-analyze: stopped by the next command") || !strings.Contains(log.String(), "26 moves proved") {
		t.Errorf("the log does not say where the moves stood: %q", log.String())
	}
}

// After C3, White to move has lost: the book answers every reply. Every reply is a
// proved loss (win rate 0, utility -1), searched beside the proof, and its scoreLead is
// within the proof's bounds (White trails by at least 0.5): exact (scoreStdev 0) where
// the facts of the positions after it prove the margin, else an estimate, told apart
// from an exact one by a scoreStdev above 0.
func TestProvedLossWithUnprovedMargins(t *testing.T) {
	_, ps, pos := afterC3(t)
	actions := pos.Legal().Count() + 1
	line := analyzeUntil(t, ps, "kata-analyze 5", func(l string) bool {
		es, err := parseKataLine(l)
		if err != nil {
			t.Fatalf("%v in %q", err, l)
		}
		visits := 0
		for _, e := range es {
			visits += e.Visits
		}
		return len(es) == actions && visits >= 100
	})
	es, _ := parseKataLine(line)
	for _, e := range es {
		if e.Winrate != 0 || e.LCB != 0 || e.Utility != -1 || e.ScoreLead > -(float64(board.BlackMargin)-board.Komi) || e.ScoreStdev < 0 {
			t.Errorf("%s: winrate %g lcb %g utility %g scoreLead %g scoreStdev %g", e.Move, e.Winrate, e.LCB, e.Utility, e.ScoreLead, e.ScoreStdev)
		}
	}
}
