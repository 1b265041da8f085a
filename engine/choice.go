// choice.go: the move choice as an ordered list of steps drawing on one CPU budget.

package engine

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/mcts"
	"littlego/opening"
	"littlego/solver"
)

// minSearch is the least CPU time the search gets, so that a sliver of budget left still
// yields a searched, legal answer.
const minSearch = 5 * time.Millisecond

// budgetAccount is the CPU time a move may still spend; the steps draw on it in turn.
// The bank is extra time that only proofs may use.
type budgetAccount struct{ left, bank, bankSpent time.Duration }

// share returns the part f of what is left of the move's own budget.
func (a *budgetAccount) share(f float64) time.Duration {
	return time.Duration(float64(max(a.left, 0)) * f)
}

// spend takes d from the move's own budget.
func (a *budgetAccount) spend(d time.Duration) { a.left -= d }

// proofLimit returns what a proof may use: the part f of the move's own budget, and
// the bank.
func (a *budgetAccount) proofLimit(f float64) time.Duration { return a.share(f) + a.bank }

// spendProof takes the CPU time d of a proof from the bank first, so that the search
// keeps the move's own budget, then from the move's own budget.
func (a *budgetAccount) spendProof(d time.Duration) {
	fromBank := min(d, a.bank)
	a.bank -= fromBank
	a.bankSpent += fromBank
	a.left -= d - fromBank
}

// moveChoice is what the steps of one move choice share: the position, the budget
// account, the report so far, and what earlier steps learnt.
type moveChoice struct {
	pos    board.Position
	seed   uint64 // the search's (Turn.Seed)
	budget budgetAccount
	rep    Report
	// proof is the solver's verdict on pos, valid when solved is true.
	proof  solver.Result
	solved bool
	// failure says why the search gave no move, for the fallback.
	failure string
}

// note adds a line to the report's details when the engine is verbose.
func (e *Engine) note(c *moveChoice, format string, args ...any) {
	if e.opts.Verbose {
		c.rep.Details = append(c.rep.Details, fmt.Sprintf(format, args...))
	}
}

// A step is one stage of the move choice: it returns the move and how it was chosen, and
// true, or false to pass on to the next step.
type step func(e *Engine, c *moveChoice) (board.Point, Method, bool)

// steps are the stages of the move choice, in order; when none decides, FallbackMove
// answers.
var steps = [...]step{
	(*Engine).gameOver,
	(*Engine).passRule,
	(*Engine).book,
	(*Engine).opening,
	(*Engine).solve,
	(*Engine).lost,
	(*Engine).search,
}

// GenMove returns the engine's legal action for pos within the game plan's turn for
// move pos.Move under the engine's options, with no bank (PlanTurn with the zero
// Account).
func (e *Engine) GenMove(pos board.Position) (board.Point, Report) {
	return e.GenMoveTurn(pos, PlanTurn(e.opts, int(pos.Move), Account{}))
}

// GenMoveTurn returns the engine's legal action for pos within turn: it uses at most
// turn.Budget+turn.Bank of CPU time from its call (at least a few milliseconds for the
// search, however small the budget), the bank only for the exact solver's proofs (on
// the whole position, on the search's candidates, or counting refutations in a lost
// position), never the search or the book; its search is seeded with turn.Seed. In
// fixed-playout mode (Options.Playouts) there is no bank: CPU time must not decide a
// move.
func (e *Engine) GenMoveTurn(pos board.Position, turn Turn) (board.Point, Report) {
	bank := max(turn.Bank, 0)
	if e.opts.Playouts > 0 {
		bank = 0
	}
	budget := turn.Budget
	c := moveChoice{pos: pos, seed: turn.Seed, budget: budgetAccount{left: budget, bank: bank}, rep: Report{Budget: budget, Bank: bank}}
	for _, s := range steps {
		if mv, m, ok := s(e, &c); ok {
			c.rep.Move, c.rep.Method, c.rep.Proved = mv, m, provedBy(m, pos, mv)
			c.rep.BankSpent = c.budget.bankSpent
			return mv, c.rep
		}
	}
	mv := FallbackMove(pos)
	c.rep.Move, c.rep.Method, c.rep.Proved = mv, MethodFallback, provedBy(MethodFallback, pos, mv)
	c.rep.Details = append(c.rep.Details, "fallback: "+c.failure)
	c.rep.BankSpent = c.budget.bankSpent
	return mv, c.rep
}

