// reference_test.go: the solver as it was before the speed work, kept unchanged (renamed) as an independent reference for the agreement test.

package solver

import "littlego/board"

// refSolver is the previous exact solver: null-window alpha-beta with a four-entry
// bucket table, static bounds from passing and two-eye groups, tactics ordering,
// killers, history and enhanced transposition cut-offs. It has no limits and shares no
// code with the package's search; only board.
type refSolver struct {
	tt       refTable
	plies    [refMaxPly]refPly
	history  [2][board.NumActions]int32
	nodes    int64
	aborted  bool // never set: the reference has no limits
	rootBest board.Point
	symLeft  int
}

const refMaxPly = board.MaxMoves + 2

type refPly struct {
	moves   [board.NumActions]board.Point
	scores  [board.NumActions]int32
	killers [2]board.Point
}

func newRefSolver(ttBits int) *refSolver {
	s := &refSolver{tt: refNewTable(ttBits), symLeft: 18}
	for i := range s.plies {
		s.plies[i].killers = [2]board.Point{board.NoPoint, board.NoPoint}
	}
	return s
}

// begin prepares a call on pos, as Solver.begin did (no limits).
func (s *refSolver) begin(pos *board.Position) {
	s.tt.gen++
	s.tt.maxLeft = pos.MovesLeft()
	for c := range s.history {
		for a := range s.history[c] {
			s.history[c][a] >>= 2
		}
	}
	s.nodes = 0
}

// margin is the previous Margin: MTD(f) from the current margin; pos must not be over.
func (s *refSolver) margin(pos board.Position) (margin int, best board.Point) {
	s.begin(&pos)
	lo, hi := -refNoBound, refNoBound
	guess := pos.Margin()
	best = board.NoPoint
	for lo < hi {
		t := guess
		if t <= lo {
			t = lo + 1
		}
		if t > hi {
			t = hi
		}
		v := s.test(&pos, 0, t)
		if v >= t {
			lo = v
			if pos.Turn == board.Black {
				best = s.rootBest
			}
		} else {
			hi = v
			if pos.Turn == board.White {
				best = s.rootBest
			}
		}
		guess = v
	}
	return lo, best
}

// wins is the previous Solve's value: whether the side to move wins; pos must not be over.
func (s *refSolver) wins(pos board.Position) bool {
	s.begin(&pos)
	v := s.test(&pos, 0, board.BlackMargin)
	return (v >= board.BlackMargin) == (pos.Turn == board.Black)
}

// Move order scores, tuned by node counts on seeded random positions at moves 9 and 10
// (the self-atari penalty alone halved them; the rest gained another factor of two).
// The refTable move is tried before any list is built. Then: captures, bigger first; the
// killer moves of the ply; ataris on enemy groups, bigger first; saving an own group in
// atari; contact with an enemy stone and the liberties the placed stone's group will
// have; the history score; and last, placements that leave the new group in atari
// without capturing (self-atari).
const (
	refScoreCapture    int32 = 1 << 24
	refScoreCaptureOne int32 = 1 << 20 // per stone captured
	refScoreKiller1    int32 = 1 << 21
	refScoreKiller2    int32 = 1 << 20
	refScoreAtari      int32 = 1 << 20
	refScoreAtariOne   int32 = 1 << 17 // per stone in the group put in atari
	refScoreSave       int32 = 1 << 19
	refScoreSaveOne    int32 = 1 << 15 // per stone saved
	refScoreContact    int32 = 1 << 16
	refScoreLiberty    int32 = 1 << 14 // per liberty of the placed stone's group
	refScoreSelfAtari  int32 = 1 << 23 // subtracted
	// refHistoryMax bounds a history score: beyond it the colour's scores are halved.
	refHistoryMax int32 = 1 << 14
	// refHistoryCap bounds the log2 of one history reward (1 << moves left).
	refHistoryCap = 13
)

// refEtcChildLeft is the fewest moves left in the children at which their refTable entries
// are probed before the search of any (enhanced transposition cut-off): measured on
// seeded positions at moves 7 and 9, 7 saves 25-30% of the nodes and 20% of the time;
// lower saves more nodes but costs more time.
const refEtcChildLeft = 7

