// paired_bench_test.go: the paired speed benchmark, today's solver against the frozen baseline (193b95c, generated into baseline_*_test.go) on the same positions in one process, and the node-count identity check.

package solver

// The baseline is the solver at this commit, generated (baseline_search_test.go,
// baseline_solver_test.go, baseline_dfpn_test.go); to pair against another, name it here
// and run go generate ./solver.
//
//go:generate go run ../cmd/internal/genbaseline 193b95cadd38e0b1e72cc1a68d5e374e650eb804

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
)

// pairedCase is one set of the paired benchmark: seeded positions (RandomPositions)
// at a move number, proved for the win/loss value or the exact margin.
type pairedCase struct {
	margin  bool
	move, n int
	seed    uint64
}

func (c pairedCase) name() string {
	kind := "winloss"
	if c.margin {
		kind = "margin"
	}
	return fmt.Sprintf("%s/move=%d", kind, c.move)
}

// pairedCases are the measured sets: win/loss at moves 4, 6, 8 and 10 and the exact
// margin at moves 8 and 10, a dozen seeded positions each; LITTLEGO_PAIR_N and
// LITTLEGO_PAIR_SEED override the number of positions and the seed of every set.
func pairedCases() []pairedCase {
	cases := []pairedCase{
		{move: 10, n: 12, seed: 23},
		{move: 8, n: 12, seed: 23},
		{move: 6, n: 12, seed: 23},
		{move: 4, n: 12, seed: 23},
		{margin: true, move: 10, n: 12, seed: 23},
		{margin: true, move: 8, n: 12, seed: 23},
	}
	for i := range cases {
		if n, err := strconv.Atoi(os.Getenv("LITTLEGO_PAIR_N")); err == nil && n > 0 {
			cases[i].n = n
		}
		if seed, err := strconv.ParseUint(os.Getenv("LITTLEGO_PAIR_SEED"), 10, 64); err == nil {
			cases[i].seed = seed
		}
	}
	return cases
}

// pairedRun is one position's proof by one solver: its answer, nodes and thread CPU.
type pairedRun struct {
	value int // the margin, or 1 for a win of the side to move and 0 for a loss
	nodes int64
	cpu   time.Duration
}

// runNew proves pos with today's solver over a cleared table, timed by the thread's CPU.
func runNew(s *Solver, pos board.Position, margin bool) pairedRun {
	s.Clear()
	return timedRun(margin, func() (int, int64) {
		m := s.Margin(pos, Limits{})
		return m.Margin, m.Nodes
	}, func() (bool, int64) {
		w := s.Solve(pos, Limits{})
		return w.Win, w.Nodes
	})
}

// runBase is runNew for the baseline solver.
func runBase(s *baseSolver, pos board.Position, margin bool) pairedRun {
	s.Clear()
	return timedRun(margin, func() (int, int64) {
		m := s.Margin(pos, baseLimits{})
		return m.Margin, m.Nodes
	}, func() (bool, int64) {
		w := s.Solve(pos, baseLimits{})
		return w.Win, w.Nodes
	})
}

// timedRun runs the proof of the margin (margin) or of the value (solve), timed by the
// thread's CPU.
func timedRun(margin bool, marginOf func() (int, int64), solve func() (bool, int64)) pairedRun {
	start := cputime.Thread()
	var r pairedRun
	if margin {
		r.value, r.nodes = marginOf()
	} else {
		var win bool
		win, r.nodes = solve()
		if win {
			r.value = 1
		}
	}
	r.cpu = cputime.Thread() - start
	return r
}

