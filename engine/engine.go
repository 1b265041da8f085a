// engine.go: the Engine, how a move was chosen (Method, Report), the search settings and the game plan.

package engine

import (
	"fmt"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/mcts"
	"littlego/policy"
	"littlego/solver"
)

// SolverShare is the part of a move's budget the exact solver may use on the whole
// position before the search gets the rest.
const SolverShare = 0.8

// SearchShare is the part of what is left of a move's budget that the search gets when
// the solver checks its candidates afterwards (CheckFrom): enough for a ranking of the
// moves, with the rest, and the bank, left for proofs. The search gets at least
// SearchFloor of it (or all of it, when less is left), as much as a middle-game move
// had before the check existed.
const SearchShare = 0.2

// SearchFloor: see SearchShare.
const SearchFloor = 500 * time.Millisecond

// MinCheck is the least CPU time, of the budget and the bank, that must be left after
// the search for the solver to check its candidates: a proof at moves 5-8 rarely takes
// less (docs/my_player.md#the-game-plan-and-the-bank).
const MinCheck = 250 * time.Millisecond

// CheckFrom is the first move number at which the solver checks the search's
// candidates (checkCandidates): from move 5 on, proving one move wins fits a few
// seconds of CPU (docs/my_player.md#the-game-plan-and-the-bank); earlier it does not.
const CheckFrom = 5

// solverNodes bounds the solver in fixed-playout mode, where CPU time must not decide
// the result (reproducibility).
const solverNodes = 2_000_000

// Method says how a move was chosen.
type Method uint8

const (
	// MethodSearch: the Monte Carlo tree search.
	MethodSearch Method = iota
	// MethodBook: Black's proved opening book.
	MethodBook
	// MethodSolver: the exact solver proved the move wins.
	MethodSolver
	// MethodRule: the opponent passed and passing now wins.
	MethodRule
	// MethodForced: the game is over; the only action is Pass.
	MethodForced
	// MethodFallback: the search failed or chose an illegal move; FallbackMove answered.
	MethodFallback
	// MethodLost: every action loses against perfect play; the solver chose the one that
	// leaves the opponent the fewest winning replies.
	MethodLost
	// MethodTable: the opening table's proved winning move.
	MethodTable
)

var methodNames = [...]string{MethodSearch: "search", MethodBook: "book", MethodSolver: "solver",
	MethodRule: "rule", MethodForced: "forced", MethodFallback: "fallback", MethodLost: "lost", MethodTable: "table"}

// String returns the method's name: "search", "book", "solver", "rule", "forced",
// "fallback", "lost" or "table".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// provedBy returns what the method m proves of pos, the position it played mv in:
//   - the book, the opening table or the solver: mv wins (a proved win of pos with mv
//     among its winning actions, from that source);
//   - the pass rule: the opponent has passed and the board wins for the side to move, so
//     the pass that ends the game wins (the end's own proof);
//   - lost: the solver proved every action of pos loses.
//
// A search, a forced pass after the end and a fallback move prove nothing.
func provedBy(m Method, pos board.Position, mv board.Point) facts.Fact {
	switch m {
	case MethodBook:
		return facts.Proof(pos.Turn, facts.Win, facts.Book).WithWinning(mv)
	case MethodTable:
		return facts.Proof(pos.Turn, facts.Win, facts.Table).WithWinning(mv)
	case MethodSolver:
		return facts.Proof(pos.Turn, facts.Win, facts.Solver).WithWinning(mv)
	case MethodRule:
		if mv == board.Pass {
			return facts.Proof(pos.Turn, facts.Win, facts.End).WithWinning(board.Pass)
		}
	case MethodLost:
		return facts.Proof(pos.Turn, facts.Loss, facts.Solver)
	}
	return facts.Unproved(pos.Turn)
}

// Report says how a move was chosen.
type Report struct {
	// Move is the action chosen.
	Move board.Point
	// Method is how Move was chosen.
	Method Method
	// Proved is what the move proves of the position it was played in (provedBy): the
	// book's, the opening table's or the solver's win by Move, the end's win by the pass
	// of the pass rule, the solver's loss of every action; nothing (its Value Unknown)
	// for a search, a forced pass or a fallback move. What it implies of the position
	// after the move follows by facts.Step.
	Proved facts.Fact
	// Budget is the CPU time the move was given (GenMoveWithin's budget).
	Budget time.Duration
	// Bank is the extra CPU time offered for proofs (GenMoveBanked's bank), and
	// BankSpent the part of it the proofs used.
	Bank, BankSpent time.Duration
	// Proofs are the exact solver's calls, in order: what was tested, the verdict and
	// what it cost.
	Proofs []Proof
	// Iterations is the number of search iterations run.
	Iterations int
	// Details are human-readable lines of search statistics for -v.
	Details []string
	// Search is the search result behind the move (nil when no search ran): per-move
	// visits and win rates and the principal variation, for analysis output.
	Search *mcts.Result
}

// Engine chooses moves. It keeps its searcher (and the searcher's node arenas) between
// moves, so reuse one Engine for a whole game or many; it is not safe for concurrent use.
type Engine struct {
	opts     Options
	pol      policy.Policy
	searcher *mcts.Searcher
	solver   *solver.Solver
}

// New returns an engine with the given options, or an error if they are out of range.
func New(o Options) (*Engine, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	pol, err := policy.ByName(o.Policy)
	if err != nil {
		return nil, err
	}
	e := &Engine{opts: o, pol: pol}
	if e.searcher, err = mcts.NewSearcher(e.config(time.Second)); err != nil {
		return nil, err
	}
	return e, nil
}

// Options returns the engine's options.
func (e *Engine) Options() Options { return e.opts }

// Replies returns the statistics of the replies to the root action a in the last search
// this engine ran (mcts.Searcher.Replies): meaningful after a move whose Report carries
// Search, until the next move.
func (e *Engine) Replies(a board.Point) []mcts.MoveStat { return e.searcher.Replies(a) }

// SetOptions replaces the engine's options (for GTP's parameter commands and time
// controls); on error the old options stay.
func (e *Engine) SetOptions(o Options) error {
	if err := o.Validate(); err != nil {
		return err
	}
	pol, err := policy.ByName(o.Policy)
	if err != nil {
		return err
	}
	old, oldPol := e.opts, e.pol
	e.opts, e.pol = o, pol
	if err := e.searcher.SetConfig(e.config(time.Second)); err != nil {
		e.opts, e.pol = old, oldPol
		return err
	}
	return nil
}

// config returns the search configuration for a move with the given CPU budget (0: a
// fixed number of playouts).
func (e *Engine) config(budget time.Duration) mcts.Config {
	cfg := mcts.DefaultConfig()
	cfg.Knobs = e.opts.Knobs
	cfg.Policy = e.pol
	cfg.Budget = 0
	cfg.EarlyStop = false
	if e.opts.Playouts == 0 {
		cfg.Budget = budget
		cfg.EarlyStop = true
	}
	return cfg
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