// refMinTableLeft is the fewest moves left at which the refTable is probed and written:
// below, the probe (a likely cache miss) costs more than it saves.
const refMinTableLeft = 3

// refTurnsLeft returns how many of the left actions Black and White still play, when c is
// to move.
func refTurnsLeft(left int, c board.Color) (black, white int) {
	mine, theirs := (left+1)/2, left/2
	if c == board.Black {
		return mine, theirs
	}
	return theirs, mine
}

// refCapturable returns the number of stones in the groups of stones that the opponent
// could capture with n more placements while stones' owner passes: a group is captured
// only once all its liberties are filled, one placement each (while its owner passes it
// gains none, and captures of its other groups free no point next to it), and never if
// it has two liberties whose neighbours all belong to it (two one-point eyes: a stone
// in either is suicide while the other is empty).
func refCapturable(stones, empty board.Bitboard, n int) int {
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

// refLastMove returns the exact final margin when only the side to move's action remains:
// the best capture if any placement is legal (a placement adds a stone and a pass adds
// nothing, so placing always beats passing), else the margin as it stands.
func refLastMove(pos *board.Position, m int) int {
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

// test returns a fail-soft bound on the value v (the exact final margin) of pos compared
// with threshold t: a result r >= t proves v >= r, a result r < t proves v <= r. At ply 0
// it searches every move itself (no shortcut) and leaves in rootBest the action that
// proved the result. When a limit stops the search it sets s.aborted and returns 0,
// which callers must ignore.
func (s *refSolver) test(pos *board.Position, ply int, t int) int {
	if pos.Over {
		return pos.Margin()
	}
	s.nodes++
	left := int(pos.Last) - int(pos.Move) + 1
	if ply > 0 {
		if v, ok := refStaticBound(pos, t, left); ok {
			return v
		}
	}
	key, sym := s.tableKey(pos, left)
	ttMove, lo, hi := board.NoPoint, -refNoBound, refNoBound
	if e := s.probe(key, ply, left); e != nil {
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

	maxNode := pos.Turn == board.Black
	best, bestV := board.NoPoint, refNoBound
	if maxNode {
		bestV = -refNoBound
	}
	// A move refutes the window when it is a Black move reaching t, or a White move
	// staying below it: (v >= t) == maxNode.
	var child board.Position
	if ttMove != board.NoPoint {
		child = *pos
		if _, ok := child.Play(ttMove); ok {
			v := s.test(&child, ply+1, t)
			if s.aborted {
				return 0
			}
			best, bestV = ttMove, v
			if (v >= t) == maxNode {
				return s.cut(pos, key, sym, ply, left, v, ttMove)
			}
		} else {
			ttMove = board.NoPoint
		}
	}
	pl := &s.plies[ply]
	n := s.orderMoves(pos, pl, ttMove)
	if left-1 >= refEtcChildLeft {
		if v, mv, ok := s.transpositionCut(pos, pl.moves[:n], t, left); ok {
			return s.cut(pos, key, sym, ply, left, v, mv)
		}
	}
	for i := 0; i < n; i++ {
		mv := pl.take(i, n)
		child = *pos
		child.Play(mv)
		v := s.test(&child, ply+1, t)
		if s.aborted {
			return 0
		}
		if (v >= t) == maxNode {
			return s.cut(pos, key, sym, ply, left, v, mv)
		}
		if (maxNode && v > bestV) || (!maxNode && v < bestV) {
			best, bestV = mv, v
		}
	}
	return s.failed(key, sym, ply, left, lo, hi, best, bestV, maxNode)
}

// probe returns the refTable refEntry of key at ply (left moves left), or nil; there is no
// refTable near the leaves, except at the root.
func (s *refSolver) probe(key uint64, ply, left int) *refEntry {
	if ply > 0 && left < refMinTableLeft {
		return nil
	}
	return s.tt.probe(key)
}

// tableKey returns the refTable key of pos (left moves left) and the symmetry that maps
// pos to the keyed image: the canonical key over the eight symmetries high in the tree,
// where symmetric positions recur and the cost is small, the plain key below. Moves are
// stored in the frame of the keyed image.
func (s *refSolver) tableKey(pos *board.Position, left int) (uint64, board.Symmetry) {
	if left >= s.symLeft {
		return pos.CanonicalKey()
	}
	return pos.Key(), board.Identity
}

// failed returns, when every move of a node failed the test, the bound bestV (reached
// by best; it bounds the value from the same side as the threshold) within the node's
// earlier bounds lo and hi, and stores it unless the node is near the leaves.
func (s *refSolver) failed(key uint64, sym board.Symmetry, ply, left, lo, hi int, best board.Point, bestV int, maxNode bool) int {
	if ply == 0 {
		s.rootBest = best
	}
	if left < refMinTableLeft && ply > 0 {
		return bestV
	}
	if maxNode {
		bestV = min(bestV, hi)
		s.tt.store(key, left, lo, bestV, sym.Point(best), false)
	} else {
		bestV = max(bestV, lo)
		s.tt.store(key, left, bestV, hi, sym.Point(best), false)
	}
	return bestV
}

// refStaticBound returns a bound on pos's value (left moves left, not at the root) that
// settles the test at t without a search, and true, or false when there is none; with
// one move left it returns the exact value. White can pass to the end, so Black's margin
// can grow by no more than one stone per Black turn plus the White groups it can capture
// in that many placements; likewise Black can pass to the end.
func refStaticBound(pos *board.Position, t, left int) (int, bool) {
	m := pos.Margin()
	nb, nw := refTurnsLeft(left, pos.Turn)
	if h := m + nb; h < t {
		white := pos.Stones[board.White]
		if h+white.Count() < t {
			return h + white.Count(), true
		}
		if h += refCapturable(white, pos.Stones.Empty(), nb); h < t {
			return h, true
		}
	}
	if l := m - nw; l >= t {
		black := pos.Stones[board.Black]
		if l-black.Count() >= t {
			return l - black.Count(), true
		}
		if l -= refCapturable(black, pos.Stones.Empty(), nw); l >= t {
			return l, true
		}
	}
	if left == 1 {
		return refLastMove(pos, m), true
	}
	return 0, false
}

// transpositionCut returns a child's stored bound that refutes the window at t, with
// the move to that child, before any child is searched (enhanced transposition cut-off,
// Plaat et al. 1996); ok is false when no child's refEntry does.
func (s *refSolver) transpositionCut(pos *board.Position, moves []board.Point, t, left int) (v int, mv board.Point, ok bool) {
	maxNode := pos.Turn == board.Black
	for _, mv := range moves {
		child := *pos
		child.Play(mv)
		if child.Over {
			continue
		}
		ck, _ := s.tableKey(&child, left-1)
		if e := s.tt.probe(ck); e != nil {
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
func (pl *refPly) take(i, n int) board.Point {
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
// rewards the move as a killer and in the history refTable, and returns v.
func (s *refSolver) cut(pos *board.Position, key uint64, sym board.Symmetry, ply, left, v int, mv board.Point) int {
	if left < refMinTableLeft && ply > 0 {
		// not stored
	} else if pos.Turn == board.Black {
		s.tt.store(key, left, v, refNoBound, sym.Point(mv), true)
	} else {
		s.tt.store(key, left, -refNoBound, v, sym.Point(mv), true)
	}
	if ply == 0 {
		s.rootBest = mv
	}
	pl := &s.plies[ply]
	if mv != pl.killers[0] {
		pl.killers[1], pl.killers[0] = pl.killers[0], mv
	}
	h := &s.history[pos.Turn][mv]
	*h += int32(1) << min(left, refHistoryCap)
	for *h > refHistoryMax {
		for a := range s.history[pos.Turn] {
			s.history[pos.Turn][a] >>= 1
		}
	}
	return v
}

// orderMoves fills pl with every legal action of pos except skip (the refTable move,
// already searched) and their order scores, and returns how many there are. It finds
// the legal points itself, in the same group pass that scores captures and ataris
// (the rules are those of board.Position.Legal).
func (s *refSolver) orderMoves(pos *board.Position, pl *refPly, skip board.Point) int {
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
			sc[libs.First()] += refScoreSave + refScoreSaveOne*int32(g.Count())
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
			sc[libs.First()] += refScoreCapture + refScoreCaptureOne*int32(g.Count())
		case libs.Count() == 2:
			for b := libs; b != 0; b &= b - 1 {
				sc[b.First()] += refScoreAtari + refScoreAtariOne*int32(g.Count())
			}
		}
	}
	legal &^= pos.Ko
	if skip >= 0 && skip < board.NumPoints {
		legal &^= skip.Bit()
	}
	hist := &s.history[c]
	k0, k1 := pl.killers[0], pl.killers[1]
	n := 0
	for b := legal; b != 0; b &= b - 1 {
		p := b.First()
		pl.moves[n] = p
		pl.scores[n] = sc[p] + hist[p]
		if sc[p] < refScoreCapture {
			after := board.NeighboursOf(p) & empty
			for _, l := range groupLibs[:ng] {
				if l.Has(p) {
					after |= l
				}
			}
			after &^= p.Bit()
			if after&(after-1) == 0 {
				pl.scores[n] -= refScoreSelfAtari
			}
			pl.scores[n] += refScoreLiberty * int32(after.Count())
			if board.NeighboursOf(p)&opp != 0 {
				pl.scores[n] += refScoreContact
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
			pl.scores[i] += refScoreKiller1
		case k1:
			pl.scores[i] += refScoreKiller2
		}
	}
	return n
}

// bound values: margins lie in -25..25, so ±refNoBound never limits anything.
const refNoBound = 64

// refEntry is one position of the refTable: bounds lo <= value <= hi on the exact margin
// (black - white at the end under perfect play), the move that last proved a bound (or
// board.NoPoint), how many moves were left there and the search that wrote it.
type refEntry struct {
	key  uint64
	lo   int8
	hi   int8
	move board.Point
	left uint8 // moves left + 1; 0 marks an empty slot
	gen  uint8
}

// refBucketSize entries share one index: 4 x 16 bytes, one cache line.
const refBucketSize = 4

type refBucket [refBucketSize]refEntry

// refTable is an open array of buckets addressed by the low bits of the key; the full
// key is kept in each refEntry, so a hit is a hit on the same position except for a
// 64-bit collision.
type refTable struct {
	buckets []refBucket
	mask    uint64
	gen     uint8 // the current search generation
	maxLeft int   // moves left at the current root: deeper entries are stale
}

func refNewTable(bits int) refTable {
	if bits < 4 {
		bits = 4
	}
	if bits > 30 {
		bits = 30
	}
	n := 1 << (bits - 2) // buckets of four entries
	return refTable{buckets: make([]refBucket, n), mask: uint64(n - 1)}
}

// probe returns the refEntry for key, or nil.
func (t *refTable) probe(key uint64) *refEntry {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].left != 0 {
			return &b[i]
		}
	}
	return nil
}

// store records lo <= value <= hi for key (left moves left). Bounds already known for
// the same key are kept when tighter. A move that proved a bound (cut) replaces the
// stored move; otherwise the move is only a hint and fills an empty one.
func (t *refTable) store(key uint64, left int, lo, hi int, move board.Point, cut bool) {
	b := &t.buckets[key&t.mask]
	victim, worst := 0, 1<<30
	for i := range b {
		e := &b[i]
		if e.key == key && e.left != 0 {
			if int(e.lo) > lo {
				lo = int(e.lo)
			}
			if int(e.hi) < hi {
				hi = int(e.hi)
			}
			e.lo, e.hi = int8(lo), int8(hi)
			if cut || e.move == board.NoPoint {
				e.move = move
			}
			e.gen = t.gen
			return
		}
		// Priority to keep: empty or stale slots first, then older searches, then the
		// shallow ones.
		score := 0
		if e.left != 0 && int(e.left)-1 <= t.maxLeft {
			score = int(e.left)
			if e.gen == t.gen {
				score += 32
			}
		}
		if score < worst {
			victim, worst = i, score
		}
	}
	b[victim] = refEntry{key: key, lo: int8(lo), hi: int8(hi), move: move, left: uint8(left + 1), gen: t.gen}
}
