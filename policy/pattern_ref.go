// pattern_ref.go: PatternRef ("pattern-ref"), the pattern policy as it was before the incremental rewrite of issue 17, kept as the reference that Pattern is checked against.

package policy

import (
	"math/bits"

	"littlego/board"
)

// PatternRef is the pattern policy before issue 17's speed work: the same weights and
// the same move distribution as Pattern, computed the slower way. The tests check
// Pattern against it (identical playouts from identical seeds, and the distribution of
// its moves), and matches and benchmarks compare the two ("pattern-ref" in flags).
// The zero PatternRef uses the weights of pattern_weights.go.
type PatternRef struct {
	pattern Pattern
}

// Name returns "pattern-ref".
func (PatternRef) Name() string { return "pattern-ref" }

// NewPlayer returns a Player with its own scratch state. It also implements Priorer.
func (pr PatternRef) NewPlayer() Player { return &refPlayer{t: pr.pattern.tables()} }

// refPlayer is the Player (and Priorer) of PatternRef: the game state, the feature
// state and the weights of every point for both colours.
type refPlayer struct {
	t *patternTable
	s refState

	ko     board.Bitboard
	move   uint8
	last   uint8
	turn   board.Color
	passed bool
	over   bool
	// prev is the opponent's last action if it was a placement, else board.NoPoint.
	prev board.Point

	// weight[c][x] is the weight of a placement of c on x (0 if x is occupied or the
	// placement is suicide); rowSum[c][r] sums row r; dirty[c] holds the points whose
	// weight for c must be computed again before c's next choice.
	weight [2][board.NumPoints]uint32
	rowSum [2][board.Size]uint32
	dirty  [2]board.Bitboard
	// poor[c] holds the points where a placement of c is a self-atari of two or more
	// stones (up to date where weight is).
	poor [2]board.Bitboard
	// adj holds the corrected weights of the special points of the current choice,
	// rows the corrected weights of the rows.
	adj  [board.NumPoints]uint32
	rows [board.Size]uint32
}

// load sets the player to pos, whose opponent's last action was prev (board.NoPoint
// when unknown), with every weight to be computed.
func (p *refPlayer) load(pos *board.Position, prev board.Point) {
	p.s.loadBoard(pos.Stones)
	p.ko, p.move, p.last, p.turn = pos.Ko, pos.Move, pos.Last, pos.Turn
	p.passed, p.over = pos.Passed, pos.Over
	if prev < 0 || prev >= board.NumPoints {
		prev = board.NoPoint
	}
	p.prev = prev
	p.weight = [2][board.NumPoints]uint32{}
	p.rowSum = [2][board.Size]uint32{}
	p.poor = [2]board.Bitboard{}
	p.dirty = [2]board.Bitboard{board.Full, board.Full}
}

// store writes the game state back into pos, hash included.
func (p *refPlayer) store(pos *board.Position) {
	pos.Stones = p.s.stones
	pos.Ko = p.ko
	pos.Move, pos.Last, pos.Turn = p.move, p.last, p.turn
	pos.Passed, pos.Over = p.passed, p.over
	pos.Hash = pos.ComputeHash()
}

// refresh computes the weights of c's dirty points (rate, written out for the common
// case of a point without tactics).
func (p *refPlayer) refresh(c board.Color) {
	empty := p.s.stones.Empty()
	t := p.t
	w, sums := &p.weight[c], &p.rowSum[c]
	shift := 32 * uint(c&1)
	for d := p.dirty[c]; d != 0; d &= d - 1 {
		x := d.First()
		var v uint32
		poor := false
		if empty.Has(x) {
			if p.s.tactical(x) {
				v, poor = p.rate(x, c)
			} else {
				code := uint32(p.s.codes[x] >> shift)
				v = scaledWeight(t.gamma(code) * t.pointGamma[x])
			}
		}
		sums[rowOf[x]] += v - w[x] // exact modulo 2^32
		w[x] = v
		bit := x.Bit()
		p.poor[c] &^= bit
		if poor {
			p.poor[c] |= bit
		}
	}
	p.dirty[c] = 0
}

