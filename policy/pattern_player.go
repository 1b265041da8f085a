// pattern_player.go: patternPlayer, the pattern policy's Player: its incremental state, the sampler and the playout.

package policy

import "littlego/board"

// patternPlayer is the Player (and Priorer) of Pattern: the game state, the feature
// state and the weights of every point for both colours.
//
// The model is Coulom's generalised Bradley-Terry model ("Computing Elo ratings of
// move patterns in the game of Go", 2007), in the spirit of MoGo's 3x3 patterns
// (Gelly, Wang, Munos and Teytaud, "Modification of UCT with patterns in Monte-Carlo
// Go", INRIA RR-6062, 2006). The weights were fitted to the moves of high-budget
// self-play of this engine under these rules (littlego train-patterns), not to human Go:
// only stones count here.
//
// Passing: after the opponent's pass the policy passes when that wins the game (the
// side to move is ahead on the board) and never when it loses; on the last move of
// the game it never passes while a placement is legal. Otherwise the learned model
// (Probabilities, and the priors) rates Pass by its own feature like any move, but the
// playouts, like Light, do not pass while an acceptable placement (legal, not a
// self-atari of two or more stones) remains: the strong player's passes come from
// decided positions near the end and would bias playouts from open ones.
//
// Each Player keeps, incrementally, every stone's group (named by one of its points,
// so that a group's liberties change in one place) and liberties, every point's 3x3
// code for both colours, and the integer weight of every point for both colours. After
// a move only the points whose features can have changed are rated again, for each
// colour just before its next choice: the eight neighbours of the move and of the
// captured stones, the liberties of the groups whose liberty count moved below three
// (or from there), and the liberties of changed groups that touch a group of the same
// colour with one or two liberties. A rating is one table lookup (pattern and point to
// integer weight) unless a neighbour group has one or two liberties, when the
// tactical levels come from the groups' liberty sets; a point with at most one empty
// neighbour and no such group is a plain placement, a lone self-atari or suicide. The
// sampler sums the weights by row for each choice and corrects the ko point and the
// neighbourhood of the last move. The tests check it against an oracle that rates
// every move from scratch (pattern_oracle_test.go).
type patternPlayer struct {
	t *patternTable
	s patState
	turnState
	// prev is the opponent's last action if it was a placement, else board.NoPoint.
	prev board.Point

	// weight[c][x] is the weight of a placement of c on x (0 if x is occupied or the
	// placement is suicide); dirty[c] holds the points whose
	// weight for c must be computed again before c's next choice.
	weight [2][board.NumPoints]uint32
	dirty  [2]board.Bitboard
	// poor[c] holds the points where a placement of c is a self-atari of two or more
	// stones (up to date where weight is).
	poor [2]board.Bitboard
	// legal[c] holds the points of positive weight for c (up to date where weight is).
	legal [2]board.Bitboard
	// adj holds the corrected weights of the current choice,
	// rows the corrected weights of the rows.
	adj  [board.NumPoints]uint32
	rows [board.Size]uint32
}

// load sets the player to pos, whose opponent's last action was prev (board.NoPoint
// when unknown), with every weight to be computed.
func (p *patternPlayer) load(pos *board.Position, prev board.Point) {
	p.s.loadBoard(pos.Stones)
	p.turnState = turnStateOf(pos)
	if prev < 0 || prev >= board.NumPoints {
		prev = board.NoPoint
	}
	p.prev = prev
	p.weight = [2][board.NumPoints]uint32{}
	p.poor = [2]board.Bitboard{}
	p.legal = [2]board.Bitboard{}
	p.dirty = [2]board.Bitboard{board.Full, board.Full}
}

// store writes the game state back into pos, hash included.
func (p *patternPlayer) store(pos *board.Position) {
	pos.Stones = p.s.stones
	p.storeTurn(pos)
	pos.Hash = pos.ComputeHash()
}

