package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/facts/factstest"
	"littlego/solver"
)

// The board says what package facts proves, the same in /api/values and in the
// analysis's first report, over positions of every source (the opening table, the book,
// the solver, the game's end, and one nothing proves quickly); where the board proves
// more than facts.Known, an independent solve agrees.
func TestTheBoardSaysWhatFactsProve(t *testing.T) {
	positions := factstest.MustPositions(t)
	_, ts := newTestServer(t, Config{})
	sv := solver.New(20)
	for _, p := range positions {
		var moves []string
		for _, a := range p.Actions {
			moves = append(moves, a.String())
		}
		var values []PositionValue
		if st := call(t, "GET", ts.URL+"/api/values?from="+itoa(len(moves))+"&moves="+strings.Join(moves, ";"), nil, &values); st != 200 || len(values) != 1 {
			t.Fatalf("%s: /api/values: status %d, %d values", p.Name, st, len(values))
		}
		got := values[0]
		known := facts.Known(p.Pos)
		if known.Proved() {
			want := valueOf(known)
			if got.Winner != want.Winner || (want.Stones != "" && got.Result != want.Result) {
				t.Errorf("%s (%s): /api/values says %+v; facts.Known proves %+v", p.Name, p.Kind, got, want)
			}
		}
		if got.Winner != "" && !known.Proved() {
			// Beyond what is known without search: an independent solve must agree.
			r := sv.Margin(p.Pos, solver.Limits{CPU: 60 * time.Second})
			if !r.Known {
				t.Fatalf("%s: the independent solve did not finish", p.Name)
			}
			winner := "white"
			if r.Margin >= board.BlackMargin {
				winner = "black"
			}
			if got.Winner != winner || got.Margin != nil && *got.Margin != r.Margin {
				t.Errorf("%s (%s): /api/values says %+v; the solver proves margin %d", p.Name, p.Kind, got, r.Margin)
			}
		}
		if p.Pos.Over {
			continue // no analysis of a finished game's moves
		}
		ctx, cancel := context.WithCancel(context.Background())
		ev, _ := nextEvent(t, openAnalysis(t, ctx, ts.URL, strings.Join(moves, " ")), "verdicts", 5*time.Second)
		cancel()
		var v VerdictsView
		if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
			t.Fatal(err)
		}
		if known.Proved() && v.Value.Winner != valueOf(known).Winner {
			t.Errorf("%s (%s): the analysis's first report says %+v; facts.Known proves %v", p.Name, p.Kind, v.Value, known)
		}
		t.Logf("%s (%s): /api/values %s %s (%s); facts.Known %v", p.Name, p.Kind, got.Winner, got.Result, got.Source, known)
	}
}

// itoa writes n in decimal.
func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
