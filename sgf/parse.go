// parse.go: the SGF reader: the FF[4] grammar checked strictly, then the root and move properties of a 5x5 Go game.

package sgf

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"littlego/board"
)

// MaxBytes bounds what Parse reads: a Little-Go record is well under a kilobyte.
const MaxBytes = 1 << 20

// maxDepth bounds the nesting of variations, so that hostile input cannot exhaust the stack.
const maxDepth = 200

// parser reads the FF[4] grammar:
//
//	Collection = GameTree { GameTree }
//	GameTree   = "(" Sequence { GameTree } ")"
//	Sequence   = Node { Node }
//	Node       = ";" { Property }
//	Property   = PropIdent PropValue { PropValue }
//	PropIdent  = UcLetter { UcLetter }
//	PropValue  = "[" CValueType "]"
//
// with white space allowed between the tokens.
type parser struct {
	data      []byte
	pos       int
	line, col int
}

// Parse reads one SGF FF[4] game of 5x5 Go and returns its root properties and main
// line (the first child at every node; Game.Variations counts the variations left off).
// It rejects, with the line and column of the problem: a syntax error, more than one
// game (ParseAll reads a collection), a board size other than 5, GM other than 1, FF
// other than 4, a property given twice in a node, a root property (GM, FF, SZ, CA, AP,
// ST) outside the root, set-up stones (AB, AW, AE: a Little-Go record starts from the
// empty board; ParseTrees keeps them), a node with both B and W, and a move that is not
// a point of the board or a pass (B[] or the FF[3] form B[tt]). Other properties are
// checked for syntax and left out of the Game (ParseTrees keeps them all). Parse does
// not judge the moves' legality: see Replay.
func Parse(r io.Reader) (Game, error) {
	p, err := newParser(r)
	if err != nil {
		return Game{}, err
	}
	root, err := p.gameTree(0)
	if err != nil {
		return Game{}, err
	}
	p.skipSpace()
	if !p.eof() {
		if p.peek() == '(' {
			return Game{}, p.errorf("a second game tree; expected one game (ParseAll reads a collection)")
		}
		return Game{}, p.errorf("unexpected %q after the game tree", p.peek())
	}
	return GameOf(root)
}

// ParseAll reads an SGF collection of 5x5 Go games and returns each game tree's main
// line as Parse does, in file order; the first game that Parse would reject fails it,
// its number in the collection named.
func ParseAll(r io.Reader) ([]Game, error) {
	trees, err := ParseTrees(r)
	if err != nil {
		return nil, err
	}
	games := make([]Game, len(trees))
	for k, t := range trees {
		if games[k], err = GameOf(t); err != nil {
			if len(trees) > 1 {
				return nil, fmt.Errorf("game %d of %d: %w", k+1, len(trees), err)
			}
			return nil, err
		}
	}
	return games, nil
}

func (p *parser) eof() bool  { return p.pos >= len(p.data) }
func (p *parser) peek() byte { return p.data[p.pos] }

func (p *parser) next() byte {
	c := p.data[p.pos]
	p.pos++
	if c == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
	return c
}

func (p *parser) errorf(format string, a ...any) error {
	return fmt.Errorf("%w: line %d column %d: %s", errSyntax, p.line, p.col, fmt.Sprintf(format, a...))
}

func (p *parser) skipSpace() {
	for !p.eof() {
		switch p.peek() {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			p.next()
		default:
			return
		}
	}
}

// nextIs skips white space and reports whether c comes next.
func (p *parser) nextIs(c byte) bool {
	p.skipSpace()
	return !p.eof() && p.peek() == c
}

