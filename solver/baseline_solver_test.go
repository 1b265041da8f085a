// baseline_solver_test.go: the solver as of 193b95c (solver.go and table.go), frozen with renamed identifiers as the baseline of the paired speed benchmark (baseline_bench_test.go).

package solver

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"littlego/board"
	"littlego/internal/cputime"
	"littlego/internal/hugemem"
)

// baseLimits bound the work of one call. Zero fields mean no limit. When a limit is hit the
// call returns an unknown result, never a wrong one.
type baseLimits struct {
	// CPU is the process CPU time (user + system, all threads, as cputime.Process counts
	// it) the call may use, counted from its start.
	CPU time.Duration
	// Nodes is the number of positions the call may visit.
	Nodes int64
}

// baseResult is the outcome of Solve.
type baseResult struct {
	// Known is set when the position was proved; otherwise a limit stopped the search
	// and Win and Best mean nothing.
	Known bool
	// Win is set when the side to move wins with perfect play.
	Win bool
	// Best is a winning action (a point or board.Pass) when Win is set; board.NoPoint
	// when the side to move loses or the game is over.
	Best board.Point
	// Nodes is the number of positions visited.
	Nodes int64
	// CPU is the process CPU time the call used.
	CPU time.Duration
}

// baseMarginResult is the outcome of Margin.
type baseMarginResult struct {
	// Known is set when the exact margin was proved.
	Known bool
	// Margin is black - white at the end of the game under perfect play.
	Margin int
	// Best is an action of the side to move that achieves Margin (board.NoPoint when
	// the game is over).
	Best board.Point
	// Nodes is the number of positions visited.
	Nodes int64
	// CPU is the process CPU time the call used.
	CPU time.Duration
}

// baseMaxPly bounds the search depth: every action uses up one of at most 24 moves.
const baseMaxPly = board.MaxMoves + 2

// baseCheckInterval is how many nodes pass between two looks at the CPU clock and the
// other workers (cputime.Process is a system call, well under a microsecond; a node a
// fraction of that).
const baseCheckInterval = 1024

// basePly is the scratch space of one search depth: its move list and their order scores.
type basePly struct {
	moves    [board.NumActions]board.Point
	scores   [board.NumActions]int32
	deferred [board.NumActions]board.Point // moves another worker was searching
	keys     [board.NumActions]uint64      // the children's table keys (transpositionCut)
	best     int                           // the first index of the highest score (listMoves)
	sc       [board.NumActions]int32       // scorePoints' tactical score of each point
	joined   [board.NumPoints]board.Bitboard
	legal    board.Bitboard          // the legal points but the table move (scorePoints)
	caps     board.Bitboard          // of them, those that capture
	hist     [board.NumActions]int32 // the history before the first capture's search
	killers  [2]board.Point
}

// baseSolver holds the transposition table and its workers. Its table may be kept across
// calls (within a game and across games): entries are keyed by the full state
// (board.Position.Key) and hold proved bounds only, so reuse never changes an answer.
type baseSolver struct {
	tt      baseTable
	workers []*baseWorker // workers[0] searches on the calling goroutine
	busy    []atomic.Uint64
	ctl     baseControl
	last    uint8 // board.Position.Last of the positions in the table
	symLeft int   // the fewest moves left at which the table key is canonical
	nodes   int64 // visited by the last call, all workers
}

// baseControl is what the workers of one call share besides the table: the limits, the
// nodes counted so far and the signal to stop.
type baseControl struct {
	stop        atomic.Bool
	nodes       atomic.Int64 // flushed by the workers at their checks
	nodeLimit   int64
	cpuStart    time.Duration
	cpuDeadline time.Duration
}

// baseWorker is one search thread: its stacks, killers and history, over the solver's
// shared table.
type baseWorker struct {
	tt        *baseTable
	ctl       *baseControl
	busy      []atomic.Uint64 // the nodes the workers are searching; nil with one worker
	id        int             // 0 for the main worker; helpers vary the move order
	plies     [baseMaxPly]basePly
	history   [2][board.NumActions]int32
	symLeft   int
	nodes     int64 // visited in this call
	flushed   int64 // of nodes, already added to ctl.nodes
	nextCheck int64
	aborted   bool
	rootBest  board.Point
	result    int
}

