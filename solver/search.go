// search.go: the null-window margin test at the heart of the solver: static bounds, table, move ordering, alpha-beta.

package solver

import "littlego/board"

// Move order scores, tuned by node counts on seeded random positions at moves 9 and 10
// (the self-atari penalty alone halved them; the rest gained another factor of two).
// The table move is tried before any list is built. Then: captures, bigger first; the
// killer moves of the ply; ataris on enemy groups, bigger first; saving an own group in
// atari; contact with an enemy stone and the liberties the placed stone's group will
// have; the history score; and last, placements that leave the new group in atari
// without capturing (self-atari).
const (
	scoreCapture    int32 = 1 << 24
	scoreCaptureOne int32 = 1 << 20 // per stone captured
	scoreKiller1    int32 = 1 << 21
	scoreKiller2    int32 = 1 << 20
	scoreAtari      int32 = 1 << 20
	scoreAtariOne   int32 = 1 << 17 // per stone in the group put in atari
	scoreSave       int32 = 1 << 19
	scoreSaveOne    int32 = 1 << 15 // per stone saved
	scoreContact    int32 = 1 << 16
	scoreLiberty    int32 = 1 << 14 // per liberty of the placed stone's group
	scoreSelfAtari  int32 = 1 << 23 // subtracted
	// historyMax bounds a history score: beyond it the colour's scores are halved.
	historyMax int32 = 1 << 14
	// historyCap bounds the log2 of one history reward (1 << moves left).
	historyCap = 13
)

// etcChildLeft is the fewest moves left in the children at which their table entries
// are probed before the search of any (enhanced transposition cut-off): measured on
// seeded positions at moves 7 and 9, 7 saves 25-30% of the nodes and 20% of the time;
// lower saves more nodes but costs more time.
const etcChildLeft = 7

// minTableLeft is the fewest moves left at which the table is probed and written:
// below, the probe (a likely cache miss) costs more than it saves.
const minTableLeft = 3

// busyLeft is the fewest moves left at which a worker of a parallel search marks the
// node it searches as busy, and busyMask the mask of the busy table's index.
const (
	busyLeft = 6
	busyMask = 1<<14 - 1
)

// test returns a fail-soft bound on the value v (the exact final margin) of pos compared
// with threshold t: a result r >= t proves v >= r, a result r < t proves v <= r. At ply 0
// it searches every move itself (no shortcut) and leaves in rootBest the action that
// proved the result. When a limit stops the search it sets w.aborted and returns 0,
// which callers must ignore.
func (w *worker) test(pos *board.Position, ply int, t int) int {
	if pos.Over {
		return pos.Margin()
	}
	w.nodes++
	if w.nodes >= w.nextCheck && w.outOfBudget() {
		return 0
	}
	left := int(pos.Last) - int(pos.Move) + 1
	if ply > 0 {
		if left >= minTableLeft && left < w.symLeft {
			w.tt.touch(pos.Key()) // the bounds' work hides the memory latency
		}
		if v, ok := w.opt.staticBound(pos, t, left); ok {
			return v
		}
		if left == 2 && w.opt.exactLastTwo {
			return w.lastTwo(pos, t)
		}
	}
	key, sym := w.tableKey(pos, left)
	ttMove, lo, hi := board.NoPoint, -noBound, noBound
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
	if v, ok := w.opt.passEnds(pos, t); ok {
		// Not rewarded as a killer or in the history: elsewhere the pass seldom
		// refutes, and a rewarded pass came first everywhere (three times the nodes).
		return w.storeCut(pos, key, sym, ply, left, v, board.Pass)
	}
	if w.busy == nil || left < busyLeft {
		return w.expand(pos, ply, t, left, key, sym, ttMove, lo, hi)
	}
	// Tell the other workers this node is being searched, for the time it is.
	own := pos.Key()
	mark := &w.busy[own&busyMask]
	mark.Store(own)
	v := w.expand(pos, ply, t, left, key, sym, ttMove, lo, hi)
	mark.CompareAndSwap(own, 0)
	return v
}

