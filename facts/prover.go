// prover.go: the exact solver behind the facts, within limits, and the cache that serves what it proved to every front end.

package facts

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"littlego/board"
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
	// shapes marks the shapes (shapeOf) of the positions facts holds, hashed to a bit
	// each, so that asking of a position of another shape, the most of what the
	// neighbours' facts ask, costs no canonical key. A bit is set before its fact is
	// stored and cleared only with them all.
	shapes [1 << shapeBits / 64]atomic.Uint64
	// archive keeps what the cache's Provers prove beyond the process (archive.go).
	archive archived
}

// shapeBits is the size of the filter of shapes: 2^18 bits, 32 kB.
const shapeBits = 18

// orbits numbers each point's class under the eight symmetries (the corners, the
// points beside them on the edge, ... the centre: six classes), so that the stones a
// position has in each class are the same in all its images.
var orbits = func() (o [board.NumPoints]uint8) {
	seen := map[board.Point]uint8{}
	for p := board.Point(0); p < board.NumPoints; p++ {
		if _, ok := seen[p]; ok {
			continue
		}
		n := uint8(len(seen) + 1) // any distinct number: the classes are compared, never counted
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			seen[s.Point(p)] = n
		}
	}
	for p, n := range seen {
		o[p] = n
	}
	return o
}()

// shapeOf returns a hash, below 1<<shapeBits, of what the eight images of pos share: its
// move number, whether a pass would end the game, and its stones of each colour in
// each class of points.
func shapeOf(pos *board.Position) uint32 {
	h := uint64(pos.Move)<<1 | uint64(b2u(pos.Passed))
	for c := board.Black; c <= board.White; c++ {
		for st := pos.Stones[c]; st != 0; st &= st - 1 {
			h += uint64(1) << (8 + 4*uint(orbits[st.First()]) + 28*uint(c))
		}
	}
	return uint32((h * 0x9e3779b97f4a7c15) >> (64 - shapeBits))
}

// b2u is 1 for true.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// mayHold reports whether the cache may hold a fact of a position of shape s.
func (c *Cache) mayHold(s uint32) bool { return c.shapes[s/64].Load()&(1<<(s%64)) != 0 }

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{facts: map[uint64]Fact{}} }

// shared is the process's cache, for Provers made without one.
var shared = NewCache()

// Shared returns the process-wide cache: every Prover made with a nil cache uses it.
func Shared() *Cache { return shared }

// get returns the cached fact of pos, in pos's orientation, and whether there is one.
func (c *Cache) get(pos board.Position) (Fact, bool) {
	if !c.mayHold(shapeOf(&pos)) {
		return Fact{}, false
	}
	key, sym := pos.CanonicalKey()
	c.mu.Lock()
	f, ok := c.facts[key]
	c.mu.Unlock()
	if !ok {
		return Fact{}, false
	}
	return f.Mapped(sym.Inverse()), true
}

