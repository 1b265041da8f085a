// pairs.go: paired matches: every board played twice with the first player swapped, summed pair by pair.

package referee

import (
	"fmt"
	"io"

	"littlego/lib/matchstats"
)

// PairStats sums a paired match from player A's side: games 2k-1 and 2k share a board
// and each side starts one of them, so a pair cancels the first player's advantage.
type PairStats struct {
	// Pairs counts the complete pairs.
	Pairs int
	// Won, Drawn and Lost count the pairs A won both games of (or one, the other drawn),
	// split, and lost.
	Won, Drawn, Lost int
	// ScoreDiff is A's points minus B's over the games of the pairs.
	ScoreDiff int
	// Lo and Hi bound the 95% Wilson interval of A's pair score (won + drawn/2) / pairs.
	Lo, Hi float64
}

// Rate is A's pair score: (won + drawn/2) / pairs.
func (p PairStats) Rate() float64 {
	return (float64(p.Won) + float64(p.Drawn)/2) / float64(max(p.Pairs, 1))
}

// gamePoints is A's result of one game: 1 won, 1/2 drawn, 0 lost, in halves.
func gamePoints(r GameResult) int {
	switch r.Winner {
	case 0:
		return 2
	case -1:
		return 1
	}
	return 0
}

// Pairs sums results (in game order, games 2k-1 and 2k a pair; an odd last game is
// left out) pair by pair.
func Pairs(results []GameResult) PairStats {
	var p PairStats
	for k := 0; k+1 < len(results); k += 2 {
		a, b := results[k], results[k+1]
		p.Pairs++
		switch pts := gamePoints(a) + gamePoints(b); {
		case pts > 2:
			p.Won++
		case pts == 2:
			p.Drawn++
		default:
			p.Lost++
		}
		p.ScoreDiff += a.Score[0] - a.Score[1] + b.Score[0] - b.Score[1]
	}
	p.Lo, p.Hi = matchstats.WilsonRate(p.Rate(), p.Pairs)
	return p
}

// FormatPair returns one line on pair number k (from 1), games a and b, once both have
// ended: whether A won, drew or lost it, and the score difference.
func FormatPair(k int, a, b GameResult) string {
	outcome := "lost"
	if pts := gamePoints(a) + gamePoints(b); pts == 2 {
		outcome = "drawn"
	} else if pts > 2 {
		outcome = "won"
	}
	return fmt.Sprintf("pair %d: A %s, score difference A-B %+d", k, outcome,
		a.Score[0]-a.Score[1]+b.Score[0]-b.Score[1])
}

// SummarizePairs writes the pair lines of a paired match's summary.
func SummarizePairs(w io.Writer, results []GameResult) {
	p := Pairs(results)
	fmt.Fprintf(w, "pairs %d (each board twice, each side first once): A won %d, drawn %d, lost %d; pair score %.0f%% (95%% Wilson [%.0f%%, %.0f%%])\n",
		p.Pairs, p.Won, p.Drawn, p.Lost, 100*p.Rate(), 100*p.Lo, 100*p.Hi)
	fmt.Fprintf(w, "total score difference A-B over the pairs: %+d (%+.0f per pair)\n", p.ScoreDiff, float64(p.ScoreDiff)/float64(max(p.Pairs, 1)))
}
