// analysis_test.go: an analysis ends saying where every move stands, agrees with the solver run directly, and keeps searching a proved position for the front ends' visits.

package analysis

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/engine"
	"littlego/facts"
	"littlego/opening"
	"littlego/solver"
)

// quickSearch is a small search for the tests: one worker, a fixed seed.
func quickSearch() engine.Options {
	o := engine.Defaults()
	o.Workers = 1
	return o
}

// Fully proved positions (the empty board, by the opening table; White to move after
// the book's answer to 2,2 1,1, every reply lost by the book): every move ends Proved,
// with the search's visits beside the proofs, best first.
func TestProvedPositionKeepsItsVisits(t *testing.T) {
	afterBook := board.New()
	afterBook.Play(facts.WinningFirstMove)
	afterBook.Play(board.PointAt(1, 1))
	book, _ := opening.BookMove(afterBook)
	afterBook.Play(book)
	for _, c := range []struct {
		name string
		pos  board.Position
		win  facts.Value
	}{{"empty board", board.New(), facts.Win}, {"after the book's move", afterBook, facts.Loss}} {
		a := New(nil, facts.NewProver(facts.NewCache()))
		cfg := Config{Search: quickSearch(), Chunk: 50 * time.Millisecond, MinIterations: 500, NoMargins: true}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		var seen int
		s := a.Run(ctx, c.pos, cfg, func(*Snapshot) error { seen++; return nil })
		cancel()
		if s.End != Complete || seen < 2 {
			t.Fatalf("%s: ended %v after %d snapshots", c.name, s.End, seen)
		}
		if s.Iterations < cfg.MinIterations {
			t.Errorf("%s: %d iterations, want at least %d", c.name, s.Iterations, cfg.MinIterations)
		}
		if s.Fact.Value != c.win || s.Moves[0].Value != c.win {
			t.Errorf("%s: the position %v, its best move %+v: want %v", c.name, s.Fact, s.Moves[0], c.win)
		}
		visits := 0
		for _, m := range s.Moves {
			visits += m.Visits
			if m.Status != Proved {
				t.Errorf("%s, %v: %v, want proved (the position is solved: %v)", c.name, m.Action, m.Status, s.Fact)
			}
		}
		if visits == 0 {
			t.Errorf("%s: no visits beside the proofs", c.name)
		}
	}
}

// After the opponent's pass the side to move's pass is valued by the score at once (here
// White's pass ends the game won), and the other actions are still searched: visits on
// the points, not only on the pass.
func TestPassThatEndsTheGameIsValuedAndTheRestSearched(t *testing.T) {
	pos := board.New()
	for _, act := range []board.Point{facts.WinningFirstMove, board.PointAt(3, 3), board.Pass} {
		pos.Act(act)
	}
	a := New(nil, facts.NewProver(facts.NewCache()))
	cfg := Config{Search: quickSearch(), Chunk: 50 * time.Millisecond, NoSolver: true}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var first *Snapshot
	s := a.Run(ctx, pos, cfg, func(sn *Snapshot) error {
		if first == nil {
			first = sn
		}
		return nil
	})
	if first == nil || first.Fact.Value != facts.Win || first.Fact.Source != facts.End {
		t.Fatalf("the first snapshot: %+v; want White's win by the pass, known at once", first)
	}
	pointVisits := 0
	for _, m := range s.Moves {
		if m.Action == board.Pass {
			if m.Status != Proved || m.Value != facts.Win {
				t.Errorf("the pass: %+v; want proved to win", m)
			}
			continue
		}
		pointVisits += m.Visits
	}
	if pointVisits == 0 {
		t.Errorf("no visits on the points after the opponent's pass: %+v", s.Moves)
	}
}

// An analysis stopped by its limit says, for every move, proved, estimated or not
// proved: nothing pending.
func TestEndedAnalysisHasNothingPending(t *testing.T) {
	pos := board.New()
	for _, p := range []board.Point{12, 7, 11} {
		pos.Play(p)
	}
	a := New(nil, facts.NewProver(facts.NewCache()))
	ctx, cancel := context.WithTimeout(context.Background(), 600*time.Millisecond)
	defer cancel()
	s := a.Run(ctx, pos, Config{Search: quickSearch(), Chunk: 50 * time.Millisecond, MoveLimit: 100 * time.Millisecond}, nil)
	if !s.Done() {
		t.Fatal("the final snapshot is not ended")
	}
	for _, m := range s.Moves {
		if m.Status == Pending || m.MarginStatus == Pending {
			t.Errorf("%v: value %v, margin %v after the end (%v)", m.Action, m.Status, m.MarginStatus, s.End)
		}
		if (m.Status == Proved) != (m.Value != facts.Unknown) || m.Status == Estimated && m.Visits == 0 {
			t.Errorf("%v: status %v, value %v, visits %d", m.Action, m.Status, m.Value, m.Visits)
		}
	}
}