// baseNew returns a solver with one worker whose transposition table has 2^ttBits entries
// of 16 bytes (ttBits is clamped to 4..30; 20 means 16 MiB, 22 means 64 MiB).
func baseNew(ttBits int) *baseSolver {
	s := &baseSolver{tt: baseNewTable(ttBits), last: board.MaxMoves, symLeft: baseDefaultSymmetryLeft}
	s.SetWorkers(1)
	// The table may live outside the Go heap (hugemem): it goes when the solver does.
	runtime.AddCleanup(s, func(release func()) { release() }, s.tt.release)
	return s
}

// SetWorkers makes each later call search with n workers (threads) over the shared
// table (n < 1 means 1). Limits.CPU counts the CPU of every thread. More workers change
// the speed, never the answers.
func (s *baseSolver) SetWorkers(n int) {
	n = max(n, 1)
	for len(s.workers) < n {
		w := &baseWorker{tt: &s.tt, ctl: &s.ctl, id: len(s.workers), symLeft: s.symLeft}
		w.clearKillers()
		s.workers = append(s.workers, w)
	}
	s.workers = s.workers[:n]
	s.tt.shared = n > 1
	if n > 1 && s.busy == nil {
		s.busy = make([]atomic.Uint64, baseBusyMask+1)
	}
	for _, w := range s.workers {
		w.busy = nil
		if n > 1 {
			w.busy = s.busy
		}
	}
}

func (w *baseWorker) clearKillers() {
	for i := range w.plies {
		w.plies[i].killers = [2]board.Point{board.NoPoint, board.NoPoint}
	}
}

// Clear forgets everything the solver has learnt (table, killers, history).
func (s *baseSolver) Clear() {
	s.tt.clear()
	for _, w := range s.workers {
		w.history = [2][board.NumActions]int32{}
		w.clearKillers()
	}
}

// baseDefaultSymmetryLeft is the fewest moves left at which the table is keyed by the
// canonical key over the eight symmetries (board.Position.CanonicalKey, about eight
// times the cost of a plain key). Symmetric positions recur only when the search starts
// near a symmetric board, that is early in the game.
const baseDefaultSymmetryLeft = 18

// SetSymmetryLeft makes the table key canonical over the eight symmetries at positions
// with at least n moves left (n > 24: never). It changes the speed, not the answers.
func (s *baseSolver) SetSymmetryLeft(n int) {
	s.symLeft = n
	for _, w := range s.workers {
		w.symLeft = n
	}
}

// Nodes returns the number of positions the last call visited (all workers).
func (s *baseSolver) Nodes() int64 { return s.nodes }

// begin starts a call on pos under lim.
func (s *baseSolver) begin(pos *board.Position, lim baseLimits) {
	if pos.Last != s.last {
		// Keys do not include Last: a table filled for another game length is wrong.
		s.tt.clear()
		s.last = pos.Last
	}
	s.tt.gen++
	s.tt.maxLeft = pos.MovesLeft()
	c := &s.ctl
	c.stop.Store(false)
	c.nodes.Store(0)
	c.cpuStart = cputime.Process()
	c.cpuDeadline = 0
	if lim.CPU > 0 {
		c.cpuDeadline = c.cpuStart + lim.CPU
	}
	c.nodeLimit = lim.Nodes
	for _, w := range s.workers {
		for col := range w.history {
			for a := range w.history[col] {
				w.history[col][a] >>= 2
			}
		}
		w.nodes, w.flushed = 0, 0
		w.aborted = false
		w.scheduleCheck()
	}
	s.nodes = 0
}

// elapsed returns the process CPU time since the call began.
func (s *baseSolver) elapsed() time.Duration { return cputime.Process() - s.ctl.cpuStart }

// scheduleCheck sets the node count of w's next look at the limits: checkInterval
// nodes on, or sooner when the node limit is nearer.
func (w *baseWorker) scheduleCheck() {
	w.nextCheck = w.nodes + baseCheckInterval
	if lim := w.ctl.nodeLimit; lim > 0 {
		w.nextCheck = min(w.nextCheck, w.nodes+lim-w.ctl.nodes.Load())
	}
}

