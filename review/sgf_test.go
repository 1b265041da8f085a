// sgf_test.go: the review as SGF: every move's comment in the text review's words, the marks where the review proves them, the winning moves as variations with their lines, and the file read back.

package review

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/lib/racedetect"
	"littlego/record"
	"littlego/sgf"
)

// reviewedHalf reviews whiteByHalf (Black's 0,0 on move 1 gives the game away: the
// opening table proves it) and returns the review and its SGF tree.
func reviewedHalf(t *testing.T, opening int) (GameReview, *sgf.Node) {
	t.Helper()
	scale := time.Duration(1)
	if racedetect.Enabled {
		scale = 3
	}
	games, errs := record.Parse("half.txt", []byte(whiteByHalf))
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("Parse: %d games, errors %v", len(games), errs)
	}
	for k := range opening {
		games[0].Moves[k].Opening = true // imposed
	}
	cache := facts.NewCache()
	r, err := Review(context.Background(), games[0], Options{Limit: 50 * time.Millisecond * scale,
		MarginLimit: 300 * time.Millisecond * scale, Jobs: 1, Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := SGFTree(context.Background(), &r, SGFOptions{Cache: cache, Lines: facts.Limits{Nodes: 200_000}})
	if err != nil {
		t.Fatal(err)
	}
	return r, tree
}

// TestSGFMovesAndMarks: one node per move, in order, each commented with the text
// review's words for it and marked: BM[2] on the decisive blunder (move 1), GB, GW or
// UC after every move as the review proved it, SBKV 100 or 0 where proved, SBKS where
// the margin is; the root gives the verdict and what the marks mean.
func TestSGFMovesAndMarks(t *testing.T) {
	r, tree := reviewedHalf(t, 0)
	if !strings.Contains(tree.Value("C"), r.Verdict) || !strings.Contains(tree.Value("C"), "BM a blunder") {
		t.Errorf("root comment %q", tree.Value("C"))
	}
	if tree.Value("GB") != "1" || tree.Value("SBKV") != "100" || tree.Value("SBKS") != "0.5" {
		t.Errorf("root marks: %+v", tree.Props)
	}
	line := tree.MainLine()[1:]
	if len(line) != len(r.Moves) {
		t.Fatalf("%d move nodes, %d moves", len(line), len(r.Moves))
	}
	for k, n := range line {
		m := &r.Moves[k]
		id := "B"
		if m.Color == board.White {
			id = "W"
		}
		if v, ok := n.Get(id); !ok || v[0] != sgf.Coord(m.Action) {
			t.Fatalf("move %d: node %+v, want %s[%s]", m.Number, n.Props, id, sgf.Coord(m.Action))
		}
		c := n.Value("C")
		for _, want := range []string{proofWordOr(m), "value for the mover: " + m.Before.String() + " -> " + m.After.String(), "result with perfect play: "} {
			if !strings.Contains(c, want) {
				t.Errorf("move %d: comment %q does not say %q", m.Number, c, want)
			}
		}
		if mc := marginChange(m); mc != "" && !strings.Contains(c, mc) {
			t.Errorf("move %d: comment %q lacks the text's %q", m.Number, c, mc)
		}
		black := m.After
		if m.Color == board.White {
			black = black.Flip()
		}
		marks := map[facts.Value]string{facts.Win: "GB", facts.Loss: "GW", facts.Unknown: "UC"}
		for v, id := range marks {
			if _, has := n.Get(id); has != (v == black) {
				t.Errorf("move %d: %s is %v, Black's value after %v", m.Number, id, has, black)
			}
		}
		if sbkv := n.Value("SBKV"); black != facts.Unknown && sbkv != map[facts.Value]string{facts.Win: "100", facts.Loss: "0"}[black] {
			t.Errorf("move %d: SBKV %q for a proved %v", m.Number, sbkv, black)
		}
		if _, has := n.Get("SBKS"); has != (m.MarginAfter != nil) {
			t.Errorf("move %d: SBKS %v, margin after %v", m.Number, has, m.MarginAfter)
		}
		_, bm := n.Get("BM")
		_, do := n.Get("DO")
		if bm != m.Blunder || do != m.Mistake {
			t.Errorf("move %d: BM %v DO %v, blunder %v mistake %v", m.Number, bm, do, m.Blunder, m.Mistake)
		}
	}
	if line[0].Value("BM") != "2" || r.Decisive != 1 || !strings.Contains(line[0].Value("C"), "BLUNDER (a gift to White); wins: 2,2") {
		t.Errorf("move 1: %+v (decisive %d)", line[0].Props, r.Decisive)
	}
	if last := line[len(line)-1].Value("C"); !strings.Contains(last, "verdict: "+r.Verdict) {
		t.Errorf("the last move's comment %q has no verdict", last)
	}
}

func proofWordOr(m *MoveReview) string {
	if w := proofWord(m.Proof); w != "" {
		return w
	}
	return "value for the mover"
}

// TestSGFVariations: beside the blunder, its proved winning move (2,2) is a variation,
// marked TE and proved a Black win, followed by a proved line of moves that follow
// one another legally.
func TestSGFVariations(t *testing.T) {
	r, tree := reviewedHalf(t, 0)
	alts := r.Moves[0].WinningAlternatives
	if len(tree.Children) != 1+len(alts) || len(alts) == 0 {
		t.Fatalf("root: %d children, %d alternatives", len(tree.Children), len(alts))
	}
	for k, a := range alts {
		v := tree.Children[1+k]
		if v.Value("B") != sgf.Coord(a) || v.Value("TE") != "1" || v.Value("GB") != "1" || !strings.Contains(v.Value("C"), "in place of the blunder 0,0") {
			t.Errorf("variation %d: %+v", k, v.Props)
		}
		pos := board.New()
		for _, n := range v.MainLine() {
			c := board.White
			id := "W"
			if _, black := n.Get("B"); black {
				c, id = board.Black, "B"
			}
			pt, ok := sgf.ParsePoint(n.Value(id))
			if !ok || c != pos.Turn || !pos.Act(pt) {
				t.Fatalf("variation %d: %+v does not follow legally", k, n.Props)
			}
			if n.Value("C") == "" {
				t.Errorf("variation %d: a node without comment", k)
			}
		}
		if len(v.MainLine()) < 2 {
			t.Errorf("variation %d: no proved line after the move", k)
		}
	}
}

// TestSGFReadsBack: the written file reads back as the game, the variations counted,
// and an imposed opening still reads as one.
func TestSGFReadsBack(t *testing.T) {
	r, _ := reviewedHalf(t, 2)
	var b bytes.Buffer
	if err := WriteSGF(context.Background(), &b, []GameReview{r, r}, SGFOptions{}); err != nil {
		t.Fatal(err)
	}
	games, err := sgf.ParseAll(bytes.NewReader(b.Bytes()))
	if err != nil || len(games) != 2 {
		t.Fatalf("ParseAll: %v, %d games", err, len(games))
	}
	g := games[1]
	if len(g.Moves) != len(r.Moves) || g.Variations == 0 || g.Result != r.Result {
		t.Errorf("read back: %d moves, %d variations, result %q", len(g.Moves), g.Variations, g.Result)
	}
	for k, m := range g.Moves {
		if m.Point != r.Moves[k].Action {
			t.Errorf("move %d: %s, want %s", k+1, m.Point, r.Moves[k].Action)
		}
	}
	if n := record.SGFOpening(&g); n != 2 {
		t.Errorf("the opening reads back as %d moves, want 2", n)
	}
}
