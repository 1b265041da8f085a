// positions.go: seeded random positions for measuring the solver (uniform random placements from the empty board).

package solver

import (
	"math/rand/v2"

	"littlego/board"
)

// RandomPositions returns n positions with move `move` (1..24) about to be played,
// each reached from the empty board by uniformly random legal placements (no passes),
// from a PCG generator seeded with seed: the same arguments give the same positions.
// A game that runs out of legal placements early is replayed.
func RandomPositions(seed uint64, move, n int) []board.Position {
	if move < 1 {
		move = 1
	}
	if move > board.MaxMoves {
		move = board.MaxMoves
	}
	rng := rand.New(rand.NewPCG(seed, uint64(move)))
	out := make([]board.Position, 0, n)
	for len(out) < n {
		pos := board.New()
		for int(pos.Move) < move {
			legal := pos.Legal()
			if legal == 0 {
				break
			}
			pos.Play(legal.Nth(rng.IntN(legal.Count())))
		}
		if int(pos.Move) == move && !pos.Over {
			out = append(out, pos)
		}
	}
	return out
}
