// ownership.go: ownership as a Monte Carlo engine gives it: the share of playouts that
// end with each colour's stone on each point (the course counts stones only, so a stone
// on the point at the end is what counts).

package analysis

import (
	"math"

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

// PlayoutMargin returns the mean final margin, black − white stones, of the
// OwnershipPlayouts playouts from pos (the named rollout policy, from seed) that end
// within the proved bounds [low, high], rounded to the nearest stone: the estimate of a
// margin not proved, for Move.Scores (the playouts that contradict the proof are left
// out; when all do, the bound they passed). A finished game is its own margin.
func PlayoutMargin(pos board.Position, policyName string, seed uint64, low, high int) int {
	if pos.Over {
		return pos.Margin()
	}
	pol, err := policy.ByName(policyName)
	if err != nil {
		pol = policy.Uniform{}
	}
	player, rng := pol.NewPlayer(), policy.NewRand(seed)
	sum, n, below := 0, 0, 0
	for range OwnershipPlayouts {
		end := pos
		var amaf [2]board.Bitboard
		player.Playout(&end, &rng, &amaf)
		switch m := end.Margin(); {
		case m < low:
			below++
		case m <= high:
			sum += m
			n++
		}
	}
	switch {
	case n > 0:
		return int(math.Round(float64(sum) / float64(n)))
	case below > 0:
		return low
	}
	return high
}