// put merges f, a fact of pos, into the cache.
func (c *Cache) put(pos board.Position, f Fact) {
	if f.Value == Unknown && f.Low <= MinMargin && f.High >= MaxMargin {
		return
	}
	key, sym := pos.CanonicalKey()
	f = f.lineFree().Mapped(sym) // a fact of the position, whatever line reached it
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.facts[key]; ok {
		f = old.Merge(f)
	} else if len(c.facts) >= maxCachedFacts {
		clear(c.facts)
		for k := range c.shapes {
			c.shapes[k].Store(0)
		}
	}
	s := shapeOf(&pos)
	c.shapes[s/64].Or(1 << (s % 64))
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
// solver.MoveTableBits, keeping its proofs in cache (nil: the process's Shared cache).
func NewProver(cache *Cache) *Prover {
	if cache == nil {
		cache = shared
	}
	return &Prover{cache: cache, solver: solver.New(solver.MoveTableBits)}
}

// SetWorkers makes the solver search with n threads (n < 1 means 1); Limits.CPU counts
// all of them. More workers change the speed, never the answers.
func (p *Prover) SetWorkers(n int) { p.solver.SetWorkers(n) }

// Cache returns the prover's cache.
func (p *Prover) Cache() *Cache { return p.cache }

// Known returns what is proved of pos without search: Known's sources and what any
// Prover sharing the cache has proved (Cache.Known).
func (p *Prover) Known(pos board.Position) Fact { return p.cache.Known(pos) }

// Known returns what is proved of pos without search: the package's Known sources and
// what the cache holds, of pos and of the positions one action before and after it
// (their implications named as such, as Known names them).
func (c *Cache) Known(pos board.Position) Fact {
	return withNeighbours(pos, c.with(pos, direct(pos)), c.lookup)
}

// Learn keeps f, a fact of pos proved by any means, for every reader of the cache.
func (c *Cache) Learn(pos board.Position, f Fact) {
	c.put(pos, f)
	c.keep(pos, f, 0)
}

// lookup is the package's lookup and the cache, for the facts of pos's neighbours.
func (c *Cache) lookup(pos board.Position, book bool) Fact { return c.with(pos, lookup(pos, book)) }

// with merges what the cache holds of pos into f, what the sources prove of it.
func (c *Cache) with(pos board.Position, f Fact) Fact {
	if settled(f) {
		return f
	}
	if g, ok := c.get(pos); ok {
		f = f.Merge(g)
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
	f = p.solve(ctx, pos, lim, f, func(l solver.Limits) (Fact, bool) {
		r := p.solver.Solve(pos, l)
		if !r.Known {
			return Fact{}, false
		}
		g := Unproved(pos.Turn)
		g.setValue(r.Win == (pos.Turn == board.Black), Solver)
		if r.Win && r.Best != board.NoPoint {
			g.addWinning([]board.Point{r.Best}, false)
		}
		return g, true
	})
	if f.Value == Unknown {
		p.inVain(ctx, pos, lim, Tried{Value: lim.CPU})
	}
	return f
}

// solve runs attempt within lim (run) until it proves a fact of pos, which it learns
// beside f with the CPU time the attempts took, and returns f, so learned or as it was.
func (p *Prover) solve(ctx context.Context, pos board.Position, lim Limits, f Fact, attempt func(solver.Limits) (Fact, bool)) Fact {
	start := cputime.Process()
	run(ctx, lim, func(l solver.Limits) bool {
		g, known := attempt(l)
		if known {
			f = p.learn(pos, f, g, cputime.Process()-start)
		}
		return known
	})
	return f
}

// inVain records an attempt within lim's CPU limit that proved nothing, unless ctx ended
// it before the limit did (Cache.Tried: a caller that proves each position once, as the
// review does, need not try again what an earlier run tried in vain; a caller that
// proves by turns over one table, as the live analysis does, retries within a process).
func (p *Prover) inVain(ctx context.Context, pos board.Position, lim Limits, t Tried) {
	if ctx.Err() == nil && lim.CPU > 0 && lim.Nodes == 0 {
		p.cache.triedInVain(pos, t)
	}
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
	f = p.solve(ctx, pos, lim, f, func(l solver.Limits) (Fact, bool) {
		r := p.solver.Margin(pos, l)
		if !r.Known {
			return Fact{}, false
		}
		g := Unproved(pos.Turn)
		g.setMargin(r.Margin, Solver)
		if r.Best != board.NoPoint {
			g.addKeeping([]board.Point{r.Best})
		}
		return g, true
	})
	if _, ok := f.Margin(); !ok {
		p.inVain(ctx, pos, lim, Tried{Margin: lim.CPU})
	}
	return f
}

// Winning proves which actions of pos win for the side to move, all of them, within
// lim, unless they are known, and returns what is then proved (the value with them).
// Actions proved before a limit stopped the solver are kept, the list incomplete, and the
// attempt is recorded as tried in vain (Cache.Tried).
func (p *Prover) Winning(ctx context.Context, pos board.Position, lim Limits) Fact {
	f := p.Known(pos)
	if f.Complete || pos.Last != board.MaxMoves {
		return f
	}
	start := cputime.Process()
	run(ctx, lim, func(l solver.Limits) bool {
		winning, _, known := p.solver.WinningMoves(pos, l)
		g := Unproved(pos.Turn)
		if known || len(winning) > 0 {
			g.setValue((len(winning) > 0) == (pos.Turn == board.Black), Solver)
		}
		g.addWinning(winning, known)
		f = p.learn(pos, f, g, cputime.Process()-start)
		return known
	})
	if !f.Complete {
		p.inVain(ctx, pos, lim, Tried{Winning: lim.CPU})
	}
	return f
}

// Learn keeps f, a fact proved of pos by other means (a position's moves: FromMoves;
// the search's own proof), in the cache for every Prover that shares it.
func (p *Prover) Learn(pos board.Position, f Fact) {
	p.cache.put(pos, f)
	p.cache.keep(pos, f, 0)
}

// learn merges g, which the solver proved of pos at the cost of cpu, into f and the cache.
func (p *Prover) learn(pos board.Position, f, g Fact, cpu time.Duration) Fact {
	p.cache.put(pos, g)
	p.cache.keep(pos, g, cpu)
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
