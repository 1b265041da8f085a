// engine.go: the Engine, which chooses a move for a position within its options' budget.

package engine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"littlego/board"
	"littlego/cputime"
	"littlego/mcts"
	"littlego/policy"
	"littlego/solver"
)

// solverTableBits sizes the solver's transposition table: 2^20 entries, 16 MiB.
const solverTableBits = 20

// solverShare is the part of a move's budget the exact solver may use before the
// search gets the rest.
const solverShare = 0.6

// solverNodes bounds the solver in fixed-playout mode, where CPU time must not decide
// the result (reproducibility).
const solverNodes = 2_000_000

// Report says how a move was chosen.
type Report struct {
	// Move is the action chosen.
	Move board.Point
	// Method is "book", "solver", "search", "rule" (a pass that wins at once),
	// "fallback" or "forced".
	Method string
	// Budget is the CPU time the game plan allowed for this move.
	Budget time.Duration
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
	// FromProcessStart makes the budget of each move count the process CPU time used
	// before GenMove was called (my_player's start-up), as the course host does.
	FromProcessStart bool
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
	cfg.C = e.opts.C
	cfg.RaveEquiv = e.opts.RAVE
	cfg.ExpandThreshold = e.opts.Expand
	cfg.Workers = e.opts.Workers
	cfg.Seed = e.opts.Seed
	cfg.Policy = e.pol
	cfg.Priors = e.opts.Priors
	cfg.Playouts = e.opts.Playouts
	cfg.Budget = 0
	cfg.EarlyStop = false
	if e.opts.Playouts == 0 {
		cfg.Budget = budget
		cfg.EarlyStop = true
	}
	return cfg
}

// GenMove returns the engine's action for pos (pos.Move says which move of the game it
// is). The action is always legal in pos.
func (e *Engine) GenMove(pos board.Position) (board.Point, Report) {
	start := cputime.Process()
	rep := Report{Budget: PlanBudget(e.opts, int(pos.Move))}
	if pos.Over {
		rep.Move, rep.Method = board.Pass, "forced"
		return board.Pass, rep
	}
	if pos.Passed && pos.Winner() == pos.Turn {
		// The opponent passed and we win on this board: passing ends the game now.
		rep.Move, rep.Method = board.Pass, "rule"
		return board.Pass, rep
	}
	if e.opts.Book {
		if mv, ok := BookMove(pos); ok {
			rep.Move, rep.Method = mv, "book"
			if e.opts.Verbose {
				rep.Details = append(rep.Details, fmt.Sprintf("book: %s keeps Black's proved win", mv))
			}
			return mv, rep
		}
	}
	budget := rep.Budget
	if e.FromProcessStart {
		budget -= start
	}
	if e.opts.Solve && int(pos.Move) >= e.opts.SolveFrom {
		if e.solver == nil {
			e.solver = solver.New(solverTableBits)
		}
		lim := solver.Limits{CPU: time.Duration(float64(budget) * solverShare)}
		if e.opts.Playouts > 0 {
			// Reproducible: the answer within the node limit must not depend on what
			// earlier searches left in the table.
			lim = solver.Limits{Nodes: solverNodes}
			e.solver.Clear()
		}
		r := e.solver.Solve(pos, lim)
		budget -= r.CPU
		if r.Known && r.Win && pos.IsLegal(r.Best) {
			rep.Move, rep.Method = r.Best, "solver"
			if e.opts.Verbose {
				rep.Details = append(rep.Details, fmt.Sprintf("solver: %s wins with %s (%d nodes, %v CPU)",
					pos.Turn, r.Best, r.Nodes, r.CPU.Round(time.Millisecond)))
			}
			return r.Best, rep
		}
		if e.opts.Verbose {
			verdict := "unknown within its share"
			if r.Known {
				verdict = "every move loses against perfect play; searching for the best chance"
			}
			rep.Details = append(rep.Details, fmt.Sprintf("solver: %s (%d nodes, %v CPU)", verdict, r.Nodes, r.CPU.Round(time.Millisecond)))
		}
	}
	// A sliver of budget left still gets a quick, legal answer.
	budget = max(budget, 5*time.Millisecond)
	if err := e.searcher.SetConfig(e.config(budget)); err != nil {
		return e.fallback(pos, rep, err.Error())
	}
	res, err := e.searcher.Search(context.Background(), pos)
	if err != nil {
		return e.fallback(pos, rep, err.Error())
	}
	rep.Iterations = res.Iterations
	rep.Move, rep.Method = res.Move, "search"
	rep.Search = &res
	if e.opts.Verbose {
		rep.Details = append(rep.Details, searchDetails(&res)...)
	}
	if !pos.IsLegal(res.Move) {
		return e.fallback(pos, rep, fmt.Sprintf("search chose illegal %s", res.Move))
	}
	return res.Move, rep
}

// fallback answers with FallbackMove, noting why.
func (e *Engine) fallback(pos board.Position, rep Report, why string) (board.Point, Report) {
	mv := FallbackMove(pos)
	rep.Move, rep.Method = mv, "fallback"
	rep.Details = append(rep.Details, "fallback: "+why)
	return mv, rep
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

// PlanBudget returns the CPU time for move number move (1..24) under o: the whole
// Budget when the plan is off, otherwise a share that is larger in the middle game.
func PlanBudget(o Options, move int) time.Duration {
	b := o.Budget
	if o.Plan {
		b *= planWeight(move)
	}
	if b > HardCeiling {
		b = HardCeiling
	}
	return time.Duration(b * float64(time.Second))
}

// planWeight is the share of Budget given to move number move. The weights of each
// side's twelve moves average to at most 1, so a game costs at most 12 budgets per side.
func planWeight(move int) float64 {
	switch {
	case move <= 2:
		return 0.6
	case move <= 16:
		return 1.3
	default:
		return 0.5
	}
}

// PolicyNames lists the rollout policies the engine knows.
func PolicyNames() []string { return policy.Names() }

func knownPolicy(name string) bool {
	_, err := policy.ByName(name)
	return err == nil
}
