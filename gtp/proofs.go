// proofs.go: what is proved of each action of an analysed position (the opening table, the book, the solved empty board, the game's end, the exact solver), for the analysis lines.

package gtp

import (
	"littlego/board"
	"littlego/engine"
	"littlego/mcts"
	"littlego/review/known"
	"littlego/solver"
)

// proofs holds, for each action of an analysed position, its proved value for the side
// to move and the exact final margin black - white of the game after it.
type proofs struct {
	pos     board.Position
	value   [board.NumActions]mcts.Proof
	margin  [board.NumActions]int
	known   [board.NumActions]bool // margin is proved
	pending []board.Point          // actions the solver has yet to try
	solver  *solver.Solver
	area    bool // area rules: nothing is proved, estimates count area
}

// newProofs returns what is known of pos's actions without search under the course's
// rules: the game's end, the opening table, the solved empty board, Black's opening book. With sv (nil: no
// solver), the actions left unproved are queued for it, in point order, Pass last.
// Under area rules (area set) nothing is proved: the solver plays the course's game.
func newProofs(pos *board.Position, sv *solver.Solver, area bool) *proofs {
	p := &proofs{pos: *pos, solver: sv, area: area}
	if pos.Over || area {
		return p
	}
	rootOK, rootBlack, _, _, _ := known.Value(*pos)
	rootLost := rootOK && rootBlack != (pos.Turn == board.Black) // every action loses
	for a := board.Point(0); a < board.NumActions; a++ {
		child := *pos
		if a != board.Pass && !pos.IsLegal(a) || !child.Act(a) {
			continue
		}
		if ok, blackWins, _, _, _ := known.Value(child); ok {
			p.setValue(a, blackWins)
		} else if rootLost {
			p.setValue(a, rootBlack)
		}
		m, mk := known.Margin(child)
		p.margin[a], p.known[a] = m, mk
		if sv != nil && !mk {
			p.pending = append(p.pending, a)
		}
	}
	if pos.Turn == board.Black {
		if mv, ok := engine.BookMove(*pos); ok {
			p.value[mv] = mcts.Win
		}
	}
	return p
}

// setValue records the proved value of the position after a, a win for Black when
// blackWins is set, as the value of a for the side to move.
func (p *proofs) setValue(a board.Point, blackWins bool) {
	if blackWins == (p.pos.Turn == board.Black) {
		p.value[a] = mcts.Win
	} else {
		p.value[a] = mcts.Loss
	}
}

// step gives the next pending action to the solver: its exact margin within lim, else
// its value within lim. It reports whether an action was left to try.
func (p *proofs) step(lim solver.Limits) bool {
	if len(p.pending) == 0 {
		return false
	}
	a := p.pending[0]
	p.pending = p.pending[1:]
	child := p.pos
	child.Act(a)
	if r := p.solver.Margin(child, lim); r.Known {
		p.margin[a], p.known[a] = r.Margin, true
		p.setValue(a, r.Margin >= board.BlackMargin)
		return true
	}
	if p.value[a] == mcts.Unknown {
		if r := p.solver.Solve(child, lim); r.Known {
			p.setValue(a, r.Win == (child.Turn == board.Black))
		}
	}
	return true
}

// settled reports whether the solver has nothing left to try and every action's value
// is proved: searching further would change nothing the analysis shows.
func (p *proofs) settled() bool {
	if len(p.pending) > 0 || p.pos.Over {
		return false
	}
	for a := board.Point(0); a < board.NumActions; a++ {
		child := p.pos
		if a != board.Pass && !p.pos.IsLegal(a) || !child.Act(a) {
			continue
		}
		if p.value[a] == mcts.Unknown {
			return false
		}
	}
	return true
}

// apply returns t with the proved values written in, so that the ranking puts proved
// wins first and proved losses last and the win rates of proved actions are 1 and 0.
func (p *proofs) apply(t mcts.Totals) mcts.Totals {
	for a := range t {
		if p.value[a] != mcts.Unknown {
			t[a].Proof = p.value[a]
		}
	}
	return t
}

// lead returns the points by which the side to move leads after action a (its final
// margin in stones less the komi, KataGo's scoreLead) and whether it is proved: the
// exact margin where the solver or the game's end proved it, else an estimate, the
// difference in stones (in area under area rules) at the end of the principal variation
// pv (a first), moved to the nearest margin that agrees with a proved value.
func (p *proofs) lead(a board.Point, pv []board.Point, komi float64) (float64, bool) {
	margin, proved := p.margin[a], p.known[a]
	if !proved {
		pos := p.pos
		if len(pv) == 0 || pv[0] != a {
			pv = []board.Point{a}
		}
		for _, q := range pv {
			if !pos.Act(q) {
				break
			}
		}
		margin = pos.Margin()
		if p.area {
			b, w := territory(pos.Stones)
			margin += b - w
		}
		blackWins := (p.value[a] == mcts.Win) == (p.pos.Turn == board.Black)
		switch {
		case p.value[a] != mcts.Unknown && blackWins:
			margin = max(margin, board.BlackMargin)
		case p.value[a] != mcts.Unknown:
			margin = min(margin, board.BlackMargin-1)
		}
	}
	black := float64(margin) - komi
	if p.pos.Turn == board.White {
		return -black, proved
	}
	return black, proved
}