// gameTree reads "(" Sequence { GameTree } ")" and returns the sequence's first node:
// each node of the sequence is the only child of the one before, and the trees after
// the sequence are the children of its last node.
func (p *parser) gameTree(depth int) (*Node, error) {
	if depth > maxDepth {
		return nil, p.errorf("variations nested deeper than %d", maxDepth)
	}
	if p.eof() || p.peek() != '(' {
		return nil, p.expected("'(' to open a game tree")
	}
	p.next()
	var first, last *Node
	for p.nextIs(';') {
		n, err := p.node()
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = n
		} else {
			last.Children = []*Node{n}
		}
		last = n
	}
	if first == nil {
		return nil, p.expected("';' to open a node (a game tree needs at least one node)")
	}
	for {
		p.skipSpace()
		if p.eof() {
			return nil, p.errorf("unexpected end of input; expected ')' to close the game tree")
		}
		if p.peek() == ')' {
			p.next()
			return first, nil
		}
		if p.peek() != '(' {
			return nil, p.expected("';', '(' or ')'")
		}
		sub, err := p.gameTree(depth + 1)
		if err != nil {
			return nil, err
		}
		last.Children = append(last.Children, sub)
	}
}

func (p *parser) expected(what string) error {
	if p.eof() {
		return p.errorf("unexpected end of input; expected %s", what)
	}
	return p.errorf("unexpected %q; expected %s", p.peek(), what)
}

// node reads ";" { Property }.
func (p *parser) node() (*Node, error) {
	p.next() // ';'
	n := &Node{}
	for {
		p.skipSpace()
		if p.eof() {
			return n, nil
		}
		c := p.peek()
		if c >= 'a' && c <= 'z' {
			return nil, p.errorf("property identifier with lower-case letter %q; FF[4] identifiers are upper case", c)
		}
		if c < 'A' || c > 'Z' {
			return n, nil
		}
		at := position{line: p.line, col: p.col}
		start := p.pos
		for !p.eof() && p.peek() >= 'A' && p.peek() <= 'Z' {
			p.next()
		}
		prop := Property{ID: string(p.data[start:p.pos])}
		if !p.eof() && p.peek() >= 'a' && p.peek() <= 'z' {
			return nil, p.errorf("property identifier with lower-case letter %q; FF[4] identifiers are upper case", p.peek())
		}
		for p.nextIs('[') {
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.Values = append(prop.Values, v)
		}
		if len(prop.Values) == 0 {
			return nil, p.expected(fmt.Sprintf("'[' to open a value of property %s", prop.ID))
		}
		if _, twice := n.Get(prop.ID); twice {
			return nil, fmt.Errorf("%w: line %d column %d: property %s given twice in one node", errSyntax, at.line, at.col, prop.ID)
		}
		n.Props = append(n.Props, prop)
		n.at = append(n.at, at)
	}
}

// value reads "[" ... "]": a backslash escapes the next character; a backslash before a
// line break removes the break (a soft line break).
func (p *parser) value() (string, error) {
	line, col := p.line, p.col
	p.next() // '['
	var sb strings.Builder
	for !p.eof() {
		c := p.next()
		switch c {
		case ']':
			return sb.String(), nil
		case '\\':
			if p.eof() {
				break
			}
			e := p.next()
			switch e {
			case '\n':
				if !p.eof() && p.peek() == '\r' {
					p.next()
				}
			case '\r':
				if !p.eof() && p.peek() == '\n' {
					p.next()
				}
			default:
				sb.WriteByte(e)
			}
		default:
			sb.WriteByte(c)
		}
	}
	return "", fmt.Errorf("%w: line %d column %d: value not closed by ']'", errSyntax, line, col)
}

// rootOnly are the properties FF[4] allows only in the root node.
var rootOnly = map[string]bool{"GM": true, "FF": true, "SZ": true, "CA": true, "AP": true, "ST": true}

// GameOf checks the properties of the main line from root (the first child at every
// node) as Parse does and returns its Game; Game.Variations counts the variations off
// it.
func GameOf(root *Node) (Game, error) {
	g := Game{Variations: root.Variations()}
	sawSize := false
	for k, n := range root.MainLine() {
		sawMove := false
		comment := ""
		for i := range n.Props {
			prop := propAt{Property: &n.Props[i], node: k}
			if n.at != nil {
				prop.at = n.at[i]
			}
			if k > 0 && prop.ID == "C" && len(prop.Values) == 1 {
				comment = prop.Values[0]
			}
			if k > 0 && rootOnly[prop.ID] {
				return g, prop.errorf("root property %s outside the root node", prop.ID)
			}
			isMove, isSize, err := g.apply(prop, k == 0)
			if err != nil {
				return g, err
			}
			if isMove && sawMove {
				return g, prop.errorf("a node with both B and W")
			}
			sawMove = sawMove || isMove
			sawSize = sawSize || isSize
		}
		if sawMove {
			g.Moves[len(g.Moves)-1].Comment = comment
		}
	}
	if !sawSize {
		return g, fmt.Errorf("sgf: no SZ property in the root node (the default is 19); want SZ[%d]", board.Size)
	}
	return g, nil
}

