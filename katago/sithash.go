// sithash.go: KataGo's situation hash with simple ko, the rootInfo's thisHash and
// symHash, reproduced from KataGo's definition (written here from its description: the
// Zobrist tables of cpp/game/board.cpp's Board::initHash, drawn from the generator of
// cpp/core/rand.cpp and cpp/core/rand_helpers.h seeded by the string
// "Board::initHash()", and Board::getSitHashWithSimpleKo; the printing and the least
// over the eight symmetries of cpp/search/searchresults.cpp). Clients check it (Ogatak
// recomputes thisHash), so it must be KataGo's to the bit; testdata/katago-hashes.json
// holds the values KataGo's own tests publish, on other board sizes, that the
// reproduction is checked against.

package katago

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strconv"
	"sync"

	"littlego/board"
)

// hash128 is KataGo's Hash128: two 64-bit halves, printed hash1 first.
type hash128 struct{ h0, h1 uint64 }

func (h hash128) xor(o hash128) hash128 { return hash128{h.h0 ^ o.h0, h.h1 ^ o.h1} }

// less is KataGo's order: hash1 first, then hash0.
func (h hash128) less(o hash128) bool {
	if h.h1 != o.h1 {
		return h.h1 < o.h1
	}
	return h.h0 < o.h0
}

// String prints the hash as KataGo does: 32 upper-case hex digits, hash1 then hash0.
func (h hash128) String() string { return fmt.Sprintf("%016X%016X", h.h1, h.h0) }

// kataRand is KataGo's Rand as far as the hash tables use it: a xorshift1024* and a
// PCG32 whose outputs are added, seeded from a string through MD5 and SHA-256.
type kataRand struct {
	a    [16]uint64
	aIdx int
	pcg  uint64
}

// newKataRand seeds the generator from seed as KataGo's Rand::init(string) does.
func newKataRand(seed string) *kataRand {
	sum := md5.Sum([]byte(seed))
	s := "|" + strconv.FormatUint(uint64(binary.LittleEndian.Uint32(sum[:4])), 10) + "|" + seed
	counter, idx := 0, 4
	var words [4]uint64
	nonzero := func() uint64 {
		for {
			if idx >= 4 {
				digest := sha256.Sum256([]byte(strconv.Itoa(counter) + s))
				counter += 37
				for k := range words {
					words[k] = binary.BigEndian.Uint64(digest[8*k:])
				}
				idx = 0
			}
			v := words[idx]
			idx++
			if v != 0 {
				return v
			}
		}
	}
	r := &kataRand{}
	for k := range r.a {
		r.a[k] = nonzero()
	}
	r.pcg = nonzero()
	return r
}

// next32 is Rand::nextUInt: the PCG32's output plus the xorshift's.
func (r *kataRand) next32() uint32 {
	r.pcg = r.pcg*6364136223846793005 + 1442695040888963407
	x := uint32(((r.pcg >> 18) ^ r.pcg) >> 27)
	rot := uint(r.pcg >> 59)
	p := x>>rot | x<<((32-rot)&31)
	a0 := r.a[r.aIdx]
	r.aIdx = (r.aIdx + 1) & 15
	a1 := r.a[r.aIdx]
	a1 ^= a1 << 31
	a1 ^= a1 >> 11
	a0 ^= a0 >> 30
	r.a[r.aIdx] = a0 ^ a1
	return p + uint32((r.a[r.aIdx]*1181783497276652981)>>32)
}

// next128 is initHash's nextHash: two 64-bit draws, each the low word first.
func (r *kataRand) next128() hash128 {
	next64 := func() uint64 { lo := uint64(r.next32()); return lo | uint64(r.next32())<<32 }
	h0 := next64()
	return hash128{h0, next64()}
}

// KataGo's board geometry, for its default build (boards up to 19×19): a location is
// (x+1) + (y+1)*(xSize+1), y counted from the top row.
const (
	kataMaxLen     = 19
	kataMaxArrSize = (kataMaxLen+1)*(kataMaxLen+2) + 1
)

// kataZobrist are the tables the situation hash uses.
type kataZobrist struct {
	player       [4]hash128
	board        [kataMaxArrSize][4]hash128
	koLoc        [kataMaxArrSize]hash128
	sizeX, sizeY [kataMaxLen + 1]hash128
}

var (
	zobristOnce sync.Once
	zobrist     *kataZobrist
)

