// proofsgf.go: what package facts proves, written as SGF nodes: a position's marks, a proved line of perfect play, and the proof tree of a position.

// Package proofsgf writes what package facts proves of Little-Go positions as SGF game
// trees that every Go program reads, for littlego review -sgf and littlego solve -sgf:
// each node's position marked as SGF marks it (GB or GW where the winner is proved, UC
// where it is not), with Sabaki's win rate SBKV (Black's percentage: 100 or 0 where
// proved) and score SBKS (Black's lead after the komi, where the margin is proved), and
// a comment in facts' words ("Black wins, B+0.5 (opening table)"); Line follows perfect
// play from a position as far as it is proved, and Tree writes a position's proof: the
// winner's move at its turns, every reply at the loser's.
package proofsgf

import (
	"context"
	"fmt"
	"strconv"

	"littlego/board"
	"littlego/facts"
	"littlego/sgf"
)

// Limits bound the solver on each position a line or a tree visits. Unlike
// facts.Limits, the zero value searches nothing: only what is known without search
// (the game's end, the opening table, the solved empty board, the book, what the
// prover's cache holds, and what they imply) is written.
type Limits struct {
	facts.Limits
}

// search reports whether the limits let the solver run.
func (l Limits) search() bool { return l.CPU > 0 || l.Nodes > 0 }

// Prover proves positions for a line or a tree within its limits.
type Prover struct {
	P   *facts.Prover
	Lim Limits
}

// Fact returns what is proved of pos: its value and margin within the limits, or what
// is known without search.
func (pr Prover) Fact(ctx context.Context, pos board.Position) facts.Fact {
	if !pr.Lim.search() || pos.Over {
		return pr.P.Known(pos)
	}
	return pr.P.Prove(ctx, pos, pr.Lim.Limits)
}

// Mark gives n the marks of f, the fact of the position at n: GB or GW where the
// winner is proved, UC where it is not; SBKV, Black's win rate in percent, 100 or 0
// where proved; SBKS, Black's lead after the komi, where the margin is proved.
func Mark(n *sgf.Node, f facts.Fact) {
	winner, ok := f.Winner()
	switch {
	case !ok:
		n.Set("UC", "1")
	case winner == board.Black:
		n.Set("GB", "1").Set("SBKV", "100")
	default:
		n.Set("GW", "1").Set("SBKV", "0")
	}
	if m, exact := f.Margin(); exact {
		n.Set("SBKS", Lead(m))
	}
}

// Lead returns Black's lead after the komi for the margin black - white stones, as SBKS
// writes it ("0.5", "-2.5").
func Lead(margin int) string {
	return strconv.FormatFloat(float64(margin)-board.Komi, 'f', -1, 64)
}

// WinRate returns Black's win rate r (0..1) in percent as SBKV writes it: two decimals
// at most ("55.12", "100").
func WinRate(r float64) string {
	return strconv.FormatFloat(float64(int64(r*10000+0.5))/100, 'f', -1, 64)
}

// MoveWords names a move for people: "move 6, White 1,2" (PASS for a pass).
func MoveWords(number int, c board.Color, a board.Point) string {
	return fmt.Sprintf("move %d, %s %s", number, c, a)
}

// Step is one move of a proved line: the move played and the fact of the position after
// it.
type Step struct {
	Number int
	Color  board.Color
	Action board.Point
	After  facts.Fact
}

// Node returns the step as a node: the move, a comment naming it with what is proved
// after it, and its marks.
func (s Step) Node() *sgf.Node {
	n := sgf.MoveNode(s.Color, s.Action)
	n.Set("C", MoveWords(s.Number, s.Color, s.Action)+": "+s.After.String())
	Mark(n, s.After)
	return n
}

// maxLine bounds a line: a game has at most board.MaxMoves moves.
const maxLine = board.MaxMoves

// Line returns the proved line of perfect play from pos, whose fact is f: at each
// position the action that keeps its exact margin where that is proved, else, for the
// side that is proved to win, a proved winning action; it stops at the end of the game,
// at the first position where neither is proved, or when ctx ends.
func (pr Prover) Line(ctx context.Context, pos board.Position, f facts.Fact) []Step {
	var line []Step
	for len(line) < maxLine && !pos.Over && ctx.Err() == nil {
		a, ok := pr.best(ctx, pos, f)
		if !ok {
			break
		}
		s := Step{Number: int(pos.Move), Color: pos.Turn, Action: a}
		pos.Act(a)
		f = pr.Fact(ctx, pos)
		s.After = f
		line = append(line, s)
	}
	return line
}

