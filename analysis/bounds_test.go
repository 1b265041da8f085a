// bounds_test.go: the search's visits bound an analysis when asked (BoundBySearch), and
// an analysis resumes an earlier one of the same position (Resume).

package analysis

import (
	"context"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
)

// unprovedPosition is a position nothing proves without search: Black's third move off
// the book after 2,2 1,1 (facts' test position of that kind).
func unprovedPosition() board.Position {
	pos := board.New()
	for _, p := range []board.Point{board.PointAt(2, 2), board.PointAt(1, 1), board.PointAt(0, 0)} {
		pos.Play(p)
	}
	return pos
}

// Under BoundBySearch the analysis ends with its visits, whatever is left unproved: the
// solver's CPU is at most the search's plus ExtraProof and one turn, and no move is left
// pending.
func TestBoundBySearchEndsWithTheVisits(t *testing.T) {
	pos := unprovedPosition()
	if facts.Known(pos).Value != facts.Unknown {
		t.Skip("the test position is proved without search")
	}
	a := New(nil, facts.NewProver(facts.NewCache()))
	cfg := Config{Search: quickSearch(), Chunk: 20 * time.Millisecond, MaxIterations: 200, MinIterations: 200, BoundBySearch: true}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s := a.Run(ctx, pos, cfg, nil)
	if s.End != Complete || s.Iterations != cfg.MaxIterations {
		t.Fatalf("ended %v after %d iterations; want complete after %d", s.End, s.Iterations, cfg.MaxIterations)
	}
	for _, m := range s.Moves {
		if m.Status == Pending || m.MarginStatus == Pending {
			t.Errorf("%v: %v, margin %v after the end", m.Action, m.Status, m.MarginStatus)
		}
	}
}

// A second analysis of the same position with Resume starts from the first: its
// iterations, chunks and every move's visits only grow; a snapshot of another position
// is ignored.
func TestResumeKeepsTheVisits(t *testing.T) {
	pos := unprovedPosition()
	a := New(nil, facts.NewProver(facts.NewCache()))
	cfg := Config{Search: quickSearch(), Chunk: 20 * time.Millisecond, MaxIterations: 300, BoundBySearch: true, NoSolver: true}
	first := a.Run(context.Background(), pos, cfg, nil)
	cfg.Resume, cfg.MaxIterations = first, 600
	second := a.Run(context.Background(), pos, cfg, nil)
	if second.Iterations < 600 || second.Chunks <= first.Chunks {
		t.Errorf("resumed: %d iterations in %d chunks after %d in %d", second.Iterations, second.Chunks, first.Iterations, first.Chunks)
	}
	before := map[board.Point]int{}
	for _, m := range first.Moves {
		before[m.Action] = m.Visits
	}
	for _, m := range second.Moves {
		if m.Visits < before[m.Action] {
			t.Errorf("%v: %d visits after resuming, %d before", m.Action, m.Visits, before[m.Action])
		}
	}
	cfg.Resume, cfg.MaxIterations = first, 100
	other := a.Run(context.Background(), board.New(), cfg, nil)
	if other.Iterations > 100 {
		t.Errorf("a snapshot of another position was resumed: %d iterations", other.Iterations)
	}
}

// The analysis of the position after a move resumes from the replies the analysis
// before it searched (Snapshot.After): it starts with their visits, and every reply
// keeps at least the visits it had, as in a GUI over an engine that keeps its tree.
func TestResumeAfterAMove(t *testing.T) {
	pos := unprovedPosition()
	a := New(nil, facts.NewProver(facts.NewCache()))
	cfg := Config{Search: quickSearch(), Chunk: 20 * time.Millisecond, MaxIterations: 3000, BoundBySearch: true, NoSolver: true}
	first := a.Run(context.Background(), pos, cfg, nil)
	best := first.Moves[0]
	after := first.After(best.Action)
	if after == nil {
		t.Fatalf("no snapshot after %s, the most visited move (%d visits)", board.Vertex(best.Action), best.Visits)
	}
	child := pos
	child.Act(best.Action)
	if after.Position != child || after.Iterations < best.Visits/2 || after.Iterations > best.Visits {
		t.Fatalf("after %s (%d visits): %d iterations, position %v", board.Vertex(best.Action), best.Visits, after.Iterations, after.Position == child)
	}
	var start *Snapshot
	cfg.Resume, cfg.MaxIterations = after, after.Iterations+300
	second := a.Run(context.Background(), child, cfg, func(s *Snapshot) error {
		if start == nil {
			start = s
		}
		return nil
	})
	if start == nil || start.Iterations != after.Iterations {
		t.Fatalf("the analysis after the move started from %+v, want %d iterations", start, after.Iterations)
	}
	before := map[board.Point]int{}
	for _, m := range after.Moves {
		before[m.Action] = m.Visits
	}
	for _, m := range second.Moves {
		if m.Visits < before[m.Action] {
			t.Errorf("%s: %d visits after resuming, %d before", board.Vertex(m.Action), m.Visits, before[m.Action])
		}
	}
	if first.After(board.Point(-1)) != nil || (&Snapshot{}).After(best.Action) != nil {
		t.Error("a snapshot after an action out of range, or of a running analysis")
	}
}
