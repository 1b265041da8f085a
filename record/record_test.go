package record

import (
	"bytes"
	"testing"

	"littlego/board"
	"littlego/sgf"
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

// TestSGFKeepsTheOpening: a record from an imposed opening written as SGF and read back
// keeps its moves and tells the opening's moves from the players'.
func TestSGFKeepsTheOpening(t *testing.T) {
	moves := []board.Point{board.PointAt(1, 1), board.PointAt(2, 2), board.PointAt(3, 3), board.PointAt(1, 3)}
	r := Record{Game: 3, Black: "a", White: "b", Opening: 2, OpeningMoves: "1,1 2,2", Reason: EndPasses}
	for k, pt := range moves {
		r.Moves = append(r.Moves, Move{Color: board.Color(k % 2), Point: pt, Opening: k < 2})
	}
	var buf bytes.Buffer
	if err := sgf.Write(&buf, r.SGF("2026-01-01")); err != nil {
		t.Fatal(err)
	}
	g, err := sgf.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := SGFOpening(&g); got != 2 {
		t.Errorf("SGFOpening = %d, want 2 (SGF %q)", got, buf.String())
	}
	if len(g.Moves) != len(moves) {
		t.Fatalf("%d moves read back, want %d", len(g.Moves), len(moves))
	}
	for k, m := range g.Moves {
		if m.Point != moves[k] || m.Color != board.Color(k%2) {
			t.Errorf("move %d read back as %v %v, want %v", k+1, m.Color, m.Point, moves[k])
		}
	}
	// A record without an opening has none.
	r.Opening = 0
	for k := range r.Moves {
		r.Moves[k].Opening = false
	}
	buf.Reset()
	sgf.Write(&buf, r.SGF(""))
	g, _ = sgf.Parse(&buf)
	if got := SGFOpening(&g); got != 0 {
		t.Errorf("no opening: SGFOpening = %d, want 0", got)
	}
}

// TestSGFOpeningFirstLine: a move whose comment starts with OpeningComment on a line of
// its own (a review's SGF adds its judgement below) is an opening move; a comment that
// only starts with its words is not.
func TestSGFOpeningFirstLine(t *testing.T) {
	g := sgf.Game{Moves: []sgf.Move{{Comment: OpeningComment + "\nmove 1, Black 2,2"}, {Comment: OpeningComment}, {Comment: OpeningComment + " and more"}}}
	if got := SGFOpening(&g); got != 2 {
		t.Errorf("SGFOpening = %d, want 2", got)
	}
}
