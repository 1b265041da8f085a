package mcts

import (
	"fmt"
	"time"

	"littlego/board"
	"littlego/policy"
)

// HardCeiling is the most process CPU time one search may use, whatever its Config:
// four fifths of the course host's limit (board.HostCPULimit, start-up included), 8 s.
const HardCeiling = board.HostCPULimit * 4 / 5

// MaxBudget is the largest Limit.CPU: it leaves a quarter of HardCeiling for the
// process's start-up and the exact solver.
const MaxBudget = HardCeiling * 3 / 4

// Knobs are the search settings the engine offers as options (engine.Options embeds
// them, and its flags carry the same names in lower case): each has one name and one
// range, and DefaultConfig sets its default.
type Knobs struct {
	// C is the UCT exploration constant (Kocsis and Szepesvári, "Bandit based
	// Monte-Carlo planning", ECML 2006): a child's urgency gets C*sqrt(ln N / n), N the
	// parent's simulations and n the child's (priors included). 0 turns exploration
	// off, as in MC-RAVE, where priors and RAVE drive the choice.
	C float64
	// RAVE is the RAVE equivalence parameter k: a child's value is
	// (1-b)*Q + b*Q_amaf with b = n_amaf / (n + n_amaf + n*n_amaf/k), the
	// minimum-error schedule of Gelly and Silver ("Monte-Carlo tree search and rapid
	// action value estimation in computer Go", Artificial Intelligence 175, 2011,
	// section 5.2, with k = 1/(4b^2)) in the form michi and Pachi use. 0 turns RAVE
	// off.
	RAVE float64
	// Expand is the number of simulations a leaf needs before its children are
	// created (1 expands every leaf at its first visit).
	Expand int
	// Priors gives new nodes the policy's prior knowledge, if its Player implements
	// policy.Priorer.
	Priors bool
	// Workers is the number of root-parallel goroutines, each with its own tree.
	Workers int
}

// Config holds the settings of a searcher, the same for every search it runs; what one
// search may spend (a Limit) and its seed are arguments of the search. Start from
// DefaultConfig.
type Config struct {
	Knobs
	// Policy plays the simulations.
	Policy policy.Policy
	// TreeNodes is the most nodes each worker's tree holds, allocated at once (36
	// bytes a node). When it is full the tree stops growing and the search goes on with simulations from its
	// leaves. The memory is touched only as nodes are used.
	TreeNodes int
}

// Limit is what one search may spend: a CPU budget, a fixed number of iterations, or
// both (the first reached ends the search). It is an argument of the search, checked
// there (Validate).
type Limit struct {
	// CPU, when positive, is the process CPU time (every thread) the search may use:
	// two busy workers spend it twice as fast as one. At most MaxBudget; 0 leaves only
	// HardCeiling.
	CPU time.Duration
	// Playouts, when positive, is the number of iterations of the whole search, shared
	// among the workers; with one worker and no CPU the search is reproducible.
	Playouts int
	// EarlyStop ends the search as soon as the most visited move cannot be overtaken
	// in the rest of the limit (the CPU's estimated from the speed so far).
	EarlyStop bool
}

// Validate returns an error naming the first part of l out of range, or nil.
func (l Limit) Validate() error {
	switch {
	case !PlayoutsRange.Contains(l.Playouts):
		return fmt.Errorf("mcts: Playouts = %d out of range: want %v (0: none)", l.Playouts, PlayoutsRange)
	case l.CPU < 0 || l.CPU > MaxBudget:
		return fmt.Errorf("mcts: CPU = %v out of range: want 0 (none) to %v", l.CPU, MaxBudget)
	case l.Playouts == 0 && l.CPU == 0:
		return fmt.Errorf("mcts: no limit: set Playouts or CPU")
	}
	return nil
}

// Range is the closed interval of a setting's allowed values.
type Range[T int | float64] struct{ Min, Max T }

// Contains reports whether v lies in r; NaN does not.
func (r Range[T]) Contains(v T) bool { return v >= r.Min && v <= r.Max }

// String writes r as "min..max".
func (r Range[T]) String() string { return fmt.Sprintf("%v..%v", r.Min, r.Max) }

// The ranges of the Config and Limit fields: their Validate methods check them, and the engine's options (flags
// and their usage text) state and check the same.
var (
	CRange        = Range[float64]{0, 10}
	RAVERange     = Range[float64]{0, 1e9}
	ExpandRange   = Range[int]{1, 1000}
	WorkersRange  = Range[int]{1, 64}
	PlayoutsRange = Range[int]{0, 100_000_000}
	// TreeNodesRange runs from the root and its children to a size whose node indices
	// fit in an int32.
	TreeNodesRange = Range[int]{board.NumActions + 1, 1 << 28}
)

// DefaultConfig returns the default settings, which are also the engine's (engine.Defaults
// reads them): pattern playouts, C 0.3, RAVE on, priors on, one worker. docs/tuning.md
// has the matches that chose them.
func DefaultConfig() Config {
	return Config{
		Knobs:     Knobs{C: 0.3, RAVE: 1000, Expand: 2, Priors: true, Workers: 1},
		Policy:    policy.Pattern{},
		TreeNodes: defaultTreeNodes,
	}
}

// Validate returns an error naming the first setting out of range, or nil.
func (c *Config) Validate() error {
	switch {
	case !CRange.Contains(c.C):
		return fmt.Errorf("mcts: C = %v out of range: want %v", c.C, CRange)
	case !RAVERange.Contains(c.RAVE):
		return fmt.Errorf("mcts: RAVE = %v out of range: want %v (0: off)", c.RAVE, RAVERange)
	case !ExpandRange.Contains(c.Expand):
		return fmt.Errorf("mcts: Expand = %d out of range: want %v", c.Expand, ExpandRange)
	case !WorkersRange.Contains(c.Workers):
		return fmt.Errorf("mcts: Workers = %d out of range: want %v", c.Workers, WorkersRange)
	case c.Policy == nil:
		return fmt.Errorf("mcts: Policy is nil")
	case !TreeNodesRange.Contains(c.TreeNodes):
		return fmt.Errorf("mcts: TreeNodes = %d out of range: want %v", c.TreeNodes, TreeNodesRange)
	}
	return nil
}
