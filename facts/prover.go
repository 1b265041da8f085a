// prover.go: the exact solver behind the facts, within limits, and the cache that serves what it proved to every front end.

package facts

import (
	"context"
	"slices"
	"sync"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/lib/cputime"
	"littlego/solver"
)

// Limits bound the solver's work on one question. Zero fields mean no limit (then only
// the context stops it). When a limit is hit the answer is what was proved so far,
// never a guess.
type Limits struct {
	// CPU is the process CPU time (all threads) the question may use.
	CPU time.Duration
	// Nodes is the number of positions one solver call may visit.
	Nodes int64
}

// slice is the most CPU the solver gets in one call, so that a cancelled context is
// noticed within about this much CPU. A question that needs more goes on in further
// calls over the same transposition table, which keeps what each proved.
const slice = 200 * time.Millisecond

// maxCachedFacts bounds a Cache (about 100 bytes a fact); when it is full it starts
// again empty.
const maxCachedFacts = 1 << 17

// Cache holds what Provers proved, by the canonical Zobrist key of the position
// (board.Position.CanonicalKey: symmetric positions share an entry), so that a fact
// proved once is served the same to every Prover that shares the cache. It is safe for
// concurrent use.
type Cache struct {
	mu    sync.Mutex
	facts map[uint64]Fact // in the canonical orientation
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{facts: map[uint64]Fact{}} }

// shared is the process's cache, for Provers made without one.
var shared = NewCache()

// Shared returns the process-wide cache: every Prover made with a nil cache uses it.
func Shared() *Cache { return shared }

// get returns the cached fact of pos, in pos's orientation, and whether there is one.
func (c *Cache) get(pos board.Position) (Fact, bool) {
	key, sym := pos.CanonicalKey()
	c.mu.Lock()
	f, ok := c.facts[key]
	c.mu.Unlock()
	if !ok {
		return Fact{}, false
	}
	f.Winning = mapPoints(f.Winning, sym.Inverse())
	return f, true
}

// put merges f, a fact of pos, into the cache.
func (c *Cache) put(pos board.Position, f Fact) {
	if f.Value == Unknown && f.Low <= MinMargin && f.High >= MaxMargin {
		return
	}
	key, sym := pos.CanonicalKey()
	f.Winning = mapPoints(f.Winning, sym)
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.facts[key]; ok {
		f = old.Merge(f)
	} else if len(c.facts) >= maxCachedFacts {
		clear(c.facts)
	}
	c.facts[key] = f
}

// Len returns the number of positions the cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.facts)
}

// mapPoints returns ps under the symmetry s, sorted (Pass last).
func mapPoints(ps []board.Point, s board.Symmetry) []board.Point {
	if len(ps) == 0 {
		return nil
	}
	out := make([]board.Point, len(ps))
	for k, p := range ps {
		out[k] = p
		if p != board.Pass {
			out[k] = s.Point(p)
		}
	}
	slices.Sort(out)
	return out
}

// Prover answers what is proved of positions with the exact solver, within limits, on
// top of Known and its cache. It is not safe for concurrent use (one solver); give each
// goroutine its own Prover over one shared Cache.
type Prover struct {
	cache  *Cache
	solver *solver.Solver
}

// NewProver returns a prover with one solver worker and a transposition table of
// engine.SolverTableBits, keeping its proofs in cache (nil: the process's Shared cache).
func NewProver(cache *Cache) *Prover {
	if cache == nil {
		cache = shared
	}
	return &Prover{cache: cache, solver: solver.New(engine.SolverTableBits)}
}

// SetWorkers makes the solver search with n threads (n < 1 means 1); Limits.CPU counts
// all of them. More workers change the speed, never the answers.
func (p *Prover) SetWorkers(n int) { p.solver.SetWorkers(n) }

// Cache returns the prover's cache.
func (p *Prover) Cache() *Cache { return p.cache }

// Known returns what is proved of pos without search: Known's sources, and what any
// Prover sharing the cache has proved.
func (p *Prover) Known(pos board.Position) Fact {
	f := Known(pos)
	if f.Value != Unknown && f.Low == f.High && f.Complete {
		return f
	}
	if c, ok := p.cache.get(pos); ok {
		f = f.Merge(c)
	}
	return f
}

