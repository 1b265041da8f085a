// light.go: Light, the fast rollout policy with the tactics that matter under stones-only scoring.

package policy

import (
	"littlego/board"
	"littlego/internal/splitmix"
)

// Light is the fast rollout policy (the default before the pattern policy). In order:
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
// and returns the last action played (board.NoPoint if none). It is the hottest code
// of the engine, written for what the profile showed (profiles/README.md): the work
// that every action does stays in a few registers (the stones of the side to move,
// "own", and of the other side, "opp", swapped after each action), the rest lives in a
// small struct in memory (lightState), and the rare work (captures, a look at a whole
// chain) is in functions called only when needed, so that the common path has few
// branches and no spills. Quiet candidates are drawn from the list of empty points
// (g.empties) without replacement: one multiplication and one load per draw.
func (g *game) lightRun(rng *Rand, amaf *[2]board.Bitboard, steps int) board.Point {
	n := min(steps, int(g.last)-int(g.move)+1) // actions to play unless two passes end the game
	if g.over || n <= 0 {
		return board.NoPoint
	}
	c0 := g.turn
	own, opp := g.stones[c0], g.stones[c0^1]
	if empty := board.Full &^ (own | opp); !g.empties.lists(empty) {
		g.empties.reset(empty)
	}
	// Index x = k&1 of the arrays is the side to move at step k: x = 0 is c0.
	st := g.startRun(rng, amaf, own, opp)
	p := board.NoPoint
	k := 0
	for k < n {
		x := k & 1
		k++
		empty := board.Full &^ (own | opp)
		p = board.Pass
		// 1. The biggest capture, if the enemy has a chain in atari.
		if suspects := st.susp[x^1] & opp &^ twoOrMore(empty); suspects != 0 {
			var dead board.Bitboard
			if p, dead = st.capture(suspects, own, opp, x, rng); p != board.Pass {
				own, opp = opp&^dead, own|p.Bit()
				continue
			}
		} else {
			st.susp[x^1] = 0
		}
		// 2. A random acceptable quiet placement (none of them captures: a capture
		// would have been played above, unless it is the ko point, never a candidate).
		rs, ko := st.rs, st.ko
		i := 0
		for m := st.list.n; m > 0; {
			i = int((splitmix.Next(&rs)>>32)*uint64(m)>>32) & 31
			q := st.list.pt[i] & 31
			nb := nbMask[q]
			libs := nb & empty
			friends := nb & own
			notKo := zeroMask(ko >> q & 1)
			// Two empty neighbours are enough, and one for a lone stone; next to a
			// friend with fewer, the whole chain decides.
			if (libs&(libs-1)|libs&zeroMask(friends))&notKo != 0 ||
				friends&notKo != 0 && acceptableQuiet(board.Point(q), nb, libs, own, empty) {
				p = board.Point(q)
				break
			}
			m--
			st.list.swap(i, m)
		}
		st.rs = rs
		if p == board.Pass {
			// 3. Pass when nothing is acceptable; a pass after a pass ends the game.
			st.ko = 0
			own, opp = opp, own
			if st.prevPass == k-1 {
				break
			}
			st.prevPass = k
			continue
		}
		q := uint8(p) & 31
		bit, nb := board.Bitboard(1)<<q, nbMask[q]
		libs := nb & empty
		st.list.remove(i)
		// A lone stone with one liberty, the only acceptable quiet placement whose
		// chain has fewer than two, is a suspect for the enemy; so are the enemy
		// stones next to it.
		st.susp[x] |= bit & zeroMask(libs&(libs-1)|nb&own)
		st.susp[x^1] |= nb
		st.amaf[x] |= bit &^ st.amaf[x^1]
		st.ko = 0
		own, opp = opp, own|bit
	}
	g.endRun(&st, rng, amaf, c0, k, p, own, opp)
	return p
}

// startRun returns lightRun's state at the start, in g with the random state of rng
// and the AMAF sets amaf: own and opp are the stones of the side to move and of the
// other side.
func (g *game) startRun(rng *Rand, amaf *[2]board.Bitboard, own, opp board.Bitboard) lightState {
	c0 := g.turn
	st := lightState{list: &g.empties, ko: g.ko, rs: rng.state, prevPass: -1}
	st.susp = [2]board.Bitboard{own, opp} // every stone at first
	st.amaf = [2]board.Bitboard{amaf[c0], amaf[c0^1]}
	if g.passed {
		st.prevPass = 0
	}
	return st
}

// endRun writes back the state lightRun leaves after k actions from c0's turn, the
// last one p: own and opp are the stones of the side to move and of the other side.
func (g *game) endRun(st *lightState, rng *Rand, amaf *[2]board.Bitboard, c0 board.Color, k int, p board.Point, own, opp board.Bitboard) {
	x := k & 1
	c := c0 ^ board.Color(x)
	g.over = g.over || p == board.Pass && st.prevPass != k || int(g.move)+k > int(g.last)
	g.passed = p == board.Pass
	g.move += uint8(k)
	g.turn = c
	g.stones[c], g.stones[c^1] = own, opp
	g.ko = st.ko
	g.empties.set = board.Full &^ (own | opp)
	rng.state = st.rs
	amaf[c], amaf[c^1] = st.amaf[x], st.amaf[x^1]
}

