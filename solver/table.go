// table.go: the transposition table of margin bounds shared by the solver's workers: buckets of four entries, replace-by-depth, lock-free.

package solver

import (
	"sync/atomic"

	"littlego/board"
	"littlego/internal/hugemem"
)

// bound values: margins lie in -25..25, so ±noBound never limits anything.
const noBound = 64

// entry is one position of the table: bounds lo <= value <= hi on the exact margin
// (black - white at the end under perfect play), the move that last proved a bound (or
// board.NoPoint), how many moves were left there and the search that wrote it.
type entry struct {
	lo   int8
	hi   int8
	move board.Point
	left uint8 // moves left + 1; 0 marks an empty slot
	gen  uint8
}

// pack returns e as one word (0 for an empty slot).
func (e entry) pack() uint64 {
	return uint64(uint8(e.lo)) | uint64(uint8(e.hi))<<8 | uint64(uint8(e.move))<<16 |
		uint64(e.left)<<24 | uint64(e.gen)<<32
}

// unpack is the inverse of pack.
func unpack(d uint64) entry {
	return entry{lo: int8(d), hi: int8(d >> 8), move: board.Point(int8(d >> 16)), left: uint8(d >> 24), gen: uint8(d >> 32)}
}

// slot holds an entry as two words, check = key ^ data and data, each read and written
// atomically: a slot torn by two workers' writes fails the check key == check ^ data
// and reads as another position's, so a probe never returns bounds of the wrong key
// (the scheme of Hyatt and Mann's lockless hashing, 2002).
type slot struct {
	check, data uint64
}

// bucketSize slots share one index: 4 x 16 bytes, one cache line.
const bucketSize = 4

type bucket [bucketSize]slot

// table is an open array of buckets addressed by the low bits of the key; the full
// key is kept in each entry, so a hit is a hit on the same position except for a
// 64-bit collision. Workers probe and store concurrently; gen and maxLeft change only
// between searches.
type table struct {
	buckets []bucket
	release func() // gives the buckets' memory back (hugemem.Slice)
	mask    uint64
	shared  bool  // several workers use the table: every access is atomic
	gen     uint8 // the current search generation
	maxLeft int   // moves left at the current root: deeper entries are stale
}

func newTable(bits int) table {
	bits = min(max(bits, 4), 30)
	n := 1 << (bits - 2) // buckets of four entries
	// Huge pages where the system gives them: the probes are random accesses, and one
	// TLB entry per 2 MiB instead of 4 KiB made the same search 6-8% faster at 2^22.
	buckets, release, _ := hugemem.Slice[bucket](n)
	return table{buckets: buckets, release: release, mask: uint64(n - 1)}
}

// clear empties the table; no worker may be searching.
func (t *table) clear() {
	clear(t.buckets)
}

// touch starts bringing key's bucket into the cache, for a probe or store soon after.
func (t *table) touch(key uint64) { prefetch(&t.buckets[key&t.mask]) }

// probe returns the entry for key, and whether there is one.
func (t *table) probe(key uint64) (entry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		d := t.load(&b[i].data)
		if t.load(&b[i].check)^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return entry{}, false
}

// store records lo <= value <= hi for key (left moves left). Bounds already known for
// the same key are kept when tighter. A move that proved a bound (cut) replaces the
// stored move; otherwise the move is only a hint and fills an empty one. Two workers
// storing the same key at once may lose one's bounds, never mix them.
func (t *table) store(key uint64, left int, lo, hi int, move board.Point, cut bool) {
	b := &t.buckets[key&t.mask]
	victim, worst := 0, 1<<30
	for i := range b {
		d := t.load(&b[i].data)
		e := unpack(d)
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
	d := entry{lo: int8(lo), hi: int8(hi), move: move, left: uint8(left + 1), gen: t.gen}.pack()
	t.put(&b[victim].data, d)
	t.put(&b[victim].check, key^d)
}

// load reads a word of the table: atomically when it is shared (a plain read with one
// worker, where an atomic store's barrier would cost a fifth of the node rate).
func (t *table) load(w *uint64) uint64 {
	if t.shared {
		return atomic.LoadUint64(w)
	}
	return *w
}

// put writes a word of the table, atomically when it is shared.
func (t *table) put(w *uint64, v uint64) {
	if t.shared {
		atomic.StoreUint64(w, v)
	} else {
		*w = v
	}
}
