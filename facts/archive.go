// archive.go: facts proved in earlier runs, read back into a Cache, and what the Cache's
// Provers prove handed on to be kept (package proofstore keeps them in a file).

package facts

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"littlego/board"
)

// Before is the source of a fact read back from an archive, "earlier proof": proved by an
// earlier run of a tool; what it implies reads "implied by the earlier proof after 2,2" (Cache.Provenance says which, when, and how it was proved then).
const Before Source = "earlier proof"

// An Archive keeps facts beyond the process: a Cache that keeps in one hands it every fact
// its Provers prove (the solver's and the search's, not what the tables already say).
type Archive interface {
	// Keep records f, a fact of pos proved at the cost of cpu (the process's CPU time
	// over the call that proved it; 0 when unknown); both are in canonical orientation
	// (tablebase.Canonical).
	Keep(pos board.Position, f Fact, cpu time.Duration)
	// KeepTried records that the value or the margin of pos (canonical orientation) was
	// tried within the limit and not proved: a later run gives it no less again.
	KeepTried(pos board.Position, t Tried)
}

// Tried is what the solver was given and did not prove of a position: the largest CPU
// limits (Limits.CPU, the process's clock) at which its value, its exact margin and the
// complete list of its winning actions (Prover.Winning) were tried in vain; 0 where never.
type Tried struct {
	Value, Margin, Winning time.Duration
}

// merge returns the larger of each limit.
func (t Tried) merge(u Tried) Tried {
	return Tried{max(t.Value, u.Value), max(t.Margin, u.Margin), max(t.Winning, u.Winning)}
}

// Provenance says where a fact read back from an archive came from.
type Provenance struct {
	// Source is how it was proved then (Solver, Search, ...).
	Source Source
	// Tool is the command that proved it ("review", "board", ...).
	Tool string
	// When is the time it was proved, as RFC 3339 text.
	When string
}

// String reads "the solver, by review at 2026-12-01T22:50:00Z".
func (p Provenance) String() string {
	return fmt.Sprintf("%s, by %s at %s", sourceNoun(p.Source), p.Tool, p.When)
}

// sourceNoun names a source as a noun: "the solver", "the search".
func sourceNoun(s Source) string {
	switch s {
	case Solver, Search, Table, Book:
		return "the " + string(s)
	}
	return string(s)
}

// archived is what a Cache holds of its archive: where its facts go and whence the facts
// it read back came.
type archived struct {
	mu    sync.Mutex
	keep  Archive
	known map[uint64]Provenance // by canonical key
	tried map[uint64]Tried      // by canonical key: this process's attempts, and the archive's
}

// KeepIn makes the cache hand every fact its Provers prove from now on to a (nil: to none).
func (c *Cache) KeepIn(a Archive) {
	c.archive.mu.Lock()
	c.archive.keep = a
	c.archive.mu.Unlock()
}

// Recall puts f, a fact of pos proved before (both in any orientation), into the cache
// with the source Before, unless it contradicts what the tables and the game's end prove
// of pos: then it is refused with an error and nothing is kept.
func (c *Cache) Recall(pos board.Position, f Fact, p Provenance) error {
	if pos.Over || pos.Last != board.MaxMoves {
		return fmt.Errorf("not a position of a course game in play")
	}
	f.Turn = pos.Turn
	if err := f.check(); err != nil {
		return err
	}
	if d := direct(pos); contradicts(d, f) {
		return fmt.Errorf("contradicts the %s: %s, not %s", d.Source, d.Value, f.Value)
	}
	if f.Value != Unknown {
		f.Source = Before
	}
	if f.Low == f.High {
		f.MarginSource = Before
	}
	key, _ := pos.CanonicalKey()
	c.archive.mu.Lock()
	if c.archive.known == nil {
		c.archive.known = map[uint64]Provenance{}
	}
	c.archive.known[key] = p
	c.archive.mu.Unlock()
	c.put(pos, f)
	return nil
}

