// baseline_search_test.go: the solver as of 7249e97 (search.go and bounds.go), frozen with renamed identifiers as the baseline of the paired speed benchmark.

package solver

import "littlego/board"

// Move order scores, tuned by node counts on seeded random positions at moves 9 and 10
// (the self-atari penalty alone halved them; the rest gained another factor of two).
// The baseTable move is tried before any list is built. Then: captures, bigger first; the
// killer moves of the ply; ataris on enemy groups, bigger first; saving an own group in
// atari; contact with an enemy stone and the liberties the placed stone's group will
// have; the history score; and last, placements that leave the new group in atari
// without capturing (self-atari).
const (
	baseScoreCapture    int32 = 1 << 24
	baseScoreCaptureOne int32 = 1 << 20 // per stone captured
	baseScoreKiller1    int32 = 1 << 21
	baseScoreKiller2    int32 = 1 << 20
	baseScoreAtari      int32 = 1 << 20
	baseScoreAtariOne   int32 = 1 << 17 // per stone in the group put in atari
	baseScoreSave       int32 = 1 << 19
	baseScoreSaveOne    int32 = 1 << 15 // per stone saved
	baseScoreContact    int32 = 1 << 16
	baseScoreLiberty    int32 = 1 << 14 // per liberty of the placed stone's group
	baseScoreSelfAtari  int32 = 1 << 23 // subtracted
	// baseHistoryMax bounds a history score: beyond it the colour's scores are halved.
	baseHistoryMax int32 = 1 << 14
	// baseHistoryCap bounds the log2 of one history reward (1 << moves left).
	baseHistoryCap = 13
)

// baseEtcChildLeft is the fewest moves left in the children at which their baseTable entries
// are probed before the search of any (enhanced transposition cut-off): measured on
// seeded positions at moves 7 and 9, 7 saves 25-30% of the nodes and 20% of the time;
// lower saves more nodes but costs more time.
const baseEtcChildLeft = 7

// baseMinTableLeft is the fewest moves left at which the baseTable is probed and written:
// below, the probe (a likely cache miss) costs more than it saves.
const baseMinTableLeft = 3

// baseBusyLeft is the fewest moves left at which a baseWorker of a parallel search marks the
// node it searches as busy, and baseBusyMask the mask of the busy baseTable's index.
const (
	baseBusyLeft = 6
	baseBusyMask = 1<<14 - 1
)

// test returns a fail-soft bound on the value v (the exact final margin) of pos compared
// with threshold t: a result r >= t proves v >= r, a result r < t proves v <= r. At ply 0
// it searches every move itself (no shortcut) and leaves in rootBest the action that
// proved the result. When a limit stops the search it sets w.aborted and returns 0,
// which callers must ignore.
func (w *baseWorker) test(pos *board.Position, ply int, t int) int {
	if pos.Over {
		return pos.Margin()
	}
	w.nodes++
	if w.nodes >= w.nextCheck && w.outOfBudget() {
		return 0
	}
	left := int(pos.Last) - int(pos.Move) + 1
	if ply > 0 {
		if v, ok := baseStaticBound(pos, t, left); ok {
			return v
		}
	}
	key, sym := w.tableKey(pos, left)
	ttMove, lo, hi := board.NoPoint, -baseNoBound, baseNoBound
	if e, ok := w.probe(key, ply, left); ok {
		if ply > 0 {
			if int(e.lo) >= t {
				return int(e.lo)
			}
			if int(e.hi) < t {
				return int(e.hi)
			}
			lo, hi = int(e.lo), int(e.hi)
		}
		ttMove = sym.Inverse().Point(e.move)
	}
	if w.busy == nil || left < baseBusyLeft {
		return w.expand(pos, ply, t, left, key, sym, ttMove, lo, hi)
	}
	// Tell the other workers this node is being searched, for the time it is.
	own := pos.Key()
	mark := &w.busy[own&baseBusyMask]
	mark.Store(own)
	v := w.expand(pos, ply, t, left, key, sym, ttMove, lo, hi)
	mark.CompareAndSwap(own, 0)
	return v
}

