// bench_test.go: the time to prove seeded random positions at moves 8 to 14 (median and maximum CPU seconds per position).

package solver

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// BenchmarkSolve proves the same seeded random positions (RandomPositions, seed 1) at
// each move number, with a fresh table for each position, and reports the median and
// the maximum CPU seconds per position and the node rate. One iteration solves the
// whole set. Move 8 takes tens of seconds; select it with -bench 'Solve/move=8'.
//
//	go test -run XXX -bench Solve/move=1 -benchtime 1x ./solver
func BenchmarkSolve(b *testing.B) {
	for _, c := range []struct{ move, n int }{{14, 30}, {12, 30}, {10, 30}, {8, 10}} {
		b.Run(fmt.Sprintf("move=%d", c.move), func(b *testing.B) {
			positions := RandomPositions(1, c.move, c.n)
			s := New(22)
			times := make([]time.Duration, len(positions))
			var nodes int64
			var total time.Duration
			b.ResetTimer()
			for b.Loop() {
				for i, pos := range positions {
					s.Clear()
					r := s.Solve(pos, Limits{CPU: time.Minute})
					if !r.Known {
						b.Fatalf("position %d at move %d not proved in a minute", i, c.move)
					}
					times[i] = r.CPU
					nodes += r.Nodes
					total += r.CPU
				}
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2].Seconds(), "median-s")
			b.ReportMetric(times[len(times)-1].Seconds(), "max-s")
			b.ReportMetric(float64(nodes)/total.Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkTableSize proves the 30 seeded positions at move 10 with tables of 2^16 to
// 2^24 entries and reports the total CPU seconds and nodes per set: a small table costs
// nodes, a big one cache misses.
func BenchmarkTableSize(b *testing.B) {
	for _, bits := range []int{16, 18, 20, 22, 24} {
		b.Run(fmt.Sprintf("bits=%d", bits), func(b *testing.B) {
			positions := RandomPositions(1, 10, 30)
			s := New(bits)
			var total time.Duration
			var nodes int64
			for b.Loop() {
				for _, pos := range positions {
					s.Clear()
					r := s.Solve(pos, Limits{})
					total += r.CPU
					nodes += r.Nodes
				}
			}
			b.ReportMetric(total.Seconds()/float64(b.N), "cpu-s/set")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/set")
		})
	}
}

// BenchmarkMargin is BenchmarkSolve for the exact margin (Margin) at moves 14 to 10.
func BenchmarkMargin(b *testing.B) {
	for _, move := range []int{14, 12, 10} {
		b.Run(fmt.Sprintf("move=%d", move), func(b *testing.B) {
			positions := RandomPositions(1, move, 30)
			s := New(22)
			times := make([]time.Duration, len(positions))
			for b.Loop() {
				for i, pos := range positions {
					s.Clear()
					r := s.Margin(pos, Limits{CPU: time.Minute})
					if !r.Known {
						b.Fatalf("position %d at move %d: margin not found in a minute", i, move)
					}
					times[i] = r.CPU
				}
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2].Seconds(), "median-s")
			b.ReportMetric(times[len(times)-1].Seconds(), "max-s")
		})
	}
}
