// tree.go: the proof tree of a position: the winner's move of perfect play at its turns, every reply at the loser's, to a depth.

package proofsgf

import (
	"context"
	"fmt"
	"strconv"

	"littlego/board"
	"littlego/facts"
	"littlego/sgf"
)

// MaxTreeNodes bounds the nodes of a proof tree (about 100 bytes of SGF each).
const MaxTreeNodes = 200_000

// Rules is the rule set a littlego SGF names (RU).
const Rules = "CSCI-561 Little-Go (stones only, komi 2.5, 24 moves)"

// TreeStats count what a proof tree holds.
type TreeStats struct {
	// Nodes counts the move nodes; Unknown those whose value is not proved (where the
	// tree stops).
	Nodes, Unknown int
}

// Root returns the root node of a game tree that starts at pos: the game's properties
// (GM, FF, CA, AP, SZ, KM, RU), and for a position other than the empty board its
// stones as set-up stones (AB, AW), the side to move (PL), and a comment giving the
// move number and the ko (SGF has no property for either; the first moves carry MN).
func Root(pos board.Position) *sgf.Node {
	root := sgf.NewNode(sgf.Prop("GM", "1"), sgf.Prop("FF", "4"), sgf.Prop("CA", "UTF-8"), sgf.Prop("AP", "littlego"),
		sgf.Prop("SZ", strconv.Itoa(board.Size)), sgf.Prop("KM", strconv.FormatFloat(board.Komi, 'f', -1, 64)), sgf.Prop("RU", Rules))
	for c, id := range []string{"AB", "AW"} {
		var pts []string
		for s := pos.Stones[c]; s != 0; s &= s - 1 {
			pts = append(pts, sgf.Coord(s.First()))
		}
		if len(pts) > 0 {
			root.Set(id, pts...)
		}
	}
	if pos.Move != 1 {
		root.Set("PL", pos.Turn.String()[:1])
	}
	return root
}

// PositionWords says where a position stands: "move 1, Black to play", with the ko
// point when there is one.
func PositionWords(pos board.Position) string {
	s := fmt.Sprintf("move %d, %s to play", pos.Move, pos.Turn)
	if pos.Ko != 0 {
		s += fmt.Sprintf(" (ko: %s may not retake at %s)", pos.Turn, pos.Ko.First())
	}
	if pos.Over {
		s = "the game is over"
	}
	return s
}

// Tree returns the proof of pos to depth moves as a game tree a GUI can browse: at the
// turns of the side proved to win, its move of perfect play (keeping the exact margin
// where that is proved, else a proved winning move); at the loser's, every legal action,
// the pass last; each node commented with what is proved after it and marked (Mark).
// The tree stops at the depth, at the end of the game, where a value is not proved
// within the limits, and where no winning move is. It fails when the tree would exceed
// MaxTreeNodes, or when ctx ends.
func (pr Prover) Tree(ctx context.Context, pos board.Position, depth int) (*sgf.Node, TreeStats, error) {
	root := Root(pos)
	f := pr.Fact(ctx, pos)
	root.Set("C", PositionWords(pos)+": "+f.String())
	Mark(root, f)
	var st TreeStats
	if err := pr.expand(ctx, root, pos, f, depth, &st); err != nil {
		return nil, st, err
	}
	if pos.Move != 1 {
		for _, c := range root.Children {
			c.Set("MN", strconv.Itoa(int(pos.Move)))
		}
	}
	return root, st, nil
}

// expand adds to n, the node of pos whose fact is f, the tree's children, depth moves
// deep.
func (pr Prover) expand(ctx context.Context, n *sgf.Node, pos board.Position, f facts.Fact, depth int, st *TreeStats) error {
	if depth <= 0 || pos.Over {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if f.Value == facts.Unknown {
		st.Unknown++
		return nil
	}
	moves := facts.Moves(pos, f, pr.P.Known)
	if f.Value == facts.Win {
		a, ok := pr.best(ctx, pos, f)
		if !ok {
			n.Set("C", n.Value("C")+"\nthe winning move is not proved within the limits: the tree stops here")
			return nil
		}
		for _, m := range moves {
			if m.Action == a {
				moves = []facts.Move{m}
				break
			}
		}
	}
	for _, m := range moves {
		if st.Nodes++; st.Nodes > MaxTreeNodes {
			return fmt.Errorf("the proof tree would have more than %d nodes: ask for fewer moves", MaxTreeNodes)
		}
		child := pos
		child.Act(m.Action)
		cf := m.After
		if pr.Lim.search() && !child.Over {
			cf = cf.Merge(pr.Fact(ctx, child))
		}
		s := Step{Number: int(pos.Move), Color: pos.Turn, Action: m.Action, After: cf}
		c := n.Add(s.Node())
		if f.Value == facts.Win {
			c.Set("C", c.Value("C")+"\n"+winnerWords(f, cf))
		}
		if err := pr.expand(ctx, c, child, cf, depth-1, st); err != nil {
			return err
		}
	}
	return nil
}

// winnerWords says why the winner's move was chosen: f is the fact of the position
// before it, cf after.
func winnerWords(f, cf facts.Fact) string {
	m, exact := f.Margin()
	if after, ok := cf.Margin(); exact && ok && after == m {
		return "the winner's move of perfect play: it keeps the exact margin"
	}
	return "the winner's move: a proved win (its margin is not proved best)"
}
