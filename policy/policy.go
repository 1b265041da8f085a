// policy.go: the rollout policy interface (Policy, Player, Priorer) and ByName for flags.

// Package policy holds the rollout policies of the Monte Carlo search: fast ways to
// play a Little-Go position to the end of the game (move Last played, or two passes in
// a row) so that the final board can be scored. A playout allocates nothing and draws
// its randomness from a caller-supplied Rand, so a search is reproducible from its seed.
//
// Policies:
//   - Pattern (the engine's default): moves drawn in proportion to learned weights of
//     3x3 patterns and tactical features, kept up to date incrementally; its Player
//     also rates the moves of new tree nodes (Priorer).
//   - PatternPriors: Light's playouts with Pattern's priors.
//   - Light: capture when possible (the biggest capture first), otherwise uniform over
//     the placements that are not a self-atari of two or more stones; pass only when no
//     such placement is left.
//   - Uniform: every legal placement equally likely; pass only when none is left. The
//     raw-speed baseline.
//
// A new policy implements Policy and Player, and Priorer if it can rate moves for new
// tree nodes, and is added to ByName. docs/policy.md has their strength and speed.
package policy

import (
	"fmt"
	"sort"
	"strings"

	"littlego/board"
)

// Policy is a rollout policy. A Policy value is shared by all the workers of a search;
// each worker asks it once for a Player of its own.
type Policy interface {
	// Name is the policy's name as flags spell it ("light", "uniform", ...).
	Name() string
	// NewPlayer returns a Player for the use of a single goroutine. Searches call it
	// once per worker, outside the hot loop.
	NewPlayer() Player
}

// Player plays moves for one goroutine; it may keep scratch state between calls.
type Player interface {
	// Move returns the action the policy would choose in pos (a point or board.Pass),
	// or board.NoPoint if the game is over. pos is not changed.
	Move(pos *board.Position, rng *Rand) board.Point
	// Playout plays pos to the end of the game with this policy. On return pos is the
	// final position: Over is set and Stones, Turn, Move, Ko, Passed and Hash are
	// exactly what board.Position.Play would have left after the same actions. Each
	// placement on a point that neither colour has played yet (in amaf, which the
	// caller prepares) is added to amaf[colour]: the "all moves as first" sets of
	// RAVE. A playout allocates nothing.
	Playout(pos *board.Position, rng *Rand, amaf *[2]board.Bitboard)
}

// Prior is a belief about a move before any search: Visits virtual simulations of
// which Wins were won by the side that plays the move (Gelly and Silver, "Combining
// online and offline knowledge in UCT", ICML 2007: a heuristic counts as that much
// experience).
type Prior struct {
	Visits, Wins float32
}

// Priorer is implemented by the Players that can rate the moves of a position for a new
// search-tree node.
type Priorer interface {
	// Priors sets out[a] for every legal action a of pos (the legal points and Pass)
	// and sets the other entries to the zero Prior. pos must not be over.
	Priors(pos *board.Position, out *[board.NumActions]Prior)
}

// byName lists the policies that flags can name.
var byName = map[string]Policy{
	Light{}.Name():         Light{},
	Uniform{}.Name():       Uniform{},
	Pattern{}.Name():       Pattern{},
	PatternPriors{}.Name(): PatternPriors{},
}

// ByName returns the policy called name (one of Names).
func ByName(name string) (Policy, error) {
	if p, ok := byName[name]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("policy: unknown policy %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names returns the names ByName knows, sorted.
func Names() []string {
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
