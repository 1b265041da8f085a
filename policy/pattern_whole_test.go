// pattern_whole_test.go: the whole-board design of the pattern player against the oracle and the incremental design.

package policy

import (
	"testing"

	"littlego/board"
)

// wholeCases are the oracle's cases with the player in the whole-board design.
func wholeCases() []oracleCase {
	cases := oracleCases()
	for i := range cases {
		cases[i].pt.whole = true
		cases[i].name += " whole-board"
	}
	return cases
}

// TestWholeBoardRatingsEqualIncremental plays games with the incremental player and
// checks, after every move, that the whole-board ratings of both colours equal the
// incremental ones: weights, legal and poor sets.
func TestWholeBoardRatingsEqualIncremental(t *testing.T) {
	tab := compilePattern(testPatternWeights())
	starts, _ := patGames(oracleSize(60), 1)
	rng := NewRand(5)
	p := patternPlayer{t: tab}
	for i, start := range starts {
		if i%3 != 0 || start.Over {
			continue
		}
		p.load(&start, board.NoPoint)
		for !p.over {
			p.step(&rng)
			p.refresh(board.Black)
			p.refresh(board.White)
			q := p
			q.whole = true
			q.rateAll(board.Black)
			q.rateAll(board.White)
			if q.weight != p.weight || q.legal != p.legal || q.poor != p.poor {
				var pos board.Position
				p.store(&pos)
				t.Fatalf("in\n%v\nwhole-board %v legal %b poor %b\nincremental %v legal %b poor %b",
					&pos, q.weight, q.legal, q.poor, p.weight, p.legal, p.poor)
			}
		}
	}
}
