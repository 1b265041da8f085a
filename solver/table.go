// table.go: the fixed-size transposition table of margin bounds, in buckets of four entries, replace-by-depth.

package solver

import "littlego/board"

// bound values: margins lie in -25..25, so ±noBound never limits anything.
const noBound = 64

// entry is one position of the table: bounds lo <= value <= hi on the exact margin
// (black - white at the end under perfect play), the move that last proved a bound (or
// board.NoPoint), how many moves were left there and the search that wrote it.
type entry struct {
	key  uint64
	lo   int8
	hi   int8
	move board.Point
	left uint8 // moves left + 1; 0 marks an empty slot
	gen  uint8
}

// bucketSize entries share one index: 4 x 16 bytes, one cache line.
const bucketSize = 4

type bucket [bucketSize]entry

// table is an open array of buckets addressed by the low bits of the key; the full
// key is kept in each entry, so a hit is a hit on the same position except for a
// 64-bit collision.
type table struct {
	buckets []bucket
	mask    uint64
	gen     uint8 // the current search generation
	maxLeft int   // moves left at the current root: deeper entries are stale
}

func newTable(bits int) table {
	if bits < 4 {
		bits = 4
	}
	if bits > 30 {
		bits = 30
	}
	n := 1 << (bits - 2) // buckets of four entries
	return table{buckets: make([]bucket, n), mask: uint64(n - 1)}
}

// clear empties the table.
func (t *table) clear() {
	clear(t.buckets)
}

// probe returns the entry for key, or nil.
func (t *table) probe(key uint64) *entry {
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
func (t *table) store(key uint64, left int, lo, hi int, move board.Point, cut bool) {
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
	b[victim] = entry{key: key, lo: int8(lo), hi: int8(hi), move: move, left: uint8(left + 1), gen: t.gen}
}
