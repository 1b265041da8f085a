// referee_test.go: the referee's verdicts: each kind of illegal move, ko retakes, the ends of a game, and the boards players are shown.

package arena

import (
	"context"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
)

// scripted plays a fixed list of actions, then passes; it remembers what it was shown.
type scripted struct {
	moves []board.Point
	next  int
	seen  []Request
}

func (s *scripted) Answer(_ context.Context, t *Request) Reply {
	s.seen = append(s.seen, Request{Pos: t.Pos, Previous: t.Previous, History: append([]board.Point(nil), t.History...)})
	mv := board.Pass
	if s.next < len(s.moves) {
		mv = s.moves[s.next]
	}
	s.next++
	return Reply{Move: mv, Measured: true, CPU: time.Millisecond}
}

func (s *scripted) Close() error { return nil }

func p(i, j int) board.Point { return board.PointAt(i, j) }

// game plays Black's and White's scripts through the referee.
func game(black, white []board.Point) (record.Record, *scripted, *scripted) {
	b, w := &scripted{moves: black}, &scripted{moves: white}
	return Referee(context.Background(), [2]Player{b, w}, board.HostCPULimit), b, w
}

// The ko shape: after B 1,2 captures the White stone at 1,1,
//
//	. X O . .
//	X . X O .
//	. X O . .
//
// White may not retake at 1,1 at once.
var (
	koBlack = []board.Point{p(0, 1), p(1, 0), p(2, 1), p(4, 4), p(1, 2)}
	koWhite = []board.Point{p(0, 2), p(1, 1), p(1, 3), p(2, 2)}
)

func TestRefereeIllegalMoves(t *testing.T) {
	cases := []struct {
		name         string
		black, white []board.Point
		loser        board.Color
		reason       record.Reason
		moves        int // actions recorded, the faulty one included
	}{
		{"occupied", []board.Point{p(2, 2)}, []board.Point{p(2, 2)}, board.White, record.IllegalOccupied, 2},
		{"off the board", []board.Point{board.Point(25 + 5)}, nil, board.Black, record.IllegalOffBoard, 1},
		{"negative point", []board.Point{board.NoPoint}, nil, board.Black, record.IllegalOffBoard, 1},
		{"suicide", []board.Point{p(0, 1), p(1, 0)}, []board.Point{p(0, 2), p(0, 0)}, board.White, record.IllegalSuicide, 4},
		{"ko retake", koBlack, append(append([]board.Point(nil), koWhite...), p(1, 1)), board.White, record.IllegalKo, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, _, _ := game(c.black, c.white)
			if rec.Reason != c.reason || rec.Winner != c.loser.Other() {
				t.Fatalf("reason %s, winner %s; want %s, winner %s (%s)", rec.Reason, rec.Winner, c.reason, c.loser.Other(), rec.Detail)
			}
			if len(rec.Moves) != c.moves || !rec.Moves[len(rec.Moves)-1].Fault {
				t.Errorf("%d moves recorded, last fault=%v; want %d with the last a fault", len(rec.Moves), rec.Moves[len(rec.Moves)-1].Fault, c.moves)
			}
			if !strings.Contains(rec.Detail, c.loser.String()) || !strings.Contains(rec.Detail, c.reason.Describe()) {
				t.Errorf("detail %q does not name %s and %q", rec.Detail, c.loser, c.reason.Describe())
			}
		})
	}
}

func TestRefereeKoRetakeAfterMovePair(t *testing.T) {
	// After the capture, White plays elsewhere, Black answers, and White may retake.
	black := append(append([]board.Point(nil), koBlack...), p(4, 2))
	white := append(append([]board.Point(nil), koWhite...), p(4, 0), p(1, 1))
	rec, _, _ := game(black, white)
	if rec.Reason.Forfeit() {
		t.Fatalf("game ended by %s: %s", rec.Reason, rec.Detail)
	}
	// Replay to the retake and check it captured the Black stone at 1,2.
	pos := board.New()
	for k := 0; k < 12; k++ {
		if rec.Moves[k].Point != [][]board.Point{black, white}[k%2][k/2] {
			t.Fatalf("move %d is %s, want the script's", k+1, rec.Moves[k].Point)
		}
		pos.Play(rec.Moves[k].Point)
	}
	if pos.Stones.At(p(1, 2)) != 0 || pos.Stones.At(p(1, 1)) != 2 {
		t.Errorf("the retake did not capture at 1,2:\n%s", pos.String())
	}
}

