// movescores_test.go: MaxIterations caps the search, and KataGo's numbers of a move: exact where proved, estimated within the proved bounds elsewhere.

package analysis

import (
	"context"
	"math"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
)

// MaxIterations: the search runs that many iterations and no more, the final snapshot
// says so, and the proofs still come.
func TestMaxIterationsCapsTheSearch(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(0, 0)) // a losing first move: White, to move, wins (the empty board's solve)
	for _, n := range []int{300, 20_000} {
		a := New(nil, facts.NewProver(facts.NewCache()))
		cfg := Config{Search: quickSearch(), Chunk: 10 * time.Millisecond, MaxIterations: n, MinIterations: n, NoSolver: true}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		chunks := 0
		s := a.Run(ctx, pos, cfg, func(*Snapshot) error { chunks++; return nil })
		cancel()
		if s.End != Complete || s.Iterations != n {
			t.Errorf("ended %v after %d iterations, want complete after %d", s.End, s.Iterations, n)
		}
		if s.Fact.Value != facts.Win {
			t.Errorf("the position: %v, want a win for White", s.Fact)
		}
		t.Logf("%d iterations in %d snapshots", n, chunks)
	}
}

// Rates and Scores: a proved win is 1 with its lower bound, a proved margin gives the
// exact lead for the mover with no spread; an unproved move is the search's rate with
// a lower bound below it, and a lead within the proved bounds.
func TestKataNumbers(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	after := facts.Unproved(board.Black)
	after.Low, after.High = 3, 3
	proved := Move{Action: board.PointAt(1, 1), Visits: 10, WinRate: 0.3, Value: facts.Loss, After: after}
	if w, lcb := proved.Rates(); w != 0 || lcb != 0 {
		t.Errorf("a proved loss: %v %v, want 0 0", w, lcb)
	}
	sc := proved.Scores(pos, board.Komi, nil)
	if !sc.Exact || sc.Lead != -0.5 || sc.Stdev != 0 || sc.Selfplay != -0.5 {
		t.Errorf("White's move to a margin of 3: %+v, want a lead of -0.5, exact", sc)
	}
	open := Move{Action: board.PointAt(1, 1), Visits: 100, WinRate: 0.6, After: facts.Unproved(board.Black), PV: []board.Point{board.PointAt(1, 1)}}
	w, lcb := open.Rates()
	if w != 0.6 || !(lcb > 0.4 && lcb < 0.6) {
		t.Errorf("an estimate: %v %v", w, lcb)
	}
	sc = open.Scores(pos, board.Komi, nil)
	if sc.Exact || sc.Lead != 2.5 || math.Abs(sc.Stdev-float64(facts.MaxMargin-facts.MinMargin)/math.Sqrt(12)) > 1e-9 {
		t.Errorf("an estimate after one stone each (margin 0): %+v, want a lead of 2.5 for White", sc)
	}
	pr := Priors(&pos, quickSearch().Policy, true)
	sum := 0.0
	for p, x := range pr {
		if !pos.IsLegal(board.Point(p)) && x != 0 {
			t.Errorf("prior %v for the illegal %v", x, board.Point(p))
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the priors sum to %v", sum)
	}
}

// An unproved move's lower bound is the 95% Wilson interval's lower end over its visits.
func TestRatesLowerBound(t *testing.T) {
	cases := []struct {
		p    float64
		n    int
		want float64
	}{
		{0.5, 100, 0.40383}, // the textbook 50 of 100 at 95%
		{0, 0, 0},
		{0, 10, 0},
		{1, 1_000_000, 0.999996},
	}
	for _, c := range cases {
		m := Move{WinRate: c.p, Visits: c.n}
		if _, got := m.Rates(); got < c.want-1e-5 || got > c.want+1e-5 {
			t.Errorf("Rates of %v over %d: lower bound %v, want %v", c.p, c.n, got, c.want)
		}
	}
}
