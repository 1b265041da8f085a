// Command train-patterns builds the weights of the pattern rollout policy
// (policy.Pattern):
//
//	train-patterns gen -games 600 -playouts 50000 -seed 1 -out policy/testdata/patterns/selfplay.txt
//	train-patterns fit -data policy/testdata/patterns/selfplay.txt -out policy/pattern_weights.go
//	train-patterns eval -data policy/testdata/patterns/selfplay.txt -value-playouts 64
//
// gen plays self-play games of the engine at a high fixed number of playouts per move
// (reproducible: one worker, seeded), after a few uniformly random opening moves so
// that the games differ (the checked-in data took about 10 CPU minutes); fit replays
// them and fits the gammas of every feature to the engine's moves with Coulom's
// minorisation-maximisation for the generalised Bradley-Terry model ("Computing Elo
// ratings of move patterns in the game of Go", ICGA Journal 30(4), 2007; Hunter, "MM
// algorithms for generalized Bradley-Terry models", Annals of Statistics 32(1), 2004),
// deterministically, and writes the Go file (go generate ./policy runs it); eval
// reports how often the pattern policy and the light policy pick the engine's move on
// the held-out games, how often they pick a winning move where the exact solver finds
// the choice critical, and with -value-playouts how well their playouts judge proved
// positions. Matches between engine settings are cmd/arena's job
// (engine:policy=pattern against engine:policy=light).
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: train-patterns gen|fit|eval [flags]   (train-patterns CMD -h for the flags)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the subcommand in args and returns the exit status (2 for bad usage).
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "gen":
		err = runGen(args[1:], stdout, stderr)
	case "fit":
		err = runFit(args[1:], stdout, stderr)
	case "eval":
		err = runEval(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "train-patterns: unknown command %q\n%s", args[0], usage)
		return 2
	}
	if err != nil {
		if err == errUsage {
			return 2
		}
		fmt.Fprintf(stderr, "train-patterns %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