// refresh computes the weights of c's dirty points: a table lookup for a point without
// tactics, the tactical levels and one multiplication otherwise.
func (p *patternPlayer) refresh(c board.Color) {
	s := &p.s
	t := p.t
	c &= 1
	w := &p.weight[c]
	d := p.dirty[c]
	p.dirty[c] = 0
	empty := s.stones.Empty()
	// The occupied points' weights are 0 already: place clears the new stone's.
	poor, legal := p.poor[c]&^d, p.legal[c]&^d
	weak := s.libs1 | s.libs2
	own := s.stones[c]
	shift := 32 * uint(c&1)
	codes := &s.codes
	// The points next to a weak group are rated in a second loop, so that the calls of
	// tactics do not make the first one keep its values on the stack.
	d &= empty
	hard := d & weak.Neighbours()
	for b := d &^ hard; b != 0; b &= b - 1 {
		x := b.First()
		q := t.pattern[keyIndex(uint32(codes[x&31]>>shift))]
		e := board.NeighboursOf(x) & empty
		var v uint32
		switch {
		case e&(e-1) != 0:
			v = t.quiet[x][q]
		// No neighbour group has fewer than three liberties: a friendly one gives the
		// new group two or more, so no tactical feature applies; without one, the
		// stone is a lone self-atari on its last empty neighbour, or suicide.
		case board.NeighboursOf(x)&own != 0:
			v = scaledWeight(t.scaled[x][q] * t.tactics[0])
		case e != 0:
			v = scaledWeight(t.scaled[x][q] * t.tactics[unitSelfAtari])
		}
		if v != 0 {
			legal |= x.Bit()
		}
		w[x] = v
	}
	for b := hard; b != 0; b &= b - 1 {
		x := b.First()
		var v uint32
		if lv, ok := s.tactics(x, c); ok {
			q := t.pattern[keyIndex(uint32(s.codes[x&31]>>shift))]
			v = scaledWeight(t.scaled[x][q] * t.tactics[lv.index()])
			legal |= x.Bit()
			if t.poorLevels[lv.index()] {
				poor |= x.Bit()
			}
		}
		w[x] = v
	}
	p.poor[c], p.legal[c] = poor, legal
}

// winning reports whether c would win if the game ended now.
func (p *patternPlayer) winning(c board.Color) bool {
	margin := p.s.stones[board.Black].Count() - p.s.stones[board.White].Count()
	return (margin >= board.BlackMargin) == (c == board.Black)
}

// playoutPassWeight returns the weight of Pass for c in a playout, and whether Pass is
// forced (it wins): passWeight's, except that a playout does not pass while c has an
// acceptable placement (legal, not a self-atari of two or more stones), as Light does.
// The strong player's passes that the model learnt come from decided positions near
// the end, where passing costs nothing; in a playout from an open position they would
// throw the game away and bias its result.
func (p *patternPlayer) playoutPassWeight(c board.Color) (w uint32, forced bool) {
	if !p.passed && p.acceptable(c) {
		return 0, false
	}
	w, forced = p.passWeight(c)
	if w != 0 && p.acceptable(c) {
		w = 0
	}
	return w, forced
}

// acceptable reports whether c has a legal placement that is not a self-atari of two
// or more stones.
func (p *patternPlayer) acceptable(c board.Color) bool {
	return p.legal[c]&^(p.poor[c]|p.ko) != 0
}

// passWeight returns the weight of Pass for c under the learned model, and whether
// Pass is forced (it wins).
func (p *patternPlayer) passWeight(c board.Color) (w uint32, forced bool) {
	switch {
	case p.passed:
		return 0, p.winning(c) // a pass ends the game: take a win, never a loss
	case p.move == p.last:
		return 0, false // a placement can only add to the score of the last move
	}
	return p.t.pass[passLevelOf(int(p.last)-int(p.move)+1, p.winning(c))%numPassLevels], false
}

