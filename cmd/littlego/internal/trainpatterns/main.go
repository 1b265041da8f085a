// Command train-patterns builds the weights of the pattern rollout policy
// (policy.Pattern):
//
//	train-patterns gen -n 600 -playouts 50000 -seed 1 -o policy/testdata/patterns/selfplay.txt
//	train-patterns fit -data policy/testdata/patterns/selfplay.txt -o policy/pattern_weights.json
//	train-patterns eval -data policy/testdata/patterns/selfplay.txt -value-playouts 64
//
// gen plays self-play games of the engine at a high fixed number of playouts per move
// (reproducible: one worker, seeded), after a few uniformly random opening moves so
// that the games differ (the checked-in data took about 10 CPU minutes); fit replays
// them and fits the gammas of every feature to the engine's moves with Coulom's
// minorisation-maximisation for the generalised Bradley-Terry model ("Computing Elo
// ratings of move patterns in the game of Go", ICGA Journal 30(4), 2007; Hunter, "MM
// algorithms for generalized Bradley-Terry models", Annals of Statistics 32(1), 2004),
// deterministically, and writes the weights file, JSON that package policy embeds (go generate ./policy runs it); eval
// reports how often the pattern policy and the light policy pick the engine's move on
// the held-out games, how often they pick a winning move where the exact solver finds
// the choice critical, and with -value-playouts how well their playouts judge proved
// positions. Matches between engine settings are littlego arena's job
// (engine:policy=pattern against engine:policy=light).
package trainpatterns

import (
	"flag"

	"littlego/cmd/littlego/internal/base"
	"littlego/engine"
	"littlego/lib/cliflag"
)

// Cmd is "littlego train-patterns", the group of gen, fit and eval.
var Cmd = &base.Command{
	Name:      "train-patterns",
	UsageLine: "littlego train-patterns COMMAND [flags]",
	Short:     "generate games, fit and evaluate the pattern policy",
	Long: `Train-patterns builds the weights of the pattern rollout policy: gen plays the games,
fit fits the weights to them, eval measures the weights on the held-out games.
Exit status: 0 done, 1 a failure, 2 bad usage.`,
	Commands: []*base.Command{genCmd, fitCmd, evalCmd},
}

var genCmd = &base.Command{
	Name:      "gen",
	UsageLine: "littlego train-patterns gen [flags]",
	Short:     "play seeded self-play games of the engine",
	Long:      "Gen plays seeded self-play games of the engine and writes one record a line.",
	Setup:     setupGen,
}

// setupGen defines gen's flags; its run plays the games.
func setupGen(fs *flag.FlagSet) func([]string, base.Output) error {
	var s genSettings
	cliflag.Count(fs, &s.games, 400, "games played")
	fs.IntVar(&s.playouts, "playouts", 50000, "engine search iterations per move")
	cliflag.Seed(fs, &s.seed, 1, "of game 0; game k uses seed+k")
	fs.IntVar(&s.maxRandom, "random", 4, "game k starts with (seed+k) mod (random+1) uniformly random actions")
	fs.StringVar(&s.policy, "policy", "light", "rollout policy of the engine that plays the games")
	cliflag.Jobs(fs, &s.jobs, 1, "games (each uses one core)")
	cliflag.Output(fs, &s.out, "", "the games (default stdout)")
	cliflag.Renamed(fs, map[string]string{"games": "n", "out": "o"})
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected arguments %q", args)
		}
		if s.games < 1 || s.playouts < 1 || s.maxRandom < 0 || s.jobs < 1 {
			return base.Usagef("-n, -playouts and -jobs must be positive, -random not negative")
		}
		opts := engine.Defaults()
		opts.Playouts, opts.Workers, opts.Policy = s.playouts, 1, s.policy
		if err := opts.Validate(); err != nil {
			return base.UsageError{What: err.Error()}
		}
		return gen(s, opts, out.Stdout, out.Stderr)
	}
}

var fitCmd = &base.Command{
	Name:      "fit",
	UsageLine: "littlego train-patterns fit [flags]",
	Short:     "fit the pattern policy's gammas to the games",
	Long:      "Fit fits the pattern policy's gammas to the games by minorisation-maximisation.",
	Setup:     setupFit,
}

// setupFit defines fit's flags; its run fits the weights.
func setupFit(fs *flag.FlagSet) func([]string, base.Output) error {
	var s fitSettings
	fs.StringVar(&s.data, "data", "policy/testdata/patterns/selfplay.txt", "games written by gen")
	cliflag.Output(fs, &s.out, "", "the weights (default: none, report only)")
	cliflag.Renamed(fs, map[string]string{"out": "o"})
	fs.IntVar(&s.holdout, "holdout", 5, "hold out game k when k mod holdout == 0 (0: none)")
	fs.IntVar(&s.minCount, "min-count", 3, "least number of times a pattern must be met among the training actions to get its own gamma")
	fs.IntVar(&s.sweeps, "sweeps", 300, "most MM sweeps")
	fs.IntVar(&s.solveFrom, "solve-from", 0, "prove the positions from this move number on with the exact solver and leave out those in which the choice does not matter or the strong player chose a losing action (0: off; leaving them out made worse priors in matches)")
	fs.Int64Var(&s.solveNodes, "solve-nodes", 20_000_000, "solver nodes per position (a position not proved within them is kept)")
	fs.Float64Var(&s.tol, "tol", 1e-6, "stop when a sweep gains less mean log-likelihood than this")
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected arguments %q", args)
		}
		if s.holdout < 0 || s.minCount < 1 || s.sweeps < 1 {
			return base.Usagef("-holdout must not be negative, -min-count and -sweeps must be positive")
		}
		return fit(s, out.Stdout, out.Stderr)
	}
}

var evalCmd = &base.Command{
	Name:      "eval",
	UsageLine: "littlego train-patterns eval [flags]",
	Short:     "measure the weights on the held-out games",
	Long:      "Eval reports how often the pattern and light policies choose the strong player's move on the held-out games.",
	Setup:     setupEval,
}

// setupEval defines eval's flags; its run evaluates the weights on the held-out games.
func setupEval(fs *flag.FlagSet) func([]string, base.Output) error {
	var s evalSettings
	fs.StringVar(&s.data, "data", "policy/testdata/patterns/selfplay.txt", "games written by gen")
	fs.IntVar(&s.holdout, "holdout", 5, "evaluate on game k when k mod holdout == 0 (as fit held them out)")
	fs.IntVar(&s.solveFrom, "solve-from", 12, "prove the positions from this move number on with the exact solver, for the critical-position report (0: off)")
	fs.Int64Var(&s.solveNodes, "solve-nodes", 20_000_000, "solver nodes per position")
	fs.IntVar(&s.valuePlayouts, "value-playouts", 0, "also judge the proved held-out positions at moves -value-from to -value-to with this many playouts of each policy (0: off)")
	fs.IntVar(&s.valueFrom, "value-from", 10, "first move number for -value-playouts")
	fs.IntVar(&s.valueTo, "value-to", 18, "last move number for -value-playouts")
	fs.StringVar(&s.weights, "weights", "", "evaluate the weights of this generated Go file instead of the built-in ones")
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected arguments %q", args)
		}
		if s.holdout < 1 {
			return base.Usagef("-holdout must be positive")
		}
		return eval(s, out.Stdout)
	}
}
