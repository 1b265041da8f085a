// board.go: the Fruit Rage board: columns stored bottom-up, group labelling by flood fill, moves with gravity, zobrist hashing.

// Package fruitrage plays "The Fruit Rage!" (USC CSCI-561, Fall 2017, homework 2; rules in
// games/FRUITRAGE.md): two players alternately claim an orthogonally connected group of
// equal digits on an n×n board (n ≤ 26), score its size squared, and the columns fall.
//
// The board keeps each column as a stack counted from the bottom, so gravity is a
// compaction of the columns a move touched. Groups are labelled by a flood fill into
// caller-owned scratch (Groups); a move copies the parent into a caller-owned child
// (copy-make), so the search allocates nothing. Positions are hashed with Zobrist keys
// (A. L. Zobrist, "A new hashing method with application for game playing", 1970) drawn
// from a fixed seed, updated per touched column.
//
// The search (Searcher) is negamax with alpha-beta pruning (D. E. Knuth and R. W. Moore,
// "An analysis of alpha-beta pruning", Artificial Intelligence 6, 1975), iterative
// deepening and a transposition table, on the score difference to come: since both
// players score by the same rule, the value of a board to the player to move does not
// depend on who that is or on the points already taken.
package fruitrage

import (
	"math/rand/v2"
)

// MaxSize is the largest board width and height the assignment allows.
const MaxSize = 26

// MaxCells is the number of cells of the largest board.
const MaxCells = MaxSize * MaxSize

// Digits is the number of fruit types a board may hold: the digits 0 to 9 (the
// assignment says at most 9 types, but its own example 4 uses p=10, so any digit is accepted).
const Digits = 10

// Empty marks a cell with no fruit (printed '*').
const Empty uint8 = 0xFF

// Move names a cell of the board by column (0 = leftmost) and level (0 = bottom row).
// Any cell of a group names the same move.
type Move struct {
	Col, Level int8
}

// NoMove is the zero-size answer of a search on an empty board.
var NoMove = Move{-1, -1}

// Board is an n×n Fruit Rage position. Column c holds Height[c] fruits in
// Cells[c][0..Height[c]-1], bottom first; the cells above are Empty. Hash is the Zobrist
// hash of the fruits, Fruits their number. The zero Board is not valid: use NewBoard or
// ParseInput.
type Board struct {
	N      int
	Fruits int
	Hash   uint64
	Height [MaxSize]uint8
	Cells  [MaxSize][MaxSize]uint8
}

// zobrist holds one key per (column, level, digit), drawn once from a fixed seed.
var zobrist [MaxSize][MaxSize][Digits]uint64

func init() {
	rng := rand.New(rand.NewPCG(0x46525549, 0x54524147)) // "FRUI", "TRAG"
	for c := range zobrist {
		for l := range zobrist[c] {
			for d := range zobrist[c][l] {
				zobrist[c][l][d] = rng.Uint64()
			}
		}
	}
}

// NewBoard returns an n×n board from rows given top row first, each row n bytes of
// digits or '*'. It applies gravity to the columns, so a fruit above a hole falls.
func NewBoard(n int, rows [][]byte) Board {
	var b Board
	b.N = n
	for c := 0; c < MaxSize; c++ {
		for l := 0; l < MaxSize; l++ {
			b.Cells[c][l] = Empty
		}
	}
	for c := 0; c < n; c++ {
		h := 0
		for r := n - 1; r >= 0; r-- {
			if ch := rows[r][c]; ch >= '0' && ch <= '9' {
				b.Cells[c][h] = ch - '0'
				h++
			}
		}
		b.Height[c] = uint8(h)
		b.Fruits += h
	}
	b.Hash = 0
	for c := 0; c < n; c++ {
		b.Hash ^= b.columnHash(c)
	}
	return b
}

// RandomBoard returns a full n×n board with each cell a uniform digit below p, drawn from rng.
func RandomBoard(n, p int, rng *rand.Rand) Board {
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = make([]byte, n)
		for c := range rows[r] {
			rows[r][c] = byte('0' + rng.IntN(p))
		}
	}
	return NewBoard(n, rows)
}

// columnHash is the XOR of the keys of column c's fruits.
func (b *Board) columnHash(c int) uint64 {
	var h uint64
	for l := 0; l < int(b.Height[c]); l++ {
		h ^= zobrist[c][l][b.Cells[c][l]]
	}
	return h
}

// At returns the digit at column c and row r counted from the top (0 = top row), or Empty.
func (b *Board) At(c, r int) uint8 {
	return b.Cells[c][b.N-1-r]
}

// IsEmpty reports whether no fruit is left.
func (b *Board) IsEmpty() bool { return b.Fruits == 0 }

