// engine.go: the Engine, how a move was chosen (Method, Report), the search settings and the search alone.

package engine

import (
	"context"
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
	// Budget is the CPU time the move was given (its Turn's Budget).
	Budget time.Duration
	// Bank is the extra CPU time offered for proofs (its Turn's Bank, none in
	// fixed-playout mode), and BankSpent the part of it the proofs used.
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
	if e.searcher, err = mcts.NewSearcher(e.config()); err != nil {
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

// SetOptions replaces the engine's settings (for GTP's parameter commands, which change
// them between moves); on error the old options stay. What one move may spend is not a
// setting: it is GenMoveTurn's Turn.
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
	if err := e.searcher.SetConfig(e.config()); err != nil {
		e.opts, e.pol = old, oldPol
		return err
	}
	return nil
}

// config returns the searcher's settings under the engine's options: its knobs and
// policy. What a search may spend is an argument of each search (searchLimit).
func (e *Engine) config() mcts.Config {
	cfg := mcts.DefaultConfig()
	cfg.Knobs = e.opts.Knobs
	cfg.Policy = e.pol
	return cfg
}

// searchLimit returns the limit of a move's search given budget of CPU: the budget
// with the early stop, or, under a positive Playouts, that fixed count alone.
func (e *Engine) searchLimit(budget time.Duration) mcts.Limit {
	if e.opts.Playouts > 0 {
		return mcts.Limit{Playouts: e.opts.Playouts}
	}
	return mcts.Limit{CPU: budget, EarlyStop: true}
}

// Search runs the engine's tree search alone on pos (no book, no solver, no plan): the
// searcher with the engine's settings, within lim, its workers seeded from seed. Replies
// then says the replies it gathered. The analysis runs its chunks with it.
func (e *Engine) Search(ctx context.Context, pos board.Position, lim mcts.Limit, seed uint64) (mcts.Result, error) {
	return e.searcher.Search(ctx, pos, lim, seed)
}
