// search.go: Searcher and Search: root-parallel workers under a CPU budget, early stops, merged root statistics and the move choice.

// Package mcts is the Monte Carlo tree search of the engine: UCT (Kocsis and
// Szepesvári 2006) with RAVE (Gelly and Silver 2011) and prior knowledge (Gelly and
// Silver 2007) over a flat node arena per worker, MCTS-Solver proofs of won and lost
// positions (Winands, Björnsson and Saito 2008), and root parallelism (Cazenave and
// Jouandeau, "On the parallelization of UCT", 2007; Chaslot, Winands and van den Herik,
// "Parallel Monte-Carlo tree search", 2008): each worker grows its own tree from its
// own random stream and the root statistics are summed at the end.
//
// Rewards are wins and losses, not margins: a simulation is worth 1 to the player who
// made a node's move if that player wins the game under the course rules (Black wins
// with at least 3 more stones than White), 0 otherwise. Pass is an action like any
// other, with its real consequences (two passes in a row, or a Black pass on move 1,
// end the game).
//
// The budget is CPU time of the whole process, every thread and the Go runtime
// counted, as the course host counts it (cputime.Process): two busy workers spend a
// budget twice as fast as one.
package mcts

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"littlego/board"
	"littlego/lib/cputime"
)

// checkEvery is the number of iterations a worker runs between two looks at the stop
// conditions (CPU time, context, early stop): a few hundred microseconds of search.
const checkEvery = 32

// Proof is what is known for certain about an action, for the player who makes it (at
// the root, the side to move); a Result's is that of its best action.
type Proof int8

const (
	// Unknown: not proven.
	Unknown Proof = iota
	// Win: proven to win against every defence.
	Win
	// Loss: proven to lose against perfect play.
	Loss
)

