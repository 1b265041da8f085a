// bits.go: bit tricks for the playouts: the n-th point of a set without a loop.

package policy

import (
	"math/bits"

	"littlego/board"
)

// selectInByte[v][n] is the position of the n-th lowest set bit of the byte v.
var selectInByte [256][8]uint8

func init() {
	for v := range 256 {
		n := 0
		for bit := range 8 {
			if v>>bit&1 != 0 {
				selectInByte[v][n] = uint8(bit)
				n++
			}
		}
	}
}

// nth returns the n-th lowest point of b, counting from 0; n must be below b.Count().
// Two population counts narrow the search to one byte, without branches, and a table
// finishes it.
func nth(b board.Bitboard, n int) board.Point {
	x := uint32(b)
	// step is 1 when the point lies above the low 16 bits.
	c := bits.OnesCount32(x & 0xffff)
	step := uint(c-1-n) >> (bits.UintSize - 1)
	n -= c & -int(step)
	off := 16 * step
	x >>= off
	c = bits.OnesCount32(x & 0xff)
	step = uint(c-1-n) >> (bits.UintSize - 1)
	n -= c & -int(step)
	x >>= 8 * step
	off += 8 * step
	return board.Point(off + uint(selectInByte[x&0xff][n&7]))
}

// randomPoint returns a uniformly random point of b, which must not be empty.
func randomPoint(b board.Bitboard, rng *Rand) board.Point {
	return nth(b, rng.Intn(b.Count()))
}

// shortOfLiberties grows the group of stones that contains seed (a subset of stones)
// and reports whether it has fewer than two liberties in empty. If it has, grp is the
// whole group and libs its liberty or none; if not, the search stops as soon as two
// liberties are seen, and grp is only the part of the group grown so far.
func shortOfLiberties(seed, stones, empty board.Bitboard) (grp, libs board.Bitboard, short bool) {
	fromLeft := stones &^ board.Col0
	fromRight := stones &^ board.Col4
	emptyLeft := empty &^ board.Col0
	emptyRight := empty &^ board.Col4
	grp = seed
	for {
		vertical := grp>>5 | grp<<5
		libs = vertical&empty | grp<<1&emptyLeft | grp>>1&emptyRight
		if libs&(libs-1) != 0 {
			return grp, libs, false
		}
		n := grp | vertical&stones | grp<<1&fromLeft | grp>>1&fromRight
		if n == grp {
			return grp, libs, true
		}
		grp = n
	}
}

// nbMask[p] is board.NeighboursOf(p) for the points, 0 for the indices 25..31 that a
// 5-bit index can take, so that lookups need no bounds check.
var nbMask = func() (t [32]board.Bitboard) {
	for p := range board.NumPoints {
		t[p] = board.NeighboursOf(board.Point(p))
	}
	return t
}()

// zeroMask returns all ones if b is empty, else 0, without a branch.
func zeroMask(b board.Bitboard) board.Bitboard {
	return board.Bitboard(-int64((uint64(b) - 1) >> 63))
}
