// solver.go: the exact Little-Go solver's API: limits, results, Solve, WinningMoves and Margin.

// Package solver proves Little-Go positions exactly. The game ends by move 24, so the
// tree below any position is finite; the solver searches it to the end with fail-soft
// null-window alpha-beta (Knuth and Moore 1975; the null-window test is Pearl's Test,
// 1980, as used by Plaat et al.'s MTD(f), 1996) on the final stone margin black -
// white, with a fixed-size transposition table of margin bounds, move ordering by
// tactics, killer moves (Akl and Newborn 1977) and the history heuristic (Schaeffer
// 1989), and sound static bounds on the final margin for early cut-offs (bounds.go).
//
// The value of a position is the margin black - white when the game ends under perfect
// play (Black maximises it, White minimises it); Black wins iff it is at least
// board.BlackMargin (3). Solve answers the win/loss question with a single test at
// that threshold; Margin finds the exact margin by a sequence of tests.
//
// A Solver is not safe for concurrent use, but it may search with several workers
// (SetWorkers): threads over one lock-free shared table that run the same test and
// defer a child another worker is searching (ABDADA, Weill 1996); the first to finish
// answers. With one worker it allocates nothing while searching. The table lies on
// transparent huge pages where the system gives them (internal/hugemem), and each
// node asks for its table line before computing its static bounds (prefetch).
package solver

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
)

// Limits bound the work of one call. Zero fields mean no limit. When a limit is hit the
// call returns an unknown result, never a wrong one.
type Limits struct {
	// CPU is the process CPU time (user + system, all threads, as cputime.Process counts
	// it) the call may use, counted from its start.
	CPU time.Duration
	// Nodes is the number of positions the call may visit.
	Nodes int64
}