// Name returns the assignment's name of m: the column letter and the row counted from
// the top, starting at 1 (e.g. "G8").
func (b *Board) Name(m Move) string {
	return string(rune('A'+m.Col)) + itoa(b.N-int(m.Level))
}

func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return string([]rune{rune('0' + v/10), rune('0' + v%10)})
}

// MoveAt returns the move at column c and row r counted from the top (0 = top row).
func (b *Board) MoveAt(c, r int) Move { return Move{int8(c), int8(b.N - 1 - r)} }

// Legal reports whether m names a fruit of the board.
func (b *Board) Legal(m Move) bool {
	return m.Col >= 0 && int(m.Col) < b.N && m.Level >= 0 && m.Level < int8(b.Height[m.Col])
}

// Groups is the scratch of a group labelling: the group of every cell of one board,
// each group's size, a representative cell (the first met scanning columns left to
// right, each bottom up) and the columns it spans. It is big (about 8 KB): searches keep
// one per ply.
type Groups struct {
	// Count is the number of groups.
	Count int
	// Largest is the size of the largest group.
	Largest int
	// Label is the group index of each cell below the column's height.
	Label [MaxSize][MaxSize]int16
	// Size, Rep, MinCol and MaxCol describe group i at index i.
	Size   [MaxCells]int16
	Rep    [MaxCells]Move
	MinCol [MaxCells]int8
	MaxCol [MaxCells]int8
	stack  [MaxCells]Move
}

// Find fills g with the groups of b by flood fill.
func (g *Groups) Find(b *Board) {
	n := b.N
	for c := 0; c < n; c++ {
		col := &g.Label[c]
		for l := 0; l < int(b.Height[c]); l++ {
			col[l] = -1
		}
	}
	g.Count, g.Largest = 0, 0
	for c := 0; c < n; c++ {
		for l := 0; l < int(b.Height[c]); l++ {
			if g.Label[c][l] >= 0 {
				continue
			}
			id := int16(g.Count)
			g.Count++
			d := b.Cells[c][l]
			g.Label[c][l] = id
			g.stack[0] = Move{int8(c), int8(l)}
			top, size := 1, 0
			lo, hi := int8(c), int8(c)
			for top > 0 {
				top--
				m := g.stack[top]
				size++
				mc, ml := int(m.Col), int(m.Level)
				if m.Col < lo {
					lo = m.Col
				}
				if m.Col > hi {
					hi = m.Col
				}
				if ml > 0 && g.Label[mc][ml-1] < 0 && b.Cells[mc][ml-1] == d {
					g.Label[mc][ml-1] = id
					g.stack[top] = Move{m.Col, m.Level - 1}
					top++
				}
				if ml+1 < int(b.Height[mc]) && g.Label[mc][ml+1] < 0 && b.Cells[mc][ml+1] == d {
					g.Label[mc][ml+1] = id
					g.stack[top] = Move{m.Col, m.Level + 1}
					top++
				}
				if mc > 0 && ml < int(b.Height[mc-1]) && g.Label[mc-1][ml] < 0 && b.Cells[mc-1][ml] == d {
					g.Label[mc-1][ml] = id
					g.stack[top] = Move{m.Col - 1, m.Level}
					top++
				}
				if mc+1 < n && ml < int(b.Height[mc+1]) && g.Label[mc+1][ml] < 0 && b.Cells[mc+1][ml] == d {
					g.Label[mc+1][ml] = id
					g.stack[top] = Move{m.Col + 1, m.Level}
					top++
				}
			}
			g.Size[id] = int16(size)
			g.Rep[id] = Move{int8(c), int8(l)}
			g.MinCol[id], g.MaxCol[id] = lo, hi
			if size > g.Largest {
				g.Largest = size
			}
		}
	}
}

// GroupOf returns the index of the group holding m (m must be legal on the labelled board).
func (g *Groups) GroupOf(m Move) int { return int(g.Label[m.Col][m.Level]) }

// Play writes into child the board parent becomes once group i of its labelling g is
// taken and the columns fall, and returns the points scored (the group's size squared).
// child may not be parent.
func Play(child, parent *Board, g *Groups, i int) int {
	*child = *parent
	id := int16(i)
	for c := int(g.MinCol[i]); c <= int(g.MaxCol[i]); c++ {
		h := int(parent.Height[c])
		src, dst := &parent.Cells[c], &child.Cells[c]
		lab := &g.Label[c]
		w := 0
		for l := 0; l < h; l++ {
			if lab[l] != id {
				dst[w] = src[l]
				w++
			}
		}
		if w == h {
			continue
		}
		for l := w; l < h; l++ {
			dst[l] = Empty
		}
		child.Hash ^= parent.columnHash(c)
		child.Height[c] = uint8(w)
		child.Hash ^= child.columnHash(c)
	}
	s := int(g.Size[i])
	child.Fruits -= s
	return s * s
}
