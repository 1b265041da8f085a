// bench_test.go: search speed at depth 4 on a 25x25 board: log lines and nodes per second.

package gomoku

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchProblem is a 25x25 middle-game position (13 stones around the centre, White to
// play) searched to depth 4: 38 legal moves at the root, 2.69 million nodes and a
// 5.37-million-line log for Minimax, 75 thousand nodes for Alpha-Beta.
func benchProblem(b *testing.B, task Task) *Problem {
	b.Helper()
	rows := []string{
		".........................",
		".........................",
		".........................",
		".........................",
		".........................",
		".........................",
		".........................",
		".........................",
		".........................",
		".........................",
		"...........w.............",
		"...........bb...w........",
		"..........wbw...b........",
		"............bw...........",
		"..........b..b...........",
		"............w............",
	}
	for len(rows) < 25 {
		rows = append(rows, strings.Repeat(".", 25))
	}
	board, err := NewBoard(rows)
	if err != nil {
		b.Fatal(err)
	}
	return &Problem{Task: task, Player: White, Depth: 4, Board: board}
}

// benchSearch runs the problem b.N times into w and reports log lines and nodes per
// second.
func benchSearch(b *testing.B, p *Problem, w func() io.Writer) {
	s := NewSearcher()
	var res Result
	var err error
	b.ResetTimer()
	for b.Loop() {
		if res, err = s.Solve(p, w()); err != nil {
			b.Fatal(err)
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(res.LogLines), "lines/op")
	b.ReportMetric(float64(res.Nodes), "nodes/op")
	b.ReportMetric(float64(res.LogLines)*float64(b.N)/sec, "lines/s")
	b.ReportMetric(float64(res.Nodes)*float64(b.N)/sec, "nodes/s")
}

func discard() io.Writer { return io.Discard }

// BenchmarkMinimaxDepth4Board25 formats the whole log into the buffered writer and
// throws it away: the search and the formatting, without the disk.
func BenchmarkMinimaxDepth4Board25(b *testing.B) {
	benchSearch(b, benchProblem(b, Minimax), discard)
}

// BenchmarkAlphaBetaDepth4Board25 is the same position with alpha-beta pruning.
func BenchmarkAlphaBetaDepth4Board25(b *testing.B) {
	benchSearch(b, benchProblem(b, AlphaBeta), discard)
}

// BenchmarkMinimaxDepth4Board25NoLog searches without a log: the cost of the search
// alone.
func BenchmarkMinimaxDepth4Board25NoLog(b *testing.B) {
	benchSearch(b, benchProblem(b, Minimax), func() io.Writer { return nil })
}

// BenchmarkMinimaxDepth4Board25File writes the log to a file, as the command does.
func BenchmarkMinimaxDepth4Board25File(b *testing.B) {
	f, err := os.Create(filepath.Join(b.TempDir(), "traverse_log.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	benchSearch(b, benchProblem(b, Minimax), func() io.Writer {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			b.Fatal(err)
		}
		return f
	})
}

// BenchmarkEvaluate evaluates every legal move of the benchmark position for both
// colours.
func BenchmarkEvaluate(b *testing.B) {
	p := benchProblem(b, Minimax)
	var moves []int
	for _, q := range ExpansionOrder(p.Board.Size) {
		if p.Board.Legal(q) {
			moves = append(moves, q)
		}
	}
	sum := 0
	for b.Loop() {
		for _, q := range moves {
			v, _ := Evaluate(p.Board, q, Black)
			w, _ := Evaluate(p.Board, q, White)
			sum += v + w
		}
	}
	b.ReportMetric(float64(2*len(moves)*b.N)/b.Elapsed().Seconds(), "evals/s")
	if sum == -1 {
		b.Log(sum)
	}
}
