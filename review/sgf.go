// sgf.go: the review written as SGF: each move's judgement in its comment and in SGF's own marks, the proved winning moves of blunders and the best moves of mistakes as variations with their proved lines.

package review

import (
	"context"
	"fmt"
	"io"
	"strings"

	"littlego/board"
	"littlego/facts"
	"littlego/proofsgf"
	"littlego/record"
	"littlego/sgf"
)

// SGFOptions set what WriteSGF proves beyond the review.
type SGFOptions struct {
	// Cache holds the facts the review proved (Options.Cache), which the
	// variations' lines start from; nil: the process's shared cache.
	Cache *facts.Cache
	// Lines bounds the solver on each position of a variation's proved line and on the
	// check that other moves lose (TE); zero proves nothing beyond what is known.
	Lines facts.Limits
}

// SGFKey is the root's comment after the verdict: what the file's comments and marks
// mean.
const SGFKey = `Each move's comment is the text review's line in words: the value for the mover before -> after the move and how the value before was proved, the result with perfect play before -> after (after the komi) and the stones the move lost, the best move, the marks.
SGF's marks: BM a blunder (BM[2] the decisive one), DO a mistake, TE a proved winning move where other moves lose; GB or GW: Black or White wins with perfect play after the move, UC: not proved. SBKV is Black's win rate (100 or 0 where proved, the engine's estimate where not), SBKS Black's lead after the komi where the margin is proved.
Variations: at a blunder the proved winning moves, at a mistake the proved best moves, each with its proved line.`

// WriteSGF writes the reviews as one SGF collection, a game tree per game in order
// (SGFTree).
func WriteSGF(ctx context.Context, w io.Writer, reviews []GameReview, o SGFOptions) error {
	trees := make([]*sgf.Node, len(reviews))
	for k := range reviews {
		t, err := SGFTree(ctx, &reviews[k], o)
		if err != nil {
			return err
		}
		trees[k] = t
	}
	return sgf.WriteTrees(w, trees...)
}

// SGFTree returns the review r as an SGF game tree: the root with the game's players,
// result, the verdict and SGFKey; a node per move with the text review's words in its
// comment (an imposed opening's moves start with record.OpeningComment, so that the
// record reads back as one), BM, DO and TE, GB, GW or UC, SBKV and SBKS; at each
// blunder and mistake, beside the move played, its proved winning (or best) moves as
// variations, each followed by its proved line within o.Lines.
func SGFTree(ctx context.Context, r *GameReview, o SGFOptions) (*sgf.Node, error) {
	g := sgf.Game{Komi: board.Komi, Rules: proofsgf.Rules, Black: r.Agent(board.Black), White: r.Agent(board.White),
		Result: r.Result, Name: r.Name, Comment: "littlego review: " + r.Verdict + "\n\n" + SGFKey}
	root, err := g.Tree()
	if err != nil {
		return nil, err
	}
	if len(r.Moves) > 0 {
		m := &r.Moves[0]
		mark(root, m.Before, m.MarginBefore, estimate(r, 0))
	}
	pr := proofsgf.Prover{P: facts.NewProver(o.Cache), Lim: proofsgf.Limits{Limits: o.Lines}}
	at := root
	for k := range r.Moves {
		m := &r.Moves[k]
		pos, _ := r.Position(m.Number)
		n := sgf.MoveNode(m.Color, m.Action)
		n.Set("C", moveComment(r, k))
		switch {
		case m.Blunder && r.Decisive == m.Number:
			n.Set("BM", "2")
		case m.Blunder:
			n.Set("BM", "1")
		case m.Mistake:
			n.Set("DO", "")
		case !m.Opening && m.Before == facts.Win && m.After == facts.Win && (m.PointsLost == nil || *m.PointsLost == 0) && othersLose(ctx, pr, pos):
			n.Set("TE", "1")
		}
		after := m.After
		if m.Color == board.White {
			after = after.Flip()
		}
		mark(n, after, m.MarginAfter, estimate(r, k+1))
		at.Add(n)
		switch {
		case m.Blunder:
			variations(ctx, pr, at, pos, m, m.WinningAlternatives, "a proved winning move in place of the blunder "+m.Action.String())
		case m.Mistake:
			variations(ctx, pr, at, pos, m, m.BestMoves, "a proved best move in place of the mistake "+m.Action.String())
		}
		at = n
	}
	if end := endWords(r); end != "" {
		at.Set("C", strings.TrimPrefix(at.Value("C")+"\n"+end, "\n"))
	}
	return root, nil
}

