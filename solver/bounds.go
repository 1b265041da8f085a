// bounds.go: the solver's static bounds on the final margin, sound without search, and the exact value with one move left.

package solver

import "littlego/board"

// turnsLeft returns how many of the left actions Black and White still play, when c is
// to move.
func turnsLeft(left int, c board.Color) (black, white int) {
	mine, theirs := (left+1)/2, left/2
	if c == board.Black {
		return mine, theirs
	}
	return theirs, mine
}

// staticBound returns a bound on pos's value (left moves left, not at the root) that
// settles the test at t without a search, and true, or false when there is none; with
// one move left it returns the exact value.
func (o options) staticBound(pos *board.Position, t, left int) (int, bool) {
	m := pos.Margin()
	if left == 1 {
		return lastMove(pos, m), true
	}
	nb, nw := turnsLeft(left, pos.Turn)
	if u, ok := o.upperBound(pos, m, nb, nw, t); ok {
		return u, true
	}
	if l, ok := o.lowerBound(pos, m, nb, nw, t); ok {
		return l, true
	}
	return 0, false
}

// upperBound returns an upper bound u on pos's value (margin m, nb and nw turns left
// for Black and White) and whether u < t. Proof: let White pass on every turn but the
// game's last. Black's margin then grows by at most one stone per Black placement (nb)
// plus the White stones it captures, which are at most capturable(nb) (White adds no
// liberty), and a Black pass that ends the game only forgoes a placement. When White
// moves last and the empty points hold more than nb disjoint adjacent pairs, one pair
// is still empty at White's last turn (each Black stone fills at most one pair) and
// White places a stone there (legal: it has an empty neighbour; not the ko point, which
// was White's), one less for Black: unless Black ended the game by passing, which cost
// it one too. With a safe stone (safeStone), White also places a stone at its first
// turn where Black's placements cannot capture it, one less again (safeBonus).
func (o options) upperBound(pos *board.Position, m, nb, nw, t int) (int, bool) {
	u := m + nb
	white, empty := pos.Stones[board.White], pos.Stones.Empty()
	pairs := -1 // adjacentPairs(empty), computed when first needed
	structures := func() int {
		if pairs < 0 {
			pairs = adjacentPairs(empty)
		}
		return pairs
	}
	pair := func() bool { return pos.Last%2 == 0 && structures() > nb }
	off := 0 // what White's placements take off u once the captures are counted
	switch {
	case u >= t+o.maxBonus():
		return 0, false // captures only raise u
	case u > t:
		if off = o.safeBonus(pos, board.White, nb, nw, u-t+1, empty, structures, nb); off <= u-t {
			return 0, false
		}
	case u == t:
		if pair() {
			off = 1
		} else if off = o.safeBonus(pos, board.White, nb, nw, 1, empty, structures, nb); off == 0 {
			return 0, false
		}
	}
	if u+white.Count()-1 < t {
		u += white.Count()
	} else {
		u += o.capturable(white, empty, nb)
	}
	switch want := u - t + 1; {
	case want < 1 || want > o.maxBonus() || off >= want:
		return u - off, u-off < t
	case want == 1 && pair():
		return u - 1, true
	}
	u -= o.safeBonus(pos, board.White, nb, nw, u-t+1, empty, structures, nb)
	return u, u < t
}

// lowerBound returns a lower bound l on pos's value (margin m, nb and nw turns left
// for Black and White) and whether l >= t. Proof: let Black pass on every turn but its
// last. White's margin then grows by at most one stone per White placement (nw) plus
// the Black stones it captures, at most capturable(nw), and a White pass that ends the
// game only forgoes a placement. When White moves last (so one White turn follows
// Black's last) and the empty points hold at least nw disjoint triples (a point and two
// empty neighbours), one triple is still empty at Black's last turn (nw-1 White stones
// came before it, each filling at most one triple) and Black places its centre: a stone
// with two liberties, which White's one last placement cannot capture, and which takes
// no liberty from another Black group (it would join it); one more for Black. With a
// safe stone (safeStone), Black also places a stone at its first turn where White's
// placements cannot capture it, one more again (safeBonus).
func (o options) lowerBound(pos *board.Position, m, nb, nw, t int) (int, bool) {
	l := m - nw
	black, empty := pos.Stones[board.Black], pos.Stones.Empty()
	triples := -1 // emptyTriples(empty), computed when first needed
	structures := func() int {
		if triples < 0 {
			triples = emptyTriples(empty)
		}
		return triples
	}
	triple := func() bool { return pos.Last%2 == 0 && nb >= 1 && structures() >= nw }
	add := 0 // what Black's placements add to l once the captures are counted
	switch {
	case l+o.maxBonus() <= t:
		return 0, false // captures only lower l
	case l+1 < t:
		if add = o.safeBonus(pos, board.Black, nb, nw, t-l, empty, structures, nw-1); add < t-l {
			return 0, false
		}
	case l+1 == t:
		if triple() {
			add = 1
		} else if add = o.safeBonus(pos, board.Black, nb, nw, 1, empty, structures, nw-1); add == 0 {
			return 0, false
		}
	}
	if l-black.Count()+1 >= t {
		l -= black.Count()
	} else {
		l -= o.capturable(black, empty, nw)
	}
	switch want := t - l; {
	case want < 1 || want > o.maxBonus() || add >= want:
		return l + add, l+add >= t
	case want == 1 && triple():
		return l + 1, true
	}
	l += o.safeBonus(pos, board.Black, nb, nw, t-l, empty, structures, nw-1)
	return l, l >= t
}