// expand searches the children of pos (left moves left; key and sym its table key,
// ttMove, lo and hi what the table held) for the test at t, and stores the result.
// With several workers it defers a child that another worker is searching until the
// other children are done (ABDADA, Weill 1996): by then its bound is often in the
// table.
func (w *worker) expand(pos *board.Position, ply, t, left int, key uint64, sym board.Symmetry, ttMove board.Point, lo, hi int) int {
	maxNode := pos.Turn == board.Black
	best, bestV := board.NoPoint, noBound
	if maxNode {
		bestV = -noBound
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
	deferring := w.busy != nil && left-1 >= busyLeft
	w.scorePoints(pos, pl, ttMove)
	hist := &w.history[pos.Turn]
	start := 0
	if left-1 < etcChildLeft && !deferring {
		if mv, v, ok := w.searchCapture(pos, pl, ply, t); ok {
			if w.aborted {
				return 0
			}
			if (v >= t) == maxNode {
				return w.cut(pos, key, sym, ply, left, v, mv)
			}
			if (maxNode && v > bestV) || (!maxNode && v < bestV) {
				best, bestV = mv, v
			}
			hist, start = &pl.hist, 1
		}
	}
	n := w.listMoves(pos, pl, ttMove, hist)
	w.startOrder(pl, n, start, deferring, pos.Hash)
	if left-1 >= etcChildLeft {
		if v, mv, ok := w.transpositionCut(pos, pl, n, t, left); ok {
			return w.cut(pos, key, sym, ply, left, v, mv)
		}
	}
	nDeferred := 0
	for i := start; i < n+nDeferred; i++ {
		var mv board.Point
		if i < n {
			mv = pl.take(i, n)
		} else {
			mv = pl.deferred[i-n]
		}
		child = *pos
		child.Play(mv)
		if deferring && i < n && (i > 0 || best != board.NoPoint) && w.busy[child.Key()&busyMask].Load() == child.Key() {
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

// passEnds returns, when a pass by the side to move ends the game with a margin that
// refutes the window at t (passFirst), that margin and true.
func (o options) passEnds(pos *board.Position, t int) (int, bool) {
	if !pos.Passed || !o.passFirst {
		return 0, false
	}
	child := *pos
	child.Play(board.Pass)
	v := child.Margin()
	return v, child.Over && (v >= t) == (pos.Turn == board.Black)
}

// searchCapture searches, when pos has a legal capture, the best one (staged move
// generation: a capture outscores every other move, so it is the first move of the
// full order, found before the others are scored) and returns it, its test result and
// true. It keeps in pl.hist the history before that search, by which the rest are
// ordered.
func (w *worker) searchCapture(pos *board.Position, pl *ply, ply, t int) (board.Point, int, bool) {
	mv := pl.bestCapture(&w.history[pos.Turn])
	if mv == board.NoPoint {
		return mv, 0, false
	}
	pl.hist = w.history[pos.Turn]
	child := *pos
	child.Play(mv)
	return mv, w.test(&child, ply+1, t), true
}

// probe returns the table entry of key at ply (left moves left) and true, or false; there is no
// table near the leaves, except at the root.
func (w *worker) probe(key uint64, ply, left int) (entry, bool) {
	if ply > 0 && left < minTableLeft {
		return entry{}, false
	}
	return w.tt.probe(key)
}

// tableKey returns the table key of pos (left moves left) and the symmetry that maps
// pos to the keyed image: the canonical key over the eight symmetries high in the tree,
// where symmetric positions recur and the cost is small, the plain key below. Moves are
// stored in the frame of the keyed image.
func (w *worker) tableKey(pos *board.Position, left int) (uint64, board.Symmetry) {
	if left >= w.symLeft {
		return pos.CanonicalKey()
	}
	return pos.Key(), board.Identity
}

// failed returns, when every move of a node failed the test, the bound bestV (reached
// by best; it bounds the value from the same side as the threshold) within the node's
// earlier bounds lo and hi, and stores it unless the node is near the leaves.
func (w *worker) failed(key uint64, sym board.Symmetry, ply, left, lo, hi int, best board.Point, bestV int, maxNode bool) int {
	if ply == 0 {
		w.rootBest = best
	}
	if left < minTableLeft && ply > 0 {
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
// Plaat et al. 1996); ok is false when no child's entry does.
func (w *worker) transpositionCut(pos *board.Position, pl *ply, n, t, left int) (v int, mv board.Point, ok bool) {
	// First every child's key, with its bucket asked for, then the probes in move order:
	// the cache misses overlap instead of following one another.
	var over uint32 // the children whose game is over (bit i for move i)
	for i, mv := range pl.moves[:n] {
		child := *pos
		child.Play(mv)
		if child.Over {
			over |= 1 << i
			continue
		}
		pl.keys[i], _ = w.tableKey(&child, left-1)
		w.tt.touch(pl.keys[i])
	}
	maxNode := pos.Turn == board.Black
	for i, mv := range pl.moves[:n] {
		if over&(1<<i) != 0 {
			continue
		}
		if e, ok := w.tt.probe(pl.keys[i]); ok {
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
func (pl *ply) take(i, n int) board.Point {
	bi := pl.best // the first of the best scores, found by orderMoves for i == 0
	if i > 0 {
		bi = i
		for j := i + 1; j < n; j++ {
			if pl.scores[j] > pl.scores[bi] {
				bi = j
			}
		}
	}
	mv := pl.moves[bi]
	pl.moves[bi], pl.scores[bi] = pl.moves[i], pl.scores[i]
	pl.moves[i] = mv
	return mv
}

// startOrder prepares the selection of pl's n moves: after the capture searched first
// (start 1), that capture again, so the rest keep their order; otherwise, in a helper at
// a node of the parallel region (deferring), its own order (vary).
func (w *worker) startOrder(pl *ply, n, start int, deferring bool, hash uint64) {
	if start == 1 {
		pl.take(0, n) // mv again: the same step of the selection
	} else if deferring && w.id > 0 {
		pl.vary(n, hash, w.id)
	}
}

// varyBits is the size of the order's variation between workers: a helper's score of a
// move gains up to 2^varyBits, under two liberties' worth (scoreLiberty), so the
// tactical order (captures, killers, ataris, saves, contact) stays and the quieter
// moves come in another order in each helper.
const varyBits = 15

// vary perturbs the order of the n listed moves for helper id (a worker other than the
// main one) at a node of the parallel region: each helper tries the moves of like
// scores in an order of its own, so the workers spread over the tree instead of
// meeting in its first branch (the deferral of busy children does the rest). The
// perturbation is a hash of the position, the move and the helper: the same every time.
func (pl *ply) vary(n int, hash uint64, id int) {
	pl.best = 0
	for i := range n {
		h := (hash ^ uint64(pl.moves[i])<<32 ^ uint64(id)<<48) * 0x9e3779b97f4a7c15
		pl.scores[i] += int32(h >> (64 - varyBits))
		if pl.scores[i] > pl.scores[pl.best] {
			pl.best = i
		}
	}
}

// cut records a move mv whose value v refuted the window at pos: it stores the bound,
// rewards the move as a killer and in the history table, and returns v.
func (w *worker) cut(pos *board.Position, key uint64, sym board.Symmetry, ply, left, v int, mv board.Point) int {
	w.storeCut(pos, key, sym, ply, left, v, mv)
	pl := &w.plies[ply]
	if mv != pl.killers[0] {
		pl.killers[1], pl.killers[0] = pl.killers[0], mv
	}
	h := &w.history[pos.Turn][mv]
	*h += int32(1) << min(left, historyCap)
	for *h > historyMax {
		for a := range w.history[pos.Turn] {
			w.history[pos.Turn][a] >>= 1
		}
	}
	return v
}

// storeCut is cut without the rewards: it stores the bound v that mv proved at pos
// (unless near the leaves), notes mv at the root and returns v.
func (w *worker) storeCut(pos *board.Position, key uint64, sym board.Symmetry, ply, left, v int, mv board.Point) int {
	if left < minTableLeft && ply > 0 {
		// not stored
	} else if pos.Turn == board.Black {
		w.tt.store(key, left, v, noBound, sym.Point(mv), true)
	} else {
		w.tt.store(key, left, -noBound, v, sym.Point(mv), true)
	}
	if ply == 0 {
		w.rootBest = mv
	}
	return v
}

// scorePoints starts the move order of pos in pl (skip is the table move, already
// searched): the legal points, found in the same group pass that scores captures,
// ataris and saves (the rules are those of board.Position.Legal), the capture points,
// and for each point the liberties of the own groups a stone there would join.
func (w *worker) scorePoints(pos *board.Position, pl *ply, skip board.Point) {
	c := pos.Turn
	own, opp := pos.Stones[c], pos.Stones[c^1]
	empty := board.Full &^ (own | opp)
	pl.sc = [board.NumActions]int32{}
	pl.joined = [board.NumPoints]board.Bitboard{}
	legal := empty & empty.Neighbours()
	for rest := own; rest != 0; {
		g := board.Group(rest&-rest, own)
		rest &^= g
		libs := g.Neighbours() & empty
		for b := libs; b != 0; b &= b - 1 {
			pl.joined[b.First()] |= libs
		}
		if libs&(libs-1) != 0 {
			legal |= libs
		} else if libs != 0 {
			pl.sc[libs.First()] += scoreSave + scoreSaveOne*int32(g.Count())
		}
	}
	var caps board.Bitboard
	for rest := opp; rest != 0; {
		g := board.Group(rest&-rest, opp)
		rest &^= g
		libs := g.Neighbours() & empty
		switch {
		case libs == 0:
		case libs&(libs-1) == 0:
			caps |= libs
			pl.sc[libs.First()] += scoreCapture + scoreCaptureOne*int32(g.Count())
		case libs.Count() == 2:
			for b := libs; b != 0; b &= b - 1 {
				pl.sc[b.First()] += scoreAtari + scoreAtariOne*int32(g.Count())
			}
		}
	}
	legal |= caps
	legal &^= pos.Ko
	if skip >= 0 && skip < board.NumPoints {
		legal &^= skip.Bit()
	}
	pl.legal, pl.caps = legal, caps&legal
}

// bestCapture returns the capture point that listMoves would score highest and place
// first (the first of the highest scores in point order), or board.NoPoint when there
// is no legal capture; hist is the history of the side to move.
func (pl *ply) bestCapture(hist *[board.NumActions]int32) board.Point {
	best, bestScore := board.NoPoint, int32(0)
	for b := pl.caps; b != 0; b &= b - 1 {
		p := b.First()
		score := pl.sc[p] + hist[p] + killerBonus(p, pl.killers[0], pl.killers[1])
		if best == board.NoPoint || score > bestScore {
			best, bestScore = p, score
		}
	}
	return best
}

// listMoves fills pl, after scorePoints, with every legal action of pos except skip
// and their order scores (hist is the history of the side to move), and returns how
// many there are.
func (w *worker) listMoves(pos *board.Position, pl *ply, skip board.Point, hist *[board.NumActions]int32) int {
	c := pos.Turn
	own, opp := pos.Stones[c], pos.Stones[c^1]
	empty := board.Full &^ (own | opp)
	k0, k1 := pl.killers[0], pl.killers[1]
	n := 0
	for b := pl.legal; b != 0; b &= b - 1 {
		p := b.First()
		score := pl.sc[p] + hist[p]
		if pl.sc[p] < scoreCapture {
			after := (board.NeighboursOf(p)&empty | pl.joined[p]) &^ p.Bit()
			if after&(after-1) == 0 {
				score -= scoreSelfAtari
			}
			score += scoreLiberty * int32(after.Count())
			if board.NeighboursOf(p)&opp != 0 {
				score += scoreContact
			}
		}
		score += killerBonus(p, k0, k1)
		pl.moves[n], pl.scores[n] = p, score
		if n == 0 || score > pl.scores[pl.best] {
			pl.best = n
		}
		n++
	}
	if skip != board.Pass {
		score := hist[board.Pass] + killerBonus(board.Pass, k0, k1)
		pl.moves[n], pl.scores[n] = board.Pass, score
		if n == 0 || score > pl.scores[pl.best] {
			pl.best = n
		}
		n++
	}
	return n
}

// killerBonus returns the order bonus of action p when k0 and k1 are the ply's killers.
func killerBonus(p, k0, k1 board.Point) int32 {
	switch p {
	case k0:
		return scoreKiller1
	case k1:
		return scoreKiller2
	}
	return 0
}

// lastTwo returns the fail-soft result of the test at t for pos with two moves left
// (not the root): every action of the side to move, then the exact value of the last
// move (lastMove), captures first, then saves of own groups in atari, then the other
// points and the pass, until one refutes the window.
func (w *worker) lastTwo(pos *board.Position, t int) int {
	c := pos.Turn
	maxNode := c == board.Black
	own, opp := pos.Stones[c], pos.Stones[c^1]
	empty := board.Full &^ (own | opp)
	legal := empty & empty.Neighbours()
	var caps, saves board.Bitboard
	for rest := own; rest != 0; {
		g := board.Group(rest&-rest, own)
		rest &^= g
		libs := g.Neighbours() & empty
		if libs&(libs-1) != 0 {
			legal |= libs
		} else {
			saves |= libs
		}
	}
	for rest := opp; rest != 0; {
		g := board.Group(rest&-rest, opp)
		rest &^= g
		if libs := g.Neighbours() & empty; libs != 0 && libs&(libs-1) == 0 {
			caps |= libs
		}
	}
	legal = (legal | caps) &^ pos.Ko
	bestV := noBound
	if maxNode {
		bestV = -noBound
	}
	try := func(a board.Point) (int, bool) {
		w.nodes++
		if w.nodes >= w.nextCheck && w.outOfBudget() {
			return 0, true // aborted: the caller ignores the result
		}
		child := *pos
		child.Play(a)
		v := child.Margin()
		if !child.Over {
			v = lastMove(&child, v)
		}
		if (maxNode && v > bestV) || (!maxNode && v < bestV) {
			bestV = v
		}
		return v, (v >= t) == maxNode
	}
	for _, set := range [3]board.Bitboard{legal & caps, legal & saves &^ caps, legal &^ (caps | saves)} {
		for b := set; b != 0; b &= b - 1 {
			if v, cut := try(b.First()); cut {
				return v
			}
		}
	}
	if v, cut := try(board.Pass); cut {
		return v
	}
	return bestV
}
