// Package engine turns a position into a move: Black's proved opening book, the exact
// solver near the end, and the Monte Carlo tree search in between, under a CPU budget
// that a game plan spreads over the moves, with a fallback that always yields a legal
// move. Its Options are what every command exposes as flags (see Params).
package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/mcts"
	"littlego/policy"
)

// MaxBudget is the most CPU time one move may be given (mcts.MaxBudget).
const MaxBudget = mcts.MaxBudget

// DefaultBudget is the default Options.Budget: 0.5 s of CPU a move (docs/tuning.md).
const DefaultBudget = 500 * time.Millisecond

// Options are the engine's settings. The zero value is not useful: start from Defaults.
type Options struct {
	// Knobs are the searcher's settings (mcts.Config), passed to it as they are.
	mcts.Knobs
	// Playouts, when positive, gives every search of a move a fixed number of iterations
	// (mcts.Limit.Playouts) instead of the CPU budget, and the solver a node limit: the
	// moves are then reproducible with one worker.
	Playouts int
	// Seed seeds the searches of the moves (Turn.Seed; mcts worker k draws from Seed+k).
	Seed uint64
	// Budget is the CPU time of the whole process (every thread counted) that the game
	// plan spreads over a move; see PlanBudget and PlanTurn. At most MaxBudget.
	Budget time.Duration
	// Policy names the rollout policy (policy.ByName).
	Policy string
	// Book turns on the proved tables: Black's opening book (opening.BookMove) and
	// the opening table (opening.Lookup).
	Book bool
	// Solve turns on the exact endgame solver.
	Solve bool
	// SolveFrom is the first move number at which the solver is tried.
	SolveFrom int
	// Plan turns on the game plan (more time in the middle game, little when settled);
	// off, every move gets Budget.
	Plan bool
	// Verbose adds search statistics to the Report for -v.
	Verbose bool
}

// Defaults returns the default options: the search settings of mcts.DefaultConfig, seed
// 1, DefaultBudget, the book and the solver from move 9, and the game plan.
func Defaults() Options {
	cfg := mcts.DefaultConfig()
	return Options{
		Knobs:     cfg.Knobs,
		Seed:      1,
		Budget:    DefaultBudget,
		Policy:    cfg.Policy.Name(),
		Book:      true,
		Solve:     true,
		SolveFrom: 9,
		Plan:      true,
	}
}

// SameSettings reports whether o and p differ at most in what PlanTurn reads for each
// move (Budget, Plan, Seed): an engine made with either plays the other's moves alike
// when it is given the other's turns (GenMoveTurn), with no SetOptions between.
func SameSettings(o, p Options) bool {
	o.Budget, o.Plan, o.Seed = p.Budget, p.Plan, p.Seed
	return o == p
}

// SolveFromRange is the range of Options.SolveFrom: a move number.
var SolveFromRange = mcts.Range[int]{Min: 1, Max: board.MaxMoves}

// Param is one option as a named text parameter: a command-line flag, an arena
// engine:name=value spec, a GTP littlego-set_param.
type Param struct {
	Name  string
	Usage string
	// IsBool marks a boolean option, which a bare name sets to true.
	IsBool bool
	// Get returns the value as Set reads it.
	Get func() string
	// Set parses and stores a value; it checks the syntax, not the range (Validate).
	Set func(string) error
	// check returns an error when the stored value is out of range (nil: any value).
	check func() error
	// ints or floats is the range that check holds the value to, if it has one.
	ints   *mcts.Range[int]
	floats *mcts.Range[float64]
}

// Params returns one Param per option, bound to o, in a fixed order. Their usage texts
// state the ranges that Validate checks.
func (o *Options) Params() []Param {
	return []Param{
		{Name: "budget", Usage: fmt.Sprintf("CPU time per move for the whole process, all threads counted, in `seconds` or as a duration (500ms); the game plan spreads it; at most %v", MaxBudget),
			Get: func() string { return formatSeconds(o.Budget) }, Set: func(s string) error { return parseBudget(s, &o.Budget) },
			check: func() error {
				if o.Budget <= 0 || o.Budget > MaxBudget {
					return fmt.Errorf("budget %s s out of range: want more than 0 and at most %s s of CPU", formatSeconds(o.Budget), formatSeconds(MaxBudget))
				}
				return nil
			}},
		intParam("playouts", "fixed `number` of search iterations per move instead of the CPU budget (0: use -budget)", &o.Playouts, mcts.PlayoutsRange),
		intParam("workers", "root-parallel search `goroutines`; each costs CPU time", &o.Workers, mcts.WorkersRange),
		floatParam("c", "UCT exploration `constant`", &o.C, mcts.CRange),
		floatParam("rave", "RAVE equivalence `parameter`, 0 turns RAVE off", &o.RAVE, mcts.RAVERange),
		intParam("expand", "`visits` before a leaf is expanded", &o.Expand, mcts.ExpandRange),
		{Name: "policy", Usage: "rollout `policy`: " + strings.Join(policy.Names(), ", "),
			Get: func() string { return o.Policy }, Set: func(s string) error { o.Policy = s; return nil },
			check: func() error {
				if _, err := policy.ByName(o.Policy); err != nil {
					return fmt.Errorf("policy %q unknown: want %s", o.Policy, strings.Join(policy.Names(), ", "))
				}
				return nil
			}},
		boolParam("priors", "use prior knowledge for new tree nodes", &o.Priors),
		boolParam("book", "play the proved tables: Black's opening book and the opening table", &o.Book),
		boolParam("solve", "use the exact endgame solver", &o.Solve),
		intParam("solve-from", "first `move` number at which the solver is tried", &o.SolveFrom, SolveFromRange),
		boolParam("plan", "spread the budget over the game (off: every move gets -budget)", &o.Plan),
		{Name: "seed", Usage: "random `seed`; with -workers 1 and -playouts the search is reproducible",
			Get: func() string { return strconv.FormatUint(o.Seed, 10) },
			Set: func(s string) error {
				v, err := strconv.ParseUint(s, 10, 64)
				if err != nil {
					return fmt.Errorf("%q is not a whole number from 0 to %d", s, uint64(math.MaxUint64))
				}
				o.Seed = v
				return nil
			}},
		boolParam("v", "print the configuration and search statistics to stderr", &o.Verbose),
	}
}

