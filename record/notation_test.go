// notation_test.go: results in Go's notation against the rule they write.

package record

import (
	"math"
	"testing"

	"littlego/board"
)

func TestResultsOffTheBoard(t *testing.T) {
	if OnTime(board.White) != "W+Time" || ByForfeit(board.Black) != "B+Forfeit" || Void != "Void" {
		t.Errorf("OnTime %q, ByForfeit %q, Void %q", OnTime(board.White), ByForfeit(board.Black), Void)
	}
	for s, want := range map[string]struct {
		winner       board.Color
		offBoard, ok bool
	}{
		"B+0.5": {board.Black, false, true}, "W+2.5": {board.White, false, true},
		"W+Time": {board.White, true, true}, "B+Forfeit": {board.Black, true, true},
		"Void": {board.Black, false, false}, "0": {board.Black, false, false},
	} {
		w, off, ok := ParseResult(s)
		if ok != want.ok || ok && (w != want.winner || off != want.offBoard) {
			t.Errorf("ParseResult(%q) = %v, %v, %v; want %+v", s, w, off, ok, want)
		}
	}
}

// Result writes the score after the komi, for the winner the rule names: Black with 3
// stones more (docs/RULES.md), by |margin - 2.5| points.
func TestResultIsTheScoreAfterKomi(t *testing.T) {
	for _, c := range []struct {
		margin int
		want   string
	}{{3, "B+0.5"}, {0, "W+2.5"}, {-3, "W+5.5"}, {2, "W+0.5"}, {25, "B+22.5"}, {-25, "W+27.5"}} {
		if got := Result(c.margin); got != c.want {
			t.Errorf("Result(%d) = %q, want %q", c.margin, got, c.want)
		}
	}
	for m := -board.NumPoints; m <= board.NumPoints; m++ {
		got := Result(m)
		pos := board.Position{}
		pos.Stones[board.Black] = board.Bitboard(1)<<max(m, 0) - 1
		pos.Stones[board.White] = board.Bitboard(1)<<max(-m, 0) - 1
		winner := "W+"
		if pos.Winner() == board.Black {
			winner = "B+"
		}
		if got[:2] != winner {
			t.Errorf("Result(%d) = %q: the winner by the rules is %s", m, got, pos.Winner())
		}
		if want := math.Abs(float64(m) - board.Komi); got[2:] != points(want) {
			t.Errorf("Result(%d) = %q, want %s%v", m, got, winner, want)
		}
	}
}

// Score, for GTP's komi: any komi, and a draw with an integral one.
func TestScoreWithAnyKomi(t *testing.T) {
	for _, c := range []struct {
		diff, komi float64
		want       string
	}{{6, 2.5, "B+3.5"}, {0, 2.5, "W+2.5"}, {5, 5, "0"}, {7, 0.5, "B+6.5"}, {-4, 0, "W+4"}} {
		if got := Score(c.diff, c.komi); got != c.want {
			t.Errorf("Score(%v, %v) = %q, want %q", c.diff, c.komi, got, c.want)
		}
	}
}

func TestStonesInWords(t *testing.T) {
	for m, want := range map[int]string{3: "Black 3 stones ahead", 1: "Black 1 stone ahead", 0: "stones even", -2: "White 2 stones ahead"} {
		if got := Stones(m); got != want {
			t.Errorf("Stones(%d) = %q, want %q", m, got, want)
		}
	}
}
