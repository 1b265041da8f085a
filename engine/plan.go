// plan.go: the game plan: what each move is given (PlanBudget), the loan, and a move's Turn from a side's CPU account.

package engine

import (
	"time"

	"littlego/board"
)

// Turn is what one move is given: the CPU time of its own, the bank that only proofs
// may use, and the seed of its search. It is an argument of the move (GenMoveTurn);
// PlanTurn computes it from the game plan.
type Turn struct {
	// Budget is the CPU time the move may use from its call (the search gets at least a
	// few milliseconds, however small Budget).
	Budget time.Duration
	// Bank is CPU time beyond Budget that only the exact solver's proofs may use
	// (GenMoveTurn); a negative Bank counts as none, and fixed-playout mode has none.
	Bank time.Duration
	// Seed seeds the move's search (mcts worker k draws from Seed+k).
	Seed uint64
}

// Account is one side's CPU account before one of its moves, as PlanTurn reads it. The
// zero Account is a move with no history: no bank, no loan, nothing spent outside the
// engine (GenMove's turn).
type Account struct {
	// Planned is what the game plan gave this side's earlier moves this game (PlanSoFar
	// of its previous move), and Spent what they used: Planned - Spent is the bank.
	Planned, Spent time.Duration
	// Loan offers the game's loan (PlanLoan) on top of the bank, as my_player does.
	Loan bool
	// Overhead is the move's CPU spent or reserved outside the engine (the process's
	// start-up, the work after the move): it comes out of the move's own budget.
	Overhead time.Duration
}

// PlanTurn returns the turn of move number move (1..24) under o for a side whose
// account is a. With plan = PlanBudget(o, move) and bank = a.Planned - a.Spent, plus
// PlanLoan(o) when a.Loan:
//   - Budget is plan - a.Overhead, less what earlier moves overspent (a negative bank):
//     this move pays it back;
//   - Bank is bank, at most MaxBudget - plan (so that a move's budget and bank stay
//     within MaxBudget);
//   - Seed is o.Seed.
//
// my_player and littlego perfect both take their moves' turns from it.
func PlanTurn(o Options, move int, a Account) Turn {
	plan := PlanBudget(o, move)
	bank := a.Planned - a.Spent
	if a.Loan {
		bank += PlanLoan(o)
	}
	budget := plan - a.Overhead
	if bank < 0 {
		budget += bank // earlier moves overspent the plan and the loan
	}
	return Turn{Budget: budget, Bank: min(bank, MaxBudget-plan), Seed: o.Seed}
}

// PlanBudget returns the CPU time for move number move (1..24) under o: the whole
// Budget when the plan is off, otherwise a share that is larger in the middle game.
func PlanBudget(o Options, move int) time.Duration {
	b := o.Budget
	if o.Plan {
		b = time.Duration(float64(b) * planWeight(move))
	}
	return min(b, MaxBudget)
}

// loanWeight is the game's loan in budgets: see PlanLoan.
const loanWeight = 11

// PlanLoan returns the CPU time beyond the plan that one side may spend on proofs over a
// game (docs/my_player.md#the-loan): 11 budgets, 5.5 s at the default -budget 0.5, or
// nothing with the plan off. A game's first position that the tables do not decide (its
// first move off the book and the opening table, often at move 5 or 6 after an imposed
// opening, where no earlier move has left a bank) is where a proof costs the most and a
// move's plan is shortest; the loan lets those proofs run to MaxBudget a move, while the
// later moves need little of their own plan (the solver proves positions from move 13 in
// milliseconds). A side's game then costs at most PlanTotal + PlanLoan: 11.5 s at the
// default, against the course's 10 s for one move.
func PlanLoan(o Options) time.Duration {
	if !o.Plan || o.Playouts > 0 {
		return 0
	}
	return time.Duration(loanWeight * float64(o.Budget))
}

// PlanTotal returns what the game plan gives the side that plays move number move over
// the whole game: the sum of PlanBudget over its twelve moves (at most 12 budgets).
func PlanTotal(o Options, move int) time.Duration {
	return PlanSoFar(o, board.MaxMoves-move%2)
}

// PlanSoFar returns what the game plan gave the side that plays move number move over
// its moves up to move, included: the sum of PlanBudget over them.
func PlanSoFar(o Options, move int) time.Duration {
	var sum time.Duration
	for m := 2 - move%2; m <= move; m += 2 {
		sum += PlanBudget(o, m)
	}
	return sum
}

// planWeight is the share of Budget given to move number move. Each side's twelve
// weights add up to 12, so a game costs at most 12 budgets per side. The weights follow
// what a move can buy, as measured (docs/my_player.md#the-game-plan-and-the-bank): at
// moves 7-8 a proof of the search's move takes seconds and keeps wins the search alone
// gives away; moves 9-12 keep the solver's share above its worst measured case there
// (the certificate of docs/solver.md walks move 11 at 0.65 s); from move 13 the solver
// proves a position in milliseconds; Black's first moves come from the book.
func planWeight(move int) float64 {
	switch {
	case move <= 4:
		return 0.3
	case move <= 6:
		return 1.0
	case move <= 8:
		return 5.9
	case move <= 10:
		return 1.6
	case move <= 12:
		return 1.3
	case move <= 14:
		return 0.5
	default:
		return 0.22
	}
}
