// proofsgf_test.go: the empty board's proof tree from the shipped table, a proved line checked move by move, and the marks.

package proofsgf

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/sgf"
)

func known() Prover { return Prover{P: facts.NewProver(facts.NewCache())} }

// TestEmptyBoardTree: the empty board's proof to move 4 from what is known without
// search: Black's 2,2 alone at move 1, every White reply (24 points and the pass) at
// move 2, one Black move each at move 3, every White reply at move 4; every node proved
// a Black win (GB, SBKV 100) and commented; the file reads back equal.
func TestEmptyBoardTree(t *testing.T) {
	root, st, err := known().Tree(context.Background(), board.New(), 4)
	if err != nil {
		t.Fatal(err)
	}
	if root.Value("GB") != "1" || !strings.Contains(root.Value("C"), "Black wins, B+0.5") {
		t.Errorf("root: %+v", root.Props)
	}
	if len(root.Children) != 1 || root.Children[0].Value("B") != "cc" {
		t.Fatalf("move 1: %d children, first %+v", len(root.Children), root.Children[0].Props)
	}
	replies := root.Children[0].Children
	if len(replies) != board.NumPoints {
		t.Fatalf("move 2: %d White replies, want %d", len(replies), board.NumPoints)
	}
	if _, pass := replies[len(replies)-1].Get("W"); !pass || replies[len(replies)-1].Value("W") != "" {
		t.Errorf("the last reply is not the pass: %+v", replies[len(replies)-1].Props)
	}
	nodes := 1 + len(replies)
	for _, r := range replies {
		if len(r.Children) != 1 {
			t.Fatalf("after %s: %d Black moves, want 1", r.Value("W"), len(r.Children))
		}
		b3 := r.Children[0]
		if !strings.Contains(b3.Value("C"), "the winner's move") {
			t.Errorf("Black's move 3 after W[%s]: %q", r.Value("W"), b3.Value("C"))
		}
		if len(b3.Children) < 20 {
			t.Errorf("after W[%s] B[%s]: %d White replies", r.Value("W"), b3.Value("B"), len(b3.Children))
		}
		nodes += 1 + len(b3.Children)
	}
	if st.Nodes != nodes || st.Unknown != 0 {
		t.Errorf("stats %+v, counted %d nodes", st, nodes)
	}
	var walk func(n *sgf.Node, depth int)
	walk = func(n *sgf.Node, depth int) {
		if n.Value("GB") != "1" || n.Value("SBKV") != "100" || n.Value("C") == "" {
			t.Errorf("a node at depth %d is not a commented proved Black win: %+v", depth, n.Props)
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	var b bytes.Buffer
	if err := sgf.WriteTrees(&b, root); err != nil {
		t.Fatal(err)
	}
	back, err := sgf.ParseTrees(&b)
	if err != nil || !back[0].Equal(root) {
		t.Fatalf("read back: %v", err)
	}
}

// TestLineNearTheEnd: the proved line from a position near the end, with the solver,
// reaches the end of the game, each step keeping the margin the position started with.
func TestLineNearTheEnd(t *testing.T) {
	pos := board.New()
	for _, a := range []board.Point{board.PointAt(2, 2), board.PointAt(1, 2), board.PointAt(2, 1), board.PointAt(1, 1),
		board.PointAt(2, 3), board.PointAt(1, 3), board.PointAt(3, 2), board.PointAt(1, 0), board.PointAt(2, 0),
		board.PointAt(1, 4), board.PointAt(2, 4), board.PointAt(0, 2), board.PointAt(3, 3), board.PointAt(0, 0),
		board.PointAt(3, 1), board.PointAt(0, 4)} {
		if !pos.Act(a) {
			t.Fatalf("illegal %s", a)
		}
	}
	pr := known()
	pr.Lim.Nodes = 2_000_000
	f := pr.Fact(context.Background(), pos)
	m, exact := f.Margin()
	if !exact {
		t.Fatalf("margin not proved: %v", f)
	}
	line := pr.Line(context.Background(), pos, f)
	if len(line) == 0 {
		t.Fatal("no line")
	}
	for k, s := range line {
		if s.Color != pos.Turn || s.Number != int(pos.Move) || !pos.Act(s.Action) {
			t.Fatalf("step %d: %+v does not follow", k, s)
		}
		if got, ok := s.After.Margin(); !ok || got != m {
			t.Errorf("step %d (%s %s): margin %v %v, want %d", k, s.Color, s.Action, got, ok, m)
		}
	}
	if !pos.Over {
		t.Errorf("the line stops before the end at move %d", pos.Move)
	}
	if got := pos.Margin(); got != m {
		t.Errorf("the line ends with margin %d, want %d", got, m)
	}
	head := Chain(line)
	if head == nil || len(head.MainLine()) != len(line) || head.Value("SBKS") != Lead(m) {
		t.Errorf("chain: %+v", head)
	}
}

func TestMarksAndNumbers(t *testing.T) {
	n := sgf.NewNode()
	Mark(n, facts.Unproved(board.Black))
	if n.Value("UC") != "1" || len(n.Props) != 1 {
		t.Errorf("unknown: %+v", n.Props)
	}
	for r, want := range map[float64]string{0.5512: "55.12", 1: "100", 0: "0", 0.123456: "12.35"} {
		if got := WinRate(r); got != want {
			t.Errorf("WinRate(%v) = %q, want %q", r, got, want)
		}
	}
	if Lead(3) != "0.5" || Lead(-2) != "-4.5" {
		t.Errorf("Lead: %q %q", Lead(3), Lead(-2))
	}
}