// RecallTried records attempts made before at pos (in any orientation), from an archive.
func (c *Cache) RecallTried(pos board.Position, t Tried) {
	key, _ := pos.CanonicalKey()
	c.archive.mu.Lock()
	defer c.archive.mu.Unlock()
	c.addTried(key, t)
}

// addTried merges t into the attempts at key; c.archive.mu is held.
func (c *Cache) addTried(key uint64, t Tried) {
	if c.archive.tried == nil {
		c.archive.tried = map[uint64]Tried{}
	}
	c.archive.tried[key] = c.archive.tried[key].merge(t)
}

// Tried returns the largest limits at which pos's value and margin were tried and not
// proved, by a Prover of this cache or before (RecallTried). The Provers do not consult
// it (a retry over a table that holds the first attempt's work goes further); a caller
// that proves each position once may, to pay for no attempt twice.
func (c *Cache) Tried(pos board.Position) Tried {
	key, _ := pos.CanonicalKey()
	c.archive.mu.Lock()
	defer c.archive.mu.Unlock()
	return c.archive.tried[key]
}

// triedInVain records an attempt that did not prove what it was asked, and hands it to
// the archive.
func (c *Cache) triedInVain(pos board.Position, t Tried) {
	if pos.Over || pos.Last != board.MaxMoves {
		return
	}
	key, sym := pos.CanonicalKey()
	c.archive.mu.Lock()
	c.addTried(key, t)
	a := c.archive.keep
	c.archive.mu.Unlock()
	if a != nil {
		a.KeepTried(sym.Apply(pos), t)
	}
}

// Provenance returns where the cache's fact of pos came from, when it was read back from
// an archive.
func (c *Cache) Provenance(pos board.Position) (Provenance, bool) {
	key, _ := pos.CanonicalKey()
	c.archive.mu.Lock()
	defer c.archive.mu.Unlock()
	p, ok := c.archive.known[key]
	return p, ok
}

// keep hands g, a fact of pos proved in this process, to the archive (in canonical
// orientation) when it was proved by the solver or the search.
func (c *Cache) keep(pos board.Position, g Fact, cpu time.Duration) {
	c.archive.mu.Lock()
	a := c.archive.keep
	c.archive.mu.Unlock()
	if a == nil || !provedHere(g) || pos.Over || pos.Last != board.MaxMoves {
		return
	}
	_, sym := pos.CanonicalKey()
	g.Winning = mapPoints(g.Winning, sym)
	g.Keeping = mapPoints(g.Keeping, sym)
	a.Keep(sym.Apply(pos), g, cpu)
}

// provedHere reports whether a fact was proved by this process's solver or search.
func provedHere(f Fact) bool {
	return f.Source == Solver || f.Source == Search || f.MarginSource == Solver || f.MarginSource == Search
}

// contradicts reports whether two facts of one position cannot both be proofs: values that
// differ, or margin bounds that do not meet.
func contradicts(a, b Fact) bool {
	if a.Value != Unknown && b.Value != Unknown && a.Value != b.Value {
		return true
	}
	return max(a.Low, b.Low) > min(a.High, b.High)
}

// check reports a fact no proof gives: bounds out of range or crossed, a value its
// bounds deny, or an action off the board.
func (f Fact) check() error {
	if f.Low < MinMargin || f.High > MaxMargin || f.Low > f.High {
		return fmt.Errorf("margin bounds %d..%d", f.Low, f.High)
	}
	bad := false
	switch f.BlackValue() {
	case Win:
		bad = f.High < board.BlackMargin
	case Loss:
		bad = f.Low >= board.BlackMargin
	default:
		bad = f.Value != Unknown
	}
	if bad {
		return fmt.Errorf("the value %s and the margin bounds %d..%d disagree", f.Value, f.Low, f.High)
	}
	for _, p := range append(slices.Clone(f.Winning), f.Keeping...) {
		if p < 0 || p > board.Pass {
			return fmt.Errorf("action %d out of range", p)
		}
	}
	return nil
}
