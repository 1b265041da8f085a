// bench_test.go: the speed benchmarks (playouts, Play, Legal, whole searches) and the no-allocation tests of the hot loops.

package bench

import (
	"context"
	"runtime"
	"strconv"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/mcts"
	"littlego/policy"
)

// cpuClock measures a benchmark's process CPU time (every thread, user + system), the
// primary measure on a machine shared with other work, where wall time is noisy.
type cpuClock struct{ start time.Duration }

// begin starts the clock if it is not running. Benchmarks call it at the top of the
// b.Loop body, so that b.Loop's own start (a read of the memory statistics) is left
// out.
func (c *cpuClock) begin() {
	if c.start == 0 {
		c.start = cputime.Process()
	}
}

// report adds "<unit>/s" (per wall second) and "<unit>/cpu-s" (per CPU second) for
// count units of work done since the clock started.
func (c cpuClock) report(b *testing.B, count float64, unit string) {
	cpu := cputime.Process() - c.start
	if wall := b.Elapsed().Seconds(); wall > 0 {
		b.ReportMetric(count/wall, unit+"/s")
	}
	if cpu > 0 {
		b.ReportMetric(count/cpu.Seconds(), unit+"/cpu-s")
	}
}

// policyOrSkip returns the named policy, or skips b if this build has none by that
// name (the pattern policy is optional).
func policyOrSkip(b *testing.B, name string) policy.Policy {
	pol, err := policy.ByName(name)
	if err != nil {
		b.Skipf("no %q policy: %v", name, err)
	}
	return pol
}

// benchmarkPlayouts runs playouts of pol from each start in turn and reports
// playouts per second and the mean actions per playout (passes count, as in
// board.Position.Move), which bench/libego-compare.sh turns into moves per second.
func benchmarkPlayouts(b *testing.B, pol policy.Policy, starts []board.Position) {
	player := pol.NewPlayer()
	rng := policy.NewRand(1)
	var pos board.Position
	var amaf [2]board.Bitboard
	b.ReportAllocs()
	var clock cpuClock
	i, moves := 0, 0
	for b.Loop() {
		clock.begin()
		pos = starts[i]
		if i++; i == len(starts) {
			i = 0
		}
		amaf = [2]board.Bitboard{}
		first := pos.Move
		player.Playout(&pos, &rng, &amaf)
		moves += int(pos.Move - first)
	}
	clock.report(b, float64(b.N), "playouts")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}

// BenchmarkPlayout measures whole playouts of each policy: from the empty board (24
// moves, the figure the speed targets are stated for) and from the workload's
// mid-game positions. pattern is the engine's default policy.
func BenchmarkPlayout(b *testing.B) {
	empty := []board.Position{board.New()}
	midgame := Positions()[1:]
	for _, name := range []string{"light", "uniform", "pattern"} {
		b.Run(name+"/empty", func(b *testing.B) {
			benchmarkPlayouts(b, policyOrSkip(b, name), empty)
		})
		b.Run(name+"/midgame", func(b *testing.B) {
			benchmarkPlayouts(b, policyOrSkip(b, name), midgame)
		})
	}
}

// BenchmarkPlay measures board.Position.Play (copy-make: copy, then play) over legal
// moves met in random games.
func BenchmarkPlay(b *testing.B) {
	positions, points := Moves(4096)
	var sink int
	b.ReportAllocs()
	var clock cpuClock
	i := 0
	for b.Loop() {
		clock.begin()
		pos := positions[i]
		captured, _ := pos.Play(points[i])
		sink += captured
		i = (i + 1) & 4095
	}
	clock.report(b, float64(b.N), "plays")
	_ = sink
}

// BenchmarkLegal measures board.Position.Legal, the legal-move generation of tree
// expansion, over positions met in random games.
func BenchmarkLegal(b *testing.B) {
	positions, _ := Moves(4096)
	var sink board.Bitboard
	b.ReportAllocs()
	var clock cpuClock
	i := 0
	for b.Loop() {
		clock.begin()
		sink |= positions[i].Legal()
		i = (i + 1) & 4095
	}
	clock.report(b, float64(b.N), "calls")
	_ = sink
}

// searchPlayouts is the number of iterations of one benchmarked search per worker:
// enough for the tree to matter, small enough for a quick -benchtime 1x run.
const searchPlayouts = 20000

// BenchmarkSearchDefault measures the search the engine runs by default
// (engine.Defaults(): the pattern policy with its priors, C 0.3, RAVE 1000, expansion
// at 2 visits, one worker; SearchConfig) from the empty board, with a fixed number of
// iterations instead of the CPU budget.
func BenchmarkSearchDefault(b *testing.B) {
	benchSearchEmpty(b, SearchConfig(searchPlayouts, 1))
}

// BenchmarkSearchDefaultWorkers measures the default search with one worker per CPU
// (at least two), in iterations per wall and per CPU second: iterations per CPU-second
// equal to one worker's mean that N free cores give N times the iterations per wall
// second.
func BenchmarkSearchDefaultWorkers(b *testing.B) {
	workers := max(2, runtime.NumCPU())
	b.Run("workers="+strconv.Itoa(workers), func(b *testing.B) {
		benchSearchEmpty(b, SearchConfig(searchPlayouts*workers, workers))
	})
}

// BenchmarkSearchPolicy measures the default search with another rollout policy
// (everything else as SearchDefault, priors from the policy's own Priorer if it has one):
// what a policy costs the search in iterations per CPU second.
func BenchmarkSearchPolicy(b *testing.B) {
	for _, name := range []string{"light", "pattern-priors"} {
		b.Run(name, func(b *testing.B) {
			cfg := SearchConfig(searchPlayouts, 1)
			cfg.Policy = policyOrSkip(b, name)
			benchSearchEmpty(b, cfg)
		})
	}
}

// benchSearchEmpty runs searches of cfg from the empty board and reports iterations per
// wall and per CPU second.
func benchSearchEmpty(b *testing.B, cfg Search) {
	benchSearchPositions(b, cfg, []board.Position{board.New()})
}

// benchSearchPositions runs a search of cfg from each of positions per round and
// reports iterations per wall and per CPU second.
func benchSearchPositions(b *testing.B, cfg Search, positions []board.Position) {
	s, err := mcts.NewSearcher(cfg.Config)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	iterations := 0
	b.ReportAllocs()
	var clock cpuClock
	for b.Loop() {
		clock.begin()
		for _, pos := range positions {
			res, err := s.Search(ctx, pos, cfg.Limit, cfg.Seed)
			if err != nil {
				b.Fatal(err)
			}
			iterations += res.Iterations
		}
	}
	clock.report(b, float64(iterations), "iterations")
}

// BenchmarkSearchDefaultWorkload measures the profiled workload of littlego profile: one
// 5000-iteration search of the default configuration (SearchDefault's) from each
// workload position.
func BenchmarkSearchDefaultWorkload(b *testing.B) {
	benchSearchPositions(b, SearchConfig(searchPlayouts/4, 1), Positions())
}