// gameOver passes when the game is over: it is the only action.
func (e *Engine) gameOver(c *moveChoice) (board.Point, Method, bool) {
	return board.Pass, MethodForced, c.pos.Over
}

// passRule passes when the opponent has passed and the side to move wins on the board:
// passing ends the game now.
func (e *Engine) passRule(c *moveChoice) (board.Point, Method, bool) {
	return board.Pass, MethodRule, c.pos.Passed && c.pos.Winner() == c.pos.Turn
}

// book plays Black's proved opening book.
func (e *Engine) book(c *moveChoice) (board.Point, Method, bool) {
	if !e.opts.Book {
		return board.NoPoint, 0, false
	}
	// The book knows one ko point; a position that may carry several (a previous board
	// my_player could not read) can ban its move, and the later steps answer.
	mv, ok := opening.BookMove(c.pos)
	ok = ok && c.pos.IsLegal(mv)
	if ok {
		e.note(c, "book: %s keeps Black's proved win", mv)
	}
	return mv, MethodBook, ok
}

// opening plays the opening table's move in a position it proves won.
func (e *Engine) opening(c *moveChoice) (board.Point, Method, bool) {
	if !e.opts.Book {
		return board.NoPoint, 0, false
	}
	en, ok := opening.Lookup(c.pos)
	ok = ok && en.Win && c.pos.IsLegal(en.Best)
	if ok {
		e.note(c, "opening table: %s keeps %s's proved win", en.Best, c.pos.Turn)
	}
	return en.Best, MethodTable, ok
}

// solve plays the exact solver's winning move, within the solver's share of the budget
// (or a node limit in fixed-playout mode, where CPU time must not decide the result).
func (e *Engine) solve(c *moveChoice) (board.Point, Method, bool) {
	if !e.opts.Solve || int(c.pos.Move) < e.opts.SolveFrom {
		return board.NoPoint, 0, false
	}
	if e.solver == nil {
		e.solver = solver.New(solver.MoveTableBits)
	}
	lim := solver.Limits{CPU: c.budget.proofLimit(SolverShare)}
	if e.opts.Playouts > 0 {
		// Reproducible: the answer within the node limit must not depend on what earlier
		// searches left in the table.
		lim = solver.Limits{Nodes: solverNodes}
		e.solver.Clear()
	}
	// The solver works on the canonical image of pos, so that every orientation of a
	// position gets the same proof and the same move (solve certify counts on it).
	_, sym := c.pos.CanonicalKey()
	r := e.solver.Solve(sym.Apply(c.pos), lim)
	r.Best = sym.Inverse().Point(r.Best)
	c.budget.spendProof(r.CPU)
	c.rep.Proofs = append(c.rep.Proofs, Proof{Of: board.NoPoint, Known: r.Known, Win: r.Win, Nodes: r.Nodes, CPU: r.CPU})
	c.proof, c.solved = r, true
	if r.Known && r.Win && c.pos.IsLegal(r.Best) {
		e.note(c, "solver: %s wins with %s (%d nodes, %v CPU)", c.pos.Turn, r.Best, r.Nodes, r.CPU.Round(time.Millisecond))
		return r.Best, MethodSolver, true
	}
	if !r.Known {
		e.note(c, "solver: unknown within its share (%d nodes, %v CPU)", r.Nodes, r.CPU.Round(time.Millisecond))
	}
	return board.NoPoint, 0, false
}

// lost plays, when the solver proved every action loses, the least refuted action
// (leastRefuted) within the solver's share of what is left; in fixed-playout mode, or
// when the share runs out, the search plays instead.
func (e *Engine) lost(c *moveChoice) (board.Point, Method, bool) {
	if !c.solved || !c.proof.Known || c.proof.Win {
		return board.NoPoint, 0, false
	}
	if e.opts.Playouts == 0 {
		mv, replies, cpu, ok := e.leastRefuted(c.pos, c.budget.proofLimit(SolverShare))
		c.budget.spendProof(cpu)
		if ok {
			e.note(c, "solver: every move loses; %s leaves %d winning replies (%v CPU)", mv, replies, cpu.Round(time.Millisecond))
			return mv, MethodLost, true
		}
	}
	e.note(c, "solver: every move loses against perfect play; searching for the best chance (%d nodes, %v CPU)",
		c.proof.Nodes, c.proof.CPU.Round(time.Millisecond))
	return board.NoPoint, 0, false
}

