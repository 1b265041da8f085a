// ledger.go: every distinct position of a review, up to symmetry, with what is proved of it (package facts), and the workers that prove more.

package review

import (
	"context"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/facts"
)

// entry is what the review knows of one position, in its canonical orientation.
type entry struct {
	fact   facts.Fact // what is proved: value, margin, winning actions and their source
	queued bool       // an alternatives job is queued or done

	best         []board.Point // actions of the side to move that keep margin
	bestComplete bool          // best holds every such action
	bestQueued   bool          // a best-moves job is queued or done

	engineMove   board.Point
	engineMethod string
	engineValue  facts.Value // what the engine's move proves (engine.Report.Proved)
	engineRate   float64
	// engineEstimate: the move and its rate are the search's (or a fallback's), proved
	// by nothing.
	engineEstimate bool
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
	// limit, when set, is the value proof's limit as on one core, in place of
	// Options.Limit; cost, when set, receives the job's CPU (deepen.go).
	limit time.Duration
	cost  *time.Duration
}

// ledger holds the entries of a review, the jobs still to do and the workers.
type ledger struct {
	o       Options
	cache   *facts.Cache // the workers' provers share it
	entries map[uint64]*entry
	queue   []job
	workers []*worker
	done    int
	total   int
}

func newLedger(o Options) *ledger {
	cache := o.Cache
	if cache == nil {
		cache = facts.NewCache()
	}
	return &ledger{o: o, cache: cache, entries: map[uint64]*entry{}}
}

// blackValue returns the value for Black of e's position.
func (e *entry) blackValue() facts.Value { return e.fact.BlackValue() }

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
	e := &entry{engineMove: board.NoPoint, fact: facts.Known(c)}
	l.entries[key] = e
	var kind jobKind
	tried := l.cache.Tried(c) // an attempt an earlier run made in vain is not made again
	if !e.fact.Proved() && tried.Value < l.o.Limit {
		kind |= jobValue
	}
	if _, ok := e.fact.Margin(); !ok && l.o.MarginLimit > 0 && tried.Margin < l.o.MarginLimit {
		kind |= jobMargin
	}
	if !c.Over && l.o.EnginePlayouts > 0 {
		kind |= jobEngine
	}
	if kind != 0 {
		l.queue = append(l.queue, job{kind: kind, pos: c, e: e})
	}
}

// wantAlternatives queues the listing of pos's winning actions unless they are known or
// were listed in vain within as much before.
func (l *ledger) wantAlternatives(pos board.Position) {
	e, _ := l.lookup(pos)
	if e == nil || e.fact.Complete || e.queued || pos.Over {
		return
	}
	_, sym := pos.CanonicalKey()
	if l.cache.Tried(sym.Apply(pos)).Winning >= l.o.Limit && l.o.Limit > 0 {
		return // listed in vain within as much before: the list known so far stands
	}
	e.queued = true
	l.queue = append(l.queue, job{kind: jobAlternatives, pos: sym.Apply(pos), e: e})
}

// wantBest queues the listing of the actions that keep pos's proved margin.
func (l *ledger) wantBest(pos board.Position) {
	e, _ := l.lookup(pos)
	if e == nil || e.bestQueued || pos.Over {
		return
	}
	if _, ok := e.fact.Margin(); !ok {
		return
	}
	e.bestQueued = true
	_, sym := pos.CanonicalKey()
	l.queue = append(l.queue, job{kind: jobBest, pos: sym.Apply(pos), e: e})
}

// run does the queued jobs (runJobs).
func (l *ledger) run(ctx context.Context) error {
	queue := l.queue
	l.queue = nil
	return l.runJobs(ctx, queue)
}

