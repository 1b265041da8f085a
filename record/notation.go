// notation.go: results for people, as Go writes them, in the one place every front end takes them from: after the komi (B+0.5, W+2.5, SGF's RE[] convention), on time or by forfeit (B+Time, W+Forfeit), and the stone count in words.

package record

import (
	"fmt"
	"strconv"
	"strings"

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

// The results of games not decided on the board, in SGF's RE[] notation: a win on time
// ("B+Time"), by forfeit ("W+Forfeit": an illegal move or another fault), and a game
// that counts for no one.
const (
	timeSuffix    = "+Time"
	forfeitSuffix = "+Forfeit"
	// Void is the result of a game that counts for no one (an interrupted one).
	Void = "Void"
)

// OnTime returns the result of a game winner won on time: "B+Time" or "W+Time".
func OnTime(winner board.Color) string { return board.ColorLetter(winner) + timeSuffix }

// ByForfeit returns the result of a game winner won by the opponent's fault (an illegal
// move, a crash, an unreadable answer): "B+Forfeit" or "W+Forfeit".
func ByForfeit(winner board.Color) string { return board.ColorLetter(winner) + forfeitSuffix }

// ParseResult reads a result in Go's notation: the winner ("B+..." or "W+...", ok false
// for anything else, "Void" and "0" among them) and whether it was won on time or by
// forfeit rather than on the board.
func ParseResult(s string) (winner board.Color, offBoard, ok bool) {
	switch {
	case strings.HasPrefix(s, "B+"):
		winner, ok = board.Black, true
	case strings.HasPrefix(s, "W+"):
		winner, ok = board.White, true
	}
	return winner, ok && (strings.HasSuffix(s, timeSuffix) || strings.HasSuffix(s, forfeitSuffix)), ok
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
