// agent_test.go: the time plan, calibration files, and moves at very short clocks charged to the process's CPU time.

package fruitrage

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"littlego/lib/cputime"
)

// TestPlanMoveStaysInsideRemaining checks the plan over a grid of clocks and boards: the
// hard limit leaves the reserve, the soft limit is before it, and tiny clocks go greedy.
func TestPlanMoveStaysInsideRemaining(t *testing.T) {
	for _, rem := range []time.Duration{time.Millisecond, 15 * time.Millisecond, 500 * time.Millisecond, 1300 * time.Millisecond, 10 * time.Second, 300 * time.Second} {
		for _, used := range []time.Duration{0, 2 * time.Millisecond, 400 * time.Millisecond} {
			for _, groups := range []int{1, 2, 10, 100, 550} {
				base := 7 * time.Second
				now := base + used
				p := PlanMove(rem, base, now, groups, DefaultCalibration)
				if p.Greedy {
					if rem-used > 50*time.Millisecond {
						t.Errorf("rem %v used %v groups %d: greedy with time to search", rem, used, groups)
					}
					continue
				}
				if p.Limits.Hard > base+rem-10*time.Millisecond || p.Limits.Soft > p.Limits.Hard || p.Limits.Soft < now {
					t.Errorf("rem %v used %v groups %d: limits %+v from %v", rem, used, groups, p.Limits, now)
				}
				if p.TTBits < 12 || p.TTBits > 22 {
					t.Errorf("TTBits %d", p.TTBits)
				}
			}
		}
	}
}

// TestPlanAgentMoveStaysInsideRemaining checks the agent's plan over a grid of clocks and
// boards: the hard limit leaves the reserve and half of what is left after it, the soft
// limit is before the hard one, tiny clocks go greedy, and boards of big groups (few
// types, shorter games) get a larger budget than boards of as many small ones.
func TestPlanAgentMoveStaysInsideRemaining(t *testing.T) {
	for _, rem := range []time.Duration{time.Millisecond, 15 * time.Millisecond, 500 * time.Millisecond, 1300 * time.Millisecond, 10 * time.Second, 300 * time.Second} {
		for _, used := range []time.Duration{0, 2 * time.Millisecond, 400 * time.Millisecond} {
			for _, groups := range []int{1, 2, 10, 100, 550} {
				for _, mean := range []int{1, 2, 6} {
					base := 7 * time.Second
					now := base + used
					p := PlanAgentMove(rem, base, now, groups, groups*mean, 0, DefaultCalibration)
					// Every own move that could follow keeps a start-up and two labellings.
					future := time.Duration(groups/2+1) * (time.Duration(DefaultCalibration.StartupSeconds*float64(time.Second)) + 40*time.Microsecond)
					if p.Greedy {
						if rem-used > 50*time.Millisecond+future {
							t.Errorf("rem %v used %v groups %d: greedy with time to search", rem, used, groups)
						}
						continue
					}
					usable := rem - 10*time.Millisecond - used - future
					if p.Limits.Hard > now+usable/2 || p.Limits.Soft > p.Limits.Hard || p.Limits.Soft < now {
						t.Errorf("rem %v used %v groups %d: limits %+v from %v", rem, used, groups, p.Limits, now)
					}
					if p.TTBits < 12 || p.TTBits > 22 {
						t.Errorf("TTBits %d", p.TTBits)
					}
				}
			}
		}
	}
	big := PlanAgentMove(10*time.Second, 0, 0, 110, 660, 0, DefaultCalibration)
	small := PlanAgentMove(10*time.Second, 0, 0, 110, 140, 0, DefaultCalibration)
	if big.Budget <= small.Budget {
		t.Errorf("budget %v with groups of 6 cells, %v with groups of 1.3: want more for the shorter game", big.Budget, small.Budget)
	}
}

// TestCalibrationRoundTrip writes, reads, and ignores garbage.
func TestCalibrationRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	want := Calibration{NodesPerSecond: 654321, StartupSeconds: 0.0015}
	if err := WriteCalibration(&buf, want); err != nil {
		t.Fatal(err)
	}
	if got := ParseCalibration(&buf); got != want {
		t.Fatalf("read back %+v, want %+v", got, want)
	}
	got := ParseCalibration(strings.NewReader("nodes_per_second -5\nstartup_seconds x\njunk\nnodes_per_second NaN\n"))
	if got != DefaultCalibration {
		t.Fatalf("garbage gave %+v", got)
	}
}

// TestShortClocks plays a move with 1.3 s and 0.5 s left on full boards, charging the
// whole process's CPU time from the move's start, and checks that the move is legal and
// its CPU time stays inside the clock.
func TestShortClocks(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the CPU clocks read getrusage on Linux")
	}
	rng := rand.New(rand.NewPCG(17, 18))
	cal := DefaultCalibration
	for _, rem := range []float64{1.3, 0.5} {
		for _, size := range [][2]int{{26, 9}, {26, 2}, {10, 4}, {5, 3}} {
			in := Input{Board: RandomBoard(size[0], size[1], rng), Types: size[1], Remaining: rem}
			runtime.GC()
			base := cputime.Process()
			m, res, _ := Decide(&in, nil, cputime.Process, base, cal, ModeAuto)
			used := cputime.Process() - base
			if !in.Board.Legal(m) {
				t.Fatalf("%.1f s, %dx%d p%d: illegal move %v", rem, size[0], size[0], size[1], m)
			}
			if used.Seconds() >= rem {
				t.Fatalf("%.1f s, %dx%d p%d: the move took %v of CPU", rem, size[0], size[0], size[1], used)
			}
			t.Logf("%.1f s, %dx%d p%d: %s depth %d, %v of CPU", rem, size[0], size[0], size[1], in.Board.Name(m), res.Depth, used)
		}
	}
}

// TestAgentOnEveryCase plays every shared case in process with at most 0.3 s of its
// clock and checks the output file it would write: 1+n lines, a legal move, exactly the
// board after the move and gravity.
func TestAgentOnEveryCase(t *testing.T) {
	for _, dir := range cases(t) {
		in := readCase(t, dir)
		in.Remaining = min(in.Remaining, 0.3)
		base := cputime.Process()
		m, _, _ := Decide(&in, nil, cputime.Process, base, DefaultCalibration, ModeAuto)
		if used := cputime.Process() - base; used.Seconds() >= in.Remaining {
			t.Errorf("%s: %v of CPU with %.1f s left", dir, used, in.Remaining)
		}
		if !in.Board.Legal(m) {
			t.Fatalf("%s: illegal move %v", dir, m)
		}
		var g Groups
		var after Board
		g.Find(&in.Board)
		Play(&after, &in.Board, &g, g.GroupOf(m))
		var out bytes.Buffer
		if err := WriteOutput(&out, &after, m); err != nil {
			t.Fatal(err)
		}
		checkAnswer(t, dir, &in.Board, out.Bytes())
	}
}