// runJobs does the jobs of queue, o.Jobs at a time, latest positions first (they are
// quick, and their proofs stay in the solver's table for the earlier ones).
func (l *ledger) runJobs(ctx context.Context, queue []job) error {
	if len(queue) == 0 {
		return ctx.Err()
	}
	sort.SliceStable(queue, func(i, j int) bool { return queue[i].pos.Move > queue[j].pos.Move })
	l.total += len(queue)
	active := min(l.o.Jobs, len(queue))
	for len(l.workers) < active {
		w, err := newWorker(l.o, l.cache)
		if err != nil {
			return err
		}
		l.workers = append(l.workers, w)
	}
	// The solver counts the process's CPU time, which active busy workers spend active
	// times as fast as one: each gets Limit of its own.
	for _, w := range l.workers {
		w.active = active
		w.limit = facts.Limits{CPU: l.o.Limit * time.Duration(active)}
		w.marginLimit = facts.Limits{CPU: l.o.MarginLimit * time.Duration(active)}
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
				cost := timed(active, func() { w.do(ctx, &queue[k]) })
				if queue[k].cost != nil {
					*queue[k].cost = cost
				}
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

// worker owns a prover and an engine: neither is safe for concurrent use.
type worker struct {
	prover      *facts.Prover
	engine      *engine.Engine
	limit       facts.Limits
	marginLimit facts.Limits
	active      int // the workers busy at once, whose CPU the process's clock adds up
}

func newWorker(o Options, cache *facts.Cache) (*worker, error) {
	w := &worker{prover: facts.NewProver(cache)}
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
func (w *worker) do(ctx context.Context, j *job) {
	e := j.e
	if j.kind&jobMargin != 0 {
		e.fact = e.fact.Merge(w.prover.Margin(ctx, j.pos, w.marginLimit))
	}
	if j.kind&jobValue != 0 && !e.fact.Proved() {
		lim := w.limit
		if j.limit > 0 {
			lim = facts.Limits{CPU: j.limit * time.Duration(w.active)}
		}
		e.fact = e.fact.Merge(w.prover.Value(ctx, j.pos, lim))
	}
	if j.kind&jobEngine != 0 {
		mv, rep := w.engine.GenMove(j.pos)
		e.engineMove, e.engineMethod, e.engineValue = mv, rep.Method.String(), rep.Proved.Value
		e.engineEstimate = !rep.Proved.Proved() && rep.Method != engine.MethodForced
		if rep.Proved.Proved() && mv != board.NoPoint {
			// What the engine's move proves: a fact of the position, as the review shows it.
			e.fact = e.fact.Merge(rep.Proved)
		}
		switch {
		case rep.Search != nil:
			e.engineRate = rep.Search.WinRate
		case rep.Proved.Value == facts.Win:
			e.engineRate = 1
		}
	}
	if j.kind&jobAlternatives != 0 {
		e.fact = e.fact.Merge(w.prover.Winning(ctx, j.pos, w.limit))
	}
	if j.kind&jobBest != 0 {
		m, _ := e.fact.Margin()
		e.best, e.bestComplete = w.bestMoves(ctx, j.pos, m)
	}
}

// imply merges into the entry of every position of the lines what the facts of the
// positions next to it on the line imply (facts.Along, over what the review's cache knows
// of each: the workers' proofs and the entries), forward along each line, so that a
// proved position reaches the one after it, then back, so that a position after reaches
// the one before; and keeps what it found in the cache, for the next line and the
// front ends that share it.
func (l *ledger) imply(lines []replay, games []game) {
	for k := range lines {
		ps := lines[k].positions
		known := make([]facts.Fact, len(ps))
		for i, pos := range ps {
			e, sym := l.lookup(pos)
			l.cache.Learn(sym.Apply(pos), e.fact)
			known[i] = l.cache.Known(pos)
		}
		facts.Along(ps, games[k].Actions, known)
		for i, pos := range ps {
			e, sym := l.lookup(pos)
			l.cache.Learn(pos, known[i])
			e.fact = e.fact.Merge(l.cache.Known(sym.Apply(pos)))
		}
	}
}

// bestMoves returns the actions of the side to move in pos, whose exact margin is m,
// that keep m, in point order, and whether they are all of them: those whose position
// after has the margin m, each margin proved by the prover (what is known first, else
// the solver) within the margin limit, as any position of the review (the value limit
// when it is 0).
func (w *worker) bestMoves(ctx context.Context, pos board.Position, m int) (best []board.Point, complete bool) {
	lim := w.marginLimit
	if lim.CPU == 0 {
		lim = w.limit
	}
	for _, a := range facts.Actions(pos) {
		child := pos
		child.Act(a)
		if w.prover.Cache().Tried(child).Margin >= lim.CPU && lim.CPU > 0 {
			return best, false // tried in vain before, within as much
		}
		cm, ok := w.prover.Margin(ctx, child, lim).Margin()
		if !ok {
			return best, false
		}
		if cm == m {
			best = append(best, a)
		}
	}
	return best, true
}