// Value proves pos's value (won or lost for the side to move) within lim, unless it is
// known, and returns what is then proved.
func (p *Prover) Value(ctx context.Context, pos board.Position, lim Limits) Fact {
	f := p.Known(pos)
	if f.Value != Unknown || pos.Last != board.MaxMoves {
		return f
	}
	run(ctx, lim, func(l solver.Limits) bool {
		r := p.solver.Solve(pos, l)
		if r.Known {
			g := Unproved(pos.Turn)
			g.setValue(r.Win == (pos.Turn == board.Black), Solver)
			if r.Win && r.Best != board.NoPoint {
				g.addWinning([]board.Point{r.Best}, false)
			}
			f = p.learn(pos, f, g)
		}
		return r.Known
	})
	return f
}

// Prove proves pos's value and then its exact margin, within lim for both together
// (the value first: it is the cheaper, and a front end that can show only one shows it),
// and returns what is then proved.
func (p *Prover) Prove(ctx context.Context, pos board.Position, lim Limits) Fact {
	start := cputime.Process()
	f := p.Value(ctx, pos, lim)
	if lim.CPU > 0 {
		lim.CPU -= cputime.Process() - start
		if lim.CPU <= 0 {
			return f
		}
	}
	return f.Merge(p.Margin(ctx, pos, lim))
}

// Margin proves pos's exact final margin within lim, unless it is known, and returns
// what is then proved (the value with it).
func (p *Prover) Margin(ctx context.Context, pos board.Position, lim Limits) Fact {
	f := p.Known(pos)
	if _, ok := f.Margin(); ok || pos.Last != board.MaxMoves {
		return f
	}
	run(ctx, lim, func(l solver.Limits) bool {
		r := p.solver.Margin(pos, l)
		if r.Known {
			g := Unproved(pos.Turn)
			g.setMargin(r.Margin, Solver)
			f = p.learn(pos, f, g)
		}
		return r.Known
	})
	return f
}

// Winning proves which actions of pos win for the side to move, all of them, within
// lim, unless they are known, and returns what is then proved (the value with them).
// Actions proved before a limit stopped the solver are kept, the list incomplete.
func (p *Prover) Winning(ctx context.Context, pos board.Position, lim Limits) Fact {
	f := p.Known(pos)
	if f.Complete || pos.Last != board.MaxMoves {
		return f
	}
	run(ctx, lim, func(l solver.Limits) bool {
		winning, _, known := p.solver.WinningMoves(pos, l)
		g := Unproved(pos.Turn)
		if known || len(winning) > 0 {
			g.setValue((len(winning) > 0) == (pos.Turn == board.Black), Solver)
		}
		g.addWinning(winning, known)
		f = p.learn(pos, f, g)
		return known
	})
	return f
}

// Learn keeps f, a fact proved of pos by other means (a position's moves: FromMoves;
// the search's own proof), in the cache for every Prover that shares it.
func (p *Prover) Learn(pos board.Position, f Fact) { p.cache.put(pos, f) }

// learn merges g, which the solver proved of pos, into f and the cache.
func (p *Prover) learn(pos board.Position, f, g Fact) Fact {
	p.cache.put(pos, g)
	return f.Merge(g)
}

// run calls call until it reports that it proved what it was asked, lim is spent or ctx
// ends. Each call gets at most slice of CPU, unless ctx cannot end or lim has a node
// limit: then there is one call, with lim itself.
func run(ctx context.Context, lim Limits, call func(solver.Limits) bool) {
	if ctx.Done() == nil || lim.Nodes > 0 {
		if ctx.Err() == nil {
			call(solver.Limits{CPU: lim.CPU, Nodes: lim.Nodes})
		}
		return
	}
	start := cputime.Process()
	for ctx.Err() == nil {
		l := solver.Limits{CPU: slice}
		if lim.CPU > 0 {
			left := lim.CPU - (cputime.Process() - start)
			if left <= 0 {
				return
			}
			l.CPU = min(slice, left)
		}
		if call(l) {
			return
		}
	}
}