func TestRefereeEnds(t *testing.T) {
	// Black passes on move 1: the game ends at once, White wins 0 to 0 + 2.5.
	rec, _, w := game([]board.Point{board.Pass}, nil)
	if rec.Reason != record.EndPasses || rec.Winner != board.White || len(rec.Moves) != 1 || len(w.seen) != 0 {
		t.Errorf("Black's pass on move 1: %s, winner %s, %d moves, White asked %d times", rec.Reason, rec.Winner, len(rec.Moves), len(w.seen))
	}
	// Two passes later in the game.
	rec, _, _ = game([]board.Point{p(2, 2), board.Pass}, []board.Point{board.Pass, board.Pass})
	if rec.Reason != record.EndPasses || len(rec.Moves) != 3 || rec.BlackStones != 1 || rec.Winner != board.White {
		t.Errorf("two passes: %s after %d moves, %d Black stones, winner %s", rec.Reason, len(rec.Moves), rec.BlackStones, rec.Winner)
	}
	// A pass, then a stone, then a pass does not end the game.
	rec, _, _ = game([]board.Point{p(2, 2), p(0, 0), board.Pass}, []board.Point{board.Pass, p(4, 4), p(4, 3)})
	if len(rec.Moves) < 6 {
		t.Errorf("non-consecutive passes ended the game after %d moves (%s)", len(rec.Moves), rec.Reason)
	}
}

func TestRefereeShowsHostBoards(t *testing.T) {
	// The previous board a player sees is the board before the opponent's last action:
	// after a placement, the board right after the player's own move; after a pass, the
	// current board.
	rec, b, w := game([]board.Point{p(2, 2), p(0, 0), p(4, 4)}, []board.Point{p(1, 1), board.Pass})
	if rec.Reason.Forfeit() {
		t.Fatal(rec.Detail)
	}
	stones := func(black, white board.Bitboard) board.Stones { return board.Stones{black, white} }
	checks := []struct {
		name          string
		turn          Request
		prev, current board.Stones
	}{
		{"Black move 1", b.seen[0], board.Stones{}, board.Stones{}},
		{"White move 2", w.seen[0], board.Stones{}, stones(p(2, 2).Bit(), 0)},
		{"Black move 3", b.seen[1], stones(p(2, 2).Bit(), 0), stones(p(2, 2).Bit(), p(1, 1).Bit())},
		{"White move 4", w.seen[1], stones(p(2, 2).Bit(), p(1, 1).Bit()), stones(p(2, 2).Bit()|p(0, 0).Bit(), p(1, 1).Bit())},
		{"Black move 5 after a pass", b.seen[2], stones(p(2, 2).Bit()|p(0, 0).Bit(), p(1, 1).Bit()), stones(p(2, 2).Bit()|p(0, 0).Bit(), p(1, 1).Bit())},
	}
	for k, c := range checks {
		if c.turn.Previous != c.prev || c.turn.Pos.Stones != c.current {
			t.Errorf("%s: shown previous\n%s\ncurrent\n%s", c.name, c.turn.Previous, c.turn.Pos.Stones)
		}
		if int(c.turn.Pos.Move) != k+1 || len(c.turn.History) != k {
			t.Errorf("%s: move %d with %d actions of history", c.name, c.turn.Pos.Move, len(c.turn.History))
		}
	}
}

func TestRefereeCPULimit(t *testing.T) {
	slow := &timed{cpu: 2 * time.Second, measured: true}
	rec := Referee(context.Background(), [2]Player{slow, &scripted{}}, time.Second)
	if rec.Reason != record.Timeout || rec.Winner != board.White {
		t.Errorf("a measured move over the limit: %s, winner %s", rec.Reason, rec.Winner)
	}
	// A move timed in wall-clock time (in-process, -jobs > 1) is not held to the limit.
	wall := &timed{cpu: 2 * time.Second}
	rec = Referee(context.Background(), [2]Player{wall, &scripted{}}, time.Second)
	if rec.Reason.Forfeit() {
		t.Errorf("an unmeasured move lost: %s", rec.Detail)
	}
}

// timed plays 2,2 then passes, reporting a fixed time.
type timed struct {
	cpu      time.Duration
	measured bool
	n        int
}

func (p *timed) Answer(_ context.Context, t *Request) Reply {
	p.n++
	mv := board.Pass
	if p.n == 1 {
		mv = board.PointAt(2, 2)
	}
	return Reply{Move: mv, CPU: p.cpu, Measured: p.measured}
}

func (p *timed) Close() error { return nil }

func TestRefereeAborts(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := Referee(ctx, [2]Player{&scripted{}, &scripted{}}, time.Second)
	if rec.Reason != record.Aborted || rec.Reason.Forfeit() {
		t.Errorf("cancelled game: %s", rec.Reason)
	}
}