// moveComment is move k's comment: the text review's columns in words.
func moveComment(r *GameReview, k int) string {
	m := &r.Moves[k]
	var lines []string
	if m.Opening {
		lines = append(lines, record.OpeningComment)
	}
	lines = append(lines, proofsgf.MoveWords(m.Number, m.Color, m.Action),
		strings.TrimSpace(fmt.Sprintf("value for the mover: %s -> %s %s", m.Before, m.After, proofWord(m.Proof))))
	result := marginChange(m)
	if result == "" && (m.OutcomeBefore != "" || m.OutcomeAfter != "") {
		result = orUnknown(m.OutcomeBefore) + " -> " + orUnknown(m.OutcomeAfter)
	}
	lines = append(lines, "result with perfect play: "+orUnknown(result))
	if best := BestMoveWords(m); best != "" {
		lines = append(lines, "best move: "+best)
	}
	if mk := marks(r, k); len(mk) > 0 {
		lines = append(lines, "marks: "+strings.Join(mk, "; "))
	}
	if r.Decisive == m.Number {
		lines = append(lines, "decisive: the loser's last blunder, after which the winner always held a win")
	}
	return strings.Join(lines, "\n")
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// endWords says how the review ended, for the last move's comment: the illegal action,
// the fault, the verdict.
func endWords(r *GameReview) string {
	var lines []string
	if il := r.Illegal; il != nil {
		lines = append(lines, fmt.Sprintf("move %d, %s %s: illegal (%s): the course host forfeits it; the review stops here", il.Number, il.Color, il.Action, il.Reason))
	}
	if r.Fault != "" {
		lines = append(lines, "fault: "+r.Fault)
	}
	lines = append(lines, "verdict: "+r.Verdict)
	return strings.Join(lines, "\n")
}

// mark gives n the marks of a position whose value for Black is v and exact margin
// margin (nil where not proved): GB, GW or UC; SBKV 100 or 0 where proved, else the
// estimate in percent (nil: none); SBKS where the margin is proved.
func mark(n *sgf.Node, v facts.Value, margin *int, est *float64) {
	switch v {
	case facts.Win:
		n.Set("GB", "1").Set("SBKV", "100")
	case facts.Loss:
		n.Set("GW", "1").Set("SBKV", "0")
	default:
		n.Set("UC", "1")
		if est != nil {
			n.Set("SBKV", proofsgf.WinRate(*est))
		}
	}
	if margin != nil {
		n.Set("SBKS", proofsgf.Lead(*margin))
	}
}

// estimate returns Black's win rate, as the engine's search estimated it, in the
// position before move k+1 (index k), where nothing is proved of it; nil otherwise.
func estimate(r *GameReview, k int) *float64 {
	if k >= len(r.Moves) {
		return nil
	}
	m := &r.Moves[k]
	if m.Before != facts.Unknown || !m.EngineEstimate {
		return nil
	}
	rate := m.EngineWinRate
	if m.Color == board.White {
		rate = 1 - rate
	}
	return &rate
}

// othersLose reports whether some action of pos is proved to lose for the side to
// move: from what is known, then within the prover's limits from the proof of every
// winning action.
func othersLose(ctx context.Context, pr proofsgf.Prover, pos board.Position) bool {
	f := pr.P.Known(pos)
	for _, mv := range facts.Moves(pos, f, pr.P.Known) {
		if mv.Value == facts.Loss {
			return true
		}
	}
	if pr.Lim.CPU <= 0 && pr.Lim.Nodes <= 0 {
		return false
	}
	f = f.Merge(pr.P.Winning(ctx, pos, pr.Lim.Limits))
	return f.Complete && len(f.Winning) < len(facts.Actions(pos))
}

// variations adds to parent, the node of pos (before move m), a variation for each of
// the actions, proved winning or best in place of m: the move, what is proved after
// it, why it is there, and its proved line.
func variations(ctx context.Context, pr proofsgf.Prover, parent *sgf.Node, pos board.Position, m *MoveReview, actions []board.Point, why string) {
	for _, a := range actions {
		child := pos
		if !child.Act(a) {
			continue
		}
		f := pr.Fact(ctx, child)
		if m.Blunder && f.Value == facts.Unknown {
			f = f.Merge(facts.Proof(child.Turn, facts.Loss, facts.Solver)) // the review proved it wins
		}
		if m.Mistake && m.MarginBefore != nil {
			if _, exact := f.Margin(); !exact {
				g := facts.Unproved(child.Turn)
				g.Low, g.High, g.MarginSource = *m.MarginBefore, *m.MarginBefore, facts.Solver
				f = f.Merge(g) // the review proved it keeps the margin
			}
		}
		s := proofsgf.Step{Number: m.Number, Color: m.Color, Action: a, After: f}
		n := s.Node()
		n.Set("C", n.Value("C")+"\n"+why)
		if m.Blunder {
			n.Set("TE", "1")
		}
		if line := pr.LineNodes(ctx, child, f); line != nil {
			n.Add(line)
		} else if !child.Over {
			n.Set("C", n.Value("C")+"\n"+proofsgf.LineStops)
		}
		parent.Add(n)
	}
}