// rate returns the weight of a placement of c on the empty point x, 0 if it is
// suicide, and whether it is poor: a self-atari of two or more stones.
func (p *refPlayer) rate(x board.Point, c board.Color) (w uint32, poor bool) {
	t := p.t
	code := p.s.code(x, c)
	g := t.gamma(code) * t.pointGamma[x]
	if p.s.tactical(x) {
		lv, legal := p.s.tactics(x, c)
		if !legal {
			return 0, false
		}
		g *= t.tactics[lv.index()]
		poor = lv.selfAtari() >= 2
	}
	return scaledWeight(g), poor
}

// winning reports whether c would win if the game ended now.
func (p *refPlayer) winning(c board.Color) bool {
	margin := p.s.stones[board.Black].Count() - p.s.stones[board.White].Count()
	return (margin >= board.BlackMargin) == (c == board.Black)
}

// playoutPassWeight returns the weight of Pass for c in a playout, and whether Pass is
// forced (it wins): passWeight's, except that a playout does not pass while c has an
// acceptable placement (legal, not a self-atari of two or more stones), as Light does.
// The strong player's passes that the model learnt come from decided positions near
// the end, where passing costs nothing; in a playout from an open position they would
// throw the game away and bias its result.
func (p *refPlayer) playoutPassWeight(c board.Color) (w uint32, forced bool) {
	w, forced = p.passWeight(c)
	if w != 0 && p.acceptable(c) {
		w = 0
	}
	return w, forced
}

// acceptable reports whether c has a legal placement that is not a self-atari of two
// or more stones.
func (p *refPlayer) acceptable(c board.Color) bool {
	w := &p.weight[c]
	ok := p.poor[c] | p.ko
	for x := range board.NumPoints {
		if w[x] != 0 && !ok.Has(board.Point(x)) {
			return true
		}
	}
	return false
}

// passWeight returns the weight of Pass for c under the learned model, and whether
// Pass is forced (it wins).
func (p *refPlayer) passWeight(c board.Color) (w uint32, forced bool) {
	switch {
	case p.passed:
		return 0, p.winning(c) // a pass ends the game: take a win, never a loss
	case p.move == p.last:
		return 0, false // a placement can only add to the score of the last move
	}
	return p.t.pass[passLevelOf(int(p.last)-int(p.move)+1, p.winning(c))%NumPassLevels], false
}

// correct computes the sampling weights of the points whose stored weight for c is
// corrected when sampling (the ko point gets 0, the empty neighbours of the
// opponent's last placement are multiplied by the last-move gamma) into p.adj, and
// the weight of each row after the correction into p.rows, and returns those points.
func (p *refPlayer) correct(c board.Color) (special board.Bitboard) {
	w := &p.weight[c]
	rows := &p.rows
	for r, m := range &p.rowSum[c] {
		// One by one: a block copy of sums just written one by one would wait
		// for the stores (no store-to-load forwarding).
		rows[r] = m
	}
	if ko := p.ko; ko != 0 {
		x := ko.First()
		p.adj[x] = 0
		rows[rowOf[x]] -= w[x]
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
			a := uint32(uint64(w[x]) * m >> lastShift)
			p.adj[x] = a
			rows[rowOf[x]] += a - w[x] // exact modulo 2^32
		}
		m = p.t.lastMul[2]
		for b := diag; b != 0; b &= b - 1 {
			x := b.First()
			a := uint32(uint64(w[x]) * m >> lastShift)
			p.adj[x] = a
			rows[rowOf[x]] += a - w[x]
		}
	}
	return special
}