// kataTables returns the tables, drawn in Board::initHash's order on first use.
func kataTables() *kataZobrist {
	zobristOnce.Do(func() {
		z := &kataZobrist{}
		r := newKataRand("Board::initHash()")
		for k := range z.player {
			z.player[k] = r.next128()
		}
		for range 3 {
			r.next128() // the encore hashes
		}
		for i := range kataMaxArrSize {
			for c := 1; c <= 2; c++ { // empty and wall are zero and draw nothing
				z.board[i][c] = r.next128()
				r.next128() // the ko mark hash
			}
			z.koLoc[i] = r.next128()
		}
		r = newKataRand("Board::initHash() for ZOBRIST_SIZE hashes")
		for i := range kataMaxLen + 1 {
			z.sizeX[i] = r.next128()
			z.sizeY[i] = r.next128()
		}
		zobrist = z
	})
	return zobrist
}

// kataBoard is a board as KataGo's hash sees it: its size, the colour at each (x, y)
// (1 Black, 2 White, 0 empty; y from the top), and the simple-ko point, if any.
type kataBoard struct {
	xSize, ySize int
	color        [][]int8 // [y][x]
	koX, koY     int      // -1: none
}

// sitHash is Board::getSitHashWithSimpleKo for player pla (1 Black, 2 White).
func (b *kataBoard) sitHash(pla int) hash128 {
	z := kataTables()
	loc := func(x, y int) int { return (x + 1) + (y+1)*(b.xSize+1) }
	h := z.sizeX[b.xSize].xor(z.sizeY[b.ySize])
	for y := range b.ySize {
		for x := range b.xSize {
			if c := b.color[y][x]; c != 0 {
				h = h.xor(z.board[loc(x, y)][c])
			}
		}
	}
	if b.koX >= 0 {
		h = h.xor(z.koLoc[loc(b.koX, b.koY)])
	}
	return h.xor(z.player[pla])
}

// symmetric returns the board under symmetry s (bit 0 flips the rows, bit 1 the
// columns, bit 2 transposes, which swaps the sizes).
func (b *kataBoard) symmetric(s int) *kataBoard {
	out := &kataBoard{xSize: b.xSize, ySize: b.ySize, koX: -1, koY: -1}
	if s&4 != 0 {
		out.xSize, out.ySize = b.ySize, b.xSize
	}
	out.color = make([][]int8, out.ySize)
	for y := range out.color {
		out.color[y] = make([]int8, out.xSize)
	}
	to := func(x, y int) (int, int) {
		if s&1 != 0 {
			y = b.ySize - 1 - y
		}
		if s&2 != 0 {
			x = b.xSize - 1 - x
		}
		if s&4 != 0 {
			x, y = y, x
		}
		return x, y
	}
	for y := range b.ySize {
		for x := range b.xSize {
			nx, ny := to(x, y)
			out.color[ny][nx] = b.color[y][x]
		}
	}
	if b.koX >= 0 {
		out.koX, out.koY = to(b.koX, b.koY)
	}
	return out
}

// hashes returns thisHash and symHash: the situation hash for pla, and the least of
// the eight symmetric boards' (KataGo's order).
func (b *kataBoard) hashes(pla int) (this, sym hash128) {
	this = b.sitHash(pla)
	sym = this
	for s := 1; s < 8; s++ {
		if h := b.symmetric(s).sitHash(pla); h.less(sym) {
			sym = h
		}
	}
	return this, sym
}

// kataBoardOf returns pos as KataGo's board: row i of the course's board is KataGo's y
// = i (both from the top), column j its x; the ko point is the one the side to move may
// not play (KataGo's simple ko: the point of a single stone just captured by a single
// stone that has one liberty, which is the course's too).
func kataBoardOf(pos *board.Position) *kataBoard {
	b := &kataBoard{xSize: board.Size, ySize: board.Size, koX: -1, koY: -1, color: make([][]int8, board.Size)}
	for i := range board.Size {
		b.color[i] = make([]int8, board.Size)
		for j := range board.Size {
			switch p := board.PointAt(i, j); {
			case pos.Stones[board.Black].Has(p):
				b.color[i][j] = 1
			case pos.Stones[board.White].Has(p):
				b.color[i][j] = 2
			}
		}
	}
	if pos.Ko != 0 {
		p := pos.Ko.First()
		b.koX, b.koY = p.Col(), p.Row()
	}
	return b
}

// situationHashes returns KataGo's thisHash and symHash of pos for its side to move.
func situationHashes(pos *board.Position) (this, sym string) {
	pla := 1
	if pos.Turn == board.White {
		pla = 2
	}
	t, s := kataBoardOf(pos).hashes(pla)
	return t.String(), s.String()
}