// propAt is a property with where it was read (zero for a node built in code) and the
// number of its node on the main line, for error messages.
type propAt struct {
	*Property
	at   position
	node int
}

// errorf returns an error that names the property's line and column, or its node when
// it was not read from a file.
func (p propAt) errorf(format string, a ...any) error {
	if p.at.line == 0 {
		return fmt.Errorf("sgf: node %d of the main line: %s", p.node, fmt.Sprintf(format, a...))
	}
	return fmt.Errorf("sgf: line %d column %d: %s", p.at.line, p.at.col, fmt.Sprintf(format, a...))
}

// singleValued are the properties read here that take exactly one value.
var singleValued = map[string]bool{"GM": true, "FF": true, "SZ": true, "KM": true, "RU": true, "PB": true, "PW": true,
	"RE": true, "DT": true, "GN": true, "C": true, "CA": true, "AP": true, "B": true, "W": true}

// apply records one property of a node in g (root: the node is the first); it reports
// whether the property was a move or the board size.
func (g *Game) apply(prop propAt, root bool) (isMove, isSize bool, err error) {
	var v string
	if singleValued[prop.ID] {
		if len(prop.Values) != 1 {
			return false, false, prop.errorf("property %s takes one value, got %d", prop.ID, len(prop.Values))
		}
		v = prop.Values[0]
	}
	switch prop.ID {
	case "GM":
		if strings.TrimSpace(v) != "1" {
			return false, false, prop.errorf("GM[%s]: not a game of Go (want GM[1])", v)
		}
	case "FF":
		if strings.TrimSpace(v) != "4" {
			return false, false, prop.errorf("FF[%s]: this reader reads file format 4 (want FF[4])", v)
		}
	case "SZ":
		if s := strings.TrimSpace(v); s != strconv.Itoa(board.Size) && s != fmt.Sprintf("%d:%d", board.Size, board.Size) {
			return false, false, prop.errorf("SZ[%s]: board size must be %d", v, board.Size)
		}
		return false, true, nil
	case "KM":
		km, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(km) || math.IsInf(km, 0) {
			return false, false, prop.errorf("KM[%s] is not a number", v)
		}
		g.Komi = km
	case "RU":
		g.Rules = v
	case "PB":
		g.Black = v
	case "PW":
		g.White = v
	case "RE":
		g.Result = v
	case "DT":
		g.Date = v
	case "GN":
		g.Name = v
	case "C":
		if root {
			g.Comment = v
		}
	case "AB", "AW", "AE":
		return false, false, prop.errorf("setup property %s (set-up stones) is not supported: a Little-Go record starts from the empty board", prop.ID)
	case "B", "W":
		pt, ok := point(v)
		if !ok {
			return false, false, prop.errorf("%s[%s] is not a point of the %dx%d board or a pass", prop.ID, v, board.Size, board.Size)
		}
		c := board.Black
		if prop.ID == "W" {
			c = board.White
		}
		g.Moves = append(g.Moves, Move{Color: c, Point: pt})
		return true, false, nil
	}
	return false, false, nil
}

// ParsePoint reads a move's value, Coord's inverse: "" or "tt" (FF[3]) for a pass, else
// a column and a row letter from 'a'; false for anything else.
func ParsePoint(v string) (board.Point, bool) { return point(v) }

// point reads a move value: "" or "tt" for a pass, else a column and a row letter.
func point(v string) (board.Point, bool) {
	if v == "" || v == "tt" {
		return board.Pass, true
	}
	if len(v) != 2 {
		return board.NoPoint, false
	}
	j, i := int(v[0])-'a', int(v[1])-'a'
	if i < 0 || i >= board.Size || j < 0 || j >= board.Size {
		return board.NoPoint, false
	}
	return board.PointAt(i, j), true
}
