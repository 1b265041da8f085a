// replies_test.go: the replies one level below the root, against the root's own counts.

package mcts

import (
	"context"
	"testing"

	"littlego/board"
)

// Every simulation through a root move after its node was expanded goes on to one of
// its replies: the replies' visits sum to the move's, less the few that expanded it
// (at most Expand a worker). The replies' win rate, for the side that plays them, is
// the move's seen from the other side: high where the move's is low (not its
// complement: each level has prior simulations of its own).
func TestRepliesAddUpToTheirMove(t *testing.T) {
	for _, workers := range []int{1, 2} {
		pos := randomPosition(5, 8)
		cfg := fixedConfig(20000)
		cfg.Workers = workers
		s, err := NewSearcher(cfg.Config)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Search(context.Background(), pos, cfg.Limit, cfg.Seed)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, m := range res.Moves {
			replies := s.Replies(m.Move)
			if m.Visits <= cfg.Expand*workers {
				continue // perhaps never expanded
			}
			if replies == nil {
				t.Fatalf("workers %d: %s has %d visits and no replies", workers, board.Vertex(m.Move), m.Visits)
			}
			sum, n, w := 0, 0.0, 0.0
			for _, r := range replies {
				sum += r.Visits
				if r.WinRate < 0 || r.WinRate > 1 {
					t.Fatalf("%s: reply %s win rate %v", board.Vertex(m.Move), board.Vertex(r.Move), r.WinRate)
				}
				n += float64(r.Visits)
				w += r.WinRate * float64(r.Visits)
			}
			if lost := m.Visits - sum; lost < 0 || lost > cfg.Expand*workers {
				t.Errorf("workers %d: %s has %d visits, its replies %d", workers, board.Vertex(m.Move), m.Visits, sum)
			}
			// The side: a move that wins for its mover has replies that lose for theirs.
			if m.Visits >= 1000 && (m.WinRate > 0.8 && w/n >= 0.5 || m.WinRate < 0.2 && w/n <= 0.5) {
				t.Errorf("workers %d: %s wins %.3f for its mover, its replies %.3f for theirs", workers, board.Vertex(m.Move), m.WinRate, w/n)
			}
			checked++
		}
		if checked < 3 {
			t.Fatalf("workers %d: only %d moves checked", workers, checked)
		}
	}
	var fresh Searcher
	if r := fresh.Replies(0); r != nil {
		t.Errorf("a searcher that has not searched: %v", r)
	}
	if r := (&Searcher{}).Replies(-1); r != nil {
		t.Errorf("action -1: %v", r)
	}
}
