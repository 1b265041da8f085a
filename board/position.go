// position.go: the Little-Go position and its rules (RULES.md): play, capture, suicide, ko, pass, end, score.

// Package board is the Little-Go rules core: a 5x5 position as two bitboards, moves,
// captures, suicide and simple ko exactly as the CSCI-561 course host judges them, the
// 24-move end, the stones-only score, Zobrist hashing, the eight symmetries of the
// square and the input.txt/output.txt protocol as pure functions over readers and
// writers. It does no I/O of its own. Positions are small values: copy one to make a
// child (copy-make), then Play on the copy.
package board

import (
	"fmt"
	"strings"
)

// Color is a side: Black or White.
type Color uint8

const (
	// Black moves first and plays the odd-numbered moves.
	Black Color = 0
	// White plays the even-numbered moves and gets the komi.
	White Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// FileValue returns the digit that stands for c in input.txt: 1 for Black, 2 for White.
func (c Color) FileValue() int { return int(c) + 1 }

// String returns "Black" or "White".
func (c Color) String() string {
	if c == Black {
		return "Black"
	}
	return "White"
}

// Point is a point of the board, 5*i + j, or Pass. NoPoint marks the absence of a point.
type Point int8

const (
	// Pass is the action of passing; it is not a point of the board.
	Pass Point = NumPoints
	// NoPoint is no point at all.
	NoPoint Point = -1
	// NumActions is the number of actions: every point and Pass.
	NumActions = NumPoints + 1
)

// PointAt returns the point in row i and column j (both 0..4).
func PointAt(i, j int) Point { return Point(i*Size + j) }

// Row returns the row i of p, counted from the top.
func (p Point) Row() int { return int(p) / Size }

// Col returns the column j of p, counted from the left.
func (p Point) Col() int { return int(p) % Size }

// String returns "i,j" as in output.txt, or "PASS".
func (p Point) String() string {
	switch {
	case p == Pass:
		return "PASS"
	case p >= 0 && p < NumPoints:
		return fmt.Sprintf("%d,%d", p.Row(), p.Col())
	}
	return fmt.Sprintf("Point(%d)", int8(p))
}

const (
	// MaxMoves is the number of moves in a Little-Go game: the game ends when move 24
	// has been played, so each side gets 12 turns.
	MaxMoves = NumPoints - 1
	// Komi is White's compensation. Black wins only if black > white + Komi, that is
	// with at least 3 stones more than White.
	Komi = 2.5
	// BlackMargin is the least stone difference (black - white) with which Black wins.
	BlackMargin = 3
)

// Stones is a board without the game state: the Black and White stones.
type Stones [2]Bitboard

// At returns the file digit at p: 0 empty, 1 Black, 2 White.
func (s Stones) At(p Point) int {
	switch {
	case s[Black].Has(p):
		return 1
	case s[White].Has(p):
		return 2
	}
	return 0
}

// Empty returns the empty points.
func (s Stones) Empty() Bitboard { return Full &^ (s[Black] | s[White]) }

// String draws s as five lines of digits, as in input.txt.
func (s Stones) String() string {
	var sb strings.Builder
	for i := 0; i < Size; i++ {
		for j := 0; j < Size; j++ {
			sb.WriteByte(byte('0' + s.At(PointAt(i, j))))
		}
		if i < Size-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// Position is a Little-Go position with everything the rules need to judge the next
// action. The zero value is not a valid position: start from New or from an Input.
type Position struct {
	// Stones are the stones on the board.
	Stones Stones
	// Hash is the Zobrist hash of the stones and the side to move, kept up to date by
	// Play. Key adds the rest of the state.
	Hash uint64
	// Ko holds the point the side to move may not play because it would retake a ko
	// (RULES.md, legality step 5), or is empty.
	Ko Bitboard
	// Move is the number of the move about to be played, from 1; a pass counts.
	Move uint8
	// Last is the number of the last move of the game: MaxMoves under the course rules.
	Last uint8
	// Turn is the side to move.
	Turn Color
	// Passed is set when the previous board equals the current one (after a pass, and on
	// move 1): a pass now ends the game.
	Passed bool
	// Over is set once the game has ended: move Last played, or two passes in a row.
	Over bool
}

// New returns the empty board with Black to play move 1 of a course game.
func New() Position {
	return Position{Hash: zobristTurn[Black], Move: 1, Last: MaxMoves, Turn: Black, Passed: true}
}

// Empty returns the empty points.
func (p *Position) Empty() Bitboard { return p.Stones.Empty() }

// MovesLeft returns how many actions remain in the game, this one included.
func (p *Position) MovesLeft() int {
	if p.Over {
		return 0
	}
	return int(p.Last) - int(p.Move) + 1
}

// Legal returns the points where the side to move may place a stone (Pass, always legal
// while the game goes on, is not a point and is not included).
func (p *Position) Legal() Bitboard {
	if p.Over {
		return 0
	}
	own, opp := p.Stones[p.Turn], p.Stones[p.Turn^1]
	empty := Full &^ (own | opp)
	// A point with an empty neighbour is never suicide.
	legal := empty & empty.Neighbours()
	// A liberty of a friendly group with two or more liberties keeps that group alive.
	for rest := own; rest != 0; {
		g := Group(rest&-rest, own)
		rest &^= g
		libs := g.Neighbours() & empty
		if libs&(libs-1) != 0 {
			legal |= libs
		}
	}
	// The last liberty of an enemy group captures it.
	for rest := opp; rest != 0; {
		g := Group(rest&-rest, opp)
		rest &^= g
		libs := g.Neighbours() & empty
		if libs != 0 && libs&(libs-1) == 0 {
			legal |= libs
		}
	}
	return legal &^ p.Ko
}

// IsLegal reports whether the side to move may play pt (a point or Pass) now.
func (p *Position) IsLegal(pt Point) bool {
	if p.Over {
		return false
	}
	if pt == Pass {
		return true
	}
	if pt < 0 || pt >= NumPoints {
		return false
	}
	q := *p
	_, ok := q.Play(pt)
	return ok
}

// Play plays pt (a point or Pass) for the side to move. It returns the number of stones
// captured and true, or 0 and false, leaving p unchanged, when the action is illegal
// (off the board, occupied, suicide, a ko retake, or the game is over).
func (p *Position) Play(pt Point) (captured int, ok bool) {
	if p.Over {
		return 0, false
	}
	if pt == Pass {
		p.Pass()
		return 0, true
	}
	if pt < 0 || pt >= NumPoints {
		return 0, false
	}
	bit := pt.Bit()
	c := p.Turn
	own, opp := p.Stones[c]|bit, p.Stones[c^1]
	if (p.Stones[0]|p.Stones[1])&bit != 0 || p.Ko&bit != 0 {
		return 0, false
	}
	nb := neighbourMask[pt]
	empty := Full &^ (own | opp)
	// Remove the enemy groups next to pt that have no liberty left. A stone next to
	// an empty point keeps its group alive without a look at the group.
	var dead Bitboard
	for adj := nb & opp; adj != 0; adj &= adj - 1 {
		s := adj & -adj
		if neighbourMask[s.First()]&empty != 0 || dead&s != 0 {
			continue
		}
		if g := Group(s, opp); g.Neighbours()&empty == 0 {
			dead |= g
		}
	}
	opp &^= dead
	empty |= dead
	libs := nb & empty
	if libs == 0 {
		// No empty neighbour, so nothing was captured: the group the stone joins
		// needs a liberty elsewhere.
		if nb&own == 0 || Group(bit, own).Neighbours()&empty == 0 {
			return 0, false // suicide
		}
	}
	h := p.Hash ^ zobristStone[c][pt] ^ zobristTurn[0] ^ zobristTurn[1]
	for d := dead; d != 0; d &= d - 1 {
		h ^= zobristStone[c^1][d.First()]
	}
	p.Hash = h
	p.Stones[c], p.Stones[c^1] = own, opp
	p.Ko = 0
	if nb&own == 0 && dead&(dead-1) == 0 && libs == dead {
		// A lone stone that captured one stone and whose only liberty is the point it
		// emptied: retaking at once would bring back the previous board.
		p.Ko = dead
	}
	p.Passed = false
	p.Turn = c ^ 1
	p.advance()
	return dead.Count(), true
}

// Pass passes for the side to move. A pass when Passed is set ends the game.
func (p *Position) Pass() {
	if p.Over {
		return
	}
	if p.Passed {
		p.Over = true
	}
	p.Passed = true
	p.Ko = 0
	p.Hash ^= zobristTurn[0] ^ zobristTurn[1]
	p.Turn ^= 1
	p.advance()
}

// Act plays the action a, a point or Pass, and reports whether it was legal (a Pass
// always is). An illegal point leaves p unchanged, as Play does.
func (p *Position) Act(a Point) bool {
	if a == Pass {
		p.Pass()
		return true
	}
	_, ok := p.Play(a)
	return ok
}

// advance counts the action just played and ends the game after the last move.
func (p *Position) advance() {
	p.Move++
	if p.Move > p.Last {
		p.Over = true
	}
}

// Score returns the stone counts of Black and White (no komi; empty points count for
// no one).
func (p *Position) Score() (black, white int) {
	return p.Stones[Black].Count(), p.Stones[White].Count()
}

// Margin returns black - white stones: Black wins when it is at least BlackMargin.
func (p *Position) Margin() int {
	return p.Stones[Black].Count() - p.Stones[White].Count()
}

// Winner returns the side that wins if the game ends on this board: Black only with
// black > white + 2.5; there are no ties.
func (p *Position) Winner() Color {
	if p.Margin() >= BlackMargin {
		return Black
	}
	return White
}

// String draws the position for people: X Black, O White, with the move number.
func (p *Position) String() string {
	var sb strings.Builder
	sb.WriteString("   0 1 2 3 4\n")
	for i := 0; i < Size; i++ {
		fmt.Fprintf(&sb, "%d ", i)
		for j := 0; j < Size; j++ {
			pt := PointAt(i, j)
			ch := " ."
			switch {
			case p.Stones[Black].Has(pt):
				ch = " X"
			case p.Stones[White].Has(pt):
				ch = " O"
			case p.Ko.Has(pt):
				ch = " k"
			}
			sb.WriteString(ch)
		}
		sb.WriteByte('\n')
	}
	b, w := p.Score()
	if p.Over {
		fmt.Fprintf(&sb, "game over after move %d: X %d, O %d+%.1f, %s wins", p.Move-1, b, w, Komi, p.Winner())
	} else {
		fmt.Fprintf(&sb, "move %d, %s to play: X %d, O %d+%.1f", p.Move, p.Turn, b, w, Komi)
	}
	return sb.String()
}