// search runs the Monte Carlo tree search on what is left of the budget (at least
// minSearch), or on SearchShare of it when the solver is to check its candidates
// (checkCandidates); it passes on to the fallback when the search fails or its move is
// illegal.
func (e *Engine) search(c *moveChoice) (board.Point, Method, bool) {
	budget := c.budget.left
	checks := e.checks(c)
	if checks {
		budget = max(c.budget.share(SearchShare), min(c.budget.left, SearchFloor))
		if c.budget.left-budget+c.budget.bank < MinCheck {
			checks, budget = false, c.budget.left
		}
	}
	res, err := e.searcher.Search(context.Background(), c.pos, e.searchLimit(max(budget, minSearch)), c.seed)
	if err != nil {
		c.failure = err.Error()
		return board.NoPoint, 0, false
	}
	c.budget.spend(res.CPU)
	c.rep.Iterations = res.Iterations
	c.rep.Move, c.rep.Method = res.Move, MethodSearch
	c.rep.Search = &res
	if e.opts.Verbose {
		c.rep.Details = append(c.rep.Details, searchDetails(&res)...)
	}
	if !c.pos.IsLegal(res.Move) {
		c.failure = fmt.Sprintf("search chose illegal %s", res.Move)
		return board.NoPoint, 0, false
	}
	if checks && res.Proof != mcts.Win { // a move the search proved to win needs no check
		if mv, ok := e.checkCandidates(c, &res); ok {
			return mv, MethodSolver, true
		}
	}
	return res.Move, MethodSearch, true
}

// leastRefuted returns, in a position where every action of the side to move loses
// against perfect play, the action after which the opponent has the fewest winning
// replies (ties: the fewest among more legal replies, then point order), with that number
// and the CPU time used; ok is false when lim ran out before every action was counted.
func (e *Engine) leastRefuted(pos board.Position, lim time.Duration) (best board.Point, replies int, cpu time.Duration, ok bool) {
	start := cputime.Process()
	best, replies = board.NoPoint, math.MaxInt
	bestLegal := 0
	legal := pos.Legal()
	for a := board.Point(0); a < board.NumActions; a++ {
		if a != board.Pass && !legal.Has(a) {
			continue
		}
		child := pos
		if a == board.Pass {
			child.Pass()
		} else if _, ok := child.Play(a); !ok {
			continue
		}
		left := lim - (cputime.Process() - start)
		if left <= 0 {
			return board.NoPoint, 0, cputime.Process() - start, false
		}
		win, lose, known := e.solver.WinningMoves(child, solver.Limits{CPU: left})
		if !known {
			return board.NoPoint, 0, cputime.Process() - start, false
		}
		n := len(win) + len(lose)
		if child.Over {
			n, win = 1, nil // the game is over: lost, as the solver proved
			if child.Winner() != pos.Turn {
				win = []board.Point{board.Pass}
			}
		}
		// Fewer winning replies first; equal counts: the lower share of winning replies.
		if len(win) < replies || (len(win) == replies && len(win)*bestLegal < replies*n) {
			best, replies, bestLegal = a, len(win), n
		}
	}
	return best, replies, cputime.Process() - start, best != board.NoPoint
}

// searchDetails describes a search result for people: the stop reason, speed, the best
// moves and the principal variation.
func searchDetails(res *mcts.Result) []string {
	out := []string{fmt.Sprintf("%d iterations in %v CPU (%.0f/s), %d nodes, stop: %s, proof: %s",
		res.Iterations, res.CPU.Round(time.Millisecond), float64(res.Iterations)/max(res.CPU.Seconds(), 1e-9),
		res.Nodes, res.Stop, res.Proof)}
	for i, m := range res.Moves {
		if i == 5 {
			break
		}
		out = append(out, fmt.Sprintf("%-5s visits %7d  win %5.1f%%  rave %7d %5.1f%%  %s",
			m.Move, m.Visits, 100*m.WinRate, m.RaveVisits, 100*m.RaveWinRate, m.Proof))
	}
	pv := make([]string, len(res.PV))
	for i, p := range res.PV {
		pv[i] = p.String()
	}
	out = append(out, "pv "+strings.Join(pv, " "))
	return out
}
