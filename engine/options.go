// options.go: the engine's tuning options, one set of flags shared by my_player, the arena and GTP.

// Package engine turns a position into a move: it holds the options every command
// exposes as flags (search constants, budget, workers, policy, seed), the game plan that
// spreads the CPU budget over the moves of a game, and the search itself, with a
// fallback that always yields a legal move.
package engine

import (
	"flag"
	"fmt"
	"math"
	"strings"
)

// HardCeiling is the most CPU time, in seconds, that one move may use whatever the
// options say: far under the course host's 10 s limit per move.
const HardCeiling = 6.0

// Options are the engine's settings. The zero value is not useful: start from Defaults.
type Options struct {
	// Budget is the CPU time, in seconds of the whole process (every thread counted),
	// that the game plan spreads over a move; see PlanBudget.
	Budget float64
	// Playouts, when positive, replaces the CPU budget by a fixed number of search
	// iterations (reproducible with Seed and one worker).
	Playouts int
	// Workers is the number of root-parallel search goroutines.
	Workers int
	// C is the UCT exploration constant.
	C float64
	// RAVE is the RAVE equivalence parameter (0 turns RAVE off).
	RAVE float64
	// Expand is the number of visits a leaf needs before it is expanded.
	Expand int
	// Policy names the rollout policy.
	Policy string
	// Priors turns on prior knowledge for new tree nodes.
	Priors bool
	// Book turns on Black's proved opening book (BookMove).
	Book bool
	// Solve turns on the exact endgame solver.
	Solve bool
	// SolveFrom is the first move number at which the solver is tried.
	SolveFrom int
	// Plan turns on the game plan (more time in the middle game, little when settled);
	// off, every move gets Budget.
	Plan bool
	// Seed seeds the random streams (worker k uses Seed+k).
	Seed uint64
	// Verbose prints the configuration and search statistics to stderr.
	Verbose bool
}

// Defaults returns the default options. The budget of 0.5 s of CPU per move is half of
// the tightest course limit (300 games in 60 minutes, about 1 s of CPU per move on the
// grading machine, RULES.md): the budget is CPU time measured on the machine that runs
// the engine, so a slower grader means fewer playouts, not more time.
func Defaults() Options {
	return Options{
		Budget:    0.5,
		Workers:   1,
		C:         0.3,
		RAVE:      1000,
		Expand:    2,
		Policy:    "pattern",
		Priors:    true,
		Book:      true,
		Solve:     true,
		SolveFrom: 10,
		Plan:      true,
		Seed:      1,
	}
}

// RegisterFlags defines one flag per option on fs, with o's values as defaults, writing
// into o.
func (o *Options) RegisterFlags(fs *flag.FlagSet) {
	fs.Float64Var(&o.Budget, "budget", o.Budget, "CPU seconds per move for the whole process, all threads counted (game plan spreads it; capped at 6)")
	fs.IntVar(&o.Playouts, "playouts", o.Playouts, "fixed number of search iterations per move instead of the CPU budget (0: use -budget)")
	fs.IntVar(&o.Workers, "workers", o.Workers, "root-parallel search goroutines (1..64); each costs CPU time")
	fs.Float64Var(&o.C, "c", o.C, "UCT exploration constant (0..10)")
	fs.Float64Var(&o.RAVE, "rave", o.RAVE, "RAVE equivalence parameter, 0 turns RAVE off (0..1e9)")
	fs.IntVar(&o.Expand, "expand", o.Expand, "visits before a leaf is expanded (1..1000)")
	fs.StringVar(&o.Policy, "policy", o.Policy, "rollout policy: "+strings.Join(PolicyNames(), ", "))
	fs.BoolVar(&o.Priors, "priors", o.Priors, "use prior knowledge for new tree nodes")
	fs.BoolVar(&o.Book, "book", o.Book, "play Black's proved opening book (moves 1-5)")
	fs.BoolVar(&o.Solve, "solve", o.Solve, "use the exact endgame solver")
	fs.IntVar(&o.SolveFrom, "solve-from", o.SolveFrom, "first move number at which the solver is tried (1..24)")
	fs.BoolVar(&o.Plan, "plan", o.Plan, "spread the budget over the game (off: every move gets -budget)")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "random seed; with -workers 1 and -playouts the search is reproducible")
	fs.BoolVar(&o.Verbose, "v", o.Verbose, "print the configuration and search statistics to stderr")
}

// Validate returns an error naming the first option out of range.
func (o *Options) Validate() error {
	switch {
	case math.IsNaN(o.Budget) || o.Budget <= 0 || o.Budget > HardCeiling:
		return fmt.Errorf("budget %v out of range: want 0 < budget <= %v CPU seconds", o.Budget, HardCeiling)
	case o.Playouts < 0 || o.Playouts > 100_000_000:
		return fmt.Errorf("playouts %d out of range: want 0..100000000", o.Playouts)
	case o.Workers < 1 || o.Workers > 64:
		return fmt.Errorf("workers %d out of range: want 1..64", o.Workers)
	case math.IsNaN(o.C) || o.C < 0 || o.C > 10:
		return fmt.Errorf("c %v out of range: want 0..10", o.C)
	case math.IsNaN(o.RAVE) || o.RAVE < 0 || o.RAVE > 1e9:
		return fmt.Errorf("rave %v out of range: want 0..1e9", o.RAVE)
	case o.Expand < 1 || o.Expand > 1000:
		return fmt.Errorf("expand %d out of range: want 1..1000", o.Expand)
	case o.SolveFrom < 1 || o.SolveFrom > 24:
		return fmt.Errorf("solve-from %d out of range: want 1..24", o.SolveFrom)
	}
	if !knownPolicy(o.Policy) {
		return fmt.Errorf("policy %q unknown: want %s", o.Policy, strings.Join(PolicyNames(), ", "))
	}
	return nil
}

// Parse reads "name=value,name=value" (the flag names of RegisterFlags, without the
// dash; a bare name sets a boolean) on top of Defaults, as the arena's engine:... agent
// spec does, and validates the result.
func Parse(spec string) (Options, error) {
	o := Defaults()
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(discard{})
	o.RegisterFlags(fs)
	if strings.TrimSpace(spec) != "" {
		for _, kv := range strings.Split(spec, ",") {
			name, value, hasValue := strings.Cut(strings.TrimSpace(kv), "=")
			if fs.Lookup(name) == nil {
				return o, fmt.Errorf("engine option %q unknown", name)
			}
			if !hasValue {
				value = "true"
			}
			if err := fs.Set(name, value); err != nil {
				return o, fmt.Errorf("engine option %s=%s: %v", name, value, err)
			}
		}
	}
	return o, o.Validate()
}

// String lists the options as Parse reads them.
func (o Options) String() string {
	return fmt.Sprintf("budget=%g,playouts=%d,workers=%d,c=%g,rave=%g,expand=%d,policy=%s,priors=%t,book=%t,solve=%t,solve-from=%d,plan=%t,seed=%d",
		o.Budget, o.Playouts, o.Workers, o.C, o.RAVE, o.Expand, o.Policy, o.Priors, o.Book, o.Solve, o.SolveFrom, o.Plan, o.Seed)
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