// maxBonus returns one more than the most stones the last placement and the safe
// stones may take off a bound: one without safe stones, two with (a third, measured,
// settled no more tests).
func (o options) maxBonus() int {
	if !o.safeStone {
		return 2
	}
	return 3
}

// safeBonus returns want (1 or 2), or 0: the stones that the bound of pos that favours
// c (White: upperBound, Black: lowerBound; nb and nw turns left; empty the empty
// points; structures the number of pairs or triples below) may count beyond the stones
// it has, captures included, when c places k safe stones at its first k turns and
// passes on every later one but, when the k stones are one short of want, the game's
// last own turn, where it makes the bound's own last placement (a surviving pair for
// White moving last, a surviving triple's centre for Black moving before White's last;
// placements is the opponent's stones that come before that turn).
//
// A safe stone is placed on a candidate: an empty point (not the ko point) that would
// give c's stone a group with at least theirs + k liberties, theirs being the
// opponent's placements left. Such a group is never captured: it falls only once every
// liberty holds an opponent's stone, and every liberty it had when placed stays one
// (the group only grows) until a stone fills it; the opponent's stones fill at most
// theirs of them and c's other safe stones k-1 (the last placement, if it joins the
// group, brings two empty points of its own with only one opponent's stone to come).
// A group next to a candidate has the candidate as a liberty, so it is not captured
// while the candidate is empty, and captures only add liberties. Before c's k-th stone
// the opponent places at most k-1 stones when c is to move, k otherwise, each taking
// at most one candidate: so k plus that many candidates suffice. The safe stones'
// points and the groups they join leave the capture count, which stays a bound; each
// fills at most one of the structures (pairs or triples) the last placement needs. A
// pass of the opponent's that ends the game comes where c has placed its k stones (its
// first turns are placements) and costs the opponent a placement, and so does a pass
// of c's own while the opponent had just passed at the root (c then has turns enough
// for want stones). The argument is made for White moving last, as the bounds' last
// placements are.
func (o options) safeBonus(pos *board.Position, c board.Color, nb, nw, want int, empty board.Bitboard, structures func() int, placements int) int {
	if !o.safeStone || pos.Last%2 != 0 || want < 1 {
		return 0
	}
	mine, theirs := nw, nb // c's turns and the opponent's placements
	if c == board.Black {
		mine, theirs = nb, nw
	}
	if mine < want || want > 2 {
		return 0
	}
	before := 0 // the opponent's stones before c's first
	if pos.Turn != c {
		before = 1
	}
	if k := want - 1; k >= 1 {
		if structures() > placements+k && safePoints(pos, c, empty, k+k-1+before, theirs+k) {
			return want
		}
	}
	if safePoints(pos, c, empty, want+want-1+before, theirs+want) {
		return want
	}
	return 0
}

// safePoints reports whether at least need empty points (not the ko point) would give
// a stone of c a group with at least libs liberties.
func safePoints(pos *board.Position, c board.Color, empty board.Bitboard, need, libs int) bool {
	cand := empty &^ pos.Ko
	// First the points whose own empty neighbours are enough, without the groups.
	enough := cand & withEmptyNeighbours(empty, libs)
	found := enough.Count()
	if found >= need {
		return true
	}
	rest := cand &^ enough
	own := pos.Stones[c]
	rest &= own.Neighbours()
	if rest == 0 || found+rest.Count() < need {
		return false
	}
	// Then the points next to own groups, with the liberties of the groups they join
	// (only the groups next to such a point are traced).
	var joined [board.NumPoints]board.Bitboard
	for seeds := own & rest.Neighbours(); seeds != 0; {
		grp := board.Group(seeds&-seeds, own)
		seeds &^= grp
		gl := grp.Neighbours() & empty
		for b := gl & rest; b != 0; b &= b - 1 {
			joined[b.First()] |= gl
		}
	}
	for b := rest; b != 0; b &= b - 1 {
		p := b.First()
		if ((board.NeighboursOf(p)&empty | joined[p]) &^ p.Bit()).Count() >= libs {
			if found++; found == need {
				return true
			}
		}
	}
	return false
}

// withEmptyNeighbours returns the points with at least k (1 to 4; more: none) empty
// neighbours, counted for the four directions at once.
func withEmptyNeighbours(empty board.Bitboard, k int) board.Bitboard {
	down := empty >> board.Size
	up := empty << board.Size & board.Full
	right := (empty &^ board.Col0) >> 1
	left := (empty &^ board.Col4) << 1
	switch k {
	case 1:
		return down | up | right | left
	case 2:
		return down&up | right&left | (down|up)&(right|left)
	case 3:
		return down&up&(right|left) | right&left&(down|up)
	case 4:
		return down & up & right & left
	}
	if k < 1 {
		return board.Full
	}
	return 0
}