// expand searches the children of pos (left moves left; key and sym its baseTable key,
// ttMove, lo and hi what the baseTable held) for the test at t, and stores the result.
// With several workers it defers a child that another baseWorker is searching until the
// other children are done (ABDADA, Weill 1996): by then its bound is often in the
// baseTable.
func (w *baseWorker) expand(pos *board.Position, ply, t, left int, key uint64, sym board.Symmetry, ttMove board.Point, lo, hi int) int {
	maxNode := pos.Turn == board.Black
	best, bestV := board.NoPoint, baseNoBound
	if maxNode {
		bestV = -baseNoBound
	}
	// A move refutes the window when it is a Black move reaching t, or a White move
	// staying below it: (v >= t) == maxNode.
	var child board.Position
	if ttMove != board.NoPoint {
		child = *pos
		if _, ok := child.Play(ttMove); ok {
			v := w.test(&child, ply+1, t)
			if w.aborted {
				return 0
			}
			best, bestV = ttMove, v
			if (v >= t) == maxNode {
				return w.cut(pos, key, sym, ply, left, v, ttMove)
			}
		} else {
			ttMove = board.NoPoint
		}
	}
	pl := &w.plies[ply]
	n := w.orderMoves(pos, pl, ttMove)
	if left-1 >= baseEtcChildLeft {
		if v, mv, ok := w.transpositionCut(pos, pl.moves[:n], t, left); ok {
			return w.cut(pos, key, sym, ply, left, v, mv)
		}
	}
	deferring := w.busy != nil && left-1 >= baseBusyLeft
	nDeferred := 0
	for i := 0; i < n+nDeferred; i++ {
		var mv board.Point
		if i < n {
			mv = pl.take(i, n)
		} else {
			mv = pl.deferred[i-n]
		}
		child = *pos
		child.Play(mv)
		if deferring && i < n && (i > 0 || best != board.NoPoint) && w.busy[child.Key()&baseBusyMask].Load() == child.Key() {
			pl.deferred[nDeferred] = mv
			nDeferred++
			continue
		}
		v := w.test(&child, ply+1, t)
		if w.aborted {
			return 0
		}
		if (v >= t) == maxNode {
			return w.cut(pos, key, sym, ply, left, v, mv)
		}
		if (maxNode && v > bestV) || (!maxNode && v < bestV) {
			best, bestV = mv, v
		}
	}
	return w.failed(key, sym, ply, left, lo, hi, best, bestV, maxNode)
}

// probe returns the baseTable baseEntry of key at ply (left moves left) and true, or false; there is no
// baseTable near the leaves, except at the root.
func (w *baseWorker) probe(key uint64, ply, left int) (baseEntry, bool) {
	if ply > 0 && left < baseMinTableLeft {
		return baseEntry{}, false
	}
	return w.tt.probe(key)
}

// tableKey returns the baseTable key of pos (left moves left) and the symmetry that maps
// pos to the keyed image: the canonical key over the eight symmetries high in the tree,
// where symmetric positions recur and the cost is small, the plain key below. Moves are
// stored in the frame of the keyed image.
func (w *baseWorker) tableKey(pos *board.Position, left int) (uint64, board.Symmetry) {
	if left >= w.symLeft {
		return pos.CanonicalKey()
	}
	return pos.Key(), board.Identity
}

// failed returns, when every move of a node failed the test, the bound bestV (reached
// by best; it bounds the value from the same side as the threshold) within the node's
// earlier bounds lo and hi, and stores it unless the node is near the leaves.
func (w *baseWorker) failed(key uint64, sym board.Symmetry, ply, left, lo, hi int, best board.Point, bestV int, maxNode bool) int {
	if ply == 0 {
		w.rootBest = best
	}
	if left < baseMinTableLeft && ply > 0 {
		return bestV
	}
	if maxNode {
		bestV = min(bestV, hi)
		w.tt.store(key, left, lo, bestV, sym.Point(best), false)
	} else {
		bestV = max(bestV, lo)
		w.tt.store(key, left, bestV, hi, sym.Point(best), false)
	}
	return bestV
}

// transpositionCut returns a child's stored bound that refutes the window at t, with
// the move to that child, before any child is searched (enhanced transposition cut-off,
// Plaat et al. 1996); ok is false when no child's baseEntry does.
func (w *baseWorker) transpositionCut(pos *board.Position, moves []board.Point, t, left int) (v int, mv board.Point, ok bool) {
	maxNode := pos.Turn == board.Black
	for _, mv := range moves {
		child := *pos
		child.Play(mv)
		if child.Over {
			continue
		}
		ck, _ := w.tableKey(&child, left-1)
		if e, ok := w.tt.probe(ck); ok {
			if maxNode && int(e.lo) >= t {
				return int(e.lo), mv, true
			}
			if !maxNode && int(e.hi) < t {
				return int(e.hi), mv, true
			}
		}
	}
	return 0, board.NoPoint, false
}

