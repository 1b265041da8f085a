// bench_test.go: the CPU time of reviewing a 24-move game at the default options on one core.

package review

import (
	"context"
	"math/rand/v2"
	"testing"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/opening"
	"littlego/record"
)

// benchGame plays 24 seeded random placements (a pass when none is legal); with book
// set, Black plays the book's moves while it has them, as the engine does.
func benchGame(seed uint64, book bool) record.Record {
	rng := rand.New(rand.NewPCG(seed, 24))
	pos := board.New()
	var actions []board.Point
	for !pos.Over {
		a := board.Pass
		if legal := pos.Legal(); legal != 0 {
			a = legal.Nth(rng.IntN(legal.Count()))
		}
		if mv, ok := opening.BookMove(pos); ok && book {
			a = mv
		}
		pos.Act(a)
		actions = append(actions, a)
	}
	return listGame("bench", actions)
}

// BenchmarkReview reviews a 24-move game at the default options with one job: "book",
// Black on the book through move 9 (its first nine positions are known without the
// solver, so the figure is the cost from move 9 on), and "random", random moves from the
// first (the solver spends up to the limit on each early position it cannot prove).
func BenchmarkReview(b *testing.B) {
	for _, c := range []struct {
		name string
		book bool
	}{{"book", true}, {"random", false}} {
		b.Run(c.name, func(b *testing.B) {
			g := benchGame(1, c.book)
			o := DefaultOptions()
			o.Jobs = 1
			opening.BookMove(board.New()) // the book's table is built once per process
			start := cputime.Process()
			for b.Loop() {
				if _, err := Review(context.Background(), g, o); err != nil {
					b.Fatal(err)
				}
			}
			cpu := (cputime.Process() - start).Seconds()
			b.ReportMetric(cpu/float64(b.N), "cpu-s/game")
			b.ReportMetric(float64(b.N)/max(cpu, 1e-9), "games/cpu-s")
		})
	}
}