// String returns "unknown", "win" or "loss".
func (p Proof) String() string {
	switch p {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "unknown"
}

// StopReason says why a search ended.
type StopReason uint8

const (
	// StopPlayouts: the fixed number of iterations was run.
	StopPlayouts StopReason = iota
	// StopBudget: the CPU budget was spent.
	StopBudget
	// StopCeiling: HardCeiling was reached.
	StopCeiling
	// StopProven: the root was proven won or lost.
	StopProven
	// StopSettled: the best move could no longer be overtaken (Limit.EarlyStop).
	StopSettled
	// StopForced: there was a single legal action.
	StopForced
	// StopCanceled: the context was cancelled.
	StopCanceled
)

// String names the reason.
func (r StopReason) String() string {
	switch r {
	case StopPlayouts:
		return "playouts"
	case StopBudget:
		return "budget"
	case StopCeiling:
		return "ceiling"
	case StopProven:
		return "proven"
	case StopSettled:
		return "settled"
	case StopForced:
		return "forced"
	case StopCanceled:
		return "canceled"
	}
	return fmt.Sprintf("StopReason(%d)", uint8(r))
}

// MoveStat holds the merged statistics of one root action.
type MoveStat struct {
	// Move is the action.
	Move board.Point
	// Visits counts the simulations that started with Move, over all workers.
	Visits int
	// WinRate is the share of those simulations won by the side to move, prior
	// virtual simulations included (for a move never visited it is the prior alone).
	WinRate float64
	// RaveVisits and RaveWinRate are Move's AMAF statistics at the root.
	RaveVisits  int
	RaveWinRate float64
	// Proof is Win if Move is proven to win, Loss if proven to lose.
	Proof Proof
}

// Result is the outcome of a search.
type Result struct {
	// Move is the chosen action: a proven win if there is one (the most visited of
	// them), otherwise the most visited move not proven to lose (ties: the higher win
	// rate), otherwise (every move loses) the most visited move.
	Move board.Point
	// WinRate is Move's win rate (see MoveStat).
	WinRate float64
	// Proof is Win if Move is proven to win, Loss if every move is proven to lose.
	Proof Proof
	// Moves holds every legal action in the order of the choice rule, best first.
	Moves []MoveStat
	// PV is the principal variation, Move first: in the tree of the worker that
	// visited Move most, the child chosen by the same rule at each level.
	PV []board.Point
	// Iterations is the number of simulations run, over all workers.
	Iterations int
	// Nodes is the number of tree nodes used, over all workers.
	Nodes int
	// CPU is the process CPU time spent during the search (every thread).
	CPU time.Duration
	// Wall is the elapsed wall-clock time.
	Wall time.Duration
	// Stop says why the search ended.
	Stop StopReason
}

// workerState is what a worker publishes for the others while it runs: its root
// statistics (for the early stop) and its iteration count. Padded to its own cache
// lines.
type workerState struct {
	visits [board.NumActions]atomic.Uint32
	done   atomic.Int64
	_      [64]byte
}

// Searcher runs searches. It owns one tree arena per worker, allocated once and
// reused, so repeated searches do not allocate nodes again. It is not safe for
// concurrent use: run one search at a time.
type Searcher struct {
	cfg     Config
	trees   []*tree
	workers []workerState

	// Per search.
	lim      Limit
	stop     atomic.Bool
	reason   atomic.Int32 // StopReason+1 of the first stop; 0 while running
	startCPU time.Duration
	budget   time.Duration // effective CPU budget: Limit.CPU, or HardCeiling
	ceiling  bool          // budget is HardCeiling, not Limit.CPU
	quotas   []int64       // per worker: iterations to run, or -1
}

// NewSearcher returns a Searcher for cfg, or an error if cfg is out of range.
func NewSearcher(cfg Config) (*Searcher, error) {
	s := &Searcher{}
	if err := s.SetConfig(cfg); err != nil {
		return nil, err
	}
	return s, nil
}

// Config returns the searcher's configuration.
func (s *Searcher) Config() Config { return s.cfg }

// SetConfig changes the settings for the next searches (a parameter changed between
// moves, for instance). Arenas are kept when Workers and TreeNodes allow it.
func (s *Searcher) SetConfig(cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	for len(s.trees) > cfg.Workers {
		s.trees = s.trees[:cfg.Workers]
	}
	for i, t := range s.trees {
		if len(t.nodes) != cfg.TreeNodes {
			s.trees[i] = nil // replaced below
		}
	}
	for len(s.trees) < cfg.Workers {
		s.trees = append(s.trees, nil)
	}
	for i := range s.trees {
		if s.trees[i] == nil {
			s.trees[i] = newTree(&cfg)
		} else {
			s.trees[i].configure(&cfg)
		}
	}
	if len(s.workers) != cfg.Workers {
		s.workers = make([]workerState, cfg.Workers)
		s.quotas = make([]int64, cfg.Workers)
	}
	s.cfg = cfg
	return nil
}

// Search runs one search with cfg on a new Searcher: see Searcher.Search.
func Search(ctx context.Context, pos board.Position, cfg Config, lim Limit, seed uint64) (Result, error) {
	if err := checkPosition(&pos); err != nil {
		return Result{}, err
	}
	if err := lim.Validate(); err != nil {
		return Result{}, err
	}
	s, err := NewSearcher(cfg)
	if err != nil {
		return Result{}, err
	}
	return s.Search(ctx, pos, lim, seed)
}

// Search searches pos within lim and returns the chosen move with the merged
// statistics; worker k draws its random stream from seed+k. It stops at the first of:
// the fixed number of playouts, the CPU budget, HardCeiling, a proof of the root, the
// early stop (when lim enables it), or the cancellation of ctx. With one worker,
// Playouts and no CPU, the result depends only on pos, the configuration, lim and seed.
// It returns an error when pos cannot be searched or lim is out of range.
func (s *Searcher) Search(ctx context.Context, pos board.Position, lim Limit, seed uint64) (Result, error) {
	if err := checkPosition(&pos); err != nil {
		return Result{}, err
	}
	if err := lim.Validate(); err != nil {
		return Result{}, err
	}
	startWall := time.Now()
	s.startCPU = cputime.Process()
	s.lim = lim
	s.stop.Store(false)
	s.reason.Store(0)
	s.budget, s.ceiling = lim.CPU, false
	if s.budget == 0 || s.budget > HardCeiling {
		s.budget, s.ceiling = HardCeiling, true
	}
	w := len(s.trees)
	for i := range s.quotas {
		s.quotas[i] = -1
		if lim.Playouts > 0 {
			s.quotas[i] = int64(lim.Playouts / w)
			if i < lim.Playouts%w {
				s.quotas[i]++
			}
		}
		s.workers[i].done.Store(0)
		for a := range s.workers[i].visits {
			s.workers[i].visits[a].Store(0)
		}
	}
	for i, t := range s.trees {
		t.reset(pos, seed+uint64(i))
	}
	if s.trees[0].nodes[0].numChildren() == 1 {
		s.halt(StopForced)
	} else if w == 1 {
		s.work(ctx, 0)
	} else {
		var g errgroup.Group
		for i := range s.trees {
			g.Go(func() error {
				s.work(ctx, i)
				return nil
			})
		}
		_ = g.Wait() // workers return no errors
	}
	res := s.merge()
	res.CPU = cputime.Process() - s.startCPU
	res.Wall = time.Since(startWall)
	res.Stop = StopPlayouts
	if r := s.reason.Load(); r > 0 {
		res.Stop = StopReason(r - 1)
	}
	return res, nil
}

// checkPosition returns an error if pos cannot be searched.
func checkPosition(pos *board.Position) error {
	switch {
	case pos.Over:
		return fmt.Errorf("mcts: the game is over")
	case pos.Last > board.MaxMoves || pos.Move < 1 || pos.Move > pos.Last:
		return fmt.Errorf("mcts: move %d of %d is out of range (at most %d moves)", pos.Move, pos.Last, board.MaxMoves)
	case pos.Turn > board.White:
		return fmt.Errorf("mcts: bad side to move %d", pos.Turn)
	case pos.Stones[board.Black]&pos.Stones[board.White] != 0 || (pos.Stones[board.Black]|pos.Stones[board.White])&^board.Full != 0:
		return fmt.Errorf("mcts: bad stones")
	}
	return nil
}

// halt stops every worker, recording reason if it is the first.
func (s *Searcher) halt(reason StopReason) {
	s.reason.CompareAndSwap(0, int32(reason)+1)
	s.stop.Store(true)
}

// work is worker i's loop: batches of checkEvery iterations, then publication of the
// root statistics and a look at the stop conditions.
func (s *Searcher) work(ctx context.Context, i int) {
	t := s.trees[i]
	quota := s.quotas[i]
	done := int64(0)
	for !s.stop.Load() {
		batch := int64(checkEvery)
		if quota >= 0 {
			batch = min(batch, quota-done)
		}
		for range batch {
			if t.nodes[0].proof != Unknown {
				break
			}
			t.iterate()
			done++
		}
		s.publish(i, t, done)
		if t.nodes[0].proof != Unknown {
			s.halt(StopProven)
			return
		}
		if quota >= 0 && done >= quota {
			return // this worker's share is done; the others finish theirs
		}
		s.check(ctx)
	}
}

// publish stores worker i's root visits (0 for moves proven to lose) and iteration
// count for the early stop.
func (s *Searcher) publish(i int, t *tree, done int64) {
	ws := &s.workers[i]
	root := &t.nodes[0]
	children := t.nodes[root.child : root.child+root.numChildren()]
	for k := range children {
		ch := &children[k]
		v := ch.visits
		if ch.proof == Loss {
			v = 0
		}
		ws.visits[ch.move].Store(v)
	}
	ws.done.Store(done)
}

// check looks at the CPU budget, the context and the early stop, and halts the search
// when one of them says so.
func (s *Searcher) check(ctx context.Context) {
	used := cputime.Process() - s.startCPU
	if used >= s.budget {
		if s.ceiling {
			s.halt(StopCeiling)
		} else {
			s.halt(StopBudget)
		}
		return
	}
	select {
	case <-ctx.Done():
		s.halt(StopCanceled)
		return
	default:
	}
	if s.lim.EarlyStop && s.settled(used) {
		s.halt(StopSettled)
	}
}

// settled reports whether the most visited root move (over all workers' published
// statistics) leads the second by more simulations than the search can still run:
// the rest of the fixed playouts, or the rest of the CPU budget at the speed so far.
func (s *Searcher) settled(used time.Duration) bool {
	var first, second uint32
	var done, left int64
	for a := range board.NumActions {
		var v uint32
		for i := range s.workers {
			v += s.workers[i].visits[a].Load()
		}
		switch {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	for i := range s.workers {
		d := s.workers[i].done.Load()
		done += d
		if s.quotas[i] >= 0 {
			left += max(0, s.quotas[i]-d)
		}
	}
	if s.lim.Playouts == 0 || !s.ceiling {
		// Iterations the rest of the CPU budget allows at the speed so far.
		if used <= 0 {
			return false
		}
		byTime := int64(float64(done) * float64(s.budget-used) / float64(used))
		if s.lim.Playouts == 0 || byTime < left {
			left = byTime
		}
	}
	return int64(first-second) > left
}

// rank orders MoveStats by the choice rule: proven wins, then unproven moves, then
// proven losses; within each, more visits first, then the higher win rate, then the
// lower action.
func rank(a, b *MoveStat) bool {
	class := func(p Proof) int {
		switch p {
		case Win:
			return 0
		case Unknown:
			return 1
		}
		return 2
	}
	if ca, cb := class(a.Proof), class(b.Proof); ca != cb {
		return ca < cb
	}
	if a.Visits != b.Visits {
		return a.Visits > b.Visits
	}
	if a.WinRate != b.WinRate {
		return a.WinRate > b.WinRate
	}
	return a.Move < b.Move
}

// moveSums sums one action's statistics over the workers' trees.
type moveSums struct {
	visits       int
	n, w, rn, rw float64
	proof        Proof
}

// add counts the node ch of one worker's tree; a proof, being exact, holds whichever
// tree found it, a win over a loss.
func (a *moveSums) add(ch *node) {
	a.visits += int(ch.visits)
	a.n += float64(ch.n)
	a.w += float64(ch.w)
	a.rn += float64(ch.rn)
	a.rw += float64(ch.rw)
	switch ch.proof {
	case Win:
		a.proof = Win
	case Loss:
		if a.proof == Unknown {
			a.proof = Loss
		}
	}
}

// stat returns action m's statistics from its sums.
func (a *moveSums) stat(m board.Point) MoveStat {
	st := MoveStat{Move: m, Visits: a.visits, RaveVisits: int(a.rn), Proof: a.proof}
	if a.n > 0 {
		st.WinRate = a.w / a.n
	}
	if a.rn > 0 {
		st.RaveWinRate = a.rw / a.rn
	}
	return st
}

// merge sums the root statistics of every worker and applies the choice rule.
func (s *Searcher) merge() Result {
	var acc [board.NumActions]moveSums
	var res Result
	root0 := &s.trees[0].nodes[0]
	for _, t := range s.trees {
		root := &t.nodes[0]
		children := t.nodes[root.child : root.child+root.numChildren()]
		for k := range children {
			acc[children[k].move].add(&children[k])
		}
		res.Nodes += int(t.used)
		res.Iterations += int(root.visits)
	}
	res.Moves = make([]MoveStat, 0, root0.numChildren())
	for b := root0.moves | 1<<board.Pass; b != 0; b &= b - 1 {
		m := b.First()
		res.Moves = append(res.Moves, acc[m].stat(m))
	}
	SortMoves(res.Moves)
	best := res.Moves[0]
	res.Move, res.WinRate = best.Move, best.WinRate
	switch {
	case best.Proof == Win:
		res.Proof = Win
	case best.Proof == Loss:
		res.Proof = Loss // the best is a loss only if every move is
	}
	res.PV = s.principalVariation(best.Move)
	return res
}

// principalVariation follows, in the tree that visited first most, the child chosen
// by the choice rule at each level, from the root move first.
func (s *Searcher) principalVariation(first board.Point) []board.Point {
	var t *tree
	most := uint32(0)
	for _, u := range s.trees {
		root := &u.nodes[0]
		if v := u.nodes[root.childOf(first)].visits; t == nil || v > most {
			t, most = u, v
		}
	}
	pv := []board.Point{first}
	idx := t.nodes[0].childOf(first)
	for len(pv) < maxDepth {
		nd := &t.nodes[idx]
		if nd.child == 0 {
			break
		}
		children := t.nodes[nd.child : nd.child+nd.numChildren()]
		best := -1
		for k := range children {
			if best < 0 || betterChild(&children[k], &children[best]) {
				best = k
			}
		}
		if children[best].visits == 0 && children[best].proof != Win {
			break
		}
		idx = nd.child + int32(best)
		pv = append(pv, children[best].move)
	}
	return pv
}

// betterChild applies the choice rule to two children of the same node.
func betterChild(a, b *node) bool {
	sa := MoveStat{Move: a.move, Visits: int(a.visits), Proof: a.proof}
	sb := MoveStat{Move: b.move, Visits: int(b.visits), Proof: b.proof}
	if a.n > 0 {
		sa.WinRate = float64(a.w / a.n)
	}
	if b.n > 0 {
		sb.WinRate = float64(b.w / b.n)
	}
	return rank(&sa, &sb)
}