// best returns the action of perfect play in pos, whose fact is f: one that keeps the
// exact margin, else a proved winning action for the side that wins; false when neither
// is proved within the limits.
func (pr Prover) best(ctx context.Context, pos board.Position, f facts.Fact) (board.Point, bool) {
	if m, exact := f.Margin(); exact {
		if len(f.Keeping) > 0 {
			return f.Keeping[0], true
		}
		if a, ok := pr.keeping(ctx, pos, f, m); ok {
			return a, true
		}
	}
	if f.Value != facts.Win {
		return board.NoPoint, false
	}
	if a, ok := bestBound(pos, facts.Moves(pos, f, pr.P.Known)); ok {
		return a, true
	}
	if len(f.Winning) == 0 && pr.Lim.search() {
		f = f.Merge(pr.P.Value(ctx, pos, pr.Lim.Limits))
	}
	if len(f.Winning) == 0 && pr.Lim.search() {
		f = f.Merge(pr.P.Winning(ctx, pos, pr.Lim.Limits))
	}
	if len(f.Winning) == 0 {
		return board.NoPoint, false
	}
	return f.Winning[0], true
}

// bestBound returns, of the actions proved to win, the one whose proved bound on the
// margin is the best for the side to move (Black: the highest low bound; White: the
// lowest high bound), the first in point order among equals; false when none is proved
// to win.
func bestBound(pos board.Position, moves []facts.Move) (board.Point, bool) {
	best, found, bound := board.NoPoint, false, 0
	for _, m := range moves {
		if m.Value != facts.Win {
			continue
		}
		b := m.After.Low
		if pos.Turn == board.White {
			b = -m.After.High
		}
		if !found || b > bound {
			best, found, bound = m.Action, true, b
		}
	}
	return best, found
}

// keeping returns an action of pos, whose fact f has the exact margin m, after which
// the margin is proved to be m: from what is known without search first, then, within
// the limits, proving the actions one by one.
func (pr Prover) keeping(ctx context.Context, pos board.Position, f facts.Fact, m int) (board.Point, bool) {
	moves := facts.Moves(pos, f, pr.P.Known)
	for _, mv := range moves {
		if got, ok := mv.After.Margin(); ok && got == m {
			return mv.Action, true
		}
	}
	if !pr.Lim.search() {
		return board.NoPoint, false
	}
	for _, mv := range moves {
		if mv.After.Low > m || mv.After.High < m {
			continue // proved not to keep it
		}
		child := pos
		child.Act(mv.Action)
		if got, ok := mv.After.Merge(pr.Fact(ctx, child)).Margin(); ok && got == m {
			return mv.Action, true
		}
	}
	return board.NoPoint, false
}

// LineNodes returns the proved line from pos, whose fact is f, as a chain of nodes
// (Chain), its last node saying so when the line stops before the end of the game; nil
// when not one move of it is proved.
func (pr Prover) LineNodes(ctx context.Context, pos board.Position, f facts.Fact) *sgf.Node {
	steps := pr.Line(ctx, pos, f)
	head := Chain(steps)
	if head == nil {
		return nil
	}
	for _, s := range steps {
		pos.Act(s.Action)
	}
	if !pos.Over {
		last := head.MainLine()[len(steps)-1]
		last.Set("C", last.Value("C")+"\n"+LineStops)
	}
	return head
}

// LineStops ends the comment of a proved line's last node when the game goes on.
const LineStops = "the proved line stops here: the next move of perfect play is not proved within the limits"

// Chain returns the steps as a chain of nodes, each the only child of the one before,
// and its first node; nil for no steps.
func Chain(steps []Step) *sgf.Node {
	var head, at *sgf.Node
	for _, s := range steps {
		n := s.Node()
		if head == nil {
			head = n
		} else {
			at.Add(n)
		}
		at = n
	}
	return head
}
