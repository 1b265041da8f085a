// dfpn_test.go: the proof-number search agrees with alpha-beta and with brute force, and the paired benchmark of the two on the opening table's levels.

package solver

import (
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/tablebase"
)

// TestProofNumbersAgree checks Solve and Reaches by proof numbers against alpha-beta
// on seeded positions with passes and ko, with several switch-over depths, and that a
// winning move named by the proof-number search wins.
func TestProofNumbersAgree(t *testing.T) {
	moves, per := []int{12, 14, 16, 18}, 5
	if testing.Short() || raceEnabled {
		moves, per = []int{14, 18}, 3
	}
	ab := New(18)
	for _, abLeft := range []int{3, 6, pnDefaultLeft} {
		pn := New(18)
		pn.setProofNumbers(true)
		for _, move := range moves {
			for i, pos := range agreementPositions(move, per) {
				pn.Clear()
				pn.workers[0].pnState().abLeft = abLeft
				ab.setProofNumbers(false)
				want, got := ab.Solve(pos, Limits{}), pn.Solve(pos, Limits{})
				if !got.Known || got.Win != want.Win {
					t.Fatalf("abLeft %d move %d #%d: proof numbers %+v, alpha-beta %+v\n%v", abLeft, move, i, got, want, &pos)
				}
				if got.Win {
					child := pos
					child.Play(got.Best)
					if r := ab.Solve(child, Limits{}); r.Known && r.Win {
						t.Fatalf("abLeft %d move %d #%d: the winning move %v loses\n%v", abLeft, move, i, got.Best, &pos)
					}
				}
				for _, m := range []int{-4, 0, 3, 6} {
					wr, _ := ab.Reaches(pos, m, Limits{})
					gr, known := pn.Reaches(pos, m, Limits{})
					if !known || gr != wr {
						t.Fatalf("abLeft %d move %d #%d: Reaches %d: proof numbers %v, alpha-beta %v\n%v", abLeft, move, i, m, gr, wr, &pos)
					}
				}
			}
		}
	}
}

// levelSample returns n positions of the opening table's level (tablebase.Levels from
// the empty board), drawn without replacement by a PCG seeded with seed.
func levelSample(tb testing.TB, level, n int, seed uint64) []board.Position {
	levels, err := tablebase.Levels(board.New(), level)
	if err != nil {
		tb.Fatal(err)
	}
	all := levels[level]
	rng := rand.New(rand.NewPCG(seed, 561))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(n, len(all))]
}

// envInt returns the integer environment variable name, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// BenchmarkLevelSample proves a seeded sample of an opening-table level
// (LITTLEGO_PN_LEVEL, which must be set: without it the benchmark skips, so that every
// benchmark's smoke run stays short; LITTLEGO_PN_N positions, default 8; LITTLEGO_PN_SEED,
// default 1) for win/loss with alpha-beta and with proof numbers, alternating which
// goes first, each over a cleared table of 2^LITTLEGO_PN_TT entries (default 26, the
// build's), on one locked thread, and logs per position and in all the CPU and the
// nodes of both; the answers must agree. LITTLEGO_PN_LEFT sets the proof-number
// search's switch-over depth, LITTLEGO_PN_CPU the CPU limit per proof in seconds
// (default 300; a proof that hits it counts at the limit); LITTLEGO_PN_SKIP leaves out
// the sample's first positions. -v keeps the log whole.
//
//	LITTLEGO_PN_LEVEL=3 go test -run XXX -bench LevelSample -benchtime 1x -v -timeout 3h ./solver
func BenchmarkLevelSample(b *testing.B) {
	if os.Getenv("LITTLEGO_PN_LEVEL") == "" {
		b.Skip("minutes of CPU a position: set LITTLEGO_PN_LEVEL (3 or 4) to run it")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	level := envInt("LITTLEGO_PN_LEVEL", 3)
	positions := levelSample(b, level, envInt("LITTLEGO_PN_N", 8), uint64(envInt("LITTLEGO_PN_SEED", 1)))
	positions = positions[min(envInt("LITTLEGO_PN_SKIP", 0), len(positions)):]
	passed := 0
	for _, p := range positions {
		if p.Passed {
			passed++
		}
	}
	b.Logf("level %d: %d positions, %d where a pass ends the game", level, len(positions), passed)
	bits := envInt("LITTLEGO_PN_TT", 26)
	limit := time.Duration(envInt("LITTLEGO_PN_CPU", 300)) * time.Second
	ab, pn := New(bits), New(bits)
	pn.setProofNumbers(true)
	if left := envInt("LITTLEGO_PN_LEFT", 0); left > 0 {
		pn.workers[0].pnState().abLeft = left
	}
	// LITTLEGO_PN_PASS=1 pairs alpha-beta without passFirst (in the place of
	// "alpha-beta") with alpha-beta with it (in the place of "proof numbers").
	passPair := os.Getenv("LITTLEGO_PN_PASS") == "1"
	if passPair {
		pn.setProofNumbers(false)
	}
	if passPair {
		o := defaultOptions()
		o.passFirst = false
		ab.setOptions(o)
	}
	prove := func(s *Solver, pos board.Position) (Result, time.Duration) {
		s.Clear()
		start := cputime.Thread()
		r := s.Solve(pos, Limits{CPU: limit})
		return r, cputime.Thread() - start
	}
	var cpus [2][]float64
	var nodes [2]int64
	for b.Loop() {
		for i, pos := range positions {
			var ra, rp Result
			var ca, cp time.Duration
			if i%2 == 0 {
				ra, ca = prove(ab, pos)
				rp, cp = prove(pn, pos)
			} else {
				rp, cp = prove(pn, pos)
				ra, ca = prove(ab, pos)
			}
			if ra.Known && rp.Known && ra.Win != rp.Win {
				b.Fatalf("position %d: alpha-beta %+v, proof numbers %+v\n%v", i, ra, rp, &pos)
			}
			cpus[0] = append(cpus[0], ca.Seconds())
			cpus[1] = append(cpus[1], cp.Seconds())
			nodes[0] += ra.Nodes
			nodes[1] += rp.Nodes
			b.Logf("level %d #%d win %v known %v/%v: alpha-beta %.2f s %d nodes, proof numbers %.2f s %d nodes",
				level, i, ra.Win, ra.Known, rp.Known, ca.Seconds(), ra.Nodes, cp.Seconds(), rp.Nodes)
		}
	}
	for k, name := range []string{"alpha-beta", "proof numbers"} {
		c := slices.Clone(cpus[k])
		slices.Sort(c)
		sum := 0.0
		for _, x := range c {
			sum += x
		}
		b.Logf("%s: median %.2f s, mean %.2f s, max %.2f s, %d nodes in all", name, c[len(c)/2], sum/float64(len(c)), c[len(c)-1], nodes[k])
	}
}

// TestProveAtLeast checks the mover's threshold test against the exact margin on
// seeded positions, for both sides to move and thresholds around the margin.
func TestProveAtLeast(t *testing.T) {
	s := New(16)
	for _, move := range []int{15, 16, 18, 20} {
		for i, pos := range agreementPositions(move, 4) {
			m := s.Margin(pos, Limits{})
			own := m.Margin // the mover's stones minus the opponent's
			if pos.Turn == board.White {
				own = -own
			}
			for k := own - 2; k <= own+2; k++ {
				got, known := s.ProveAtLeast(pos, k, Limits{})
				if !known || got != (own >= k) {
					t.Fatalf("move %d #%d: ProveAtLeast(%d) = %v, the mover's margin is %d\n%v", move, i, k, got, own, &pos)
				}
			}
		}
	}
}