// outOfBudget adds w's nodes to the shared count, checks the limits and the stop
// signal, sets w's abort flag when the call is to end and schedules the next check.
func (w *baseWorker) outOfBudget() bool {
	c := w.ctl
	total := c.nodes.Add(w.nodes - w.flushed)
	w.flushed = w.nodes
	if c.stop.Load() || (c.nodeLimit > 0 && total >= c.nodeLimit) ||
		(c.cpuDeadline > 0 && cputime.Process() >= c.cpuDeadline) {
		w.aborted = true
		return true
	}
	w.scheduleCheck()
	return false
}

// run runs the null-window test at t on pos (at ply 0, or 1 for a root's child) with every worker and returns its
// result, the root action that proved it and true, or false when a limit stopped it.
// Helpers start together with the main worker; the first to finish stops the others.
func (s *baseSolver) run(pos *board.Position, ply, t int, winLoss bool) (v int, best board.Point, ok bool) {
	defer func() {
		for _, w := range s.workers {
			s.ctl.nodes.Add(w.nodes - w.flushed)
			s.nodes += w.nodes
			w.nodes, w.flushed = 0, 0
			w.scheduleCheck()
		}
	}()
	main := s.workers[0]
	if len(s.workers) == 1 {
		v := main.test(pos, ply, t)
		return v, main.rootBest, !main.aborted
	}
	return s.runParallel(*pos, ply, t)
}

// runParallel is run with helpers, kept apart so that the one-worker path allocates
// nothing.
func (s *baseSolver) runParallel(pos board.Position, ply, t int) (v int, best board.Point, ok bool) {
	main := s.workers[0]
	var wg sync.WaitGroup
	for _, w := range s.workers[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.search(pos, ply, t)
		}()
	}
	main.search(pos, ply, t)
	wg.Wait()
	for _, w := range s.workers {
		if !w.aborted {
			s.ctl.stop.Store(false)
			return w.result, w.rootBest, true
		}
	}
	return 0, board.NoPoint, false
}

// search runs the test at t on a copy of pos and, when it finishes, stops the other
// workers.
func (w *baseWorker) search(pos board.Position, ply, t int) {
	w.aborted = false
	w.result = w.test(&pos, ply, t)
	if !w.aborted {
		w.ctl.stop.Store(true)
	}
}

// Solve proves whether the side to move in pos wins with perfect play. A position whose
// game is over is known at once: the side to move "wins" if it is the winner.
func (s *baseSolver) Solve(pos board.Position, lim baseLimits) baseResult {
	s.begin(&pos, lim)
	r := baseResult{Best: board.NoPoint}
	if pos.Over {
		r.Known, r.Win = true, pos.Winner() == pos.Turn
	} else {
		v, best, ok := s.run(&pos, 0, board.BlackMargin, true)
		if ok {
			r.Known = true
			r.Win = (v >= board.BlackMargin) == (pos.Turn == board.Black)
			if r.Win {
				r.Best = best
			}
		}
	}
	r.Nodes, r.CPU = s.nodes, s.elapsed()
	return r
}

// WinningMoves splits the actions of the side to move (every legal point, then
// board.Pass) into those that keep a win and those that lose, in point order. known is
// false when a limit stopped the search; the lists are then incomplete. A finished game
// has no actions.
func (s *baseSolver) WinningMoves(pos board.Position, lim baseLimits) (winning, losing []board.Point, known bool) {
	s.begin(&pos, lim)
	if pos.Over {
		return nil, nil, true
	}
	legal := pos.Legal()
	for a := board.Point(0); a < board.NumActions; a++ {
		if a != board.Pass && !legal.Has(a) {
			continue
		}
		child := pos
		if _, ok := child.Play(a); !ok {
			continue
		}
		v, _, ok := s.run(&child, 1, board.BlackMargin, false)
		if !ok {
			return winning, losing, false
		}
		if (v >= board.BlackMargin) == (pos.Turn == board.Black) {
			winning = append(winning, a)
		} else {
			losing = append(losing, a)
		}
	}
	return winning, losing, true
}