// On solved positions the analysis's values and margins are the solver's, run directly
// on each move with no limit.
func TestAgreesWithTheSolver(t *testing.T) {
	all := boardtest.MustLoadSolved(t)
	n := 3
	if testing.Short() {
		n = 1
	}
	sv := solver.New(solver.MoveTableBits)
	for _, c := range all[:n] {
		a := New(nil, facts.NewProver(facts.NewCache()))
		s := a.Run(context.Background(), c.Pos, Config{Search: quickSearch(), Chunk: 50 * time.Millisecond}, nil)
		if s.End != Complete {
			t.Fatalf("move %d: ended %v", c.Move, s.End)
		}
		for _, m := range s.Moves {
			child := c.Pos
			child.Act(m.Action)
			r := sv.Margin(child, solver.Limits{})
			got, exact := m.After.Margin()
			wantWin := slices.Contains(c.Winning, m.Action)
			if !exact || got != r.Margin || (m.Value == facts.Win) != wantWin || m.Value == facts.Unknown {
				t.Errorf("move %d, %v: %v margin %d (exact %v); the solver: margin %d, winning %v", c.Move, m.Action, m.Value, got, exact, r.Margin, wantWin)
			}
		}
	}
}

// Moves rank proved wins first, then the unproved, then proved losses; among proved
// moves the better exact margin for the side to move, then visits.
func TestMovesRankBestFirst(t *testing.T) {
	exact := func(m int) facts.Fact {
		f := facts.Unproved(board.White)
		return f.Merge(facts.Fact{Turn: board.White, Low: m, High: m, MarginSource: facts.Solver})
	}
	ms := []Move{
		{Action: 1, Value: facts.Loss, Visits: 900, After: exact(0)},
		{Action: 2, Visits: 50, WinRate: 0.6, After: facts.Unproved(board.White)},
		{Action: 3, Value: facts.Win, Visits: 10, After: exact(4)},
		{Action: 4, Value: facts.Win, Visits: 500, After: exact(3)},
		{Action: 5, Visits: 80, WinRate: 0.4, After: facts.Unproved(board.White)},
		{Action: 6, Value: facts.Loss, Visits: 5, After: exact(2)},
	}
	slices.SortFunc(ms, func(x, y Move) int { return compare(&x, &y, board.Black) })
	var got []board.Point
	for _, m := range ms {
		got = append(got, m.Action)
	}
	if want := []board.Point{3, 4, 5, 2, 6, 1}; !slices.Equal(got, want) {
		t.Errorf("ranked %v, want %v", got, want)
	}
}

// Two solver workers prove what one does.
func TestSolverWorkers(t *testing.T) {
	c := boardtest.MustLoadSolved(t)[0]
	a := New(nil, facts.NewProver(facts.NewCache()))
	s := a.Run(context.Background(), c.Pos, Config{Search: quickSearch(), Chunk: 50 * time.Millisecond, Workers: 2, NoMargins: true}, nil)
	for _, m := range s.Moves {
		if m.Status != Proved || (m.Value == facts.Win) != slices.Contains(c.Winning, m.Action) {
			t.Errorf("%v: %v %v; host-judged winning: %v", m.Action, m.Status, m.Value, c.Winning)
		}
	}
}

// The end of an analysis is said once, each stop in its caller's words.
func TestReason(t *testing.T) {
	proved := Move{Status: Proved, MarginStatus: Proved}
	open := Move{Status: Proved, MarginStatus: NotProved}
	for _, c := range []struct {
		snap Snapshot
		want string
	}{
		{Snapshot{End: Complete, Moves: []Move{proved}}, AllProvedReason},
		{Snapshot{End: Complete, Moves: []Move{proved, open}}, "complete"},
		{Snapshot{End: Limit}, "time limit"},
		{Snapshot{End: Stopped}, "gone"},
		{Snapshot{End: Failed, Err: errors.New("bad")}, "the search failed: bad"},
		{Snapshot{}, "running"},
	} {
		if got := c.snap.Reason("gone"); got != c.want {
			t.Errorf("%v: %q, want %q", c.snap.End, got, c.want)
		}
	}
}
