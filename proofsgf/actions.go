// actions.go: what is proved of every action of one position, as variations: the board's
// Analyse view written as SGF.

package proofsgf

import (
	"cmp"
	"context"
	"slices"

	"littlego/board"
	"littlego/facts"
	"littlego/sgf"
)

// ProvedActions returns a variation for each action of pos that is proved to win or to
// lose for the side to move (what the prover knows and implies, and what its limits
// prove): the action's node, commented with what is proved after it and marked (Step),
// followed by its proved line (LineNodes). The proved wins come first, the best proved
// margin for the mover first, then the proved losses, the least bad first; among equals
// point order, the pass last. Actions whose value is not proved are left out.
func (pr Prover) ProvedActions(ctx context.Context, pos board.Position) []*sgf.Node {
	if pos.Over {
		return nil
	}
	f := pr.Fact(ctx, pos)
	var moves []facts.Move
	for _, m := range facts.Moves(pos, f, pr.P.Known) {
		if m.Value != facts.Unknown {
			moves = append(moves, m)
		}
	}
	slices.SortStableFunc(moves, func(x, y facts.Move) int {
		if x.Value != y.Value {
			return cmp.Compare(rank(x.Value), rank(y.Value))
		}
		return cmp.Compare(moverBound(pos.Turn, y.After), moverBound(pos.Turn, x.After))
	})
	out := make([]*sgf.Node, 0, len(moves))
	for _, m := range moves {
		child := pos
		child.Act(m.Action)
		s := Step{Number: int(pos.Move), Color: pos.Turn, Action: m.Action, After: m.After}
		n := s.Node()
		if line := pr.LineNodes(ctx, child, m.After); line != nil {
			n.Add(line)
		}
		out = append(out, n)
	}
	return out
}

// rank orders the values of the mover's actions: its wins first.
func rank(v facts.Value) int {
	if v == facts.Win {
		return 0
	}
	return 1
}

// moverBound is the margin the mover of turn is sure of after a move whose fact is
// after (Black: the low bound of black − white; White: minus the high bound).
func moverBound(turn board.Color, after facts.Fact) int {
	if turn == board.White {
		return -after.High
	}
	return after.Low
}