// Reaches proves whether Black can end the game with a margin black - white of at least
// margin whatever White does (one null-window test: Solve is Reaches with
// board.BlackMargin). known is false when a limit stopped the search.
func (s *baseSolver) Reaches(pos board.Position, margin int, lim baseLimits) (reaches, known bool) {
	s.begin(&pos, lim)
	if pos.Over {
		return pos.Margin() >= margin, true
	}
	v, _, ok := s.run(&pos, 0, margin, true)
	if !ok {
		return false, false
	}
	return v >= margin, true
}

// ProveAtLeast proves whether the side to move can end the game at least k stones
// ahead, its stones minus the opponent's (komi not counted), whatever the opponent does:
// one null-window test, Reaches(pos, k) for Black to move and not Reaches(pos, 1-k) for
// White. Solve's question is ProveAtLeast with k = board.BlackMargin for Black and
// k = 1 - board.BlackMargin for White (White wins when black - white <= 2). known is
// false when a limit stopped the search.
func (s *baseSolver) ProveAtLeast(pos board.Position, k int, lim baseLimits) (holds, known bool) {
	if pos.Turn == board.Black {
		return s.Reaches(pos, k, lim)
	}
	r, known := s.Reaches(pos, 1-k, lim)
	return known && !r, known
}

// Margin finds the exact final margin black - white under perfect play, and an action
// that achieves it, by a sequence of null-window tests that narrow the bounds (the
// MTD(f) driver of Plaat, Schaeffer, Pijls and de Bruin 1996, started at the current
// margin, with galloping steps and bisection: nextThreshold). It costs several Solves:
// tests next to the value are the dear ones.
func (s *baseSolver) Margin(pos board.Position, lim baseLimits) baseMarginResult {
	s.begin(&pos, lim)
	r := baseMarginResult{Best: board.NoPoint}
	if pos.Over {
		r.Known, r.Margin = true, pos.Margin()
		r.Nodes, r.CPU = s.nodes, s.elapsed()
		return r
	}
	lo, hi := -baseNoBound, baseNoBound
	t := pos.Margin()
	best := board.NoPoint
	step := 1
	for lo < hi {
		v, mv, ok := s.run(&pos, 0, t, false)
		if !ok {
			r.Nodes, r.CPU = s.nodes, s.elapsed()
			return r
		}
		if v >= t {
			lo = v
			if pos.Turn == board.Black {
				best = mv
			}
		} else {
			hi = v
			if pos.Turn == board.White {
				best = mv
			}
		}
		t, step = baseNextThreshold(lo, hi, v, t, step)
	}
	r.Known, r.Margin, r.Best = true, lo, best
	r.Nodes, r.CPU = s.nodes, s.elapsed()
	return r
}

// baseNextThreshold returns Margin's next test threshold within (lo, hi] after a test at t
// returned v, and the next step: while one side is still unbounded it gallops away
// from t in steps that double (tests far from the value are cheap, those next to it
// dear), then it bisects.
func baseNextThreshold(lo, hi, v, t, step int) (int, int) {
	switch {
	case hi == baseNoBound:
		t = max(v, t) + step
	case lo == -baseNoBound:
		t = min(v, t) - step + 1
	default:
		return (lo + hi + 1) / 2, step
	}
	return min(max(t, lo+1), hi), step * 2
}

// bound values: margins lie in -25..25, so ±noBound never limits anything.
const baseNoBound = 64

// baseEntry is one position of the table: bounds lo <= value <= hi on the exact margin
// (black - white at the end under perfect play), the move that last proved a bound (or
// board.NoPoint), how many moves were left there and the search that wrote it.
type baseEntry struct {
	lo   int8
	hi   int8
	move board.Point
	left uint8 // moves left + 1; 0 marks an empty slot
	gen  uint8
}

// pack returns e as one word (0 for an empty slot).
func (e baseEntry) pack() uint64 {
	return uint64(uint8(e.lo)) | uint64(uint8(e.hi))<<8 | uint64(uint8(e.move))<<16 |
		uint64(e.left)<<24 | uint64(e.gen)<<32
}

