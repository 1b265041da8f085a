// opening_test.go: an arena record's imposed opening survives its SGF, and the review charges no player for it.

package review

import (
	"bytes"
	"context"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
	"littlego/sgf"
)

// TestSGFOpeningChargesNoPlayer: the arena's SGF of a game from an imposed opening whose
// first move is a blunder (1,1 turns Black's win into a loss: the opening table proves
// it) is reviewed with the opening's moves marked as such, no blunder or mistake among
// them, none counted against an agent.
func TestSGFOpeningChargesNoPlayer(t *testing.T) {
	actions := []board.Point{board.PointAt(1, 1), board.PointAt(2, 2), board.Pass, board.Pass}
	r := record.Record{Game: 1, Black: "alice", White: "bob", Reason: record.EndPasses, Winner: board.White,
		Opening: 1, OpeningMoves: "1,1 2,2"}
	for k, a := range actions {
		r.Moves = append(r.Moves, record.Move{Color: board.Color(k % 2), Point: a, Opening: k < 2})
	}
	var buf bytes.Buffer
	if err := sgf.Write(&buf, r.SGF("")); err != nil {
		t.Fatal(err)
	}
	g := parseOne(t, "opening.sgf", buf.Bytes())
	if g.Imposed() != 2 {
		t.Fatalf("Opening = %d read from the SGF, want 2:\n%s", g.Imposed(), buf.String())
	}
	rev, err := Review(context.Background(), g, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rev.Moves[:2] {
		if !m.Opening || m.Blunder || m.Mistake {
			t.Errorf("move %d: opening %v, blunder %v, mistake %v; want an opening move charged to no one", m.Number, m.Opening, m.Blunder, m.Mistake)
		}
	}
	if m := rev.Moves[0]; m.Before != facts.Win || m.After != facts.Loss {
		t.Errorf("move 1: %v -> %v, want win -> loss (the test needs a blunder in the opening)", m.Before, m.After)
	}
	for _, a := range Summarize([]GameReview{rev}) {
		if a.Blunders != 0 || a.Mistakes != 0 {
			t.Errorf("%s charged with %d blunders and %d mistakes for the opening", a.Name, a.Blunders, a.Mistakes)
		}
	}
}
