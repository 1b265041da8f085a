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
