// ledger.go: every distinct position of a review, up to symmetry, with what is known of it, and the workers that prove it.

package review

import (
	"context"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/internal/cputime"
	"littlego/review/known"
	"littlego/solver"
)

// entry is what the review knows of one position, in its canonical orientation.
type entry struct {
	value    Value // for Black
	proof    Proof
	margin   int           // the exact final margin black - white, when marginOK
	marginOK bool          // margin is proved
	winning  []board.Point // winning actions of the side to move, as far as known
	complete bool          // winning holds every winning action
	queued   bool          // an alternatives job is queued or done

	best         []board.Point // actions of the side to move that keep margin
	bestComplete bool          // best holds every such action
	bestQueued   bool          // a best-moves job is queued or done

	engineMove   board.Point
	engineMethod string
	engineRate   float64
}

// jobKind says what a job asks of a worker.
type jobKind uint8

const (
	jobValue        jobKind = 1 << iota // prove the value with the solver
	jobMargin                           // prove the exact margin (and so the value)
	jobEngine                           // ask the engine for its move
	jobAlternatives                     // list the winning actions
	jobBest                             // list the actions that keep the exact margin
)

// job is one unit of work on a position in canonical orientation.
type job struct {
	kind jobKind
	pos  board.Position
	e    *entry
}

// ledger holds the entries of a review, the jobs still to do and the workers.
type ledger struct {
	o       Options
	entries map[uint64]*entry
	queue   []job
	workers []*worker
	done    int
	total   int
}

func newLedger(o Options) *ledger {
	return &ledger{o: o, entries: map[uint64]*entry{}}
}

// lookup returns the entry of pos (nil if none) and the symmetry from pos to the entry's
// orientation.
func (l *ledger) lookup(pos board.Position) (*entry, board.Symmetry) {
	key, sym := pos.CanonicalKey()
	return l.entries[key], sym
}

// want makes sure pos has an entry, queueing the work its value and engine move need.
func (l *ledger) want(pos board.Position) {
	key, sym := pos.CanonicalKey()
	if l.entries[key] != nil {
		return
	}
	c := sym.Apply(pos)
	e := &entry{engineMove: board.NoPoint}
	e.value, e.proof, e.winning, e.complete = knownValue(c)
	e.margin, e.marginOK = known.Margin(c)
	l.entries[key] = e
	var kind jobKind
	if e.value == Unknown {
		kind |= jobValue
	}
	if !e.marginOK && l.o.MarginLimit > 0 {
		kind |= jobMargin
	}
	if !c.Over && l.o.EnginePlayouts > 0 {
		kind |= jobEngine
	}
	if kind != 0 {
		l.queue = append(l.queue, job{kind: kind, pos: c, e: e})
	}
}

// wantAlternatives queues the listing of pos's winning actions unless they are known.
func (l *ledger) wantAlternatives(pos board.Position) {
	e, _ := l.lookup(pos)
	if e == nil || e.complete || e.queued || pos.Over {
		return
	}
	e.queued = true
	_, sym := pos.CanonicalKey()
	l.queue = append(l.queue, job{kind: jobAlternatives, pos: sym.Apply(pos), e: e})
}

// wantBest queues the listing of the actions that keep pos's proved margin.
func (l *ledger) wantBest(pos board.Position) {
	e, _ := l.lookup(pos)
	if e == nil || !e.marginOK || e.bestQueued || pos.Over {
		return
	}
	e.bestQueued = true
	_, sym := pos.CanonicalKey()
	l.queue = append(l.queue, job{kind: jobBest, pos: sym.Apply(pos), e: e})
}

