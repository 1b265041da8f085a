package review

import (
	"context"
	"os"
	"testing"
	"time"

	"littlego/facts"
	"littlego/record"
)

// firstGame returns the first game of testdata/engine-greedy.json.
func firstGame(t *testing.T) record.Record {
	t.Helper()
	data, err := os.ReadFile("testdata/engine-greedy.json")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := record.Parse("engine-greedy.json", data)
	if len(errs) > 0 || len(games) == 0 {
		t.Fatalf("%d games, %v", len(games), errs)
	}
	return games[0]
}

// unknownFrom returns the moves, from move `from` on, whose value before or after is unknown.
func unknownFrom(r GameReview, from int) []int {
	var out []int
	for _, m := range r.Moves {
		if m.Number >= from && (m.Before == facts.Unknown || m.After == facts.Unknown) {
			out = append(out, m.Number)
		}
	}
	return out
}

// A first pass that can prove nothing (a limit of 1 ns: the solver stops at its first
// check) leaves the middle of the game unknown; the deepening proves it from the end
// back, within the game's allowance, and what it proves is what a prover with no limit
// proves.
func TestDeepeningProvesWhatTheFirstPassLeft(t *testing.T) {
	g := firstGame(t)
	o := Options{Limit: time.Nanosecond, Jobs: 1}
	shallow, err := Review(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(unknownFrom(shallow, 12)) == 0 {
		t.Fatal("the first pass alone proved every value from move 12: the test proves nothing")
	}
	var reports []Deepening
	o.GameLimit = 6 * time.Second
	o.Deepening = func(d Deepening) { reports = append(reports, d) }
	deep, err := Review(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if u := unknownFrom(deep, 14); len(u) > 0 {
		t.Errorf("moves %v still unknown after the deepening (2 s a position, 6 s a game)", u)
	}
	if len(reports) < 2 || reports[0].Unknown <= reports[len(reports)-1].Unknown || reports[len(reports)-1].Spent <= 0 {
		t.Errorf("the deepening's reports %+v: want the unknown count falling and CPU spent", reports)
	}
	last := reports[len(reports)-1]
	if last.Spent > o.GameLimit+2*time.Second {
		t.Errorf("spent %v over the game's allowance %v", last.Spent, o.GameLimit)
	}
	p := facts.NewProver(facts.NewCache())
	for _, m := range deep.Moves {
		pos, ok := deep.Position(m.Number)
		if !ok || m.Before == facts.Unknown || m.Number < 12 {
			continue
		}
		if want := p.Value(context.Background(), pos, facts.Limits{}); want.Value != m.Before {
			t.Errorf("move %d: the review says %s before it, the solver %s", m.Number, m.Before, want.Value)
		}
	}
}
