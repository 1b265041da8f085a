// proof.go: the solver's check of the search's candidates, and the record of every proof a move choice ran.

package engine

import (
	"slices"
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

// checkRounds bounds the rounds of checkCandidates: each round doubles the slice, so the
// whole budget is reached well before the last.
const checkRounds = 24

// checkCandidates proves the search's moves in rounds of growing limits, so that no
// candidate can stake the move on itself: round r gives each of the first r+1 candidates still
// open in the search's order (best first) one test of the child at the winning threshold,
// in that order, with a slice of CPU that doubles from round to round, from a quarter of
// what the proofs may use (the move's budget and the bank). The search's
// favourites are thus tried first, one more candidate joins in each round, and a candidate
// proved lost gives its place to the next. The solver keeps its table between the calls, so a
// candidate tried again goes on from what its earlier try proved. It returns the first move
// proved to keep a win. Moves the search proved lost, and moves proved lost here, are
// skipped. When none is proved in time it returns false, and the search's move stands,
// unless the solver proved it loses: then res.Move becomes the best-ranked move not proved
// to lose (if any).
func (e *Engine) checkCandidates(c *moveChoice, res *mcts.Result) (board.Point, bool) {
	if e.solver == nil {
		e.solver = solver.New(solver.MoveTableBits)
	}
	lost := map[board.Point]bool{}
	var open []board.Point
	for _, m := range res.Moves {
		child := c.pos
		switch {
		case m.Proof == mcts.Loss:
			lost[m.Move] = true
		case !child.Act(m.Move):
		case child.Over: // decided by the score, at no cost
			p := Proof{Of: m.Move, Known: true, Win: child.Winner() == c.pos.Turn}
			c.rep.Proofs = append(c.rep.Proofs, p)
			if p.Win {
				e.note(c, "solver check: %s ends the game won", m.Move)
				return m.Move, true
			}
			lost[m.Move] = true
		default:
			open = append(open, m.Move)
		}
	}
	slice := c.budget.proofLimit(1) / 4
	for round := 0; round < checkRounds && len(open) > 0; round, slice = round+1, 2*slice {
		for _, mv := range slices.Clone(open[:min(len(open), round+1)]) {
			lim := min(max(slice, minProof), c.budget.proofLimit(1))
			if lim < minProof {
				return board.NoPoint, e.keepNotLost(c, res, lost)
			}
			p := e.checkOne(c, mv, lim)
			e.note(c, "solver check, round %d: %s (%d nodes)", round+1, p, p.Nodes)
			switch {
			case p.Win:
				return mv, true
			case p.Known:
				lost[mv] = true
				open = slices.DeleteFunc(open, func(m board.Point) bool { return m == mv })
			}
		}
	}
	return board.NoPoint, e.keepNotLost(c, res, lost)
}

// checkOne tests whether playing mv keeps a win for the side to move, within lim, and
// records the proof.
func (e *Engine) checkOne(c *moveChoice, mv board.Point, lim time.Duration) Proof {
	child := c.pos
	child.Act(mv)
	r := e.solver.Solve(child, solver.Limits{CPU: lim})
	c.budget.spendProof(r.CPU)
	p := Proof{Of: mv, Known: r.Known, Win: r.Known && !r.Win, Nodes: r.Nodes, CPU: r.CPU}
	c.rep.Proofs = append(c.rep.Proofs, p)
	return p
}

// keepNotLost makes res.Move, when the solver proved it loses, the best-ranked move not
// proved to lose (if there is one). It returns false: no move was proved to win.
func (e *Engine) keepNotLost(c *moveChoice, res *mcts.Result, lost map[board.Point]bool) bool {
	if !lost[res.Move] {
		return false
	}
	for _, m := range res.Moves {
		if !lost[m.Move] {
			e.note(c, "solver check: the search's %s loses; playing %s, the best not proved to lose", res.Move, m.Move)
			res.Move = m.Move
			break
		}
	}
	return false
}
