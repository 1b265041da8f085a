package engine

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"littlego/board"
	"littlego/internal/cputime"
	"littlego/mcts"
	"littlego/policy"
	"littlego/solver"
)

// SolverTableBits sizes the solver's transposition table: 2^20 entries, 16 MiB.
const SolverTableBits = 20

// SolverShare is the part of a move's budget the exact solver may use before the
// search gets the rest.
const SolverShare = 0.8

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
	// MethodFallback: the search failed; FallbackMove answered.
	MethodFallback
	// MethodLost: every action loses against perfect play; the solver chose the one that
	// leaves the opponent the fewest winning replies.
	MethodLost
)

var methodNames = [...]string{MethodSearch: "search", MethodBook: "book", MethodSolver: "solver",
	MethodRule: "rule", MethodForced: "forced", MethodFallback: "fallback", MethodLost: "lost"}

// String returns the method's name: "search", "book", "solver", "rule", "forced",
// "fallback" or "lost".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// Report says how a move was chosen.
type Report struct {
	// Move is the action chosen.
	Move board.Point
	// Method is how Move was chosen.
	Method Method
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

// GenMove returns the engine's legal action for pos within the game plan's CPU budget
// for move pos.Move (PlanBudget).
func (e *Engine) GenMove(pos board.Position) (board.Point, Report) {
	return e.GenMoveWithin(pos, PlanBudget(e.opts, int(pos.Move)))
}

// GenMoveWithin returns the engine's legal action for pos, using at most budget of CPU
// time from its call (at least a few milliseconds for the search, however small budget).
func (e *Engine) GenMoveWithin(pos board.Position, budget time.Duration) (board.Point, Report) {
	rep := Report{Budget: budget}
	if pos.Over {
		rep.Move, rep.Method = board.Pass, MethodForced
		return board.Pass, rep
	}
	if pos.Passed && pos.Winner() == pos.Turn {
		// The opponent passed and we win on this board: passing ends the game now.
		rep.Move, rep.Method = board.Pass, MethodRule
		return board.Pass, rep
	}
	if e.opts.Book {
		if mv, ok := BookMove(pos); ok {
			rep.Move, rep.Method = mv, MethodBook
			if e.opts.Verbose {
				rep.Details = append(rep.Details, fmt.Sprintf("book: %s keeps Black's proved win", mv))
			}
			return mv, rep
		}
	}
	if e.opts.Solve && int(pos.Move) >= e.opts.SolveFrom {
		if e.solver == nil {
			e.solver = solver.New(SolverTableBits)
		}
		lim := solver.Limits{CPU: time.Duration(float64(budget) * SolverShare)}
		if e.opts.Playouts > 0 {
			// Reproducible: the answer within the node limit must not depend on what
			// earlier searches left in the table.
			lim = solver.Limits{Nodes: solverNodes}
			e.solver.Clear()
		}
		// The solver works on the canonical image of pos, so that every orientation of a
		// position gets the same proof and the same move (solve -certify counts on it).
		_, sym := pos.CanonicalKey()
		r := e.solver.Solve(sym.Apply(pos), lim)
		r.Best = sym.Inverse().Point(r.Best)
		budget -= r.CPU
		if r.Known && r.Win && pos.IsLegal(r.Best) {
			rep.Move, rep.Method = r.Best, MethodSolver
			if e.opts.Verbose {
				rep.Details = append(rep.Details, fmt.Sprintf("solver: %s wins with %s (%d nodes, %v CPU)",
					pos.Turn, r.Best, r.Nodes, r.CPU.Round(time.Millisecond)))
			}
			return r.Best, rep
		}
		if r.Known && e.opts.Playouts == 0 {
			// Lost against perfect play: make the opponent find a narrow win.
			lim := time.Duration(float64(budget) * SolverShare)
			mv, replies, cpu, ok := e.leastRefuted(pos, lim)
			budget -= cpu
			if ok {
				rep.Move, rep.Method = mv, MethodLost
				if e.opts.Verbose {
					rep.Details = append(rep.Details, fmt.Sprintf("solver: every move loses; %s leaves %d winning replies (%v CPU)",
						mv, replies, cpu.Round(time.Millisecond)))
				}
				return mv, rep
			}
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
	rep.Move, rep.Method = res.Move, MethodSearch
	rep.Search = &res
	if e.opts.Verbose {
		rep.Details = append(rep.Details, searchDetails(&res)...)
	}
	if !pos.IsLegal(res.Move) {
		return e.fallback(pos, rep, fmt.Sprintf("search chose illegal %s", res.Move))
	}
	return res.Move, rep
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

// fallback answers with FallbackMove, noting why.
func (e *Engine) fallback(pos board.Position, rep Report, why string) (board.Point, Report) {
	mv := FallbackMove(pos)
	rep.Move, rep.Method = mv, MethodFallback
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
		b = time.Duration(float64(b) * planWeight(move))
	}
	return min(b, MaxBudget)
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
