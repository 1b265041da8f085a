// ownership.go: ownership as a Monte Carlo engine gives it: the share of playouts that
// end with each colour's stone on each point (the course counts stones only, so a stone
// on the point at the end is what counts).

package analysis

import (
	"littlego/board"
	"littlego/policy"
)

// OwnershipPlayouts is how many playouts Ownership plays from a position not over.
const OwnershipPlayouts = 64

// Ownership returns, for each point row-major from A5 (board.Point order), the share of
// playouts from pos that end with a Black stone on it less the share that end with a
// White one: 1 where every playout ends with Black's stone, −1 with White's. The
// playouts are the named rollout policy's (the search's own), OwnershipPlayouts of them
// from seed; a finished game is its own end, exactly. An unknown policy plays uniformly.
func Ownership(pos board.Position, policyName string, seed uint64) [board.NumPoints]float64 {
	var out [board.NumPoints]float64
	if pos.Over {
		addStones(&out, pos, 1)
		return out
	}
	pol, err := policy.ByName(policyName)
	if err != nil {
		pol = policy.Uniform{}
	}
	player := pol.NewPlayer()
	rng := policy.NewRand(seed)
	var amaf [2]board.Bitboard
	for range OwnershipPlayouts {
		end := pos
		amaf = [2]board.Bitboard{}
		player.Playout(&end, &rng, &amaf)
		addStones(&out, end, 1.0/OwnershipPlayouts)
	}
	return out
}

// addStones adds w for each Black stone of pos and −w for each White one.
func addStones(out *[board.NumPoints]float64, pos board.Position, w float64) {
	for p := board.Point(0); p < board.NumPoints; p++ {
		switch {
		case pos.Stones[board.Black].Has(p):
			out[p] += w
		case pos.Stones[board.White].Has(p):
			out[p] -= w
		}
	}
}