// take moves the best-scored of the moves i..n-1 to place i and returns it: one step of
// a selection sort, so that a cut node never sorts the rest.
func (pl *basePly) take(i, n int) board.Point {
	bi := i
	for j := i + 1; j < n; j++ {
		if pl.scores[j] > pl.scores[bi] {
			bi = j
		}
	}
	mv := pl.moves[bi]
	pl.moves[bi], pl.scores[bi] = pl.moves[i], pl.scores[i]
	pl.moves[i] = mv
	return mv
}

// cut records a move mv whose value v refuted the window at pos: it stores the bound,
// rewards the move as a killer and in the history baseTable, and returns v.
func (w *baseWorker) cut(pos *board.Position, key uint64, sym board.Symmetry, ply, left, v int, mv board.Point) int {
	if left < baseMinTableLeft && ply > 0 {
		// not stored
	} else if pos.Turn == board.Black {
		w.tt.store(key, left, v, baseNoBound, sym.Point(mv), true)
	} else {
		w.tt.store(key, left, -baseNoBound, v, sym.Point(mv), true)
	}
	if ply == 0 {
		w.rootBest = mv
	}
	pl := &w.plies[ply]
	if mv != pl.killers[0] {
		pl.killers[1], pl.killers[0] = pl.killers[0], mv
	}
	h := &w.history[pos.Turn][mv]
	*h += int32(1) << min(left, baseHistoryCap)
	for *h > baseHistoryMax {
		for a := range w.history[pos.Turn] {
			w.history[pos.Turn][a] >>= 1
		}
	}
	return v
}

// orderMoves fills pl with every legal action of pos except skip (the baseTable move,
// already searched) and their order scores, and returns how many there are. It finds
// the legal points itself, in the same group pass that scores captures and ataris
// (the rules are those of board.Position.Legal).
func (w *baseWorker) orderMoves(pos *board.Position, pl *basePly, skip board.Point) int {
	c := pos.Turn
	own, opp := pos.Stones[c], pos.Stones[c^1]
	empty := board.Full &^ (own | opp)
	var sc [board.NumActions]int32
	legal := empty & empty.Neighbours()
	var groupLibs [board.NumPoints/2 + 1]board.Bitboard
	ng := 0
	for rest := own; rest != 0; {
		g := board.Group(rest&-rest, own)
		rest &^= g
		libs := g.Neighbours() & empty
		groupLibs[ng] = libs
		ng++
		if libs&(libs-1) != 0 {
			legal |= libs
		} else if libs != 0 {
			sc[libs.First()] += baseScoreSave + baseScoreSaveOne*int32(g.Count())
		}
	}
	for rest := opp; rest != 0; {
		g := board.Group(rest&-rest, opp)
		rest &^= g
		libs := g.Neighbours() & empty
		switch {
		case libs == 0:
		case libs&(libs-1) == 0:
			legal |= libs
			sc[libs.First()] += baseScoreCapture + baseScoreCaptureOne*int32(g.Count())
		case libs.Count() == 2:
			for b := libs; b != 0; b &= b - 1 {
				sc[b.First()] += baseScoreAtari + baseScoreAtariOne*int32(g.Count())
			}
		}
	}
	legal &^= pos.Ko
	if skip >= 0 && skip < board.NumPoints {
		legal &^= skip.Bit()
	}
	hist := &w.history[c]
	k0, k1 := pl.killers[0], pl.killers[1]
	n := 0
	for b := legal; b != 0; b &= b - 1 {
		p := b.First()
		pl.moves[n] = p
		pl.scores[n] = sc[p] + hist[p]
		if sc[p] < baseScoreCapture {
			after := board.NeighboursOf(p) & empty
			for _, l := range groupLibs[:ng] {
				if l.Has(p) {
					after |= l
				}
			}
			after &^= p.Bit()
			if after&(after-1) == 0 {
				pl.scores[n] -= baseScoreSelfAtari
			}
			pl.scores[n] += baseScoreLiberty * int32(after.Count())
			if board.NeighboursOf(p)&opp != 0 {
				pl.scores[n] += baseScoreContact
			}
		}
		n++
	}
	if skip != board.Pass {
		pl.moves[n] = board.Pass
		pl.scores[n] = hist[board.Pass]
		n++
	}
	for i := 0; i < n; i++ {
		switch pl.moves[i] {
		case k0:
			pl.scores[i] += baseScoreKiller1
		case k1:
			pl.scores[i] += baseScoreKiller2
		}
	}
	return n
}

// baseTurnsLeft returns how many of the left actions Black and White still play, when c is
// to move.
func baseTurnsLeft(left int, c board.Color) (black, white int) {
	mine, theirs := (left+1)/2, left/2
	if c == board.Black {
		return mine, theirs
	}
	return theirs, mine
}