// choose returns c's action, sampled in proportion to the weights.
func (p *refPlayer) choose(c board.Color, rng *Rand) board.Point {
	passW, forced := p.playoutPassWeight(c)
	if forced {
		return board.Pass
	}
	special := p.correct(c)
	rows := &p.rows
	all := passW + rows[0] + rows[1] + rows[2] + rows[3] + rows[4]
	if all == 0 {
		return board.Pass // no legal placement
	}
	n := uint32((rng.Uint64() >> 32) * uint64(all) >> 32)
	w := &p.weight[c]
	for r, m := range rows {
		if n >= m {
			n -= m
			continue
		}
		for x := board.Point(r * board.Size); x < board.NumPoints; x++ {
			v := w[x]
			if special.Has(x) {
				v = p.adj[x]
			}
			if n < v {
				return x
			}
			n -= v
		}
	}
	return board.Pass // n fell in Pass's share
}

// place plays c = p.turn on the empty point x (legal: its weight was positive) with its
// captures, and marks the points whose features may have changed.
func (p *refPlayer) place(x board.Point) {
	s := &p.s
	c := p.turn
	bit := x.Bit()
	nb := board.NeighboursOf(x)
	own, opp := s.stones[c]|bit, s.stones[c^1]
	var dead board.Bitboard
	for a := nb & opp & s.libs1; a != 0; a &= a - 1 {
		dead |= s.grp[a.First()] // every group in atari next to x
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
		g |= s.grp[a.First()]
	}
	libs := g.Neighbours() & empty
	s.setGroup(g, c, libs)
	moved[c] |= libs
	if libs.Count() <= 2 || g&weak != 0 {
		dirty |= libs
	}
	for rest := nb & opp; rest != 0; {
		y := rest.First()
		h := s.grp[y]
		rest &^= h
		l := s.lib[y] &^ bit
		s.setGroup(h, c^1, l)
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
			h := s.grp[y]
			rest &^= h
			l := s.lib[y] | h.Neighbours()&dead
			s.setGroup(h, c, l)
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
	p.prev = x
	p.passed = false
	p.turn ^= 1
	p.advance()
}

// pass passes for the side to move.
func (p *refPlayer) pass() {
	if p.passed {
		p.over = true
	}
	p.passed = true
	p.ko = 0
	p.prev = board.NoPoint
	p.turn ^= 1
	p.advance()
}

// advance counts the action just played and ends the game after the last move.
func (p *refPlayer) advance() {
	p.move++
	if p.move > p.last {
		p.over = true
	}
}

// step chooses and plays the side to move's action and returns it.
func (p *refPlayer) step(rng *Rand) board.Point {
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
func (p *refPlayer) Move(pos *board.Position, rng *Rand) board.Point {
	if pos.Over {
		return board.NoPoint
	}
	p.load(pos, board.NoPoint)
	p.refresh(p.turn)
	return p.choose(p.turn, rng)
}

// Playout plays pos to the end of the game with the policy.
func (p *refPlayer) Playout(pos *board.Position, rng *Rand, amaf *[2]board.Bitboard) {
	p.PlayoutAfter(pos, board.NoPoint, rng, amaf)
}

// PlayoutAfter plays pos to the end of the game with the policy, the opponent's last
// action having been last.
func (p *refPlayer) PlayoutAfter(pos *board.Position, last board.Point, rng *Rand, amaf *[2]board.Bitboard) {
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
func (p *refPlayer) probabilities(out *[board.NumActions]float64) {
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

// Priors rates the legal actions of pos for a new tree node from the policy's
// probabilities: rel = probability * number of legal actions, win rate 0.5 +
// PatternPriorSpread*(rel-1)/(rel+1). Actions the policy never takes (a losing pass
// after the opponent's pass, a pass on the last move) get the low end.
func (p *refPlayer) Priors(pos *board.Position, out *[board.NumActions]Prior) {
	p.PriorsAfter(pos, board.NoPoint, out)
}

// PriorsAfter is Priors when the opponent's last action was last.
func (p *refPlayer) PriorsAfter(pos *board.Position, last board.Point, out *[board.NumActions]Prior) {
	*out = [board.NumActions]Prior{}
	if pos.Over {
		return
	}
	p.load(pos, last)
	c := p.turn
	p.refresh(c)
	passW, forced := p.passWeight(c)
	if forced {
		passW = 1
	}
	// The legal placements are those of positive weight, the ko point aside; their
	// sampling weights are the stored ones, corrected at the special points.
	special := p.correct(c)
	w := &p.weight[c]
	var raw [board.NumPoints]uint32
	var legal board.Bitboard
	all := uint64(passW)
	for x := range board.NumPoints {
		v := w[x]
		if v == 0 || p.ko.Has(board.Point(x)) {
			continue
		}
		if special.Has(board.Point(x)) {
			v = p.adj[x]
		}
		if forced {
			v = 0
		}
		raw[x] = v
		legal |= board.Point(x).Bit()
		all += uint64(v)
	}
	if all == 0 {
		passW, all = 1, 1 // no legal placement: Pass is certain
	}
	// rel = probability * number of legal actions.
	scale := float64(legal.Count()+1) / float64(all)
	set := func(a board.Point, v uint32) {
		rel := float64(v) * scale
		rate := 0.5 + PatternPriorSpread*(rel-1)/(rel+1)
		out[a] = Prior{Visits: PatternPriorVisits, Wins: float32(PatternPriorVisits * rate)}
	}
	for b := legal; b != 0; b &= b - 1 {
		set(b.First(), raw[b.First()])
	}
	set(board.Pass, passW)
}

// refState is the board as the pattern policy reads it: the stones, which of them
// belong to groups with one or two liberties, every point's absState and every
// point's 3x3 code for both sides, kept up to date as points change.
type refState struct {
	stones board.Stones
	// libs1 and libs2 hold the stones (of either colour) whose group has exactly one
	// and exactly two liberties.
	libs1, libs2 board.Bitboard
	// abs[x] is x's absState.
	abs [board.NumPoints]absState
	// codes[x] holds the 3x3 codes of x for Black (bits 0-31) and White (bits 32-63),
	// meaningful when x is empty.
	codes [board.NumPoints]uint64
	// grp[x] and lib[x] are the group of the stone x and its liberties (0 for an
	// empty point), so that no group needs to be grown during play.
	grp, lib [board.NumPoints]board.Bitboard
}

// loadBoard sets s from the stones st, finding every group's liberties.
func (s *refState) loadBoard(st board.Stones) {
	s.stones = st
	s.libs1, s.libs2 = 0, 0
	s.abs = [board.NumPoints]absState{}
	s.grp = [board.NumPoints]board.Bitboard{}
	s.lib = [board.NumPoints]board.Bitboard{}
	for x, c := range emptyCodes {
		s.codes[x] = uint64(c) | uint64(c)<<32
	}
	empty := st.Empty()
	for c := board.Black; c <= board.White; c++ {
		for rest := st[c]; rest != 0; {
			g := board.Group(rest&-rest, st[c])
			rest &^= g
			s.setGroup(g, c, g.Neighbours()&empty)
		}
	}
}

// setGroup records that the group g of colour c has the liberties libs: in grp and
// lib, its liberty class in libs1/libs2, abs and the codes of its neighbours.
func (s *refState) setGroup(g board.Bitboard, c board.Color, libs board.Bitboard) {
	s.libs1 &^= g
	s.libs2 &^= g
	st := absState(c) + 1
	switch bits.OnesCount32(uint32(libs)) {
	case 1:
		s.libs1 |= g
		st |= absAtari
	case 2:
		s.libs2 |= g
	}
	for b := g; b != 0; b &= b - 1 {
		x := bits.TrailingZeros32(uint32(b)) % board.NumPoints
		s.grp[x], s.lib[x] = g, libs
		if s.abs[x] != st {
			s.setAbs(board.Point(x), st)
		}
	}
}

// clearStone empties the point x of a captured stone.
func (s *refState) clearStone(x board.Point) {
	s.grp[x], s.lib[x] = 0, 0
	s.setAbs(x, absEmpty)
}

// setAbs sets the absState of x to st and updates the codes of x's neighbours.
func (s *refState) setAbs(x board.Point, st absState) {
	old := s.abs[x]
	if old == st {
		return
	}
	s.abs[x] = st
	nb, back := &patNb[x], &backShift[x]
	o := uint64(orthOf[0][st&15]) | uint64(orthOf[1][st&15])<<32
	for k := range 4 {
		if y := nb[k]; y != offBoard {
			sh := back[k] & 31
			s.codes[y%board.NumPoints] = s.codes[y%board.NumPoints]&^(0x700000007<<sh) | o<<sh
		}
	}
	if (old^st)&3 == 0 {
		return // the colour is the same: the diagonal fields are too
	}
	d := uint64(diagOf[0][st&15]) | uint64(diagOf[1][st&15])<<32
	for k := 4; k < 8; k++ {
		if y := nb[k]; y != offBoard {
			sh := back[k] & 31
			s.codes[y%board.NumPoints] = s.codes[y%board.NumPoints]&^(0x300000003<<sh) | d<<sh
		}
	}
}

// code returns the 3x3 code of the empty point x for side c.
func (s *refState) code(x board.Point, c board.Color) uint32 {
	return uint32(s.codes[x] >> (32 * (c & 1)))
}

// tactical reports whether a placement on the empty point x may have a tactical level
// other than 0: when a neighbour group has one or two liberties, or x has at most one
// empty neighbour. (Every level needs one of these: a capture or an escape a
// neighbour in atari, an extension or an atari one with two liberties, a self-atari
// or a suicide one of them or at most one empty neighbour.)
func (s *refState) tactical(x board.Point) bool {
	nb := board.NeighboursOf(x)
	e := nb &^ (s.stones[0] | s.stones[1])
	return nb&(s.libs1|s.libs2) != 0 || e&(e-1) == 0
}

// tactics returns the tactical levels of a placement of side c on the empty point x,
// and whether the placement is legal (ko aside).
func (s *refState) tactics(x board.Point, c board.Color) (lv tacticalLevels, legal bool) {
	own, opp := s.stones[c], s.stones[c^1]
	empty := board.Full &^ (own | opp)
	bit := x.Bit()
	nb := board.NeighboursOf(x)
	var captured board.Bitboard
	if a := nb & opp & s.libs1; a != 0 {
		for ; a != 0; a &= a - 1 {
			captured |= s.grp[a.First()] // every group in atari next to x
		}
		switch n := captured.Count(); {
		case n >= 3:
			lv = 4 * unitCapture
		case n == 2:
			lv = 3 * unitCapture
		default:
			lv = 1 * unitCapture
		}
	}
	ownAdj := nb & own
	// The new group and its liberties: x, the groups next to it and their
	// liberties, and the captured stones next to any of them.
	grp, libs := bit, nb&empty
	for a := ownAdj; a != 0; a &= a - 1 {
		y := a.First()
		grp |= s.grp[y]
		libs |= s.lib[y]
	}
	if captured != 0 {
		libs |= grp.Neighbours() & captured
	}
	libs &^= bit
	n := libs.Count()
	if n == 0 {
		return lv, false // suicide
	}
	if lv == unitCapture && grp == bit && libs == captured {
		lv = 2 * unitCapture // a ko: the opponent may not retake at once
	}
	if n == 1 {
		switch g := grp.Count(); {
		case g == 1:
			lv += 1 * unitSelfAtari
		case g <= 3:
			lv += 2 * unitSelfAtari
		default:
			lv += 3 * unitSelfAtari
		}
	}
	if weak := ownAdj & s.libs1; weak != 0 && n >= 2 {
		lv += unitEscape
		var saved board.Bitboard
		for ; weak != 0; weak &= weak - 1 {
			saved |= s.grp[weak.First()]
		}
		if saved&(saved-1) != 0 {
			lv += unitEscape
		}
	}
	if ownAdj&s.libs2 != 0 && n >= 3 {
		lv += unitExtend
	}
	if a := nb & opp & s.libs2; a != 0 {
		lv += unitAtari
		var g board.Bitboard
		for ; a != 0; a &= a - 1 {
			g |= s.grp[a.First()]
		}
		if g&(g-1) != 0 {
			lv += unitAtari
		}
	}
	return lv, true
}
