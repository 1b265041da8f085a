// verdicts.go: the solver's proved verdicts, cached by position, seeded from the book, the opening table and the solve of the empty board.

package web

import (
	"sync"

	"littlego/board"
	"littlego/engine"
	"littlego/review"
)

// maxCachedVerdicts bounds the cache; when it is full it starts again from its seed.
const maxCachedVerdicts = 1 << 18

// verdictCache maps the canonical key of a position to whether its side to move wins
// with perfect play. A move's verdict is the opposite of its child's.
type verdictCache struct {
	mu   sync.Mutex
	wins map[uint64]bool
	// margins maps the canonical key of a position to its exact final margin black -
	// white with perfect play (the same in every orientation).
	margins map[uint64]int
}

// newVerdictCache returns a cache holding the verdict of every action of the empty board.
func newVerdictCache() *verdictCache {
	c := &verdictCache{}
	c.reset()
	return c
}

// reset empties c down to its seed; the caller holds c.mu or owns c.
func (c *verdictCache) reset() {
	c.wins, c.margins = map[uint64]bool{}, map[uint64]int{}
	empty := board.New()
	for _, a := range actionsOf(empty) {
		child := empty
		child.Play(a)
		key, _ := child.CanonicalKey()
		// The empty board is solved (review.WinningFirstMove): a losing first move leaves
		// White winning.
		c.wins[key] = a != review.WinningFirstMove
	}
	// Its exact margin is review.EmptyBoardMargin, reached only by the winning first move.
	key, _ := empty.CanonicalKey()
	c.margins[key] = review.EmptyBoardMargin
	c.margins[childKey(empty, review.WinningFirstMove)] = review.EmptyBoardMargin
}

// margin returns the exact margin of the position with canonical key key.
func (c *verdictCache) margin(key uint64) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.margins[key]
	return m, ok
}

// storeMargin records a proved margin, and the win/loss it implies for the side to
// move (turn).
func (c *verdictCache) storeMargin(key uint64, margin int, turn board.Color) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.wins)+len(c.margins) >= maxCachedVerdicts {
		c.reset()
	}
	c.margins[key] = margin
	c.wins[key] = (margin >= board.BlackMargin) == (turn == board.Black)
}

// lookup returns the verdict of the position with canonical key key.
func (c *verdictCache) lookup(key uint64) (wins, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	wins, ok = c.wins[key]
	return wins, ok
}

// store records a proved verdict.
func (c *verdictCache) store(key uint64, wins bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.wins)+len(c.margins) >= maxCachedVerdicts {
		c.reset()
	}
	c.wins[key] = wins
}

// actionsOf returns the legal actions of pos: its legal points, then Pass; none once the
// game is over.
func actionsOf(pos board.Position) []board.Point {
	if pos.Over {
		return nil
	}
	var out []board.Point
	for legal := pos.Legal(); legal != 0; legal &= legal - 1 {
		out = append(out, legal.First())
	}
	return append(out, board.Pass)
}

// childKey returns the canonical key of the position after a in pos (a legal).
func childKey(pos board.Position, a board.Point) uint64 {
	pos.Play(a)
	key, _ := pos.CanonicalKey()
	return key
}

// seedProved records what the book and the opening table prove of pos, whose canonical
// key is key: the book holds Black's proved wins, the table values and margins.
func (c *verdictCache) seedProved(pos board.Position, key uint64) {
	if _, ok := engine.BookMove(pos); ok {
		c.store(key, true)
	}
	switch e, ok := engine.Opening(pos); {
	case ok && e.MarginKnown:
		c.storeMargin(key, e.Margin, pos.Turn)
	case ok:
		c.store(key, e.Win)
	}
}

// knownVerdicts returns what is known of pos's actions without searching: true for a
// proved win, false for a proved loss, from the cache, the opening table and the book
// (whose move is a proved win). book is the book's move, or board.NoPoint.
func (c *verdictCache) knownVerdicts(pos board.Position) (known map[board.Point]bool, book board.Point) {
	known = map[board.Point]bool{}
	book = board.NoPoint
	if mv, ok := engine.BookMove(pos); ok {
		book = mv
		c.store(childKey(pos, mv), false)
	}
	for _, a := range actionsOf(pos) {
		child := pos
		child.Play(a)
		key, _ := child.CanonicalKey()
		c.seedProved(child, key)
		if childWins, ok := c.lookup(key); ok {
			known[a] = !childWins
		}
	}
	return known, book
}
