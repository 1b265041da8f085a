// proof.go: the solver's check of the search's candidates, and the record of every proof a move choice ran.

package engine

import (
	"time"

	"littlego/board"
	"littlego/mcts"
	"littlego/solver"
)

// Proof is one call of the exact solver during a move choice, for the Report.
type Proof struct {
	// Of is the action tested (a point or board.Pass), or board.NoPoint for the whole
	// position.
	Of board.Point
	// Known is set when the call finished within its limit; Win is then set when the
	// side to move wins (after playing Of, when it is an action).
	Known, Win bool
	// Nodes is the number of positions the solver visited.
	Nodes int64
	// CPU is the process CPU time the call used.
	CPU time.Duration
}

// String describes the proof for people: "2,1 wins (1.7s)", "the position: unknown".
func (p Proof) String() string {
	what := "the position"
	if p.Of != board.NoPoint {
		what = p.Of.String()
	}
	verdict := "unknown"
	switch {
	case p.Known && p.Win:
		verdict = "wins"
	case p.Known:
		verdict = "loses"
	}
	return what + " " + verdict + " (" + p.CPU.Round(time.Millisecond).String() + ")"
}

// minProof is the least CPU time worth starting a proof with.
const minProof = time.Millisecond

// checks reports whether the solver is to check the search's candidates in this move
// choice: from move CheckFrom, on a CPU budget (in fixed-playout mode CPU time must not
// decide a move), when the whole position was not proved.
func (e *Engine) checks(c *moveChoice) bool {
	return e.opts.Solve && e.opts.Playouts == 0 && int(c.pos.Move) >= CheckFrom && !(c.solved && c.proof.Known)
}

// checkCandidates proves the search's moves one at a time, in the search's order (best
// first), each with a single test of the child at the winning threshold on what is left
// of the budget and the bank, and returns the first one proved to keep a win. Moves the
// search proved lost are skipped. When none is proved in time it returns false, and the
// search's move stands, unless the solver proved it loses: then res.Move becomes the
// best-ranked move not proved to lose (if there is one).
func (e *Engine) checkCandidates(c *moveChoice, res *mcts.Result) (board.Point, bool) {
	if e.solver == nil {
		e.solver = solver.New(SolverTableBits)
	}
	lost := map[board.Point]bool{}
	for i, m := range res.Moves {
		if m.Proof == mcts.Loss {
			lost[m.Move] = true
			continue
		}
		lim := c.budget.proofLimit(1)
		if lim < minProof {
			break
		}
		child := c.pos
		if !child.Act(m.Move) {
			continue
		}
		p := Proof{Of: m.Move, Known: true, Win: child.Winner() == c.pos.Turn}
		if !child.Over {
			r := e.solver.Solve(child, solver.Limits{CPU: lim})
			c.budget.spendProof(r.CPU)
			p = Proof{Of: m.Move, Known: r.Known, Win: r.Known && !r.Win, Nodes: r.Nodes, CPU: r.CPU}
		}
		c.rep.Proofs = append(c.rep.Proofs, p)
		e.note(c, "solver check: %s, the search's candidate %d (%d nodes)", p, i+1, p.Nodes)
		if p.Win {
			return m.Move, true
		}
		if !p.Known {
			break
		}
		lost[m.Move] = true
	}
	if lost[res.Move] {
		for _, m := range res.Moves {
			if !lost[m.Move] {
				e.note(c, "solver check: the search's %s loses; playing %s, the best not proved to lose", res.Move, m.Move)
				res.Move = m.Move
				break
			}
		}
	}
	return board.NoPoint, false
}