// run does the queued jobs, o.Jobs at a time, latest positions first (they are quick,
// and their proofs stay in the solver's table for the earlier ones).
func (l *ledger) run(ctx context.Context) error {
	queue := l.queue
	l.queue = nil
	if len(queue) == 0 {
		return ctx.Err()
	}
	sort.SliceStable(queue, func(i, j int) bool { return queue[i].pos.Move > queue[j].pos.Move })
	l.total += len(queue)
	active := min(l.o.Jobs, len(queue))
	for len(l.workers) < active {
		w, err := newWorker(l.o)
		if err != nil {
			return err
		}
		l.workers = append(l.workers, w)
	}
	// The solver counts the process's CPU time, which active busy workers spend active
	// times as fast as one: each gets Limit of its own.
	for _, w := range l.workers {
		w.limit = solver.Limits{CPU: l.o.Limit * time.Duration(active)}
		w.marginLimit = solver.Limits{CPU: l.o.MarginLimit * time.Duration(active)}
	}
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, w := range l.workers[:active] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				k := int(next.Add(1)) - 1
				if k >= len(queue) {
					return
				}
				w.do(&queue[k])
				mu.Lock()
				l.done++
				if l.o.Progress != nil {
					l.o.Progress(l.done, l.total)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// worker owns a solver and an engine: neither is safe for concurrent use.
type worker struct {
	solver      *solver.Solver
	engine      *engine.Engine
	limit       solver.Limits
	marginLimit solver.Limits
}

func newWorker(o Options) (*worker, error) {
	w := &worker{solver: solver.New(engine.SolverTableBits)}
	if o.EnginePlayouts > 0 {
		opts := engine.Defaults()
		opts.Playouts, opts.Workers, opts.Solve = o.EnginePlayouts, 1, false
		var err error
		if w.engine, err = engine.New(opts); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// do does one job; each job writes only its own entry.
func (w *worker) do(j *job) {
	e := j.e
	if j.kind&jobMargin != 0 {
		w.proveMargin(j.pos, e)
	}
	if j.kind&jobValue != 0 && e.value == Unknown {
		r := w.solver.Solve(j.pos, w.limit)
		if r.Known {
			e.value, e.proof = winValue(r.Win).For(j.pos.Turn), ProofSolver
			if r.Win {
				e.winning = []board.Point{r.Best}
			}
		}
	}
	if j.kind&jobEngine != 0 {
		mv, rep := w.engine.GenMove(j.pos)
		e.engineMove, e.engineMethod = mv, rep.Method.String()
		switch {
		case rep.Search != nil:
			e.engineRate = rep.Search.WinRate
		case rep.Method == engine.MethodBook || rep.Method == engine.MethodTable || rep.Method == engine.MethodSolver || rep.Method == engine.MethodRule:
			e.engineRate = 1
		}
	}
	if j.kind&jobAlternatives != 0 {
		win, _, known := w.solver.WinningMoves(j.pos, w.limit)
		for _, a := range win {
			if !slices.Contains(e.winning, a) {
				e.winning = append(e.winning, a)
			}
		}
		slices.Sort(e.winning)
		e.complete = known
	}
	if j.kind&jobBest != 0 {
		e.best, e.bestComplete = w.bestMoves(j.pos, e.margin)
	}
}

// bestMoves returns the actions of the side to move in pos, whose exact margin is m,
// that keep m, in point order, and whether they are all of them. A child's margin comes
// from what is known without search, else from one null-window test of the solver
// (Reaches), all of them within the margin limit (the value limit when it is 0).
func (w *worker) bestMoves(pos board.Position, m int) (best []board.Point, complete bool) {
	budget := w.marginLimit.CPU
	if budget == 0 {
		budget = w.limit.CPU
	}
	start := cputime.Process()
	for _, a := range actions(pos) {
		child := pos
		child.Act(a)
		if cm, ok := known.Margin(child); ok {
			if cm == m {
				best = append(best, a)
			}
			continue
		}
		left := budget - (cputime.Process() - start)
		if left <= 0 {
			return best, false
		}
		// Black keeps m when the child still reaches it; White when it does not reach m+1.
		t := m
		if pos.Turn == board.White {
			t = m + 1
		}
		reaches, ok := w.solver.Reaches(child, t, solver.Limits{CPU: left})
		if !ok {
			return best, false
		}
		if reaches == (pos.Turn == board.Black) {
			best = append(best, a)
		}
	}
	return best, true
}

// actions returns the legal actions of the side to move in pos, points in order then
// board.Pass.
func actions(pos board.Position) []board.Point {
	legal := pos.Legal()
	out := make([]board.Point, 0, legal.Count()+1)
	for a := board.Point(0); a < board.NumPoints; a++ {
		if legal.Has(a) {
			out = append(out, a)
		}
	}
	return append(out, board.Pass)
}

// proveMargin proves the exact margin of pos within the margin limit and, with it, the
// value and a winning action of the side to move; the win/loss proof is the fallback.
func (w *worker) proveMargin(pos board.Position, e *entry) {
	r := w.solver.Margin(pos, w.marginLimit)
	if !r.Known {
		return
	}
	e.margin, e.marginOK = r.Margin, true
	if e.value != Unknown {
		return
	}
	black := r.Margin >= board.BlackMargin
	e.value, e.proof = winValue(black), ProofSolver
	if black == (pos.Turn == board.Black) && r.Best != board.NoPoint {
		e.winning = []board.Point{r.Best}
	}
}

// winValue returns Win for true and Loss for false.
func winValue(win bool) Value {
	if win {
		return Win
	}
	return Loss
}
