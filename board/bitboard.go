// bitboard.go: the 25-bit point set and its shifts. Only performance-critical code goes in this file.

package board

import "math/bits"

// Size is the side of the board.
const Size = 5

// NumPoints is the number of points on the board.
const NumPoints = Size * Size

// Bitboard is a set of points: bit p is point p = 5*i + j, where i is the row from the
// top and j the column from the left, as in input.txt.
//
//	       j=0  j=1  j=2  j=3  j=4
//	i=0     0    1    2    3    4
//	i=1     5    6    7    8    9
//	i=2    10   11   12   13   14
//	i=3    15   16   17   18   19
//	i=4    20   21   22   23   24
//
//	bit:  31 ........ 25 | 24 23 ... 1 0
//	      always zero    | one bit per point
//
// Moving one row down is a shift left by 5, one column right a shift left by 1; the
// column masks stop a shift from wrapping a stone onto the next row.
type Bitboard uint32

const (
	// Full holds every point of the board.
	Full Bitboard = 1<<NumPoints - 1
	// Col0 holds the left column (j = 0).
	Col0 Bitboard = 1 | 1<<5 | 1<<10 | 1<<15 | 1<<20
	// Col4 holds the right column (j = 4).
	Col4 Bitboard = Col0 << 4
	// Row0 holds the top row (i = 0).
	Row0 Bitboard = 0x1f
	// Row4 holds the bottom row (i = 4).
	Row4 Bitboard = Row0 << 20
	// Edge holds the points on the first line.
	Edge Bitboard = Col0 | Col4 | Row0 | Row4
)

// Neighbours returns the points orthogonally adjacent to some point of b (b itself is
// not included unless a point of b is adjacent to another).
func (b Bitboard) Neighbours() Bitboard {
	return (b>>5 | b<<5 | (b&^Col4)<<1 | (b&^Col0)>>1) & Full
}

// Count returns the number of points in b.
func (b Bitboard) Count() int { return bits.OnesCount32(uint32(b)) }

// Has reports whether p is in b.
func (b Bitboard) Has(p Point) bool { return b>>uint(p)&1 != 0 }

// First returns the lowest point of b; b must not be empty.
func (b Bitboard) First() Point { return Point(bits.TrailingZeros32(uint32(b))) }

// Nth returns the n-th lowest point of b, counting from 0; n must be below b.Count().
func (b Bitboard) Nth(n int) Point {
	for ; n > 0; n-- {
		b &= b - 1
	}
	return Point(bits.TrailingZeros32(uint32(b)))
}

// Bit returns the set holding only p.
func (p Point) Bit() Bitboard { return 1 << uint(p) }

// neighbourMask[p] holds the orthogonal neighbours of p.
var neighbourMask [NumPoints]Bitboard

func init() {
	for p := Point(0); p < NumPoints; p++ {
		neighbourMask[p] = p.Bit().Neighbours()
	}
}

// NeighboursOf returns the orthogonal neighbours of p.
func NeighboursOf(p Point) Bitboard { return neighbourMask[p] }

// Group returns the connected part of stones that contains seed (seed must be in stones).
func Group(seed, stones Bitboard) Bitboard {
	g := seed
	for {
		n := (g | g.Neighbours()) & stones
		if n == g {
			return g
		}
		g = n
	}
}
