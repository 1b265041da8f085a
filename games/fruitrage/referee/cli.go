// cli.go: the referee command: flags, the match run on a pool of jobs, one line per game and the summary.

package referee

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"time"

	"littlego/internal/cliflag"
	"littlego/internal/matchstats"
)

const usage = `usage: fruitrage-referee [flags] PLAYER_A PLAYER_B

Plays Fruit Rage games between two players as the CSCI-561 course runs them: random
full n×n boards of p types, a CPU clock per player, the first player drawn at random in
game 1 and alternating after (with -pairs, each board twice, each side first once), a move that uses up the clock or is invalid loses, equal
scores go to the player with more time left.

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

Flags:
`

// Main runs the referee with args (without the program name) and returns its exit
// status: 0 when the match was played, 1 when it could not be, 2 for bad usage.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fruitrage-referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 10, "board width and height (1..26)")
	p := fs.Int("p", 4, "fruit types (1..10)")
	games := fs.Int("games", 11, "games to play")
	pairs := fs.Int("pairs", 0, "play N random boards twice each, the first player swapped, and sum the match by pairs (instead of -games)")
	clock := fs.Float64("clock", 300, "CPU seconds per player for a whole game")
	jobs := fs.Int("jobs", 1, "games played at the same time (every player's time is its own CPU time, exact under load)")
	seed := fs.Uint64("seed", 1, "match seed: boards and the first player are reproducible from it")
	calibrate := fs.Bool("calibrate", false, "run each exec player once with -calibrate before the match and give every game its calibration.txt")
	grace := fs.Float64("wall-grace", DefaultWallGrace.Seconds(), "wall-clock seconds past its remaining time after which an exec player's move is killed (the course: 10; more on a loaded machine, where wall-clock time runs far ahead of CPU time)")
	verbose := fs.Bool("v", false, "one line per game on stderr as it ends")
	if status, ok := cliflag.Parse(fs, args, stderr, usage); !ok {
		return status
	}
	bad := cliflag.Fail(stderr, "fruitrage-referee")
	switch {
	case fs.NArg() != 2:
		return bad("want two players, got %d arguments (-h for help)", fs.NArg())
	case *n < 1 || *n > 26:
		return bad("-n %d out of range: want 1..26", *n)
	case *p < 1 || *p > 10:
		return bad("-p %d out of range: want 1..10", *p)
	case *games < 1 || *games > 100_000:
		return bad("-games %d out of range: want 1..100000", *games)
	case !(*clock > 0 && *clock <= 86400):
		return bad("-clock %g out of range: want (0, 86400] seconds", *clock)
	case *jobs < 1 || *jobs > 64:
		return bad("-jobs %d out of range: want 1..64", *jobs)
	case !(*grace > 0 && *grace <= 86400):
		return bad("-wall-grace %g out of range: want (0, 86400] seconds", *grace)
	case *pairs < 0 || *pairs > 50_000:
		return bad("-pairs %d out of range: want 1..50000", *pairs)
	}
	gamesSet := false
	fs.Visit(func(f *flag.Flag) { gamesSet = gamesSet || f.Name == "games" })
	if *pairs > 0 {
		if gamesSet {
			return bad("-games and -pairs exclude each other")
		}
		*games = 2 * *pairs
	}
	var specs [2]Spec
	for i := range specs {
		sp, err := ParseSpec(fs.Arg(i))
		if err != nil {
			return bad("%v", err)
		}
		sp.WallGrace = time.Duration(*grace * float64(time.Second))
		specs[i] = sp
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *calibrate {
		for i := range specs {
			if err := specs[i].Calibrate(ctx); err != nil {
				fmt.Fprintln(stderr, "fruitrage-referee:", err)
				return 1
			}
		}
	}
	cfg := Config{N: *n, P: *p, Clock: time.Duration(*clock * float64(time.Second)), Seed: *seed, Paired: *pairs > 0}
	ended := make(map[int]GameResult)
	results, err := RunMatch(ctx, cfg, specs, *games, *jobs, func(r GameResult) {
		if !*verbose {
			return
		}
		fmt.Fprintln(stderr, formatGame(r))
		if !cfg.Paired {
			return
		}
		ended[r.Game] = r
		k := cfg.BoardNumber(r.Game)
		a, okA := ended[2*k-1]
		b, okB := ended[2*k]
		if okA && okB {
			fmt.Fprintln(stderr, formatPair(k, a, b))
		}
	})
	if err != nil {
		fmt.Fprintln(stderr, "fruitrage-referee:", err)
		return 1
	}
	Summarize(stdout, cfg, specs, results)
	if cfg.Paired {
		SummarizePairs(stdout, results)
	}
	return 0
}

