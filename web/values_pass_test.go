package web

import (
	"testing"

	"littlego/facts"
)

// A pass that would end the game and win on the score proves the position: after
// 2,2 3,3 PASS, White passing ends the game with W+1.5, and /api/values says so.
func TestValuesProveAWinningPassThatEndsTheGame(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var values []PositionValue
	if st := call(t, "GET", ts.URL+"/api/values?from=3&moves=2,2;3,3;PASS", nil, &values); st != 200 || len(values) != 1 {
		t.Fatalf("/api/values: status %d, %d values", st, len(values))
	}
	if v := values[0]; v.Winner != "white" {
		t.Errorf("after 2,2 3,3 PASS /api/values says %+v; want White proved to win (passing ends the game on the score)", v)
	}
}

// The review of 2,2 3,3 PASS says what /api/values says of its last position: White
// wins by passing.
func TestReviewProvesAWinningPassThatEndsTheGame(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var a ReviewAnswer
	if st := call(t, "POST", ts.URL+"/api/review", "2,2 3,3 PASS", &a); st != 200 || a.Review == nil {
		t.Fatalf("/api/review: status %d", st)
	}
	moves := a.Review.Moves
	if len(moves) != 3 {
		t.Fatalf("%d moves reviewed, want 3", len(moves))
	}
	last := moves[2]
	if last.After != facts.Loss {
		t.Errorf("the review says Black's pass leaves %q for Black; want a proved loss (White wins by passing)", last.After)
	}
}
