// pattern_codes.go: the pattern policy's 3x3 codes: their fields, their compact numbering, their symmetries, and the neighbour tables they are built from.

package policy

import "littlego/board"

// numPointClasses is the number of classes of points under the symmetries of the
// board: corner, edge next to a corner, middle of an edge, 2-2 point, 2-3 point,
// centre.
const numPointClasses = 6

// patternCodeBits is the width of a 3x3 code. A code holds, for the side to move, the
// four orthogonal neighbours of an empty point in 3 bits each (bits 0-11: north,
// east, south, west) and the four diagonal ones in 2 bits each (bits 12-19:
// north-east, south-east, south-west, north-west). Orthogonal states: 0 empty, 1 off
// the board, 2 own stone, 4 own stone whose group is in atari (one liberty), 5 enemy
// stone, 7 enemy stone in atari (3 and 6 are not used). Diagonal states: 0 empty, 1
// own, 2 enemy, 3 off the board. What a neighbour group with two liberties means is
// told by the tactical features (extend, atari).
const patternCodeBits = 20

// Codes are numbered compactly by keyIndex, from 0 to numKeyIndices-1: six states for
// each orthogonal neighbour, four for each diagonal one.
const numKeyIndices = 6 * 6 * 6 * 6 * 256

// keyOrth[o] is the compact number (0..1295) of the orthogonal part o of a code.
var keyOrth [1 << 12]uint16

// keyIndex returns the compact number of code.
func keyIndex(code uint32) int {
	return int(keyOrth[code&0xfff])<<8 | int(code>>12&0xff)
}

func init() {
	// The six states: empty, off, own, own in atari, enemy, enemy in atari (the
	// unused 3 and 6 read as 2 and 5).
	six := [8]uint16{0, 1, 2, 2, 3, 4, 4, 5}
	for o := range keyOrth {
		var n uint16
		for k := 3; k >= 0; k-- {
			n = 6*n + six[o>>(3*k)&7]
		}
		keyOrth[o] = n
	}
}

// Orthogonal and diagonal neighbour states of a pattern code.
const (
	orthEmpty = 0
	orthOff   = 1
	orthOwn   = 2 // + 2 in atari
	orthOpp   = 5 // + 2 in atari
	diagEmpty = 0
	diagOwn   = 1
	diagOpp   = 2
	diagOff   = 3
)

// absState is a point's content independent of the side to move: colour (0 empty, 1
// Black, 2 White, 3 off the board) in bits 0-1, and absAtari when a stone's group has
// a single liberty.
type absState = uint8

const (
	absEmpty absState = 0
	absOff   absState = 3
	absAtari absState = 8
	// offBoard is the index of the off-board sentinel in the neighbour tables.
	offBoard = board.NumPoints
)

var (
	// patNb[x] lists the neighbours of x in code order (N, E, S, W, NE, SE, SW, NW),
	// offBoard for those off the board.
	patNb [board.NumPoints][8]uint8
	// patN8[x] holds the eight neighbours of x on the board.
	patN8 [board.NumPoints]board.Bitboard
	// patDiag[x] holds the four diagonal neighbours of x on the board.
	patDiag [board.NumPoints]board.Bitboard
	// pointClassOf[x] is x's class, 0..numPointClasses-1.
	pointClassOf [board.NumPoints]uint8
	// orthOf[c][s] and diagOf[c][s] turn an absState into the code state for side c.
	orthOf, diagOf [2][16]uint32
	// orthFlip[a][b] and diagFlip[a][b] are the XOR of the orthogonal (diagonal) code
	// fields of the absStates a and b, for Black in bits 0-31 and White in bits 32-63:
	// what turns a neighbour's field for a point from a's state into b's.
	orthFlip, diagFlip [16][16]uint64
	// symOrth[s][k] and symDiag[s][k] are the slots that orthogonal and diagonal slot k
	// move to under the symmetry s.
	symOrth, symDiag [board.NumSymmetries][4]uint8
)

// patOffsets are the (row, column) offsets of the eight code slots.
var patOffsets = [8][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 1}, {1, 1}, {1, -1}, {-1, -1}}

