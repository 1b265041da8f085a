// light.go: Light, the fast rollout policy with the tactics that matter under stones-only scoring.

package policy

import "littlego/board"

// Light is the default rollout policy. In order:
//
//  1. Capture. If some enemy group is in atari and its liberty is not the ko point,
//     play the point that captures the most stones (ties broken at random). Under
//     stones-only scoring a capture is worth twice its size: the enemy loses the stones
//     and the points become playable.
//  2. Otherwise play uniformly at random among the "acceptable" placements: legal, and
//     not a self-atari of a group of two or more stones (the new stone's group with
//     exactly one liberty). A lone stone with one liberty is allowed: it may be a
//     useful sacrifice and costs one stone at most.
//  3. Pass when no acceptable placement is left.
//
// Filling one's own eye is not forbidden: under stones-only scoring every stone on the
// board counts one point, so filling one's own area gains a point, and the dangerous
// eye fills (those that leave the group in atari) are self-ataris and already excluded.
// Light is both the Policy and its stateless Player.
type Light struct{}

// Name returns "light".
func (Light) Name() string { return "light" }

// NewPlayer returns Light itself: it keeps no state.
func (Light) NewPlayer() Player { return Light{} }

// Move returns Light's choice in pos, or board.NoPoint if the game is over.
func (Light) Move(pos *board.Position, rng *Rand) board.Point {
	if pos.Over {
		return board.NoPoint
	}
	g := load(pos)
	return g.lightPlay(rng)
}

// Playout plays pos to the end with Light's choices.
func (Light) Playout(pos *board.Position, rng *Rand, amaf *[2]board.Bitboard) {
	if pos.Over {
		return
	}
	g := load(pos)
	for !g.over {
		c := g.turn
		if p := g.lightPlay(rng); p != board.Pass {
			markAMAF(amaf, c, p)
		}
	}
	g.store(pos)
}

// lightPlay plays Light's choice for the side to move and returns it.
func (g *game) lightPlay(rng *Rand) board.Point {
	if p := g.bestCapture(rng); p != board.NoPoint {
		g.place(p)
		return p
	}
	own := g.stones[g.turn]
	empty := g.stones.Empty()
	cand := empty &^ g.ko
	for cand != 0 {
		p := cand.Nth(rng.Intn(cand.Count()))
		if acceptableQuiet(p, own, empty) {
			g.placeQuiet(p)
			return p
		}
		cand &^= p.Bit()
	}
	g.pass()
	return board.Pass
}

// acceptableQuiet reports whether placing at the empty point p is legal and not a
// self-atari of two or more stones, when no placement of the side to move captures.
func acceptableQuiet(p board.Point, own, empty board.Bitboard) bool {
	nb := board.NeighboursOf(p)
	libs := nb & empty
	if libs&(libs-1) != 0 {
		return true // two liberties of its own
	}
	if nb&own == 0 {
		return libs != 0 // a lone stone: one liberty is allowed, none is suicide
	}
	grp := board.Group(p.Bit()|nb&own, own|p.Bit())
	libs = grp.Neighbours() & empty &^ p.Bit()
	return libs&(libs-1) != 0
}

// bestCapture returns the point that captures the most enemy stones (ties broken at
// random), or board.NoPoint if no legal placement captures.
func (g *game) bestCapture(rng *Rand) board.Point {
	opp := g.stones[g.turn^1]
	empty := g.stones.Empty()
	// Fast path: every enemy group touches a point with two empty neighbours.
	rest := opp &^ board.Group(opp&twoOrMore(empty), opp)
	if rest == 0 {
		return board.NoPoint
	}
	var gain [board.NumPoints]uint8
	var capture board.Bitboard
	for rest != 0 {
		grp := board.Group(rest&-rest, opp)
		rest &^= grp
		libs := grp.Neighbours() & empty
		if libs != 0 && libs&(libs-1) == 0 && libs&g.ko == 0 {
			capture |= libs
			gain[libs.First()] += uint8(grp.Count())
		}
	}
	best, bestGain, ties := board.NoPoint, uint8(0), 0
	for ; capture != 0; capture &= capture - 1 {
		p := capture.First()
		switch {
		case gain[p] > bestGain:
			best, bestGain, ties = p, gain[p], 1
		case gain[p] == bestGain:
			ties++
			if rng.Intn(ties) == 0 {
				best = p
			}
		}
	}
	return best
}

// twoOrMore returns the points with at least two neighbours in b.
func twoOrMore(b board.Bitboard) board.Bitboard {
	up, down := b>>5, b<<5&board.Full
	left, right := (b&^board.Col0)>>1, (b&^board.Col4)<<1
	return (up&down | left&right | (up|down)&(left|right)) & board.Full
}

// Prior magnitudes of Light.Priors, in virtual simulations. They are first guesses in
// the spirit of Gelly and Silver (2007) and michi's priors, not tuned values.
const (
	// PriorEven is the even prior every legal action gets: PriorEven visits at 50%.
	PriorEven = 10
	// PriorCapture is added as won visits to a capture of one stone, and twice over to
	// a capture of two or more.
	PriorCapture = 10
	// PriorBad is added as lost visits to a self-atari of two or more stones, and to
	// Pass while some acceptable placement remains.
	PriorBad = 10
)

// Priors rates every legal action of pos for a new tree node: the even prior, plus won
// visits for captures, plus lost visits for self-ataris of two or more stones and for
// passing while an acceptable placement remains.
func (Light) Priors(pos *board.Position, out *[board.NumActions]Prior) {
	*out = [board.NumActions]Prior{}
	if pos.Over {
		return
	}
	g := load(pos)
	c := g.turn
	empty := g.stones.Empty()
	acceptable := false
	for cand := empty &^ g.ko; cand != 0; cand &= cand - 1 {
		p := cand.First()
		t := g
		captured, ok := t.place(p)
		if !ok {
			continue
		}
		pr := Prior{Visits: PriorEven, Wins: PriorEven / 2}
		grp := board.Group(p.Bit(), t.stones[c])
		libs := grp.Neighbours() & t.stones.Empty()
		switch {
		case captured > 0:
			pr.Visits += PriorCapture
			pr.Wins += PriorCapture
			if captured > 1 {
				pr.Visits += PriorCapture
				pr.Wins += PriorCapture
			}
			acceptable = true
		case libs&(libs-1) == 0 && grp != p.Bit():
			pr.Visits += PriorBad
		default:
			acceptable = true
		}
		out[p] = pr
	}
	out[board.Pass] = Prior{Visits: PriorEven, Wins: PriorEven / 2}
	if acceptable {
		out[board.Pass].Visits += PriorBad
	}
}