// Param returns the parameter called name, bound to o.
func (o *Options) Param(name string) (Param, bool) {
	for _, p := range o.Params() {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// Validate returns an error naming the first option out of range, in the order of Params.
func (o *Options) Validate() error {
	for _, p := range o.Params() {
		if p.check == nil {
			continue
		}
		if err := p.check(); err != nil {
			return err
		}
	}
	return nil
}

// ParseOptions reads "name=value,name=value" (the names of Params; a bare name sets a
// boolean) on top of Defaults, as the arena's engine:... agent spec does, and validates
// the result.
func ParseOptions(spec string) (Options, error) {
	o := Defaults()
	if strings.TrimSpace(spec) != "" {
		for _, kv := range strings.Split(spec, ",") {
			name, value, hasValue := strings.Cut(strings.TrimSpace(kv), "=")
			p, ok := o.Param(name)
			if !ok {
				return o, fmt.Errorf("engine option %q unknown", name)
			}
			if !hasValue {
				if !p.IsBool {
					return o, fmt.Errorf("engine option %s needs a value", name)
				}
				value = "true"
			}
			if err := p.Set(value); err != nil {
				return o, fmt.Errorf("engine option %s=%s: %v", name, value, err)
			}
		}
	}
	return o, o.Validate()
}

// String lists the options as ParseOptions reads them.
func (o Options) String() string {
	var parts []string
	for _, p := range o.Params() {
		if p.Name != "v" {
			parts = append(parts, p.Name+"="+p.Get())
		}
	}
	return strings.Join(parts, ",")
}

// formatSeconds writes d as seconds, the unit the course states its limits in.
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'g', -1, 64)
}

// parseBudget reads seconds ("0.5") or a Go duration ("500ms"), as cputime.Parse does
// for every command; the range is Validate's.
func parseBudget(s string, dst *time.Duration) error {
	d, err := cputime.Parse(s)
	if err != nil {
		return fmt.Errorf("budget %v", err)
	}
	*dst = d
	return nil
}

// intParam is an integer option that must lie in r; its usage text states r.
func intParam(name, usage string, dst *int, r mcts.Range[int]) Param {
	return Param{Name: name, Usage: usage + " (" + r.String() + ")", ints: &r,
		Get: func() string { return strconv.Itoa(*dst) },
		Set: func(s string) error {
			v, err := strconv.Atoi(s)
			if err != nil {
				return fmt.Errorf("%q is not a whole number (%s: %v)", s, name, r)
			}
			*dst = v
			return nil
		},
		check: func() error {
			if !r.Contains(*dst) {
				return fmt.Errorf("%s %d out of range: want %v", name, *dst, r)
			}
			return nil
		}}
}

// floatParam is a real option that must lie in r (NaN never does); its usage text
// states r.
func floatParam(name, usage string, dst *float64, r mcts.Range[float64]) Param {
	return Param{Name: name, Usage: usage + " (" + r.String() + ")", floats: &r,
		Get: func() string { return strconv.FormatFloat(*dst, 'g', -1, 64) },
		Set: func(s string) error {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return fmt.Errorf("%q is not a number (%s: %v)", s, name, r)
			}
			*dst = v
			return nil
		},
		check: func() error {
			if !r.Contains(*dst) {
				return fmt.Errorf("%s %v out of range: want %v", name, *dst, r)
			}
			return nil
		}}
}

func boolParam(name, usage string, dst *bool) Param {
	return Param{Name: name, Usage: usage, IsBool: true,
		Get: func() string { return strconv.FormatBool(*dst) },
		Set: func(s string) error {
			v, err := strconv.ParseBool(s)
			if err != nil {
				return fmt.Errorf("%q is not true or false", s)
			}
			*dst = v
			return nil
		}}
}
