// notation.go: results for people, as Go writes them: after the komi (B+0.5, W+2.5, SGF's RE[] convention), and the stone count in words.

package facts

import (
	"fmt"
	"strconv"

	"littlego/board"
)

// Result returns the result of a game that ends with margin black − white stones, after
// the komi, in Go's notation (SGF's RE[]): "B+0.5" for a margin of 3, "W+2.5" for 0,
// "W+5.5" for -3. The komi is board.Komi, a half point, so there is no draw.
func Result(margin int) string {
	return Score(float64(margin), board.Komi)
}

// Score returns the result of a game whose score before the komi is diff (black −
// white: stones, or area) with White's komi komi, in Go's notation: "B+3.5", "W+2.5",
// or "0" for a draw (an integral komi allows one).
func Score(diff, komi float64) string {
	d := diff - komi
	switch {
	case d > 0:
		return "B+" + points(d)
	case d < 0:
		return "W+" + points(-d)
	}
	return "0"
}

// points writes a non-negative score as briefly as it is exact ("0.5", "12.5", "3").
func points(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// Stones says a stone count black − white before the komi in words: "Black 3 stones
// ahead", "White 1 stone ahead", "stones even".
func Stones(margin int) string {
	switch {
	case margin == 0:
		return "stones even"
	case margin > 0:
		return "Black " + stoneCount(margin) + " ahead"
	}
	return "White " + stoneCount(-margin) + " ahead"
}

// stoneCount returns "1 stone" or "n stones".
func stoneCount(n int) string {
	if n == 1 {
		return "1 stone"
	}
	return fmt.Sprintf("%d stones", n)
}

// Outcome says what f proves of the result, after the komi, in Go's notation: the exact
// result ("B+0.5"), else the proved bounds, the nearer result first ("B+0.5 or more":
// Black wins by a margin not proved; "W+0.5 to W+4.5"; "between W+1.5 and B+2.5"), else
// "unknown".
func (f Fact) Outcome() string {
	if m, ok := f.Margin(); ok {
		return Result(m)
	}
	switch {
	case f.Low >= board.BlackMargin && f.High >= MaxMargin:
		return Result(f.Low) + " or more"
	case f.Low >= board.BlackMargin:
		return Result(f.Low) + " to " + Result(f.High)
	case f.High < board.BlackMargin && f.Low <= MinMargin:
		return Result(f.High) + " or more"
	case f.High < board.BlackMargin:
		return Result(f.High) + " to " + Result(f.Low)
	case f.Low > MinMargin || f.High < MaxMargin:
		return "between " + Result(f.Low) + " and " + Result(f.High)
	}
	return "unknown"
}

// String says f for people: the winner, the outcome and the source ("Black wins, B+0.5
// (opening table)"; "White wins, W+0.5 or more (book)"; "unknown").
func (f Fact) String() string {
	winner, ok := f.Winner()
	if !ok {
		if out := f.Outcome(); out != "unknown" {
			return "not proved, " + out
		}
		return "unknown"
	}
	s := winner.String() + " wins, " + f.Outcome() + " (" + string(f.Source)
	if f.MarginSource != None && f.MarginSource != f.Source {
		s += "; margin: " + string(f.MarginSource)
	}
	return s + ")"
}
