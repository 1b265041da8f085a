// sgf.go: Smart Game Format (FF[4]) records of Little-Go games: the game type and the writer.

// Package sgf writes and reads Little-Go game records in the Smart Game Format, file
// format 4 (FF[4], https://www.red-bean.com/sgf/), at two levels. Game trees (Node):
// ParseTrees reads any well-formed collection, variations and every property kept in
// order, whatever program wrote it (set-up stones, KaTrain's KT and KTV, Sabaki's SBKV
// and SBKS, MN, marks and annotations), and WriteTrees writes it back, so that a tree
// read and written reads back equal (Node.Equal) and is written the same bytes again.
// Games (Game): Write produces one game tree with a root node (GM[1]FF[4]SZ[5]KM,
// rules, players, result) and one node per move, passes as empty values (B[]); Parse
// reads one 5x5 Go game's main line (Game.Variations counts what it left off, and
// MainLineNote says so for people) and rejects malformed input with an error that says
// where and why; Replay then checks the moves against the Little-Go rules of package
// board.
package sgf

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"littlego/board"
)

// Move is one action of a game record: a colour and a point or board.Pass.
type Move struct {
	Color board.Color
	Point board.Point
	// Comment is the comment (C) of the move's node, "" for none.
	Comment string
}

// Game is a record of one 5x5 game. The board size is always board.Size.
type Game struct {
	// Komi is White's compensation (KM).
	Komi float64
	// Rules names the rule set (RU).
	Rules string
	// Black and White name the players (PB, PW).
	Black, White string
	// Result is the result (RE): "B+0.5", "W+2.5", "B+Time", "W+Forfeit", ...
	Result string
	// Date is the date of the game (DT), "YYYY-MM-DD".
	Date string
	// Name is the game's name (GN).
	Name string
	// Comment is the root node's comment (C).
	Comment string
	// Moves are the actions, in order.
	Moves []Move
	// Variations counts the variations the file held off the main line (Parse reads the
	// main line only); Write writes none.
	Variations int
}

// MainLineNote says, for a reader of the record, that the file held variations and
// that only its main line was read; "" when it held none.
func (g *Game) MainLineNote() string {
	switch g.Variations {
	case 0:
		return ""
	case 1:
		return "the record holds 1 variation beside its main line: the main line is read, the variation left out"
	}
	return fmt.Sprintf("the record holds %d variations beside its main line: the main line is read, the variations left out", g.Variations)
}

// movesPerLine is how many move nodes Write puts on one line.
const movesPerLine = 8

// Write writes g as an SGF FF[4] collection of one game tree (Tree). It fails on a move
// that is neither a point of the 5x5 board nor board.Pass.
func Write(w io.Writer, g Game) error {
	t, err := g.Tree()
	if err != nil {
		return err
	}
	return WriteTrees(w, t)
}

// Tree returns g as a game tree: the root (GM[1]FF[4]CA[UTF-8]AP[littlego]SZ[5], the
// komi, then those of rules, name, date, players, result and comment that are set) and
// one node per move with its comment. It fails on a move that is neither a point of
// the 5x5 board nor board.Pass, or whose colour is neither Black nor White.
func (g *Game) Tree() (*Node, error) {
	for k, m := range g.Moves {
		if m.Point != board.Pass && (m.Point < 0 || m.Point >= board.NumPoints) {
			return nil, fmt.Errorf("sgf: move %d: %d is not a point of the board or a pass", k+1, m.Point)
		}
		if m.Color != board.Black && m.Color != board.White {
			return nil, fmt.Errorf("sgf: move %d: colour %d is neither Black nor White", k+1, m.Color)
		}
	}
	root := NewNode(Prop("GM", "1"), Prop("FF", "4"), Prop("CA", "UTF-8"), Prop("AP", "littlego"),
		Prop("SZ", strconv.Itoa(board.Size)), Prop("KM", strconv.FormatFloat(g.Komi, 'f', -1, 64)))
	for _, p := range []struct{ id, value string }{
		{"RU", g.Rules}, {"GN", g.Name}, {"DT", g.Date}, {"PB", g.Black}, {"PW", g.White},
		{"RE", g.Result}, {"C", g.Comment},
	} {
		if p.value != "" {
			root.Set(p.id, p.value)
		}
	}
	at := root
	for _, m := range g.Moves {
		at = at.Add(MoveNode(m.Color, m.Point))
		if m.Comment != "" {
			at.Set("C", m.Comment)
		}
	}
	return root, nil
}

// MoveNode returns a node holding the move of c at p (B[cc], W[]: a pass).
func MoveNode(c board.Color, p board.Point) *Node {
	return NewNode(Prop(colorID(c), Coord(p)))
}

// Coord returns the SGF value of a point: the column letter first, then the row letter,
// both from 'a' ((i, j) becomes letters j then i), or "" for a pass.
func Coord(p board.Point) string {
	if p == board.Pass {
		return ""
	}
	return string([]byte{byte('a' + p.Col()), byte('a' + p.Row())})
}

func colorID(c board.Color) string {
	if c == board.Black {
		return "B"
	}
	return "W"
}

// escape makes s safe inside a property value: backslash and ']' are escaped.
func escape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `]`, `\]`)
	return r.Replace(s)
}

// Replay plays g's moves on an empty board under the Little-Go rules and returns the
// final position. It fails if the colours do not alternate from Black, if a move is
// illegal, or if a move follows the end of the game.
func (g *Game) Replay() (board.Position, error) {
	pos := board.New()
	for k, m := range g.Moves {
		if pos.Over {
			return pos, fmt.Errorf("sgf: move %d follows the end of the game", k+1)
		}
		if m.Color != pos.Turn {
			return pos, fmt.Errorf("sgf: move %d is %s's but %s is to play", k+1, m.Color, pos.Turn)
		}
		if _, ok := pos.Play(m.Point); !ok {
			return pos, fmt.Errorf("sgf: move %d (%s at %s) is illegal", k+1, m.Color, m.Point)
		}
	}
	return pos, nil
}

// errSyntax is wrapped by every syntax error Parse returns.
var errSyntax = errors.New("sgf syntax")