// baseUnpack is the inverse of pack.
func baseUnpack(d uint64) baseEntry {
	return baseEntry{lo: int8(d), hi: int8(d >> 8), move: board.Point(int8(d >> 16)), left: uint8(d >> 24), gen: uint8(d >> 32)}
}

// baseSlot holds an entry as two words, check = key ^ data and data, each read and written
// atomically: a slot torn by two workers' writes fails the check key == check ^ data
// and reads as another position's, so a probe never returns bounds of the wrong key
// (the scheme of Hyatt and Mann's lockless hashing, 2002).
type baseSlot struct {
	check, data uint64
}

// baseBucketSize slots share one index: 4 x 16 bytes, one cache line.
const baseBucketSize = 4

type baseBucket [baseBucketSize]baseSlot

// baseTable is an open array of buckets addressed by the low bits of the key; the full
// key is kept in each entry, so a hit is a hit on the same position except for a
// 64-bit collision. Workers probe and store concurrently; gen and maxLeft change only
// between searches.
type baseTable struct {
	buckets []baseBucket
	release func() // gives the buckets' memory back (hugemem.Slice)
	mask    uint64
	shared  bool  // several workers use the table: every access is atomic
	gen     uint8 // the current search generation
	maxLeft int   // moves left at the current root: deeper entries are stale
}

func baseNewTable(bits int) baseTable {
	bits = min(max(bits, 4), 30)
	n := 1 << (bits - 2) // buckets of four entries
	// Huge pages where the system gives them: the probes are random accesses, and one
	// TLB entry per 2 MiB instead of 4 KiB made the same search 6-8% faster at 2^22.
	buckets, release, _ := hugemem.Slice[baseBucket](n)
	return baseTable{buckets: buckets, release: release, mask: uint64(n - 1)}
}

// clear empties the table; no worker may be searching.
func (t *baseTable) clear() {
	clear(t.buckets)
}

// touch starts bringing key's bucket into the cache, for a probe or store soon after.
func (t *baseTable) touch(key uint64) {
	prefetch((*bucket)(unsafe.Pointer(&t.buckets[key&t.mask]))) // the same layout as today's bucket
}

// probe returns the entry for key, and whether there is one.
func (t *baseTable) probe(key uint64) (baseEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		d := t.load(&b[i].data)
		if t.load(&b[i].check)^d == key && d != 0 {
			return baseUnpack(d), true
		}
	}
	return baseEntry{}, false
}

// store records lo <= value <= hi for key (left moves left). Bounds already known for
// the same key are kept when tighter. A move that proved a bound (cut) replaces the
// stored move; otherwise the move is only a hint and fills an empty one. Two workers
// storing the same key at once may lose one's bounds, never mix them.
func (t *baseTable) store(key uint64, left int, lo, hi int, move board.Point, cut bool) {
	b := &t.buckets[key&t.mask]
	victim, worst := 0, 1<<30
	for i := range b {
		d := t.load(&b[i].data)
		e := baseUnpack(d)
		if t.load(&b[i].check)^d == key && d != 0 {
			lo, hi = max(lo, int(e.lo)), min(hi, int(e.hi))
			if !cut && e.move != board.NoPoint {
				move = e.move
			}
			victim = i
			break
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
	d := baseEntry{lo: int8(lo), hi: int8(hi), move: move, left: uint8(left + 1), gen: t.gen}.pack()
	t.put(&b[victim].data, d)
	t.put(&b[victim].check, key^d)
}

// load reads a word of the table: atomically when it is shared (a plain read with one
// worker, where an atomic store's barrier would cost a fifth of the node rate).
func (t *baseTable) load(w *uint64) uint64 {
	if t.shared {
		return atomic.LoadUint64(w)
	}
	return *w
}

// put writes a word of the table, atomically when it is shared.
func (t *baseTable) put(w *uint64, v uint64) {
	if t.shared {
		atomic.StoreUint64(w, v)
	} else {
		*w = v
	}
}
