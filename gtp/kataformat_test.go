// kataformat_test.go: kata-analyze's fields, and proved values in both analysis formats: the book's win, and scoreLead from margins checked by a brute force.

package gtp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"littlego/board"
	"littlego/opening"
)

// kataEntry is one candidate move of a kata-analyze info line.
type kataEntry struct {
	Move                                 string
	Visits, Order                        int
	Winrate, ScoreMean, ScoreLead, Prior float64
	LCB, Utility, UtilityLCB             float64
	ScoreStdev, ScoreSelfplay            float64
	PV                                   []string
}

// parseKataLine reads a line of info entries as kata-analyze writes them, requiring
// each of the keys below in every entry, rates in [0,1] and counts where KataGo has them.
func parseKataLine(line string) ([]kataEntry, error) {
	entries, err := splitInfoLine(line)
	if err != nil {
		return nil, err
	}
	out := make([]kataEntry, len(entries))
	for k, f := range entries {
		e := &out[k]
		e.Move, e.PV = f.values["move"], f.pv
		var visits, order float64
		for key, dst := range map[string]*float64{"visits": &visits, "order": &order, "winrate": &e.Winrate, "scoreMean": &e.ScoreMean,
			"scoreLead": &e.ScoreLead, "prior": &e.Prior, "lcb": &e.LCB, "utility": &e.Utility, "utilityLcb": &e.UtilityLCB,
			"scoreStdev": &e.ScoreStdev, "scoreSelfplay": &e.ScoreSelfplay} {
			x, err := strconv.ParseFloat(f.values[key], 64)
			switch {
			case err != nil || math.IsNaN(x):
				return nil, fmt.Errorf("entry %s: %s %q is not a number", e.Move, key, f.values[key])
			case (key == "visits" || key == "order") && (x != math.Trunc(x) || x < 0):
				return nil, fmt.Errorf("entry %s: %s %g is not a count", e.Move, key, x)
			case (key == "winrate" || key == "prior" || key == "lcb") && (x < 0 || x > 1):
				return nil, fmt.Errorf("entry %s: %s %g is out of [0,1]", e.Move, key, x)
			case (key == "utility" || key == "utilityLcb") && (x < -1 || x > 1):
				return nil, fmt.Errorf("entry %s: %s %g is out of [-1,1]", e.Move, key, x)
			case key == "scoreStdev" && x < 0:
				return nil, fmt.Errorf("entry %s: scoreStdev %g is negative", e.Move, x)
			}
			*dst = x
		}
		e.Visits, e.Order = int(visits), int(order)
	}
	return out, nil
}