// Result is the outcome of Solve.
type Result struct {
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

// MarginResult is the outcome of Margin.
type MarginResult struct {
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

// maxPly bounds the search depth: every action uses up one of at most 24 moves.
const maxPly = board.MaxMoves + 2

// checkInterval is how many nodes pass between two looks at the CPU clock and the
// other workers (cputime.Process is a system call, well under a microsecond; a node a
// fraction of that).
const checkInterval = 1024

// ply is the scratch space of one search depth: its move list and their order scores.
type ply struct {
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

// Solver holds the transposition table and its workers. Its table may be kept across
// calls (within a game and across games): entries are keyed by the full state
// (board.Position.Key) and hold proved bounds only, so reuse never changes an answer.
type Solver struct {
	tt      table
	workers []*worker // workers[0] searches on the calling goroutine
	busy    []atomic.Uint64
	ctl     control
	last    uint8 // board.Position.Last of the positions in the table
	symLeft int   // the fewest moves left at which the table key is canonical
	nodes   int64 // visited by the last call, all workers
	opt     options
	// proofNumbers makes Solve and Reaches with one worker search by proof numbers
	// (dfpn.go) instead of alpha-beta.
	proofNumbers bool
}

// control is what the workers of one call share besides the table: the limits, the
// nodes counted so far and the signal to stop.
type control struct {
	stop        atomic.Bool
	nodes       atomic.Int64 // flushed by the workers at their checks
	nodeLimit   int64
	cpuStart    time.Duration
	cpuDeadline time.Duration
}

// worker is one search thread: its stacks, killers and history, over the solver's
// shared table.
type worker struct {
	tt        *table
	ctl       *control
	busy      []atomic.Uint64 // the nodes the workers are searching; nil with one worker
	id        int             // 0 for the main worker; helpers vary the move order
	plies     [maxPly]ply
	history   [2][board.NumActions]int32
	symLeft   int
	nodes     int64 // visited in this call
	flushed   int64 // of nodes, already added to ctl.nodes
	nextCheck int64
	aborted   bool
	rootBest  board.Point
	result    int
	pn        *pnSearch // the proof-number search's state, made on first use
	opt       options   // the solver's switches (setOptions)
}

// DefaultTableBits is the transposition table size, log2 of its entries, of a solver
// that proves one position at a time for a caller with no reason to choose: 2^22
// entries, 64 MiB, past which the table saves almost no nodes below move 8.
const DefaultTableBits = 22

// New returns a solver with one worker whose transposition table has 2^ttBits entries
// of 16 bytes (ttBits is clamped to 4..30; 20 means 16 MiB, 22 means 64 MiB).
func New(ttBits int) *Solver {
	s := &Solver{tt: newTable(ttBits), last: board.MaxMoves, symLeft: defaultSymmetryLeft, opt: defaultOptions()}
	s.SetWorkers(1)
	// The table may live outside the Go heap (hugemem): it goes when the solver does.
	runtime.AddCleanup(s, func(release func()) { release() }, s.tt.release)
	return s
}

// SetWorkers makes each later call search with n workers (threads) over the shared
// table (n < 1 means 1). Limits.CPU counts the CPU of every thread. More workers change
// the speed, never the answers.
func (s *Solver) SetWorkers(n int) {
	n = max(n, 1)
	for len(s.workers) < n {
		w := &worker{tt: &s.tt, ctl: &s.ctl, id: len(s.workers), symLeft: s.symLeft, opt: s.opt}
		w.clearKillers()
		s.workers = append(s.workers, w)
	}
	s.workers = s.workers[:n]
	s.tt.shared = n > 1
	if n > 1 && s.busy == nil {
		s.busy = make([]atomic.Uint64, busyMask+1)
	}
	for _, w := range s.workers {
		w.busy = nil
		if n > 1 {
			w.busy = s.busy
		}
	}
}

func (w *worker) clearKillers() {
	for i := range w.plies {
		w.plies[i].killers = [2]board.Point{board.NoPoint, board.NoPoint}
	}
}

// Clear forgets everything the solver has learnt (table, killers, history).
func (s *Solver) Clear() {
	s.tt.clear()
	for _, w := range s.workers {
		w.clearProofNumbers()
		w.history = [2][board.NumActions]int32{}
		w.clearKillers()
	}
}

// defaultSymmetryLeft is the fewest moves left at which the table is keyed by the
// canonical key over the eight symmetries (board.Position.CanonicalKey, about eight
// times the cost of a plain key). Symmetric positions recur only when the search starts
// near a symmetric board, that is early in the game.
const defaultSymmetryLeft = 18

// SetSymmetryLeft makes the table key canonical over the eight symmetries at positions
// with at least n moves left (n > 24: never). It changes the speed, not the answers.
func (s *Solver) SetSymmetryLeft(n int) {
	s.symLeft = n
	for _, w := range s.workers {
		w.symLeft = n
	}
}

// Nodes returns the number of positions the last call visited (all workers).
func (s *Solver) Nodes() int64 { return s.nodes }

// begin starts a call on pos under lim.
func (s *Solver) begin(pos *board.Position, lim Limits) {
	if pos.Last != s.last {
		// Keys do not include Last: a table filled for another game length is wrong.
		s.tt.clear()
		for _, w := range s.workers {
			w.clearProofNumbers()
		}
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
func (s *Solver) elapsed() time.Duration { return cputime.Process() - s.ctl.cpuStart }

// scheduleCheck sets the node count of w's next look at the limits: checkInterval
// nodes on, or sooner when the node limit is nearer.
func (w *worker) scheduleCheck() {
	w.nextCheck = w.nodes + checkInterval
	if lim := w.ctl.nodeLimit; lim > 0 {
		w.nextCheck = min(w.nextCheck, w.nodes+lim-w.ctl.nodes.Load())
	}
}

// outOfBudget adds w's nodes to the shared count, checks the limits and the stop
// signal, sets w's abort flag when the call is to end and schedules the next check.
func (w *worker) outOfBudget() bool {
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
func (s *Solver) run(pos *board.Position, ply, t int, winLoss bool) (v int, best board.Point, ok bool) {
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
		var v int
		if winLoss && s.proofNumbers {
			v = main.pnTest(pos, t)
		} else {
			v = main.test(pos, ply, t)
		}
		return v, main.rootBest, !main.aborted
	}
	return s.runParallel(*pos, ply, t)
}

// runParallel is run with helpers, kept apart so that the one-worker path allocates
// nothing.
func (s *Solver) runParallel(pos board.Position, ply, t int) (v int, best board.Point, ok bool) {
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
func (w *worker) search(pos board.Position, ply, t int) {
	w.aborted = false
	w.result = w.test(&pos, ply, t)
	if !w.aborted {
		w.ctl.stop.Store(true)
	}
}

// Solve proves whether the side to move in pos wins with perfect play. A position whose
// game is over is known at once: the side to move "wins" if it is the winner.
func (s *Solver) Solve(pos board.Position, lim Limits) Result {
	s.begin(&pos, lim)
	r := Result{Best: board.NoPoint}
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
func (s *Solver) WinningMoves(pos board.Position, lim Limits) (winning, losing []board.Point, known bool) {
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
func (s *Solver) Reaches(pos board.Position, margin int, lim Limits) (reaches, known bool) {
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
func (s *Solver) ProveAtLeast(pos board.Position, k int, lim Limits) (holds, known bool) {
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
func (s *Solver) Margin(pos board.Position, lim Limits) MarginResult {
	s.begin(&pos, lim)
	r := MarginResult{Best: board.NoPoint}
	if pos.Over {
		r.Known, r.Margin = true, pos.Margin()
		r.Nodes, r.CPU = s.nodes, s.elapsed()
		return r
	}
	lo, hi := -noBound, noBound
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
		t, step = nextThreshold(lo, hi, v, t, step)
	}
	r.Known, r.Margin, r.Best = true, lo, best
	r.Nodes, r.CPU = s.nodes, s.elapsed()
	return r
}

// nextThreshold returns Margin's next test threshold within (lo, hi] after a test at t
// returned v, and the next step: while one side is still unbounded it gallops away
// from t in steps that double (tests far from the value are cheap, those next to it
// dear), then it bisects.
func nextThreshold(lo, hi, v, t, step int) (int, int) {
	switch {
	case hi == noBound:
		t = max(v, t) + step
	case lo == -noBound:
		t = min(v, t) - step + 1
	default:
		return (lo + hi + 1) / 2, step
	}
	return min(max(t, lo+1), hi), step * 2
}
