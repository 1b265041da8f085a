// facts_test.go: the review shows what package facts proves, on its test positions of every source (table, book, solver, end, unknown).

package judge

import (
	"context"
	"testing"
	"time"

	"littlego/facts"
	"littlego/facts/factstest"
	"littlego/internal/racedetect"
)

func TestReviewShowsTheFactsOfEverySource(t *testing.T) {
	if racedetect.Enabled {
		// One job, no concurrency to race; the solver runs about ten times slower under
		// the detector, beyond the limits that keep this test short.
		t.Skip("the agreement is checked without the race detector")
	}
	positions, err := factstest.Positions()
	if err != nil {
		t.Fatal(err)
	}
	var games []Game
	for _, p := range positions {
		games = append(games, Game{Name: p.Name, Actions: p.Actions})
	}
	// Limits that prove the solver's positions (late book-line positions: the margin at
	// move 11 takes about 0.1 s) and not the unknown one (move 4, minutes).
	o := Options{Limit: 50 * time.Millisecond, MarginLimit: 300 * time.Millisecond, Jobs: 1}
	rs, err := ReviewAll(context.Background(), games, o)
	if err != nil {
		t.Fatal(err)
	}
	prover := facts.NewProver(facts.NewCache())
	for k, p := range positions {
		r := &rs[k]
		last := len(r.positions) - 1
		got, margin := r.values[last], r.margins[last]
		want := facts.Known(p.Pos)
		if p.Kind == factstest.Solver {
			want = prover.Margin(context.Background(), p.Pos, facts.Limits{CPU: 30 * time.Second})
		}
		wm, wok := want.Margin()
		switch {
		case p.Kind == factstest.Unknown:
			if got != facts.Unknown || margin != nil {
				t.Errorf("%s: the review says %s, margin %s; nothing proves it within the limits", p.Name, got, intOrNil(margin))
			}
		case got != want.BlackValue() || want.BlackValue() == facts.Unknown:
			t.Errorf("%s (%s): the review's value for Black %s, facts' %s", p.Name, p.Kind, got, want.BlackValue())
		case wok != (margin != nil) || wok && *margin != wm:
			t.Errorf("%s (%s): the review's margin %s, facts' %v (exact %v)", p.Name, p.Kind, intOrNil(margin), wm, wok)
		}
		if p.Kind == factstest.End && r.Result != "W+0.5" {
			t.Errorf("%s: result %q, want W+0.5", p.Name, r.Result)
		}
	}
}