// RunMatch plays games games between specs[0] (A) and specs[1] (B) on jobs workers,
// calls done (serialised) as each game ends, and returns the results in game order.
func RunMatch(ctx context.Context, cfg Config, specs [2]Spec, games, jobs int, done func(GameResult)) ([]GameResult, error) {
	results := make([]GameResult, games)
	next := make(chan int)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for game := range next {
				r, err := playOne(ctx, cfg, specs, game)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					results[game-1] = r
					done(r)
				}
				mu.Unlock()
			}
		}()
	}
	for game := 1; game <= games && ctx.Err() == nil; game++ {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		next <- game
	}
	close(next)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return results, firstErr
}

// playOne seats fresh players for one game and plays it.
func playOne(ctx context.Context, cfg Config, specs [2]Spec, game int) (GameResult, error) {
	var players [2]Player
	for i := range players {
		pl, err := specs[i].NewPlayer(cfg.Seed ^ uint64(game)<<8 ^ uint64(i))
		if err != nil {
			for _, q := range players[:i] {
				q.Close()
			}
			return GameResult{}, err
		}
		players[i] = pl
	}
	defer players[0].Close()
	defer players[1].Close()
	return PlayGame(ctx, cfg, game, FirstPlayer(cfg.Seed, game), players[0], players[1])
}

func formatGame(r GameResult) string {
	winner := byte('-')
	if r.Winner >= 0 {
		winner = "AB"[r.Winner]
	}
	s := fmt.Sprintf("game %d: first %c, winner %c, score %d-%d, left %.2fs/%.2fs, longest move %.3fs/%.3fs, %d moves",
		r.Game, "AB"[r.First], winner, r.Score[0], r.Score[1], r.Left[0].Seconds(), r.Left[1].Seconds(),
		r.MaxMove[0].Seconds(), r.MaxMove[1].Seconds(), r.Moves)
	if r.Fault != NoFault {
		s += fmt.Sprintf(", %c lost by %v (%s)", "BA"[r.Winner], r.Fault, r.Detail)
	}
	if r.TieBreak {
		s += ", equal scores: time decided"
	}
	return s
}

// Summarize writes the match's summary: wins with the 95% Wilson interval, losses by
// fault, tie-breaks, mean scores, the least time left and the longest move.
func Summarize(w io.Writer, cfg Config, specs [2]Spec, results []GameResult) {
	var wins, timeouts, invalid, crashes [2]int
	var score [2]float64
	var minLeft, maxMove [2]time.Duration
	minLeft = [2]time.Duration{cfg.Clock, cfg.Clock}
	ties := 0
	draws := 0
	var firsts, firstWins [2]int
	for _, r := range results {
		if r.Winner < 0 {
			draws++
			continue
		}
		wins[r.Winner]++
		firsts[r.First]++
		if r.Winner == r.First {
			firstWins[r.First]++
		}
		loser := 1 - r.Winner
		switch r.Fault {
		case Timeout:
			timeouts[loser]++
		case Invalid:
			invalid[loser]++
		case Crash:
			crashes[loser]++
		}
		if r.TieBreak {
			ties++
		}
		for i := range 2 {
			score[i] += float64(r.Score[i])
			minLeft[i] = min(minLeft[i], r.Left[i])
			maxMove[i] = max(maxMove[i], r.MaxMove[i])
		}
	}
	g := len(results)
	lo, hi := matchstats.Wilson(wins[0], g)
	fmt.Fprintf(w, "n=%d p=%d clock=%gs games=%d seed=%d\n", cfg.N, cfg.P, cfg.Clock.Seconds(), g, cfg.Seed)
	fmt.Fprintf(w, "A %s: %d wins of %d (%.0f%%, 95%% Wilson [%.0f%%, %.0f%%])\n", specs[0].Name, wins[0], g, 100*float64(wins[0])/float64(g), 100*lo, 100*hi)
	fmt.Fprintf(w, "B %s: %d wins\n", specs[1].Name, wins[1])
	fmt.Fprintf(w, "A moved first in %d games and won %d of them; second in %d and won %d\n",
		firsts[0], firstWins[0], firsts[1], firsts[1]-firstWins[1])
	for i, name := range []string{"A", "B"} {
		fmt.Fprintf(w, "%s: time losses %d, invalid moves %d, crashes %d, mean score %.0f, least time left %.3fs, longest move %.3fs\n",
			name, timeouts[i], invalid[i], crashes[i], score[i]/float64(max(g, 1)), minLeft[i].Seconds(), maxMove[i].Seconds())
	}
	fmt.Fprintf(w, "equal scores decided by time: %d, drawn: %d\n", ties, draws)
}
