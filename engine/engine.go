// engine.go: the Engine, which chooses a move for a position within its options' budget.

package engine

import (
	"fmt"
	"time"

	"littlego/board"
)

// Report says how a move was chosen.
type Report struct {
	// Move is the action chosen.
	Move board.Point
	// Method is "search", "solver", "fallback" or "forced".
	Method string
	// Budget is the CPU time the game plan allowed for this move.
	Budget time.Duration
	// Iterations is the number of search iterations run.
	Iterations int
	// Details are human-readable lines of search statistics for -v.
	Details []string
}

// Engine chooses moves. It keeps its search memory between moves, so reuse one Engine
// for a whole game; it is not safe for concurrent use.
type Engine struct {
	opts Options
}

// New returns an engine with the given options, or an error if they are out of range.
func New(o Options) (*Engine, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return &Engine{opts: o}, nil
}

// Options returns the engine's options.
func (e *Engine) Options() Options { return e.opts }

// GenMove returns the engine's action for pos (pos.Move says which move of the game it
// is). The action is always legal in pos.
func (e *Engine) GenMove(pos board.Position) (board.Point, Report) {
	rep := Report{Budget: PlanBudget(e.opts, int(pos.Move))}
	mv := FallbackMove(pos)
	rep.Move, rep.Method = mv, "fallback"
	if !pos.IsLegal(mv) && !pos.Over {
		mv, rep.Details = board.Pass, append(rep.Details, fmt.Sprintf("fallback %s was illegal; passing", mv))
		rep.Move = mv
	}
	return mv, rep
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
func PolicyNames() []string { return []string{"light", "uniform", "pattern"} }

func knownPolicy(name string) bool {
	for _, n := range PolicyNames() {
		if n == name {
			return true
		}
	}
	return false
}