// BenchmarkPaired proves each set's positions with the baseline solver and today's,
// alternating which goes first, on one locked thread with a fresh 2^22 table each, and
// reports the totals, the median per-position ratio of node rates (today's / the
// baseline's), on how many positions today's rate was higher, on how many the node
// counts were equal, and the median per-position ratio of CPU times. Both must give
// the same answers. With LITTLEGO_PAIR_CONTROL=1 the baseline is paired with a copy of
// itself instead (the noise floor). One iteration is one pass over the set:
//
//	go test -run XXX -bench 'Paired/winloss/move=8' -benchtime 1x ./solver
func BenchmarkPaired(b *testing.B) {
	for _, c := range pairedCases() {
		b.Run(c.name(), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			positions := RandomPositions(c.seed, c.move, c.n)
			bs, s := baseNew(22), New(22)
			prove := func(pos board.Position) pairedRun { return runNew(s, pos, c.margin) }
			if os.Getenv("LITTLEGO_PAIR_CONTROL") == "1" {
				// The control: the baseline against a second copy of itself, which
				// shows the bench's noise and bias on this machine.
				s2 := baseNew(22)
				prove = func(pos board.Position) pairedRun { return runBase(s2, pos, c.margin) }
			}
			var base, cur pairedRun
			var ratios, cpuRatios []float64
			faster, same := 0, 0
			for b.Loop() {
				for i, pos := range positions {
					var rb, rn pairedRun
					if i%2 == 0 {
						rb = runBase(bs, pos, c.margin)
						rn = prove(pos)
					} else {
						rn = prove(pos)
						rb = runBase(bs, pos, c.margin)
					}
					if rb.value != rn.value {
						b.Fatalf("position %d: baseline %d, today %d\n%v", i, rb.value, rn.value, &pos)
					}
					base.nodes += rb.nodes
					base.cpu += rb.cpu
					cur.nodes += rn.nodes
					cur.cpu += rn.cpu
					rate := func(r pairedRun) float64 { return float64(r.nodes) / max(r.cpu.Seconds(), 1e-6) }
					ratios = append(ratios, rate(rn)/rate(rb))
					cpuRatios = append(cpuRatios, rn.cpu.Seconds()/max(rb.cpu.Seconds(), 1e-6))
					if rate(rn) > rate(rb) {
						faster++
					}
					if rn.nodes == rb.nodes {
						same++
					}
				}
			}
			slices.Sort(ratios)
			slices.Sort(cpuRatios)
			mrate := func(r pairedRun) float64 { return float64(r.nodes) / r.cpu.Seconds() / 1e6 }
			b.ReportMetric(mrate(base), "base-Mnodes/s")
			b.ReportMetric(mrate(cur), "new-Mnodes/s")
			b.ReportMetric(ratios[len(ratios)/2], "median-rate-ratio")
			b.ReportMetric(cur.cpu.Seconds()/base.cpu.Seconds(), "cpu-ratio")
			b.ReportMetric(cpuRatios[len(cpuRatios)/2], "median-cpu-ratio")
			b.ReportMetric(float64(cur.nodes)/float64(base.nodes), "node-ratio")
			b.Logf("%s seed %d n %d: baseline %.1f M nodes %.2f s %.2f M/s; today %.1f M nodes %.2f s %.2f M/s; "+
				"median rate ratio %.3f, higher on %d of %d, same nodes on %d; median CPU ratio %.3f",
				c.name(), c.seed, c.n, float64(base.nodes)/1e6, base.cpu.Seconds(), mrate(base),
				float64(cur.nodes)/1e6, cur.cpu.Seconds(), mrate(cur), ratios[len(ratios)/2], faster, len(ratios), same, cpuRatios[len(cpuRatios)/2])
		})
	}
}

// TestSameNodesAsBaseline checks that today's solver, with the changes since the
// baseline that change the nodes turned off (withoutNodeChanges), visits exactly as
// many nodes as the baseline and gives the same answers, for Solve and Margin, with a
// large and a small table, on seeded positions with passes and ko
// (agreementPositions): the other changes only make each node cheaper.
func TestSameNodesAsBaseline(t *testing.T) {
	moves := []int{12, 14, 16, 18, 20}
	per := 5
	if testing.Short() || raceEnabled {
		moves, per = []int{16, 20}, 3
	}
	for _, bits := range []int{20, 10} {
		s, bs := New(bits), baseNew(bits)
		s.setOptions(withoutNodeChanges())
		for _, move := range moves {
			for i, pos := range agreementPositions(move, per) {
				for _, margin := range []bool{false, true} {
					rb, rn := runBase(bs, pos, margin), runNew(s, pos, margin)
					if rb.value != rn.value || rb.nodes != rn.nodes {
						t.Errorf("bits %d move %d #%d margin %v: baseline %d in %d nodes, today %d in %d\n%v",
							bits, move, i, margin, rb.value, rb.nodes, rn.value, rn.nodes, &pos)
					}
				}
			}
		}
	}
}

// withoutNodeChanges returns the options of today's solver with the changes since the
// baseline that change the nodes the search visits turned off.
func withoutNodeChanges() options {
	o := defaultOptions()
	o.safeStone = false
	return o
}
