// match.go: a match run on a pool of jobs, one line per game and the summary.

package referee

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"littlego/lib/matchstats"
)

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

// FormatGame returns one line on a finished game: the first player, the winner, the
// scores, the time left, the longest moves, and the fault or tie-break that decided it.
func FormatGame(r GameResult) string {
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