// baseStaticBound returns a bound on pos's value (left moves left, not at the root) that
// settles the test at t without a search, and true, or false when there is none; with
// one move left it returns the exact value.
func baseStaticBound(pos *board.Position, t, left int) (int, bool) {
	m := pos.Margin()
	if left == 1 {
		return baseLastMove(pos, m), true
	}
	nb, nw := baseTurnsLeft(left, pos.Turn)
	if u, ok := baseUpperBound(pos, m, nb, t); ok {
		return u, true
	}
	if l, ok := baseLowerBound(pos, m, nb, nw, t); ok {
		return l, true
	}
	return 0, false
}

// baseUpperBound returns an upper bound u on pos's value (margin m, nb Black turns left)
// and whether u < t. Proof: let White pass on every turn but the game's last. Black's
// margin then grows by at most one stone per Black placement (nb) plus the White
// stones it captures, which are at most baseCapturable(nb) (White adds no liberty), and a
// Black pass that ends the game only forgoes a placement. When White moves last and
// the empty points hold more than nb disjoint adjacent pairs, one pair is still empty
// at White's last turn (each Black stone fills at most one pair) and White places a
// stone there (legal: it has an empty neighbour; not the ko point, which was White's),
// one less for Black: unless Black ended the game by passing, which cost it one too.
func baseUpperBound(pos *board.Position, m, nb, t int) (int, bool) {
	u := m + nb
	white, empty := pos.Stones[board.White], pos.Stones.Empty()
	if u > t || (u == t && (pos.Last%2 != 0 || baseAdjacentPairs(empty) <= nb)) {
		return 0, false // captures only raise u: the pair alone could settle u == t
	}
	if u+white.Count()-1 < t {
		u += white.Count()
	} else {
		u += baseCapturable(white, empty, nb)
	}
	if u == t && pos.Last%2 == 0 && baseAdjacentPairs(empty) > nb {
		u--
	}
	return u, u < t
}

// baseLowerBound returns a lower bound l on pos's value (margin m, nb and nw turns left
// for Black and White) and whether l >= t. Proof: let Black pass on every turn but its
// last. White's margin then grows by at most one stone per White placement (nw) plus
// the Black stones it captures, at most baseCapturable(nw), and a White pass that ends the
// game only forgoes a placement. When White moves last (so one White turn follows
// Black's last) and the empty points hold at least nw disjoint triples (a point and two
// empty neighbours), one triple is still empty at Black's last turn (nw-1 White stones
// came before it, each filling at most one triple) and Black places its centre: a stone
// with two liberties, which White's one last placement cannot capture, and which takes
// no liberty from another Black group (it would join it); one more for Black.
func baseLowerBound(pos *board.Position, m, nb, nw, t int) (int, bool) {
	l := m - nw
	black, empty := pos.Stones[board.Black], pos.Stones.Empty()
	if l+1 < t || (l+1 == t && (pos.Last%2 != 0 || nb < 1 || baseEmptyTriples(empty) < nw)) {
		return 0, false // captures only lower l: the triple alone could settle l+1 == t
	}
	if l-black.Count()+1 >= t {
		l -= black.Count()
	} else {
		l -= baseCapturable(black, empty, nw)
	}
	if l == t-1 && pos.Last%2 == 0 && nb >= 1 && baseEmptyTriples(empty) >= nw {
		l++
	}
	return l, l >= t
}

// baseAdjacentPairs returns the size of a matching of the points of empty: disjoint pairs of
// adjacent points (greedy, so at most the largest).
func baseAdjacentPairs(empty board.Bitboard) int {
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

// baseEmptyTriples returns a number of disjoint triples of points of empty, each a point
// and two of its neighbours (greedy, so at most the largest packing).
func baseEmptyTriples(empty board.Bitboard) int {
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

// baseCapturable returns the number of stones in the groups of stones that the opponent
// could capture with n more placements while stones' owner passes: a group is captured
// only once all its liberties are filled, one placement each (while its owner passes it
// gains none, and captures of its other groups free no point next to it), and never if
// it has two liberties whose neighbours all belong to it (two one-point eyes: a stone
// in either is suicide while the other is empty).
func baseCapturable(stones, empty board.Bitboard, n int) int {
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
		total += g.Count()
	}
	return total
}

// baseLastMove returns the exact final margin when only the side to move's action remains:
// the best capture if any placement is legal (a placement adds a stone and a pass adds
// nothing, so placing always beats passing), else the margin as it stands.
func baseLastMove(pos *board.Position, m int) int {
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
		if pos.Legal() == 0 {
			return m
		}
		best = 0
	}
	if c == board.Black {
		return m + 1 + best
	}
	return m - 1 - best
}
