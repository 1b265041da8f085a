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
func staticBound(pos *board.Position, t, left int) (int, bool) {
	m := pos.Margin()
	if left == 1 {
		return lastMove(pos, m), true
	}
	nb, nw := turnsLeft(left, pos.Turn)
	if u, ok := upperBound(pos, m, nb, t); ok {
		return u, true
	}
	if l, ok := lowerBound(pos, m, nb, nw, t); ok {
		return l, true
	}
	return 0, false
}

// upperBound returns an upper bound u on pos's value (margin m, nb Black turns left)
// and whether u < t. Proof: let White pass on every turn but the game's last. Black's
// margin then grows by at most one stone per Black placement (nb) plus the White
// stones it captures, which are at most capturable(nb) (White adds no liberty), and a
// Black pass that ends the game only forgoes a placement. When White moves last and
// the empty points hold more than nb disjoint adjacent pairs, one pair is still empty
// at White's last turn (each Black stone fills at most one pair) and White places a
// stone there (legal: it has an empty neighbour; not the ko point, which was White's),
// one less for Black: unless Black ended the game by passing, which cost it one too.
func upperBound(pos *board.Position, m, nb, t int) (int, bool) {
	u := m + nb
	white, empty := pos.Stones[board.White], pos.Stones.Empty()
	if u > t || (u == t && (pos.Last%2 != 0 || adjacentPairs(empty) <= nb)) {
		return 0, false // captures only raise u: the pair alone could settle u == t
	}
	if u+white.Count()-1 < t {
		u += white.Count()
	} else {
		u += capturable(white, empty, nb)
	}
	if u == t && pos.Last%2 == 0 && adjacentPairs(empty) > nb {
		u--
	}
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
// no liberty from another Black group (it would join it); one more for Black.
func lowerBound(pos *board.Position, m, nb, nw, t int) (int, bool) {
	l := m - nw
	black, empty := pos.Stones[board.Black], pos.Stones.Empty()
	if l+1 < t || (l+1 == t && (pos.Last%2 != 0 || nb < 1 || emptyTriples(empty) < nw)) {
		return 0, false // captures only lower l: the triple alone could settle l+1 == t
	}
	if l-black.Count()+1 >= t {
		l -= black.Count()
	} else {
		l -= capturable(black, empty, nw)
	}
	if l == t-1 && pos.Last%2 == 0 && nb >= 1 && emptyTriples(empty) >= nw {
		l++
	}
	return l, l >= t
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
func capturable(stones, empty board.Bitboard, n int) int {
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
	if union.Count() <= n || cand.k > maxCandidates || !chooseCaptureSets {
		return total // every candidate at once, or too many to choose among
	}
	cand.n = n
	cand.most = 0
	cand.search(0, 0, 0, total)
	return cand.most
}

// chooseCaptureSets makes capturable count only sets of groups whose liberties fit in
// the placements; off, it counts every group that could be captured alone, as the
// solver at 7249e97 did (17% more nodes at move 8). Tests turn it off to check that
// the rest of the solver visits exactly the baseline's nodes (TestSameNodesAsBaseline).
var chooseCaptureSets = true

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
