// bench.go: solve bench positions and solve bench book: the CPU time the solver takes to prove seeded random positions, and the positions along the book's lines.

// Package bench is solve bench: the solver measured on seeded random positions (bench
// positions) and on the positions along the opening book's lines (bench book).
package bench

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/cmd/littlego/internal/solve/certify"
	"littlego/engine"
	"littlego/lib/cliflag"
	"littlego/solver"
)

// Cmd is "solve bench".
var Cmd = &base.Command{
	Name:      "bench",
	UsageLine: "littlego solve bench COMMAND [flags]",
	Short:     "measure the CPU time the solver takes (random positions, the book's lines)",
	Commands:  []*base.Command{positionsCmd, bookCmd},
}

var positionsCmd = &base.Command{
	Name:      "positions",
	UsageLine: "littlego solve bench positions [-moves 8,10,12,14] [-n 20] [-seed 1] [-cpu S] [-margin] [-threads N] [-tt N]",
	Short:     "prove seeded random positions at each move number",
	Long: `Positions proves seeded random positions (uniform random placements without passes from
the empty board, solver.RandomPositions) at each move of -moves, with a fresh table for
each, and prints per move the median, 90th percentile and maximum CPU time.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		f := defineFlags(fs, "8,10,12,14", 20, "positions per move number", "of the positions", "each proof's (0: no limit); an unknown result counts as the limit")
		margin := fs.Bool("margin", false, "prove the exact final margin instead of the value")
		var threads int
		cliflag.Threads(fs, &threads, 1, "one position's, over its table")
		cliflag.Renamed(fs, map[string]string{"budget": "cpu", "jobs": "threads"})
		var ttBits int
		base.IntTT(fs, &ttBits)
		return func(args []string, out base.Output) error {
			ms, err := f.parse("bench positions", args)
			if err == nil {
				err = base.CheckThreads("threads", threads)
			}
			if err == nil {
				err = base.CheckTT(ttBits, 1)
			}
			if err != nil {
				return err
			}
			return benchPositions(out.Stdout, ms, f.n, f.seed, f.lim, ttBits, threads, *margin)
		}
	},
}

var bookCmd = &base.Command{
	Name:      "book",
	UsageLine: "littlego solve bench book [-moves 8,9] [-n 1000] [-seed 1] [-cpu S]",
	Short:     "prove the positions along the opening book's lines",
	Long: `Book measures the CPU time the engine's solver (its table size, a fresh table each)
takes to prove the positions along the book's lines at -moves, Black following the book
and White playing anything: all of them, or a seeded sample of -n.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		f := defineFlags(fs, "8,9", 1000, "positions per move in a seeded sample (0: all)", "of the sample", "each proof's (0: no limit)")
		cliflag.Renamed(fs, map[string]string{"budget": "cpu"})
		return func(args []string, out base.Output) error {
			ms, err := f.parse("bench book", args)
			if err == nil && f.n < 0 {
				err = base.Usagef("-n %d: must be 0 (all) or positive", f.n)
			}
			if err != nil {
				return err
			}
			return benchBook(out.Stdout, ms, f.n, f.seed, f.lim, solver.MoveTableBits)
		}
	},
}

// flags are the flags both commands take: the move numbers, positions per move, seed
// and each proof's CPU limit.
type flags struct {
	moves string
	n     int
	seed  uint64
	lim   time.Duration
}

// defineFlags defines -moves (by default moves), -n (by default n), -seed and -cpu in
// fs, with the usage texts that differ between the commands.
func defineFlags(fs *flag.FlagSet, moves string, n int, nUsage, seedUsage, cpuUsage string) *flags {
	f := &flags{}
	fs.StringVar(&f.moves, "moves", moves, "the move numbers to measure, separated by commas")
	cliflag.Count(fs, &f.n, n, nUsage)
	cliflag.Seed(fs, &f.seed, 1, seedUsage)
	cliflag.CPU(fs, &f.lim, time.Minute, cpuUsage)
	return f
}

// parse reads the -moves list and checks that the command (named name) has no arguments.
func (f *flags) parse(name string, args []string) ([]int, error) {
	ms, err := parseMoves(f.moves)
	if err == nil {
		err = base.NoArgs(name, args)
	}
	return ms, err
}

