// reference_test.go: a deliberately plain re-implementation of the host's rules from RULES.md, the oracle the other tests compare board against.

package board

import (
	"fmt"
	"strings"
)

// The reference works on plain arrays and follows the host's checks literally, in the
// order RULES.md gives them. It shares no rules code with board: only the conversions
// at the bottom of this file touch board's types.

const (
	refEmpty = 0
	refBlack = 1
	refWhite = 2
	// refMaxMoves is the number of the last move of a game (RULES.md: White plays move 24).
	refMaxMoves = 24
)

// refBoard is a board as in input.txt: refBoard[i][j] is 0 empty, 1 Black, 2 White.
type refBoard [5][5]int

// refVerdict is the host's verdict on a placement.
type refVerdict int

const (
	refLegal refVerdict = iota
	refOffBoard
	refOccupied
	refSuicide
	refKo
)

func (v refVerdict) String() string {
	return [...]string{"legal", "off the board", "occupied", "suicide", "ko"}[v]
}

// refGame is a game as the host keeps it.
type refGame struct {
	board    refBoard // the current board
	previous refBoard // the board before the last action (after a pass: the current board)
	// lastCaptured is the number of stones the last action captured (0 after a pass).
	lastCaptured int
	move         int // the number of the move about to be played, from 1
	turn         int // refBlack or refWhite
	over         bool
}

func newRefGame() refGame { return refGame{move: 1, turn: refBlack} }

func refInside(i, j int) bool { return i >= 0 && i < 5 && j >= 0 && j < 5 }

var refSteps = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// fill marks in seen the stones of color connected to (i, j), by recursion, and
// reports whether any of them touches an empty point (a liberty).
func (b *refBoard) fill(i, j, color int, seen *[5][5]bool) (liberty bool) {
	if !refInside(i, j) || seen[i][j] {
		return false
	}
	if b[i][j] == refEmpty {
		return true
	}
	if b[i][j] != color {
		return false
	}
	seen[i][j] = true
	for _, d := range refSteps {
		if b.fill(i+d[0], j+d[1], color, seen) {
			liberty = true
		}
	}
	return liberty
}

// erase removes the stones of color connected to (i, j) and returns how many.
func (b *refBoard) erase(i, j, color int) int {
	if !refInside(i, j) || b[i][j] != color {
		return 0
	}
	b[i][j] = refEmpty
	n := 1
	for _, d := range refSteps {
		n += b.erase(i+d[0], j+d[1], color)
	}
	return n
}

// hasLiberty reports whether the group of the stone at (i, j) touches an empty point.
func (b *refBoard) hasLiberty(i, j int) bool {
	var seen [5][5]bool
	return b.fill(i, j, b[i][j], &seen)
}

// removeDead removes every group of color without a liberty and returns how many
// stones it removed. All groups are judged before any is removed, as the host does.
func (b *refBoard) removeDead(color int) int {
	var seen [5][5]bool
	var dead [25][2]int
	nDead := 0
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			if b[i][j] == color && !seen[i][j] && !b.fill(i, j, color, &seen) {
				dead[nDead] = [2]int{i, j}
				nDead++
			}
		}
	}
	removed := 0
	for _, s := range dead[:nDead] {
		removed += b.erase(s[0], s[1], color)
	}
	return removed
}

func (b *refBoard) count(color int) int {
	n := 0
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			if b[i][j] == color {
				n++
			}
		}
	}
	return n
}

func (b refBoard) String() string {
	var sb strings.Builder
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			sb.WriteByte(byte('0' + b[i][j]))
		}
		if i < 4 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// check judges a placement of the side to move at (i, j) with the host's checks in
// order (RULES.md, "A move's legality") and returns the board after it (with its
// captures) and the number of stones captured.
func (g *refGame) check(i, j int) (v refVerdict, after refBoard, captured int) {
	if !refInside(i, j) {
		return refOffBoard, g.board, 0
	}
	if g.board[i][j] != refEmpty {
		return refOccupied, g.board, 0
	}
	after = g.board
	after[i][j] = g.turn
	opponent := 3 - g.turn
	if after.hasLiberty(i, j) {
		captured = after.removeDead(opponent)
		return refLegal, after, captured
	}
	captured = after.removeDead(opponent)
	if !after.hasLiberty(i, j) {
		return refSuicide, g.board, 0
	}
	if g.lastCaptured > 0 && after == g.previous {
		return refKo, g.board, 0
	}
	return refLegal, after, captured
}

// play plays a placement; it returns the verdict and changes nothing unless it is legal.
func (g *refGame) play(i, j int) (refVerdict, int) {
	if g.over {
		return refOccupied, 0
	}
	v, after, captured := g.check(i, j)
	if v != refLegal {
		return v, 0
	}
	g.previous = g.board
	g.board = after
	g.lastCaptured = captured
	g.next()
	return refLegal, captured
}

// pass passes: a pass made when previous equals current ends the game; then the host
// sets previous = current.
func (g *refGame) pass() {
	if g.over {
		return
	}
	if g.previous == g.board {
		g.over = true
	}
	g.previous = g.board
	g.lastCaptured = 0
	g.next()
}

func (g *refGame) next() {
	g.turn = 3 - g.turn
	g.move++
	if g.move > refMaxMoves {
		g.over = true
	}
}

// legalPoints returns every placement the host accepts now, in row-major order.
func (g *refGame) legalPoints() [][2]int {
	if g.over {
		return nil
	}
	var out [][2]int
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			if v, _, _ := g.check(i, j); v == refLegal {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// blackWins applies the winning rule: Black wins iff black > white + 2.5.
func (g *refGame) blackWins() bool {
	return float64(g.board.count(refBlack)) > float64(g.board.count(refWhite))+2.5
}

func (g *refGame) String() string {
	return fmt.Sprintf("move %d turn %d over %v lastCaptured %d\ncurrent\n%v\nprevious\n%v",
		g.move, g.turn, g.over, g.lastCaptured, g.board, g.previous)
}

// Conversions between the reference and board's types (no rules logic).

func refToStones(b refBoard) Stones {
	var s Stones
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			if v := b[i][j]; v != refEmpty {
				s[v-1] |= 1 << uint(5*i+j)
			}
		}
	}
	return s
}

func refColor(c Color) int {
	if c == Black {
		return refBlack
	}
	return refWhite
}
