// helpers_test.go: test helpers: positions from diagrams, random positions, and a brute-force minimax for the last moves.

package mcts

import (
	"context"
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/policy"
)

// diagram builds a position from five rows of X, O and . (boardtest.Diagram).
func diagram(t testing.TB, rows string, turn board.Color, move int) board.Position {
	t.Helper()
	return boardtest.MustDiagram(t, rows, turn, move)
}

// wins reports whether c wins pos with perfect play by both sides (plain minimax over
// every action, Pass included: only for the last few moves).
func wins(pos board.Position, c board.Color) bool {
	if pos.Over {
		return pos.Winner() == c
	}
	mine := pos.Turn == c
	for a := board.Point(0); a < board.NumActions; a++ {
		q := pos
		if _, ok := q.Play(a); !ok {
			continue
		}
		if w := wins(q, c); w == mine {
			return mine
		}
	}
	return !mine
}

// winningActions returns the actions of the side to move that keep a win.
func winningActions(pos board.Position) map[board.Point]bool {
	out := map[board.Point]bool{}
	for a := board.Point(0); a < board.NumActions; a++ {
		q := pos
		if _, ok := q.Play(a); ok && wins(q, pos.Turn) {
			out[a] = true
		}
	}
	return out
}

// randomPosition plays a seeded game with the light policy up to move number move (or
// the end of the game) and returns the position reached.
func randomPosition(seed uint64, move int) board.Position {
	rng := policy.NewRand(seed)
	pos := board.New()
	light := policy.Light{}
	for !pos.Over && int(pos.Move) < move {
		p := light.Move(&pos, &rng)
		if rng.Intn(20) == 0 {
			p = board.Pass
		}
		pos.Play(p)
	}
	return pos
}

// testSearch is a search as the tests run it: the searcher's settings, the search's
// limit and its seed.
type testSearch struct {
	Config
	Limit
	Seed uint64
}

// fixedConfig returns the default configuration with a fixed number of playouts, no
// CPU budget and no early stop: a reproducible search with one worker.
func fixedConfig(playouts int) testSearch {
	cfg := DefaultConfig()
	cfg.TreeNodes = 1 << 18
	return testSearch{Config: cfg, Limit: Limit{Playouts: playouts}, Seed: 1}
}

// defaultSearch returns the default configuration under a CPU budget with the early
// stop.
func defaultSearch(budget time.Duration) testSearch {
	return testSearch{Config: DefaultConfig(), Limit: Limit{CPU: budget, EarlyStop: true}, Seed: 1}
}

// search runs ts on pos with a new Searcher.
func search(ctx context.Context, pos board.Position, ts testSearch) (Result, error) {
	return Search(ctx, pos, ts.Config, ts.Limit, ts.Seed)
}