// adjacentPairs returns the size of a matching of the points of empty: disjoint pairs of
// adjacent points (greedy, so at most the largest).
func adjacentPairs(empty board.Bitboard) int {
	n := 0
	for rest := empty; rest != 0; {
		p := rest & -rest
		rest &^= p
		if q := p.Neighbours() & rest; q != 0 {
			rest &^= q & -q
			n++
		}
	}
	return n
}

// emptyTriples returns a number of disjoint triples of points of empty, each a point
// and two of its neighbours (greedy, so at most the largest packing).
func emptyTriples(empty board.Bitboard) int {
	n := 0
	avail := empty
	for rest := empty; rest != 0; rest &= rest - 1 {
		c := rest & -rest
		if avail&c == 0 {
			continue
		}
		arms := c.Neighbours() & avail
		if arms.Count() < 2 {
			continue
		}
		a1 := arms & -arms
		arms &^= a1
		avail &^= c | a1 | arms&-arms
		n++
	}
	return n
}

// capturable returns a bound on the number of stones in the groups of stones that the
// opponent could capture with n more placements while stones' owner passes: a group is
// captured only once all its liberties are filled, one placement each (while its owner
// passes it gains none, and captures of its other groups free no point next to it),
// and never if it has two liberties whose neighbours all belong to it (two one-point
// eyes: a stone in either is suicide while the other is empty). Capturing a set of
// groups takes a placement on every point of the union of their liberties, so only sets
// whose union has at most n points count (capturableSets).
func (o options) capturable(stones, empty board.Bitboard, n int) int {
	var cand candidates
	var union board.Bitboard
	total := 0
	for rest := stones; rest != 0; {
		g := board.Group(rest&-rest, stones)
		rest &^= g
		libs := g.Neighbours() & empty
		if libs.Count() > n {
			continue
		}
		if eyes := libs &^ (board.Full &^ g).Neighbours(); eyes&(eyes-1) != 0 {
			continue
		}
		cand.libs[cand.k], cand.size[cand.k] = libs, g.Count()
		cand.k++
		union |= libs
		total += g.Count()
	}
	if union.Count() <= n || cand.k > maxCandidates || !o.chooseCaptureSets {
		return total // every candidate at once, or too many to choose among
	}
	cand.n = n
	cand.most = 0
	cand.search(0, 0, 0, total)
	return cand.most
}

// maxCandidates bounds the groups capturable chooses among (2^k sets at worst); with
// more it counts them all, a weaker bound that is still sound.
const maxCandidates = 8

// candidates are the groups capturable may take (their liberties and sizes), and the
// search for the best set of them.
type candidates struct {
	libs [board.NumPoints/2 + 1]board.Bitboard
	size [board.NumPoints/2 + 1]int
	k    int
	n    int // the placements available
	most int // the most stones of a set found so far
}

// search extends a set of groups whose liberties are taken and whose stones number got
// with each group from i on, taken or left (depth-first), and records in c.most the
// most stones of a set whose liberties number at most c.n; rest is the stones of the
// groups from i on, so a branch that cannot beat c.most even with all of them stops.
func (c *candidates) search(i int, taken board.Bitboard, got, rest int) {
	if got+rest <= c.most {
		return
	}
	if i == c.k {
		c.most = got
		return
	}
	if u := taken | c.libs[i]; u.Count() <= c.n {
		c.search(i+1, u, got+c.size[i], rest-c.size[i])
	}
	c.search(i+1, taken, got, rest-c.size[i])
}

// lastMove returns the exact final margin when only the side to move's action remains:
// the best capture if any placement is legal (a placement adds a stone and a pass adds
// nothing, so placing always beats passing), else the margin as it stands.
func lastMove(pos *board.Position, m int) int {
	c := pos.Turn
	own, opp := pos.Stones[c], pos.Stones[c^1]
	empty := board.Full &^ (own | opp)
	var capAt [board.NumPoints]int8
	best := -1
	for rest := opp; rest != 0; {
		g := board.Group(rest&-rest, opp)
		rest &^= g
		libs := g.Neighbours() & empty
		if libs&(libs-1) == 0 && libs&^pos.Ko != 0 {
			p := libs.First()
			capAt[p] += int8(g.Count())
			if int(capAt[p]) > best {
				best = int(capAt[p])
			}
		}
	}
	if best < 0 {
		// A point with an empty neighbour is a legal placement (not suicide) unless it
		// is the ko point; only without one is the full legality test needed.
		if empty&empty.Neighbours()&^pos.Ko == 0 && pos.Legal() == 0 {
			return m
		}
		best = 0
	}
	if c == board.Black {
		return m + 1 + best
	}
	return m - 1 - best
}
