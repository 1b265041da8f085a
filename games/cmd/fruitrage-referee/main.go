// Command fruitrage-referee plays Fruit Rage matches between two players as the course
// runs them, by games or by pairs of games on the same board (see package
// games/fruitrage/referee).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"littlego/games/fruitrage/referee"
	"littlego/lib/cliflag"
)

const usage = `usage: fruitrage-referee [flags] PLAYER_A PLAYER_B

Plays Fruit Rage games between two players as the CSCI-561 course runs them: random
full n×n boards of p types, a CPU clock per player, the first player drawn at random in
game 1 and alternating after (with -pairs, each board twice, each side first once), a
move that uses up the clock or is invalid loses, equal scores go to the player with more
time left.

A PLAYER is one of:
  random          a uniformly random group
  minimax3        plain minimax (no alpha-beta) at most 3 plies on the score
                  difference, shallower when short of time, never out of time
  agent           the fruitrage agent's search in process (at most 3 plies on
                  large boards of few types, as deep as time allows elsewhere)
  alphabeta       the agent's alpha-beta as deep as time allows everywhere
  alphabeta:depth=K    the same at most K plies deep
  alphabeta:playout=K  the same with a K-move greedy line at the horizon
  alphabeta:safe=K     the same with a K-move waiting-game line at the horizon
  exec:PATH [ARGS]  a program run once per move in its own folder (input.txt in,
                  output.txt out), timed by the child's CPU time; quote the whole player

Exit status: 0 when the match was played, 1 when it could not be, 2 for bad usage.

Flags:
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// match is a parsed command line.
type match struct {
	cfg       referee.Config
	specs     [2]referee.Spec
	games     int
	jobs      int
	calibrate bool
	verbose   bool
}

// run is the command: it returns 0 when the match was played, 1 when it could not be,
// 2 for bad usage.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	m, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if m.calibrate {
		for i := range m.specs {
			if err := m.specs[i].Calibrate(ctx); err != nil {
				fmt.Fprintln(stderr, "fruitrage-referee:", err)
				return 1
			}
		}
	}
	results, err := referee.RunMatch(ctx, m.cfg, m.specs, m.games, m.jobs, m.progress(stderr))
	if err != nil {
		fmt.Fprintln(stderr, "fruitrage-referee:", err)
		return 1
	}
	referee.Summarize(stdout, m.cfg, m.specs, results)
	if m.cfg.Paired {
		referee.SummarizePairs(stdout, results)
	}
	return 0
}

// parse reads the command line into a match, or returns the exit status when the
// command is to stop (after -h, or on bad usage, said on stderr).
func parse(args []string, stderr io.Writer) (*match, int, bool) {
	fs := flag.NewFlagSet("fruitrage-referee", flag.ContinueOnError)
	n := fs.Int("n", 10, "board width and height (1..26)")
	p := fs.Int("p", 4, "fruit types (1..10)")
	games := fs.Int("games", 11, "games to play")
	pairs := fs.Int("pairs", 0, "play N random boards twice each, the first player swapped, and sum the match by pairs (instead of -games)")
	clock := fs.Float64("clock", 300, "CPU seconds per player for a whole game")
	jobs := fs.Int("jobs", 1, "games played at the same time (every player's time is its own CPU time, exact under load)")
	seed := fs.Uint64("seed", 1, "match seed: boards and the first player are reproducible from it")
	calibrate := fs.Bool("calibrate", false, "run each exec player once with -calibrate before the match and give every game its calibration.txt")
	grace := fs.Float64("wall-grace", referee.DefaultWallGrace.Seconds(), "wall-clock seconds past its remaining time after which an exec player's move is killed (the course: 10; more on a loaded machine, where wall-clock time runs far ahead of CPU time)")
	verbose := fs.Bool("v", false, "one line per game on stderr as it ends")
	if status, ok := cliflag.Parse(fs, args, stderr, usage); !ok {
		return nil, status, false
	}
	bad := cliflag.Fail(stderr, "fruitrage-referee")
	switch {
	case fs.NArg() != 2:
		return nil, bad("want two players, got %d arguments (-h for help)", fs.NArg()), false
	case *n < 1 || *n > 26:
		return nil, bad("-n %d out of range: want 1..26", *n), false
	case *p < 1 || *p > 10:
		return nil, bad("-p %d out of range: want 1..10", *p), false
	case *games < 1 || *games > 100_000:
		return nil, bad("-games %d out of range: want 1..100000", *games), false
	case !(*clock > 0 && *clock <= 86400):
		return nil, bad("-clock %g out of range: want (0, 86400] seconds", *clock), false
	case *jobs < 1 || *jobs > 64:
		return nil, bad("-jobs %d out of range: want 1..64", *jobs), false
	case !(*grace > 0 && *grace <= 86400):
		return nil, bad("-wall-grace %g out of range: want (0, 86400] seconds", *grace), false
	case *pairs < 0 || *pairs > 50_000:
		return nil, bad("-pairs %d out of range: want 1..50000", *pairs), false
	}
	m := &match{games: *games, jobs: *jobs, calibrate: *calibrate, verbose: *verbose,
		cfg: referee.Config{N: *n, P: *p, Clock: time.Duration(*clock * float64(time.Second)), Seed: *seed, Paired: *pairs > 0}}
	if *pairs > 0 {
		gamesSet := false
		fs.Visit(func(f *flag.Flag) { gamesSet = gamesSet || f.Name == "games" })
		if gamesSet {
			return nil, bad("-games and -pairs exclude each other"), false
		}
		m.games = 2 * *pairs
	}
	for i := range m.specs {
		sp, err := referee.ParseSpec(fs.Arg(i))
		if err != nil {
			return nil, bad("%v", err), false
		}
		sp.WallGrace = time.Duration(*grace * float64(time.Second))
		m.specs[i] = sp
	}
	return m, cliflag.StatusOK, true
}

// progress returns the per-game callback: with -v, a line on stderr for each game and,
// in a paired match, for each pair once both its games have ended.
func (m *match) progress(stderr io.Writer) func(referee.GameResult) {
	ended := make(map[int]referee.GameResult)
	return func(r referee.GameResult) {
		if !m.verbose {
			return
		}
		fmt.Fprintln(stderr, referee.FormatGame(r))
		if !m.cfg.Paired {
			return
		}
		ended[r.Game] = r
		k := m.cfg.BoardNumber(r.Game)
		a, okA := ended[2*k-1]
		b, okB := ended[2*k]
		if okA && okB {
			fmt.Fprintln(stderr, referee.FormatPair(k, a, b))
		}
	}
}
