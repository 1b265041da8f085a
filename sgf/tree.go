// tree.go: SGF game trees as read and written: nodes, their properties in order, variations, and collections of several trees.

package sgf

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Property is one property of a node: its identifier (upper-case letters) and its
// values as they mean, escapes resolved (a "\]" in the file is "]" here, a soft line
// break is gone); the writer escapes them again.
type Property struct {
	ID     string
	Values []string
}

// Node is one node of a game tree: its properties in the order they were read or set,
// and its children. The first child continues the main line; the others are
// variations.
type Node struct {
	Props    []Property
	Children []*Node

	// at holds where each property was read (line, column), parallel to Props; nil for
	// nodes built in code. It serves error messages only.
	at []position
}

// position is where a property was read.
type position struct{ line, col int }

// NewNode returns a node with the given properties, in order.
func NewNode(props ...Property) *Node { return &Node{Props: props} }

// Prop returns the property id with values: a shorthand for building nodes.
func Prop(id string, values ...string) Property { return Property{ID: id, Values: values} }

// Get returns the values of the node's property id, or nil and false when it has none.
func (n *Node) Get(id string) ([]string, bool) {
	for _, p := range n.Props {
		if p.ID == id {
			return p.Values, true
		}
	}
	return nil, false
}

// Value returns the first value of the node's property id, or "" when it has none.
func (n *Node) Value(id string) string {
	if v, ok := n.Get(id); ok && len(v) > 0 {
		return v[0]
	}
	return ""
}

// Set gives the node's property id the values: in its place when the node has it, else
// last. It returns n, so that calls chain.
func (n *Node) Set(id string, values ...string) *Node {
	for k := range n.Props {
		if n.Props[k].ID == id {
			n.Props[k].Values = values
			return n
		}
	}
	n.Props = append(n.Props, Prop(id, values...))
	if n.at != nil {
		n.at = append(n.at, position{})
	}
	return n
}

// Add appends child to n's children (a variation when n has one already) and returns
// the child.
func (n *Node) Add(child *Node) *Node {
	n.Children = append(n.Children, child)
	return child
}

// MainLine returns the nodes of the main line from n: n, its first child, that node's
// first child, and so on to a leaf.
func (n *Node) MainLine() []*Node {
	var line []*Node
	for m := n; m != nil; {
		line = append(line, m)
		if len(m.Children) == 0 {
			break
		}
		m = m.Children[0]
	}
	return line
}

// Variations counts the variations of the tree below n: the children after the first,
// at every node.
func (n *Node) Variations() int {
	count := 0
	stack := []*Node{n}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count += max(len(m.Children)-1, 0)
		stack = append(stack, m.Children...)
	}
	return count
}

// Equal reports whether n and m hold the same properties in the same order, with the
// same values, and equal children in the same order (where they were read aside).
func (n *Node) Equal(m *Node) bool {
	if len(n.Props) != len(m.Props) || len(n.Children) != len(m.Children) {
		return false
	}
	for k, p := range n.Props {
		if p.ID != m.Props[k].ID || !slices.Equal(p.Values, m.Props[k].Values) {
			return false
		}
	}
	for k, c := range n.Children {
		if !c.Equal(m.Children[k]) {
			return false
		}
	}
	return true
}

// ParseTrees reads an SGF collection: every game tree, each as its root node, in file
// order. It checks the FF[4] grammar (with the line and column of a problem), a
// property given twice in one node, and the nesting depth; it keeps every property,
// known or not, with its values, and judges no game: see GameOf.
func ParseTrees(r io.Reader) ([]*Node, error) {
	p, err := newParser(r)
	if err != nil {
		return nil, err
	}
	var trees []*Node
	for {
		t, err := p.gameTree(0)
		if err != nil {
			return nil, err
		}
		trees = append(trees, t)
		p.skipSpace()
		if p.eof() {
			return trees, nil
		}
		if p.peek() != '(' {
			return nil, p.errorf("unexpected %q after the game tree", p.peek())
		}
	}
}

// newParser reads at most MaxBytes of r, drops a UTF-8 byte order mark, and stands
// before the first game tree.
func newParser(r io.Reader) (*parser, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("sgf: %w", err)
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("sgf: longer than %d bytes", MaxBytes)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	p := &parser{data: data, line: 1, col: 1}
	p.skipSpace()
	if p.eof() {
		return nil, p.errorf("empty input; expected a game tree '('")
	}
	return p, nil
}

// WriteTrees writes the trees as one SGF collection: each tree in parentheses, its
// nodes in order, variations in nested parentheses after the node they branch from,
// values escaped (backslash and ']'). Nodes that hold only a move are written eight to a
// line, any other node on a line of its own. It fails on a property whose identifier is
// not upper-case letters or that has no value.
func WriteTrees(w io.Writer, trees ...*Node) error {
	tw := &treeWriter{bw: bufio.NewWriter(w), lineStart: true}
	for _, t := range trees {
		if err := tw.tree(t, 0); err != nil {
			return err
		}
		tw.newline()
	}
	return tw.bw.Flush()
}

// maxWriteDepth bounds the nesting WriteTrees writes: what Parse reads back.
const maxWriteDepth = maxDepth

// treeWriter lays out the nodes: lineStart is set at the start of a line or after '(',
// prevPlain when the last node held only a move, plain counts such nodes on the line.
type treeWriter struct {
	bw                   *bufio.Writer
	lineStart, prevPlain bool
	plain                int
}

func (tw *treeWriter) newline() {
	tw.bw.WriteByte('\n')
	tw.lineStart, tw.plain = true, 0
}

// tree writes the tree from n: its sequence (the nodes while each has one child), then
// each child of the last as a tree of its own.
func (tw *treeWriter) tree(n *Node, depth int) error {
	if depth > maxWriteDepth {
		return fmt.Errorf("sgf: variations nested deeper than %d", maxWriteDepth)
	}
	if !tw.lineStart {
		tw.newline()
	}
	tw.bw.WriteByte('(')
	tw.lineStart, tw.plain = true, 0
	m := n
	for {
		if err := tw.node(m); err != nil {
			return err
		}
		if len(m.Children) != 1 {
			break
		}
		m = m.Children[0]
	}
	for _, c := range m.Children {
		if err := tw.tree(c, depth+1); err != nil {
			return err
		}
	}
	tw.bw.WriteByte(')')
	tw.lineStart = false
	return nil
}

// node writes one node, on a new line unless it and the node before hold only a move
// and the line has fewer than movesPerLine of them.
func (tw *treeWriter) node(n *Node) error {
	plain := n.plainMove()
	if !tw.lineStart && (!plain || !tw.prevPlain || tw.plain == movesPerLine) {
		tw.newline()
	}
	tw.lineStart, tw.prevPlain = false, plain
	if plain {
		tw.plain++
	}
	tw.bw.WriteByte(';')
	for _, p := range n.Props {
		if !validID(p.ID) {
			return fmt.Errorf("sgf: property identifier %q: want upper-case letters", p.ID)
		}
		if len(p.Values) == 0 {
			return fmt.Errorf("sgf: property %s has no value", p.ID)
		}
		tw.bw.WriteString(p.ID)
		for _, v := range p.Values {
			tw.bw.WriteString("[" + escape(v) + "]")
		}
	}
	return nil
}

// plainMove reports whether n holds only a move (B or W with one value).
func (n *Node) plainMove() bool {
	return len(n.Props) == 1 && (n.Props[0].ID == "B" || n.Props[0].ID == "W") && len(n.Props[0].Values) == 1
}

// validID reports whether id is one or more upper-case letters.
func validID(id string) bool {
	return id != "" && strings.Trim(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}
