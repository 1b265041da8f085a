// facts_test.go: GTP's analysis says what package facts proves, on the positions of every source (factstest).

package gtp

import (
	"context"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/facts/factstest"
	"littlego/lib/racedetect"
)

// On each factstest position, once kata-analyze has a line in which every proved
// move of the facts is listed, every entry's win rate and score say what facts proves of
// the position after it: 1 or 0 for a proved value, the search's estimate otherwise;
// scoreStdev 0 and the exact lead for a proved margin, above 0 otherwise.
func TestAnalysisSaysWhatFactsProve(t *testing.T) {
	positions := factstest.MustPositions(t)
	for _, p := range positions {
		if p.Pos.Over || (testing.Short() || racedetect.Enabled) && p.Kind != factstest.Table {
			continue // the solver's positions cost seconds, ten times that under the race detector
		}
		t.Run(p.Name, func(t *testing.T) {
			s, _ := newTestServer(t, LittleGo, 100)
			ps := startPipe(t, s)
			pos := board.New()
			for _, a := range p.Actions {
				ps.send(t, "play "+strings.ToLower(pos.Turn.String()[:1])+" "+board.Vertex(a))
				ps.expect(t, "= ")
				ps.expect(t, "")
				pos.Act(a)
			}
			prover := facts.NewProver(nil)
			want := func(a board.Point) facts.Fact {
				child := pos
				child.Act(a)
				return prover.Known(child)
			}
			if p.Kind == factstest.Solver {
				// What the solver can prove here within a few seconds, proved beforehand
				// into the process's cache, which the analysis shares.
				for _, a := range facts.Actions(pos) {
					child := pos
					child.Act(a)
					prover.Margin(context.Background(), child, facts.Limits{CPU: 10 * time.Second})
				}
			}
			// Facts only grow while the analysis runs, so a line is checked against them
			// as they stand when it is read: a formatter that misreads them never passes.
			var last string
			analyzeUntil(t, ps, "kata-analyze 5", func(l string) bool {
				es, err := parseKataLine(l)
				if err != nil {
					t.Fatalf("%v in %q", err, l)
				}
				last = mismatch(t, es, pos, want)
				return len(es) > 0 && last == ""
			})
			if last != "" {
				t.Error(last)
			}
		})
	}
}

// mismatch returns what an entry of es says otherwise than facts (want gives the fact
// of the position after a move of pos), or "".
func mismatch(t *testing.T, es []kataEntry, pos board.Position, want func(board.Point) facts.Fact) string {
	for _, e := range es {
		f := want(mustVertex(t, e.Move))
		moverWins := f.Value == facts.Loss // the position after the move is lost for its side to move
		if f.Proved() && (e.Winrate == 1) != moverWins || f.Proved() && e.Winrate != 0 && e.Winrate != 1 {
			return e.Move + ": winrate " + points(e.Winrate) + "; facts: " + f.String()
		}
		m, exact := f.Margin()
		lead := float64(m) - board.Komi
		if pos.Turn == board.White {
			lead = -lead
		}
		if exact != (e.ScoreStdev == 0) || exact && e.ScoreLead != lead {
			return e.Move + ": scoreLead " + points(e.ScoreLead) + " scoreStdev " + points(e.ScoreStdev) + "; facts: " + f.String()
		}
	}
	return ""
}
