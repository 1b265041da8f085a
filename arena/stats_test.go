// stats_test.go: Wilson intervals, Elo, and the match summary computed from records.

package arena

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestSummarize(t *testing.T) {
	mv := func(c board.Color, cpu time.Duration, measured bool) record.Move {
		return record.Move{Color: c, Point: board.Pass, CPU: cpu, Measured: measured}
	}
	recs := []record.Record{
		// Game 1: A Black wins 13-9.
		{Game: 1, ABlack: true, Winner: board.Black, Reason: record.EndMoves, BlackStones: 13, WhiteStones: 9,
			Moves: []record.Move{mv(board.Black, 2*time.Millisecond, true), mv(board.White, 4*time.Millisecond, true)}},
		// Game 2: A White loses by an illegal move.
		{Game: 2, ABlack: false, Winner: board.Black, Reason: record.IllegalKo, Detail: "White's move 8: ko", BlackStones: 5, WhiteStones: 4,
			Moves: []record.Move{mv(board.Black, 6*time.Millisecond, false), mv(board.White, 10*time.Millisecond, true)}},
		// Game 3: A White wins.
		{Game: 3, ABlack: false, Winner: board.White, Reason: record.EndPasses, BlackStones: 2, WhiteStones: 3},
		// Game 4 never played.
		{},
	}
	s := Summarize(recs, "a", "b")
	if s.Games != 3 || s.Aborted != 1 {
		t.Fatalf("games %d, aborted %d", s.Games, s.Aborted)
	}
	if s.A != (Tally{2, 3}) || s.B != (Tally{1, 3}) {
		t.Errorf("A %v, B %v", s.A, s.B)
	}
	if s.ByColor[0][board.Black] != (Tally{1, 1}) || s.ByColor[0][board.White] != (Tally{1, 2}) ||
		s.ByColor[1][board.Black] != (Tally{1, 2}) || s.ByColor[1][board.White] != (Tally{0, 1}) {
		t.Errorf("by colour %v", s.ByColor)
	}
	// A's margins: +4, -1 (A White: 4-5), +1 (A White: 3-2).
	if !near(s.MarginA, 4.0/3, 1e-9) {
		t.Errorf("mean margin %v, want 4/3", s.MarginA)
	}
	// A moved: 2 ms (game 1, Black), 10 ms (game 2, White); B: 4 ms, 6 ms (wall).
	if s.Time[0].Moves != 2 || s.Time[0].Mean() != 6*time.Millisecond || s.Time[0].Max != 10*time.Millisecond || s.Time[0].Unmeasured != 0 {
		t.Errorf("A's time %+v", s.Time[0])
	}
	if s.Time[1].Moves != 2 || s.Time[1].Mean() != 5*time.Millisecond || s.Time[1].Unmeasured != 1 {
		t.Errorf("B's time %+v", s.Time[1])
	}
	if s.Endings[record.EndMoves] != 1 || s.Endings[record.IllegalKo] != 1 || s.Endings[record.EndPasses] != 1 {
		t.Errorf("endings %v", s.Endings)
	}
	var out strings.Builder
	s.Write(&out)
	for _, want := range []string{"2/3", "as Black", "Elo a - b: +120", "partly wall clock", "illegal: ko retake 1", "not finished 1", "e.g. game 2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary does not contain %q:\n%s", want, out.String())
		}
	}
}

// RunSpecs plays a match between agents named by their specs, and names the one it
// cannot read.
func TestRunSpecs(t *testing.T) {
	recs, err := RunSpecs(context.Background(), "random", "greedy", Config{Games: 2, Jobs: 1, CPULimit: board.HostCPULimit, Seed: 3})
	if err != nil || len(recs) != 2 || recs[0].Reason == "" {
		t.Fatalf("RunSpecs: %v, %+v", err, recs)
	}
	if _, err := RunSpecs(context.Background(), "random", "best", Config{Games: 2, Jobs: 1, CPULimit: board.HostCPULimit}); err == nil || !strings.Contains(err.Error(), "agent B") {
		t.Errorf("agent best: %v", err)
	}
}