// parseMoves reads the -moves list.
func parseMoves(moveList string) ([]int, error) {
	var moves []int
	for _, f := range strings.Split(moveList, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || m < 1 || m > board.MaxMoves {
			return nil, base.Usagef("-moves %q: expected move numbers 1..24 separated by commas", moveList)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// benchPositions proves RandomPositions at each move number (with jobs threads each)
// and prints, per move, the median, 90th percentile and maximum CPU time (unknown
// results count as the budget) and the median wall time.
func benchPositions(stdout io.Writer, moves []int, count int, seed uint64, lim time.Duration, ttBits, jobs int, margin bool) error {
	if count < 1 {
		return base.Usagef("-n %d: must be at least 1", count)
	}
	what := "Solve"
	if margin {
		what = "Margin"
	}
	fmt.Fprintf(stdout, "%s on %d seeded random positions per move (seed %d, budget %v, table 2^%d, %d threads)\n", what, count, seed, lim, ttBits, max(jobs, 1))
	fmt.Fprintf(stdout, "%4s %7s %10s %9s %9s %9s %11s %8s %9s\n", "move", "proved", "mover-wins", "median-s", "p90-s", "max-s", "max-nodes", "Mnodes/s", "wall-med")
	s := solver.New(ttBits)
	s.SetWorkers(jobs)
	for _, m := range moves {
		var times, walls []time.Duration
		var maxNodes, sumNodes int64
		var sumCPU time.Duration
		proved, wins := 0, 0
		for _, pos := range solver.RandomPositions(seed, m, count) {
			s.Clear()
			wall := time.Now()
			var known, win bool
			var nodes int64
			var cpu time.Duration
			if margin {
				r := s.Margin(pos, solver.Limits{CPU: lim})
				known, nodes, cpu = r.Known, r.Nodes, r.CPU
				win = (r.Margin >= board.BlackMargin) == (pos.Turn == board.Black)
			} else {
				r := s.Solve(pos, solver.Limits{CPU: lim})
				known, win, nodes, cpu = r.Known, r.Win, r.Nodes, r.CPU
			}
			if known {
				proved++
				if win {
					wins++
				}
			}
			times, walls = append(times, cpu), append(walls, time.Since(wall))
			sumCPU += cpu
			sumNodes += nodes
			maxNodes = max(maxNodes, nodes)
		}
		slices.Sort(times)
		slices.Sort(walls)
		rate := float64(sumNodes) / sumCPU.Seconds() / 1e6
		fmt.Fprintf(stdout, "%4d %7s %10d %9.4f %9.4f %9.4f %11d %8.2f %9.4f\n", m, fmt.Sprintf("%d/%d", proved, len(times)), wins,
			times[len(times)/2].Seconds(), times[len(times)*9/10].Seconds(), times[len(times)-1].Seconds(), maxNodes, rate, walls[len(walls)/2].Seconds())
	}
	return nil
}

// benchBook measures the CPU time the engine's solver (a fresh table of 2^ttBits
// entries, as in a fresh my_player) takes to prove the positions along the book's lines
// at each move of moves: all of them, or a seeded sample of n. It prints the median,
// 99th percentile and maximum, and how many took longer than the solver's share of the
// move's budget at the defaults.
func benchBook(stdout io.Writer, moves []int, n int, seed uint64, lim time.Duration, ttBits int) error {
	s := solver.New(ttBits)
	fmt.Fprintf(stdout, "%4s %9s %8s %9s %9s %9s %9s %9s %10s\n", "move", "positions", "measured", "median-s", "p99-s", "p99.9-s", "max-s", "share-s", "over-share")
	for _, m := range moves {
		all := certify.BookLinePositions(m)
		sample := all
		if n > 0 && n < len(all) {
			rng := rand.New(rand.NewPCG(seed, uint64(m)))
			sample = slices.Clone(all)
			rng.Shuffle(len(sample), func(i, j int) { sample[i], sample[j] = sample[j], sample[i] })
			sample = sample[:n]
		}
		share := time.Duration(float64(engine.PlanBudget(engine.Defaults(), m)) * engine.SolverShare)
		var times []time.Duration
		over, unknown := 0, 0
		for _, pos := range sample {
			s.Clear()
			r := s.Solve(pos, solver.Limits{CPU: lim})
			if !r.Known {
				unknown++
			}
			if r.CPU > share {
				over++
			}
			times = append(times, r.CPU)
		}
		if len(times) == 0 {
			fmt.Fprintf(stdout, "%4d %9d: none\n", m, len(all))
			continue
		}
		slices.Sort(times)
		quantile := func(q int) float64 { return times[min(len(times)-1, len(times)*q/1000)].Seconds() }
		fmt.Fprintf(stdout, "%4d %9d %8d %9.3f %9.3f %9.3f %9.3f %9.3f %10d\n", m, len(all), len(times), quantile(500),
			quantile(990), quantile(999), times[len(times)-1].Seconds(), share.Seconds(), over)
		if unknown > 0 {
			fmt.Fprintf(stdout, "     %d not proved within %v\n", unknown, lim)
		}
	}
	return nil
}
