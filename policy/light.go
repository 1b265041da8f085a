// light.go: Light, the fast rollout policy with the tactics that matter under stones-only scoring.

package policy

import (
	"math/bits"

	"littlego/board"
)

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
	g.lightRun(rng, amaf, 256) // Move is a uint8: no game is longer
	g.store(pos)
}

// lightPlay plays Light's choice for the side to move and returns it.
func (g *game) lightPlay(rng *Rand) board.Point {
	var amaf [2]board.Bitboard
	return g.lightRun(rng, &amaf, 1)
}

// lightRun plays up to steps actions with Light's rules, or to the end of the game,
// and returns the last action played. It is the hottest code of the engine, so the
// state lives in local variables for the side to move ("own") and the other side
// ("opp"), swapped after each action, and the common path (no capture, a candidate
// with two empty neighbours) is written out in full.
func (g *game) lightRun(rng *Rand, amaf *[2]board.Bitboard, steps int) board.Point {
	c := g.turn
	own, opp := g.stones[c], g.stones[c^1]
	suspOwn, suspOpp := g.suspect[c], g.suspect[c^1]
	amafOwn, amafOpp := amaf[c], amaf[c^1]
	ko, move, last, passed, over := g.ko, g.move, g.last, g.passed, g.over
	p := board.NoPoint
	for ; steps > 0 && !over; steps-- {
		empty := board.Full &^ (own | opp)
		p = board.Pass
		// 1. The biggest capture, if the enemy has a group in atari.
		if suspects := suspOpp & opp &^ twoOrMore(empty); suspects != 0 {
			atari, capture := atariGroups(suspects, opp, empty)
			suspOpp = atari // still in atari next time unless captured now
			p = board.NoPoint
			if capture &^= ko; capture != 0 {
				p = bestCapture(capture, atari, rng)
				bit, nb := p.Bit(), board.NeighboursOf(p)
				// Every group in atari next to p has p as its last liberty.
				dead := group(nb&atari, atari)
				ko = 0
				if nb&own == 0 && dead&(dead-1) == 0 && nb&empty == 0 {
					ko = dead // a lone stone took one stone; retaking would repeat
				}
				own |= bit
				opp &^= dead
				suspOwn |= bit
				suspOpp |= nb
			}
		} else {
			suspOpp = 0
			p = board.NoPoint
		}
		// 2. A random acceptable quiet placement.
		if p == board.NoPoint {
			p = board.Pass
			for cand := empty &^ ko; cand != 0; {
				// q = nth(cand, uniform index), written out.
				n := int((rng.Uint64() >> 32) * uint64(bits.OnesCount32(uint32(cand))) >> 32)
				x := uint32(cand)
				k := bits.OnesCount32(x & 0xffff)
				step := uint(k-1-n) >> (bits.UintSize - 1)
				n -= k & -int(step)
				off := 16 * step
				x >>= off
				k = bits.OnesCount32(x & 0xff)
				step = uint(k-1-n) >> (bits.UintSize - 1)
				n -= k & -int(step)
				x >>= 8 * step
				off += 8 * step
				q := board.Point(off + uint(selectInByte[x&0xff][n&7]))

				nb := board.NeighboursOf(q)
				if libs := nb & empty; libs&(libs-1) != 0 || acceptableQuiet(q, nb, libs, own, empty) {
					p = q
					own |= q.Bit()
					if libs&(libs-1) == 0 && nb&own == 0 {
						// A lone stone with one liberty: the only acceptable
						// placement whose group has fewer than two liberties.
						suspOwn |= q.Bit()
					}
					suspOpp |= nb
					ko = 0
					break
				}
				cand &^= q.Bit()
			}
		}
		// 3. Pass when nothing is acceptable.
		if p == board.Pass {
			over = over || passed
			passed = true
			ko = 0
		} else {
			passed = false
			if (amafOwn|amafOpp)&p.Bit() == 0 {
				amafOwn |= p.Bit()
			}
		}
		move++
		if move > last {
			over = true
		}
		own, opp = opp, own
		suspOwn, suspOpp = suspOpp, suspOwn
		amafOwn, amafOpp = amafOpp, amafOwn
		c ^= 1
	}
	g.turn = c
	g.stones[c], g.stones[c^1] = own, opp
	g.suspect[c], g.suspect[c^1] = suspOwn, suspOpp
	amaf[c], amaf[c^1] = amafOwn, amafOpp
	g.ko, g.move, g.passed, g.over = ko, move, passed, over
	return p
}

// acceptableQuiet reports whether placing at the empty point p, with neighbours nb of
// which libs are empty (fewer than two), is legal and not a self-atari of two or more
// stones, when no placement of the side to move captures.
func acceptableQuiet(p board.Point, nb, libs, own, empty board.Bitboard) bool {
	friends := nb & own
	if friends == 0 {
		return libs != 0 // a lone stone: one liberty is allowed, none is suicide
	}
	// The liberties of the stones next to p, and p's own: two of them are enough.
	if near := (neighbours(friends) | libs) & empty &^ p.Bit(); near&(near-1) != 0 {
		return true
	}
	_, _, short := shortOfLiberties(p.Bit()|friends, own|p.Bit(), empty&^p.Bit())
	return !short
}

// atariGroups returns the stones of the groups of stones with exactly one liberty
// in empty, and those liberties. Only the groups that hold a stone of suspects are
// examined: lightRun passes the suspect enemy stones (next to a placement since the
// last look, or placed since then, or in atari last time) less those with two empty
// neighbours, whose groups have two liberties.
func atariGroups(suspects, stones, empty board.Bitboard) (atari, libs board.Bitboard) {
	for suspects != 0 {
		grp, l, short := shortOfLiberties(suspects&-suspects, stones, empty)
		suspects &^= grp
		if short && l != 0 {
			atari |= grp
			libs |= l
		}
	}
	return atari, libs
}

// bestCapture returns the point of capture (not empty) that takes the most stones of
// atari (the enemy groups in atari), ties broken at random. Every group of atari next
// to a point of capture has that point as its last liberty.
func bestCapture(capture, atari board.Bitboard, rng *Rand) board.Point {
	best, bestGain, ties := board.NoPoint, 0, 0
	for ; capture != 0; capture &= capture - 1 {
		p := capture.First()
		gain := group(board.NeighboursOf(p)&atari, atari).Count()
		switch {
		case gain > bestGain:
			best, bestGain, ties = p, gain, 1
		case gain == bestGain:
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
		grp := group(p.Bit(), t.stones[c])
		libs := neighbours(grp) & t.stones.Empty()
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