// correct computes into p.adj the sampling weights of c: the stored ones, except that
// the ko point gets 0 and the empty neighbours of the opponent's last placement are
// multiplied by the last-move gamma; and the sum of each row of them into p.rows. It
// returns the points so corrected.
func (p *patternPlayer) correct(c board.Color) (special board.Bitboard) {
	w := &p.weight[c&1]
	adj := &p.adj
	*adj = *w
	if ko := p.ko; ko != 0 {
		adj[ko.First()] = 0
	}
	special = p.ko
	if prev := p.prev; prev != board.NoPoint {
		empty := p.s.stones.Empty() &^ p.ko
		orth := board.NeighboursOf(prev) & empty
		diag := patDiag[prev] & empty
		special |= orth | diag
		m := p.t.lastMul[1]
		for b := orth; b != 0; b &= b - 1 {
			x := b.First()
			adj[x] = uint32(uint64(w[x]) * m >> lastShift)
		}
		m = p.t.lastMul[2]
		for b := diag; b != 0; b &= b - 1 {
			x := b.First()
			adj[x] = uint32(uint64(w[x]) * m >> lastShift)
		}
	}
	// The row sums, made afresh: 25 loads in five independent chains cost less
	// than keeping sums up to date point by point.
	rows := &p.rows
	for r := range rows {
		v := adj[5*r : 5*r+5 : 5*r+5]
		rows[r] = v[0] + v[1] + v[2] + v[3] + v[4]
	}
	return special
}

// atMost returns 1 if a <= n, else 0, without a branch.
func atMost(a, n uint32) uint32 { return uint32((uint64(n)-uint64(a))>>63 ^ 1) }

// choose returns c's action, sampled in proportion to the weights.
//
// The row, and the point in it, are found by counting the prefix sums that do not
// exceed the random number, without branches: which row and point the draw falls in
// cannot be predicted.
func (p *patternPlayer) choose(c board.Color, rng *Rand) board.Point {
	passW, forced := p.playoutPassWeight(c)
	if forced {
		return board.Pass
	}
	p.correct(c)
	rows := &p.rows
	r0 := rows[0]
	r1 := r0 + rows[1]
	r2 := r1 + rows[2]
	r3 := r2 + rows[3]
	r4 := r3 + rows[4]
	all := passW + r4
	if all == 0 {
		return board.Pass // no legal placement
	}
	n := uint32((rng.Uint64() >> 32) * uint64(all) >> 32)
	if n >= r4 {
		return board.Pass // n fell in Pass's share
	}
	r := atMost(r0, n) + atMost(r1, n) + atMost(r2, n) + atMost(r3, n)
	prefix := [5]uint32{0, r0, r1, r2, r3}
	n -= prefix[r%5]
	v := p.adj[5*(r%5) : 5*(r%5)+5 : 5*(r%5)+5]
	q0 := v[0]
	q1 := q0 + v[1]
	q2 := q1 + v[2]
	q3 := q2 + v[3]
	return board.Point(5*(r%5) + atMost(q0, n) + atMost(q1, n) + atMost(q2, n) + atMost(q3, n))
}

