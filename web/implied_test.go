package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/opening"
)

// After 0,3 the opening table proves White's 2,2 wins by W+4.5; the position after
// 0,3 2,2 reads the same everywhere on the board: /api/values (the graph's dots) gives it
// with its source named as implied (or the table's own, where it holds the position), and the analysis of 0,3 marks 2,2 a proved win with
// that result while the analysis of 0,3 2,2 opens with Black's proved loss.
func TestWhatAProvedMoveImpliesReadsTheSameEverywhere(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var values []PositionValue
	if st := call(t, "GET", ts.URL+"/api/values?moves=0,3;2,2", nil, &values); st != 200 || len(values) != 3 {
		t.Fatalf("/api/values: status %d, %d values", st, len(values))
	}
	after := values[2]
	if after.Winner != "white" || after.Result != "W+4.5" || after.Source != sourceAfter03And22() {
		t.Errorf("after 0,3 2,2 /api/values says %+v; want White's win, W+4.5, implied by the table's 2,2", after)
	}
	if before := values[1]; before.Winner != "white" || before.Result != "W+4.5" {
		t.Errorf("after 0,3 /api/values says %+v; want the table's W+4.5", before)
	}
	first := func(moves string) VerdictsView {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		ev, ok := nextEvent(t, openAnalysis(t, ctx, ts.URL, moves), "verdicts", 5*time.Second)
		if !ok {
			t.Fatalf("%s: no verdicts", moves)
		}
		var v VerdictsView
		if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := first("0,3 2,2")
	if v.Value.Winner != "white" || v.Value.Result != "W+4.5" || v.Value.Source != sourceAfter03And22() || !v.Value.AllLose {
		t.Errorf("the analysis of 0,3 2,2 opens with %+v; want Black's proved loss, W+4.5, implied", v.Value)
	}
	for move, value := range v.Moves {
		if value != "loss" {
			t.Errorf("after 0,3 2,2, Black's %s: %s; every move of a lost position loses", move, value)
		}
	}
	if w := first("0,3"); w.Moves["2,2"] != "win" || w.Results["2,2"] != "W+4.5" {
		t.Errorf("the analysis of 0,3: 2,2 %q %q; want a proved win, W+4.5", w.Moves["2,2"], w.Results["2,2"])
	}
}

// sourceAfter03And22 is how the position after 0,3 2,2 is proved: by the opening table
// itself where it holds it (a table through level 2), else as implied by its 2,2.
func sourceAfter03And22() string {
	pos := board.New()
	pos.Play(board.PointAt(0, 3))
	pos.Play(board.PointAt(2, 2))
	if _, held := opening.Lookup(pos); held {
		return string(facts.Table)
	}
	return "implied by the opening table's 2,2"
}

// In Play, the engine's proved move is a fact of the position it moved in, and of the
// one after: /api/values (the graph's dots) gives both a value, the one before as the
// engine's proof, the one after as implied by it.
func TestPlayKeepsTheEnginesProofOfTheMoveBefore(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	const played = "2,2 2,1 1,1 1,2 3,3 1,0 1,3"
	id := startGameAt(t, ts.URL, s, 1, played)
	var g GameView
	if st := call(t, "POST", ts.URL+"/api/game/"+id+"/genmove", nil, &g); st != 200 || g.Engine == nil {
		t.Fatalf("genmove: status %d, %+v", st, g.Engine)
	}
	switch g.Engine.Method {
	case "solver", "book", "table":
	default:
		t.Skipf("the engine chose its move by %q: nothing proved to check", g.Engine.Method)
	}
	var values []PositionValue
	moves := strings.ReplaceAll(played, " ", ";") + ";" + g.Engine.Move
	if st := call(t, "GET", ts.URL+"/api/values?from=7&moves="+moves, nil, &values); st != 200 || len(values) != 2 {
		t.Fatalf("/api/values: status %d, %d values", st, len(values))
	}
	if before, after := values[0], values[1]; before.Winner != "white" || after.Winner != "white" || !strings.HasPrefix(after.Source, "implied by") {
		t.Errorf("the engine (White) proved %s by %s: /api/values says %+v before it, %+v after it; want White's win at both, the one after implied",
			g.Engine.Move, g.Engine.Method, before, after)
	}
	if g.Engine.Value == nil || g.Engine.Value.Winner != "white" {
		t.Errorf("the engine's move's value: %+v", g.Engine.Value)
	}
}

// A source found through a transposition says so in every view: after 2,2 1,1 1,2 2,1
// (C3 B4 C4 B3) the opening table proves Black's win, and 3,3 (D2) loses because the
// same position is reached by 2,2 1,1 3,3 2,1 1,2, whose position before 1,2 the table
// proves lost. /api/values and the analysis say so, never "the loss before" alone.
func TestATranspositionReadsTrueOnTheBoard(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	const want = "implied by the opening table's loss before 1,2 (the same position, reached by 1,2 last)"
	var values []PositionValue
	if st := call(t, "GET", ts.URL+"/api/values?moves=2,2;1,1;1,2;2,1;3,3", nil, &values); st != 200 || len(values) != 6 {
		t.Fatalf("/api/values: status %d, %d values", st, len(values))
	}
	if v := values[5]; v.Winner != "white" || v.Source != want {
		t.Errorf("after 2,2 1,1 1,2 2,1 3,3 /api/values says %+v; want White's win, %q", v, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev, ok := nextEvent(t, openAnalysis(t, ctx, ts.URL, "2,2 1,1 1,2 2,1"), "verdicts", 5*time.Second)
	if !ok {
		t.Fatal("no verdicts")
	}
	var v VerdictsView
	if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
		t.Fatal(err)
	}
	if v.Moves["3,3"] != "loss" || v.Sources["3,3"] != want {
		t.Errorf("the analysis of 2,2 1,1 1,2 2,1: 3,3 %q by %q; want a loss, %q", v.Moves["3,3"], v.Sources["3,3"], want)
	}
}

// The position's own value reads on the line too: after 2,2 1,1 1,2 2,1 3,3 the
// analysis opens with White's win, found through the other move order, and says so.
func TestATranspositionReadsTrueOfTheAnalysedPosition(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev, ok := nextEvent(t, openAnalysis(t, ctx, ts.URL, "2,2 1,1 1,2 2,1 3,3"), "verdicts", 5*time.Second)
	if !ok {
		t.Fatal("no verdicts")
	}
	var v VerdictsView
	if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
		t.Fatal(err)
	}
	const want = "implied by the opening table's loss before 1,2 (the same position, reached by 1,2 last)"
	if v.Value.Winner != "white" || v.Value.Source != want {
		t.Errorf("the analysis of 2,2 1,1 1,2 2,1 3,3 opens with %+v; want White's win, %q", v.Value, want)
	}
}