func TestParseKataLine(t *testing.T) {
	es, err := parseKataLine("info move C3 visits 12 utility 0.000000 winrate 0.500000 scoreMean -1.5 scoreStdev 4.0 scoreLead -1.5 scoreSelfplay -2.5 prior 0.038462 lcb 0.250000 utilityLcb -0.500000 order 0 pv C3 B4 " +
		"info move pass visits 0 utility 1.000000 winrate 1.000000 scoreMean 0.5 scoreStdev 0.0 scoreLead 0.5 scoreSelfplay 0.5 prior 0.038462 lcb 1.000000 utilityLcb 1.000000 order 1 pv pass")
	if err != nil {
		t.Fatal(err)
	}
	if e := es[0]; len(es) != 2 || e.Move != "C3" || e.Visits != 12 || e.Winrate != 0.5 || e.ScoreLead != -1.5 || e.LCB != 0.25 ||
		strings.Join(e.PV, " ") != "C3 B4" || es[1].Order != 1 || es[1].ScoreMean != 0.5 || e.ScoreStdev != 4 || e.UtilityLCB != -0.5 {
		t.Fatalf("parsed %+v", es)
	}
	for _, bad := range []string{"info move C3 visits 1 utility 0 winrate 1.5 scoreMean 0 scoreStdev 0 scoreLead 0 scoreSelfplay 0 prior 0 lcb 0 utilityLcb 0 order 0 pv C3",
		"info move C3 visits 1 winrate 0.5 prior 0 lcb 0 order 0 pv C3", "info move C3 visits x"} {
		if _, err := parseKataLine(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// analyzeUntil sends command in ps's session and reads info lines until done accepts
// one, then stops the analysis; it returns that line.
func analyzeUntil(t *testing.T, ps *pipeSession, command string, done func(line string) bool) string {
	t.Helper()
	ps.send(t, command)
	ps.expect(t, "=")
	var got string
	for n := 0; got == ""; n++ {
		if n > 400 {
			t.Fatalf("%s: no wanted line in 400", command)
		}
		if l := ps.read(t); done(l) {
			got = l
		}
	}
	ps.send(t, "name")
	for ps.read(t) != "" {
	}
	ps.expect(t, "= littlego")
	ps.expect(t, "")
	return got
}

func TestAnalysisShowsTheBooksWin(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	ps := startPipe(t, s)
	for _, m := range []string{"play b c3", "play w c4"} {
		ps.send(t, m)
		ps.expect(t, "= ")
		ps.expect(t, "")
	}
	pos := s.game.pos
	best, ok := opening.BookMove(pos)
	if !ok {
		t.Fatal("the book has no move after C3 C4")
	}
	// Black's book move is a proved win in both formats, at 100%, and a proved win
	// ranks first (the book's move or its mirror image).
	lz := analyzeUntil(t, ps, "lz-analyze 5", func(string) bool { return true })
	es := checkInfoLine(t, lz, pos)
	found := false
	for _, e := range es {
		if e.Move == board.Vertex(best) {
			found = e.Winrate == 10000 && e.LCB == 10000
		}
	}
	if !found || es[0].Winrate != 10000 {
		t.Errorf("lz-analyze after C3 C4: %q; want the book's %s and the first entry at 10000", lz, board.Vertex(best))
	}
	kata := analyzeUntil(t, ps, "kata-analyze 5", func(string) bool { return true })
	ks, err := parseKataLine(kata)
	if err != nil {
		t.Fatalf("%v in %q", err, kata)
	}
	found = false
	for _, k := range ks {
		if k.Move == board.Vertex(best) {
			found = k.Winrate == 1 && k.LCB == 1 && k.ScoreLead >= float64(board.BlackMargin)-board.Komi
		}
	}
	if !found || ks[0].Winrate != 1 {
		t.Errorf("kata-analyze after C3 C4: %q; want the book's %s at 1 with a winning lead, and the first entry at 1", kata, board.Vertex(best))
	}
}

// latePosition plays seeded random points from the empty board to move 23, Black to
// play, and returns the GTP moves with the position.
func latePosition(t *testing.T) ([]string, board.Position) {
	for seed := uint64(1); seed < 100; seed++ {
		rng := rand.New(rand.NewPCG(seed, 23))
		pos := board.New()
		var moves []string
		for pos.Move < 23 && !pos.Over {
			var legal []board.Point
			for p := board.Point(0); p < board.NumPoints; p++ {
				if pos.IsLegal(p) {
					legal = append(legal, p)
				}
			}
			if len(legal) == 0 {
				break
			}
			p := legal[rng.IntN(len(legal))]
			moves = append(moves, fmt.Sprintf("play %s %s", strings.ToLower(pos.Turn.String()[:1]), board.Vertex(p)))
			pos.Play(p)
		}
		if pos.Move == 23 && !pos.Over {
			return moves, pos
		}
	}
	t.Fatal("no seed reaches move 23")
	return nil, board.Position{}
}

// finalMargin is the margin black - white with perfect play of a position with at most
// two moves left, by trying every action and every reply: independent of the solver.
func finalMargin(t *testing.T, pos board.Position) int {
	if pos.Over {
		return pos.Margin()
	}
	best := 0
	for a, first := board.Point(0), true; a < board.NumActions; a++ {
		child := pos
		if !child.Act(a) {
			continue
		}
		if !child.Over && child.Move != board.MaxMoves {
			t.Fatalf("finalMargin: position at move %d has more than two moves left", pos.Move)
		}
		v := finalMargin(t, child)
		if first || pos.Turn == board.Black && v > best || pos.Turn == board.White && v < best {
			best, first = v, false
		}
	}
	return best
}

func TestKataAnalyzeScoreLeadFromProvedMargins(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	ps := startPipe(t, s)
	moves, pos := latePosition(t)
	for _, m := range moves {
		ps.send(t, m)
		ps.expect(t, "= ")
		ps.expect(t, "")
	}
	actions := 1 // pass
	for p := board.Point(0); p < board.NumPoints; p++ {
		if pos.IsLegal(p) {
			actions++
		}
	}
	// Black at move 23, then White at move 24 under komi 0.5: every action proved (the
	// exact margins decide every komi), scoreLead the margin after it less the komi for
	// the side to move; an integral komi is refused.
	for _, c := range []struct {
		komi  float64
		color board.Color
	}{{board.Komi, board.Black}, {0.5, board.White}} {
		if c.color == board.White {
			ps.send(t, "komi 1")
			ps.expect(t, "? unacceptable komi")
			ps.expect(t, "")
			ps.send(t, "komi 0.5")
			ps.expect(t, "= ")
			ps.expect(t, "")
			best := bestAction(t, pos)
			ps.send(t, "play b "+board.Vertex(best))
			ps.expect(t, "= ")
			ps.expect(t, "")
			pos.Act(best)
			actions = 1
			for p := board.Point(0); p < board.NumPoints; p++ {
				if pos.IsLegal(p) {
					actions++
				}
			}
		}
		line := analyzeUntil(t, ps, "kata-analyze 5", func(l string) bool {
			es, err := parseKataLine(l)
			if err != nil {
				t.Fatalf("%v in %q", err, l)
			}
			for _, e := range es {
				if e.Winrate != 0 && e.Winrate != 1 {
					return false
				}
			}
			return len(es) == actions
		})
		es, _ := parseKataLine(line)
		for k, e := range es {
			a, err := board.ParseVertex(e.Move)
			if err != nil {
				t.Fatal(err)
			}
			child := pos
			if !child.Act(a) {
				t.Fatalf("%s is not legal", e.Move)
			}
			m := finalMargin(t, child)
			lead := float64(m) - c.komi
			if c.color == board.White {
				lead = -lead
			}
			wins := (float64(m) > c.komi) == (c.color == board.Black)
			if e.ScoreLead != lead || e.ScoreMean != lead || e.ScoreSelfplay != lead || e.ScoreStdev != 0 || (e.Winrate == 1) != wins ||
				e.LCB != e.Winrate || e.Utility != 2*e.Winrate-1 || e.UtilityLCB != e.Utility {
				t.Errorf("%s to play at move %d, %s: winrate %g lcb %g scoreLead %g; the brute force's margin %d: lead %g, win %v",
					c.color, pos.Move, e.Move, e.Winrate, e.LCB, e.ScoreLead, m, lead, wins)
			}
			if k > 0 && es[k-1].Winrate < e.Winrate {
				t.Errorf("entry %d (%s) at %g ranks below a loss", k, e.Move, e.Winrate)
			}
		}
	}
}

// bestAction returns an action of Black that keeps finalMargin's margin.
func bestAction(t *testing.T, pos board.Position) board.Point {
	want := finalMargin(t, pos)
	for a := board.Point(0); a < board.NumActions; a++ {
		child := pos
		if child.Act(a) && finalMargin(t, child) == want {
			return a
		}
	}
	t.Fatal("no best action")
	return board.NoPoint
}