// place plays c = p.turn on the empty point x (legal: its weight was positive) with its
// captures, and marks the points whose features may have changed.
func (p *patternPlayer) place(x board.Point) {
	s := &p.s
	c := p.turn
	bit := x.Bit()
	nb := board.NeighboursOf(x)
	own, opp := s.stones[c]|bit, s.stones[c^1]
	var dead board.Bitboard
	for a := nb & opp & s.libs1; a != 0; a &= a - 1 {
		dead |= s.grp(a.First()) // every group in atari next to x
	}
	opp &^= dead
	s.stones[c], s.stones[c^1] = own, opp
	empty := board.Full &^ (own | opp)
	weak := s.libs1 | s.libs2 // the groups with one or two liberties before the move
	dirty := patN8[x] | bit
	// moved[k] collects the liberties of c's groups whose liberties changed: where
	// they touch a weak group of the same colour, a placement's liberty count does
	// depend on them.
	var moved [2]board.Bitboard

	g := bit
	for a := nb & own; a != 0; a &= a - 1 {
		g |= s.grp(a.First())
	}
	libs := g.Neighbours() & empty
	s.newGroup(x, nb&own&^bit, c, g, libs)
	moved[c] |= libs
	if libs.Count() <= 2 || g&weak != 0 {
		dirty |= libs
	}
	for rest := nb & opp; rest != 0; {
		y := rest.First()
		h := s.grp(y)
		rest &^= h
		l := s.lib(y) &^ bit
		s.updateLibs(y, c^1, l)
		moved[c^1] |= l
		if l.Count() <= 2 || h&weak != 0 {
			dirty |= l
		}
	}
	p.ko = 0
	if dead != 0 {
		s.libs1 &^= dead
		for d := dead; d != 0; d &= d - 1 {
			y := d.First()
			s.clearStone(y)
			dirty |= patN8[y]
		}
		dirty |= dead
		for rest := dead.Neighbours() & own &^ g; rest != 0; {
			y := rest.First()
			h := s.grp(y)
			rest &^= h
			l := s.lib(y) | h.Neighbours()&dead
			s.updateLibs(y, c, l)
			moved[c] |= l
			if l.Count() <= 2 || h&weak != 0 {
				dirty |= l
			}
		}
		if g == bit && dead&(dead-1) == 0 && libs == dead {
			p.ko = dead // a lone stone took one stone: retaking at once would repeat
		}
	}
	weak = s.libs1 | s.libs2
	dirty |= moved[c]&(weak&own).Neighbours() | moved[c^1]&(weak&opp).Neighbours()
	p.dirty[0] |= dirty
	p.dirty[1] |= dirty
	p.weight[0][x], p.weight[1][x] = 0, 0
	p.legal[0] &^= bit
	p.legal[1] &^= bit
	p.poor[0] &^= bit
	p.poor[1] &^= bit
	p.prev = x
	p.passed = false
	p.turn ^= 1
	p.advance()
}

// pass passes for the side to move; the next player has no last placement to answer.
func (p *patternPlayer) pass() {
	p.turnState.pass()
	p.prev = board.NoPoint
}

// step chooses and plays the side to move's action and returns it.
func (p *patternPlayer) step(rng *Rand) board.Point {
	c := p.turn
	p.refresh(c)
	x := p.choose(c, rng)
	if x == board.Pass {
		p.pass()
	} else {
		p.place(x)
	}
	return x
}

// Move returns the policy's action in pos, or board.NoPoint if the game is over.
func (p *patternPlayer) Move(pos *board.Position, rng *Rand) board.Point {
	if pos.Over {
		return board.NoPoint
	}
	p.load(pos, board.NoPoint)
	p.refresh(p.turn)
	return p.choose(p.turn, rng)
}

// Playout plays pos to the end of the game with the policy.
func (p *patternPlayer) Playout(pos *board.Position, rng *Rand, amaf *[2]board.Bitboard) {
	p.playout(pos, board.NoPoint, rng, amaf)
}

// playout is Playout when the opponent's last action was last (board.NoPoint if
// unknown). The search does not pass it: the feature did not make the search stronger
// (docs/policy.md).
func (p *patternPlayer) playout(pos *board.Position, last board.Point, rng *Rand, amaf *[2]board.Bitboard) {
	if pos.Over {
		return
	}
	p.load(pos, last)
	for !p.over {
		c := p.turn
		if x := p.step(rng); x != board.Pass && (amaf[0]|amaf[1])&x.Bit() == 0 {
			amaf[c] |= x.Bit()
		}
	}
	p.store(pos)
}

// probabilities sets out[a] to the probability that the learned model gives action a
// in the loaded state.
func (p *patternPlayer) probabilities(out *[board.NumActions]float64) {
	*out = [board.NumActions]float64{}
	c := p.turn
	p.refresh(c)
	passW, forced := p.passWeight(c)
	if forced {
		out[board.Pass] = 1
		return
	}
	var raw [board.NumActions]uint32
	copy(raw[:board.NumPoints], p.weight[c][:])
	special := p.correct(c)
	for b := special; b != 0; b &= b - 1 {
		raw[b.First()] = p.adj[b.First()]
	}
	raw[board.Pass] = passW
	var all float64
	for _, v := range raw {
		all += float64(v)
	}
	if all == 0 {
		out[board.Pass] = 1
		return
	}
	for a, v := range raw {
		out[a] = float64(v) / all
	}
}