// lightState is the memory-resident part of lightRun's state. Arrays indexed by side
// hold the side to move at even steps at index 0.
type lightState struct {
	list *emptyList
	// susp[x] holds stones of side x whose chain may have lost liberties since the
	// last look for x's chains in atari: the enemy stones next to each placement,
	// a lone stone placed with one liberty or that captured, and the stones found in
	// atari last time.
	susp     [2]board.Bitboard
	amaf     [2]board.Bitboard
	ko       board.Bitboard
	rs       uint64 // the Rand state, kept here while the playout runs
	prevPass int    // the action before step k was a pass iff prevPass == k
}

// capture looks for enemy chains in atari among those holding a stone of suspects,
// and if one can be taken (not at the ko point) plays the biggest capture for side x
// (own and opp its stones and the enemy's) and returns it with the stones taken;
// otherwise it returns board.Pass.
func (st *lightState) capture(suspects, own, opp board.Bitboard, x int, rng *Rand) (board.Point, board.Bitboard) {
	empty := board.Full &^ (own | opp)
	// Grow the chain of each suspect until two liberties show (not in atari) or it
	// stops growing (shortOfLiberties written out, with its masks made once).
	var atari, capture board.Bitboard
	fromLeft, fromRight := opp&^board.Col0, opp&^board.Col4
	emptyLeft, emptyRight := empty&^board.Col0, empty&^board.Col4
	for suspects != 0 {
		grp := suspects & -suspects
		for {
			vertical := grp>>5 | grp<<5
			libs := vertical&empty | grp<<1&emptyLeft | grp>>1&emptyRight
			if libs&(libs-1) != 0 {
				break
			}
			more := grp | vertical&opp | grp<<1&fromLeft | grp>>1&fromRight
			if more == grp {
				if libs != 0 {
					atari |= grp
					capture |= libs
				}
				break
			}
			grp = more
		}
		suspects &^= grp
	}
	st.susp[x^1] = atari // still in atari next time unless captured now
	if capture &^= st.ko; capture == 0 {
		return board.Pass, 0
	}
	rng.state = st.rs
	p := bestCapture(capture, atari, rng)
	st.rs = rng.state
	bit, nb := p.Bit(), board.NeighboursOf(p)
	// Every chain in atari next to p has p as its last liberty.
	dead := board.Group(nb&atari, atari)
	st.ko = 0
	if nb&own == 0 && dead&(dead-1) == 0 && nb&empty == 0 {
		st.ko = dead // a lone stone took one stone: retaking at once would repeat
	}
	st.susp[x] |= bit
	st.susp[x^1] |= nb
	st.amaf[x] |= bit &^ st.amaf[x^1]
	st.list.remove(int(st.list.at[p&31]))
	for d := dead; d != 0; d &= d - 1 {
		st.list.add(uint8(d.First()))
	}
	return p, dead
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
	if near := (friends.Neighbours() | libs) & empty &^ p.Bit(); near&(near-1) != 0 {
		return true
	}
	_, _, short := shortOfLiberties(p.Bit()|friends, own|p.Bit(), empty&^p.Bit())
	return !short
}

// bestCapture returns the point of capture (not empty) that takes the most stones of
// atari (the enemy groups in atari), ties broken at random. Every group of atari next
// to a point of capture has that point as its last liberty.
func bestCapture(capture, atari board.Bitboard, rng *Rand) board.Point {
	best, bestGain, ties := board.NoPoint, 0, 0
	for ; capture != 0; capture &= capture - 1 {
		p := capture.First()
		gain := board.Group(board.NeighboursOf(p)&atari, atari).Count()
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
	// priorEven is the even prior every legal action gets: priorEven visits at 50%.
	priorEven = 10
	// priorCapture is added as won visits to a capture of one stone, and twice over to
	// a capture of two or more.
	priorCapture = 10
	// priorBad is added as lost visits to a self-atari of two or more stones, and to
	// Pass while some acceptable placement remains.
	priorBad = 10
)

// Priors rates every legal action of pos for a new tree node: the even prior, plus won
// visits for captures, plus lost visits for self-ataris of two or more stones and for
// passing while an acceptable placement remains.
func (Light) Priors(pos *board.Position, out *[board.NumActions]Prior) {
	*out = [board.NumActions]Prior{}
	if pos.Over {
		return
	}
	c := pos.Turn
	own := pos.Stones[c]
	acceptable := false
	for cand := pos.Empty() &^ pos.Ko; cand != 0; cand &= cand - 1 {
		p := cand.First()
		t := *pos
		captured, ok := t.Play(p)
		if !ok {
			continue
		}
		pr := Prior{Visits: priorEven, Wins: priorEven / 2}
		switch {
		case captured > 0:
			pr.Visits += priorCapture
			pr.Wins += priorCapture
			if captured > 1 {
				pr.Visits += priorCapture
				pr.Wins += priorCapture
			}
			acceptable = true
		case leavesInAtari(p, own, t.Stones[c], t.Empty()):
			pr.Visits += priorBad
		default:
			acceptable = true
		}
		out[p] = pr
	}
	out[board.Pass] = Prior{Visits: priorEven, Wins: priorEven / 2}
	if acceptable {
		out[board.Pass].Visits += priorBad
	}
}

// leavesInAtari reports whether the stone just placed at p (own: its side's stones before,
// after: after the placement) leaves a group of two or more stones with one liberty
// in empty. Two empty neighbours, or no friendly neighbour, settle it without a look
// at the group.
func leavesInAtari(p board.Point, own, after, empty board.Bitboard) bool {
	nb := board.NeighboursOf(p)
	if libs := nb & empty; libs&(libs-1) != 0 || nb&own == 0 {
		return false
	}
	libs := board.Group(p.Bit(), after).Neighbours() & empty
	return libs&(libs-1) == 0
}
