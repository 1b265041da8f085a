// board.go: the Go-Moku board: stones on a padded grid, move names, the 8-neighbour legality counts.

// Package gomoku finds the next move of a Go-Moku position with Greedy, Minimax or
// Alpha-Beta search, and writes the traverse log of the search, as the USC CSCI 561
// homework "Adversarial Search" (summer 2016) specifies them, with the readings
// that games/GOMOKU.md settles from the six official samples. Minimax and alpha-beta follow Russell and Norvig, "Artificial Intelligence:
// A Modern Approach" (AIMA), figures 5.3 and 5.7 with the depth cut-off of section
// 5.4.2; alpha-beta goes back to Knuth and Moore, "An analysis of alpha-beta pruning"
// (1975).
//
// A move is legal on an empty point with at least one stone of either colour among its
// 8 neighbours. Moves are expanded by column letter, then by row number as a number.
// The value of a move comes from the 4 lines through it only (Evaluate), and a node's
// value is the sum of the move values along its path, the root being 0.
//
// The package does no I/O beyond the io.Reader and io.Writer it is given. A Searcher
// allocates nothing while it searches; it is not safe for concurrent use.
package gomoku

import "fmt"

// Board limits from the assignment.
const (
	// MinSize is the smallest board side an input file may give.
	MinSize = 15
	// MaxSize is the largest board side an input file may give (columns A..Y).
	MaxSize = 25
	// MaxDepth is the largest cut-off depth an input file may give.
	MaxDepth = 4
)

// Stone is the content of one point: Empty, Black, White, or Edge for the padding
// around the board.
type Stone uint8

// The point contents. Edge marks the padding cells just outside the board, so that
// scanning a line stops there without a bounds check.
const (
	Empty Stone = iota
	Black
	White
	Edge
)

// Opponent returns the other colour of Black or White.
func (s Stone) Opponent() Stone { return 3 - s }

// Byte returns the input-file character of a point: 'b', 'w' or '.'.
func (s Stone) Byte() byte {
	switch s {
	case Black:
		return 'b'
	case White:
		return 'w'
	}
	return '.'
}

// stride is the width of the padded grid: one Edge column on each side of the widest
// board. Every board, whatever its size, uses this stride, so the 4 line directions are
// constants.
const stride = MaxSize + 2

// gridCells is the number of cells of the padded grid, edges included.
const gridCells = stride * stride

// directions are the index steps along the 4 lines through a point: horizontal,
// vertical, and the two diagonals.
var directions = [4]int{1, stride, stride + 1, stride - 1}

// neighbourSteps are the index steps to the 8 neighbours of a point.
var neighbourSteps = [8]int{-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1}

// Board is a square Go-Moku board of side Size. Points are addressed by their index in
// the padded grid (Index); cells outside the board hold Edge. Alongside the stones it
// keeps, for every point, the number of stones among its 8 neighbours, so that legality
// is one lookup. The zero Board is not usable; make one with NewBoard.
type Board struct {
	// Size is the side of the board, 1..MaxSize.
	Size int
	// Cells holds the content of each padded-grid cell.
	Cells [gridCells]Stone
	// neighbours counts the stones among the 8 neighbours of each cell.
	neighbours [gridCells]uint8
	// stones counts the stones on the board.
	stones int
}

// NewBoard makes a board from rows of 'b', 'w' and '.', top row first, as an input file
// gives them. Every row must have as many characters as there are rows, 1..MaxSize.
func NewBoard(rows []string) (*Board, error) {
	n := len(rows)
	if n < 1 || n > MaxSize {
		return nil, fmt.Errorf("board has %d rows, want 1..%d", n, MaxSize)
	}
	b := &Board{Size: n}
	for i := range b.Cells {
		b.Cells[i] = Edge
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			b.Cells[Index(i, j)] = Empty
		}
	}
	for i, row := range rows {
		if len(row) != n {
			return nil, rowError{i + 1, fmt.Sprintf("board row %d has %d characters, want %d", i+1, len(row), n)}
		}
		for j := 0; j < n; j++ {
			var s Stone
			switch row[j] {
			case '.':
				continue
			case 'b':
				s = Black
			case 'w':
				s = White
			default:
				return nil, rowError{i + 1, fmt.Sprintf("board row %d column %d: character %q, want 'b', 'w' or '.'", i+1, j+1, row[j])}
			}
			b.Place(Index(i, j), s)
		}
	}
	return b, nil
}

// rowError is a NewBoard error in one row (1 = top), so that Parse can name the line.
type rowError struct {
	row  int
	what string
}

func (e rowError) Error() string { return e.what }

// Index returns the padded-grid index of the point in input row i (0 = top) and column
// j (0 = left, letter A).
func Index(i, j int) int { return (i+1)*stride + j + 1 }

// RowCol returns the input row (0 = top) and column (0 = left) of a padded-grid index.
func RowCol(p int) (i, j int) { return p/stride - 1, p%stride - 1 }

// Stones returns the number of stones on the board.
func (b *Board) Stones() int { return b.stones }

// Legal reports whether a stone may be played at p: the point is empty and at least
// one of its 8 neighbours holds a stone.
func (b *Board) Legal(p int) bool { return b.Cells[p] == Empty && b.neighbours[p] != 0 }

// Place puts stone s (Black or White) on the empty point p.
func (b *Board) Place(p int, s Stone) {
	b.Cells[p] = s
	b.stones++
	for _, d := range neighbourSteps {
		b.neighbours[p+d]++
	}
}

// Remove takes the stone at p off the board, undoing Place.
func (b *Board) Remove(p int) {
	b.Cells[p] = Empty
	b.stones--
	for _, d := range neighbourSteps {
		b.neighbours[p+d]--
	}
}

// Name returns the name of the point p on a board of side n: the column letter (A =
// left) and the row number (1 = bottom row), e.g. "L7".
func Name(p, n int) string { return string(AppendName(nil, p, n)) }

// AppendName appends the name of point p on a board of side n to dst.
func AppendName(dst []byte, p, n int) []byte {
	i, j := RowCol(p)
	dst = append(dst, byte('A'+j))
	row := n - i
	if row >= 10 {
		dst = append(dst, byte('0'+row/10))
	}
	return append(dst, byte('0'+row%10))
}

// ExpansionOrder returns the points of a board of side n in the order the search
// expands them: by column letter, then by row number ascending as a number (A1 < A2 <
// ... < A9 < A10 < B1). The row number grows upwards, so within a column this is the
// input rows from the bottom up.
func ExpansionOrder(n int) []int {
	order := make([]int, 0, n*n)
	for j := 0; j < n; j++ {
		for i := n - 1; i >= 0; i-- {
			order = append(order, Index(i, j))
		}
	}
	return order
}

// AppendRows appends the board as the output file shows it: Size lines of 'b', 'w' and
// '.', top row first, each ending in a newline.
func (b *Board) AppendRows(dst []byte) []byte {
	for i := 0; i < b.Size; i++ {
		for j := 0; j < b.Size; j++ {
			dst = append(dst, b.Cells[Index(i, j)].Byte())
		}
		dst = append(dst, '\n')
	}
	return dst
}
