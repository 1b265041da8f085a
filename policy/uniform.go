// uniform.go: Uniform, the pure random policy (every legal placement equally likely; pass only when none).

package policy

import "littlego/board"

// Uniform plays a uniformly random legal placement and passes only when there is none.
// It is the raw-speed baseline, and the course's "random" opponent when used for whole
// games. It is both the Policy and its stateless Player.
type Uniform struct{}

// Name returns "uniform".
func (Uniform) Name() string { return "uniform" }

// NewPlayer returns Uniform itself: it keeps no state.
func (Uniform) NewPlayer() Player { return Uniform{} }

// Move returns a uniformly random legal placement, Pass if there is none, or
// board.NoPoint if the game is over.
func (Uniform) Move(pos *board.Position, rng *Rand) board.Point {
	if pos.Over {
		return board.NoPoint
	}
	g := load(pos)
	return g.uniformPlay(rng)
}

// Playout plays pos to the end with uniformly random legal placements.
func (Uniform) Playout(pos *board.Position, rng *Rand, amaf *[2]board.Bitboard) {
	if pos.Over {
		return
	}
	g := load(pos)
	for !g.over {
		c := g.turn
		if p := g.uniformPlay(rng); p != board.Pass {
			markAMAF(amaf, c, p)
		}
	}
	g.store(pos)
}

// uniformPlay plays a uniformly random legal action for the side to move and returns
// it. Candidates are drawn uniformly from the empty points without replacement until
// one is legal, which is uniform over the legal placements.
func (g *game) uniformPlay(rng *Rand) board.Point {
	cand := g.stones.Empty() &^ g.ko
	for cand != 0 {
		p := randomPoint(cand, rng)
		if _, ok := g.place(p); ok {
			return p
		}
		cand &^= p.Bit()
	}
	g.pass()
	return board.Pass
}
