// proofs_test.go: the Analyse view's SGF with the proofs of the position shown.

package web

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/sgf"
)

// After Black's 2,2 every White action is proved lost (the opening table's level 1 and
// 2): the file holds the game, and at the position after move 1, beside the game's own
// 1,2 (which takes its proof's comment and marks), a variation for each of White's 24
// other actions (23 points and the pass), each a White move marked as Black's win; the
// file reads back as the game; at= out of the game is refused.
func TestTheAnalysisDownloadsWithItsProofs(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	res, err := http.Get(ts.URL + "/api/record?format=proofs&at=1&moves=2,2;1,2")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "littlego-analysis.sgf") {
		t.Fatalf("status %d, %q: %s", res.StatusCode, res.Header.Get("Content-Disposition"), data)
	}
	roots, err := sgf.ParseTrees(bytes.NewReader(data))
	if err != nil || len(roots) != 1 {
		t.Fatalf("%d trees, %v", len(roots), err)
	}
	line := roots[0].MainLine()
	if len(line) != 3 {
		t.Fatalf("main line of %d nodes, want the root and 2 moves", len(line))
	}
	at := line[1]
	if len(at.Children) != board.NumActions-1 || at.Children[0] != line[2] {
		t.Fatalf("after move 1: %d children, want the game's move then %d variations", len(at.Children), board.NumActions-2)
	}
	if own := line[2]; own.Value("GB") != "1" || !strings.Contains(own.Value("C"), "move 2, White 1,2: Black wins") {
		t.Errorf("the game's own move 2: %+v; want its proof's comment and marks", own.Props)
	}
	if !strings.Contains(at.Value("C"), "the position analysed: move 2, White to play") {
		t.Errorf("the analysed node's comment: %q", at.Value("C"))
	}
	pos := board.New()
	pos.Act(board.PointAt(2, 2))
	seen := map[string]bool{"cb": true} // the game's own
	for _, v := range at.Children[1:] {
		w, ok := v.Get("W")
		if !ok || v.Value("GB") != "1" {
			t.Errorf("variation %+v: want a White move after which Black is proved to win", v.Props)
			continue
		}
		seen[w[0]] = true
	}
	if len(seen) != board.NumActions-1 || seen["cc"] {
		t.Errorf("%d distinct White actions among the variations (2,2 among them: %v), want %d", len(seen), seen["cc"], board.NumActions-1)
	}
	if f := facts.Known(pos); f.Value != facts.Loss {
		t.Errorf("the test's premise: after 2,2 White's value is %v", f.Value)
	}
	g, err := sgf.Parse(bytes.NewReader(data))
	if err != nil || len(g.Moves) != 2 || g.Variations == 0 {
		t.Errorf("reads back as %d moves, %d variations (%v); want the game's 2 and the variations counted", len(g.Moves), g.Variations, err)
	}
	var e apiError
	if st := call(t, "GET", ts.URL+"/api/record?format=proofs&at=3&moves=2,2;1,2", nil, &e); st != 400 || !strings.Contains(e.Error, "at") {
		t.Errorf("at=3 of a 2-move game: status %d (%q); want 400", st, e.Error)
	}
}