func init() {
	for x := board.Point(0); x < board.NumPoints; x++ {
		for k, o := range patOffsets {
			i, j := x.Row()+o[0], x.Col()+o[1]
			patNb[x][k] = offBoard
			if i >= 0 && i < board.Size && j >= 0 && j < board.Size {
				patNb[x][k] = uint8(board.PointAt(i, j))
				patN8[x] |= board.PointAt(i, j).Bit()
				if k >= 4 {
					patDiag[x] |= board.PointAt(i, j).Bit()
				}
			}
		}
		a, b := min(x.Row(), 4-x.Row()), min(x.Col(), 4-x.Col())
		a, b = min(a, b), max(a, b)
		// (0,0) corner, (0,1), (0,2) edge, (1,1), (1,2), (2,2) centre.
		pointClassOf[x] = [3][3]uint8{{0, 1, 2}, {0, 3, 4}, {0, 0, 5}}[a][b]
	}
	for c := board.Black; c <= board.White; c++ {
		for s := 0; s < 16; s++ {
			color, class := s&3, uint32(0)
			if absState(s)&absAtari != 0 {
				class = 2
			}
			switch {
			case color == 0:
				orthOf[c][s], diagOf[c][s] = orthEmpty, diagEmpty
			case color == 3:
				orthOf[c][s], diagOf[c][s] = orthOff, diagOff
			case board.Color(color-1) == c:
				orthOf[c][s], diagOf[c][s] = orthOwn+class, diagOwn
			default:
				orthOf[c][s], diagOf[c][s] = orthOpp+class, diagOpp
			}
		}
	}
	for a := range 16 {
		for b := range 16 {
			orthFlip[a][b] = uint64(orthOf[0][a]^orthOf[0][b]) | uint64(orthOf[1][a]^orthOf[1][b])<<32
			diagFlip[a][b] = uint64(diagOf[0][a]^diagOf[0][b]) | uint64(diagOf[1][a]^diagOf[1][b])<<32
		}
	}
	centre := board.PointAt(2, 2)
	slotOf := func(di, dj int) uint8 {
		for k, o := range patOffsets {
			if o[0] == di && o[1] == dj {
				return uint8(k)
			}
		}
		panic("policy: offset outside the 3x3 square")
	}
	for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
		for k, o := range patOffsets {
			img := s.Point(board.PointAt(2+o[0], 2+o[1]))
			slot := slotOf(img.Row()-centre.Row(), img.Col()-centre.Col())
			if k < 4 {
				symOrth[s][k] = slot
			} else {
				symDiag[s][k-4] = slot - 4
			}
		}
	}
}

// patternCodeImage returns the code of the same neighbourhood seen through the
// symmetry s: if code is the code of x in pos, the result is the code of s.Point(x)
// in s.Apply(pos).
func patternCodeImage(code uint32, s board.Symmetry) uint32 {
	var out uint32
	for k := range 4 {
		out |= (code >> (3 * k) & 7) << (3 * uint32(symOrth[s][k]))
		out |= (code >> (12 + 2*k) & 3) << (12 + 2*uint32(symDiag[s][k]))
	}
	return out
}

// canonicalPatternCode returns the least of the eight images of code, so that
// neighbourhoods that a symmetry maps onto each other share one code.
func canonicalPatternCode(code uint32) uint32 {
	best := code
	for s := board.Symmetry(1); s < board.NumSymmetries; s++ {
		best = min(best, patternCodeImage(code, s))
	}
	return best
}

// emptyCodes[x] is the code of x on the empty board (the same for both sides).
var emptyCodes [board.NumPoints]uint32

// backShift[x][k] is the bit offset, in the code of x's neighbour in slot k, of the
// field that describes x.
var backShift [board.NumPoints][8]uint8

// patNbWord[x] and backShiftWord[x] hold patNb[x] and backShift[x], slot k in byte k.
var patNbWord, backShiftWord [board.NumPoints]uint64

func init() {
	opposite := [8]uint8{2, 3, 0, 1, 6, 7, 4, 5} // N-S, E-W, NE-SW, SE-NW
	for x := range board.NumPoints {
		for k := range 8 {
			if k < 4 {
				backShift[x][k] = 3 * opposite[k]
				if patNb[x][k] == offBoard {
					emptyCodes[x] |= orthOff << (3 * k)
				}
			} else {
				backShift[x][k] = 12 + 2*(opposite[k]-4)
				if patNb[x][k] == offBoard {
					emptyCodes[x] |= diagOff << (12 + 2*(k-4))
				}
			}
			patNbWord[x] |= uint64(patNb[x][k]) << (8 * k)
			backShiftWord[x] |= uint64(backShift[x][k]) << (8 * k)
		}
	}
}
