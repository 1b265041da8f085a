package record

import (
	"testing"

	"littlego/board"
)

func TestResult(t *testing.T) {
	cases := []struct {
		rec  Record
		want string
	}{
		{Record{Winner: board.Black, Reason: EndMoves, BlackStones: 13, WhiteStones: 10}, "B+0.5"},
		{Record{Winner: board.White, Reason: EndPasses, BlackStones: 10, WhiteStones: 10}, "W+2.5"},
		{Record{Winner: board.White, Reason: Timeout}, "W+Time"},
		{Record{Winner: board.Black, Reason: BadOutput}, "B+Forfeit"},
		{Record{Reason: Aborted}, "Void"},
	}
	for _, c := range cases {
		if got := c.rec.Result(); got != c.want {
			t.Errorf("%+v: result %q, want %q", c.rec, got, c.want)
		}
	}
}

func TestJudge(t *testing.T) {
	pos := board.New()
	for _, m := range append([]board.Point{}, board.PointAt(0, 1), board.PointAt(0, 2), board.PointAt(1, 0)) {
		pos.Play(m)
	}
	// White to move: 0,0 is suicide, 0,1 occupied, 2,2 legal, 25 a pass.
	cases := map[board.Point]Reason{board.PointAt(0, 0): IllegalSuicide, board.PointAt(0, 1): IllegalOccupied, board.PointAt(2, 2): "", board.Pass: "", 26: IllegalOffBoard, -3: IllegalOffBoard}
	for pt, want := range cases {
		if got := Judge(&pos, pt); got != want {
			t.Errorf("Judge(%d) = %q, want %q", pt, got, want)
		}
	}
}
