// fallback.go: a fast, always-legal move choice for when there is no time or no search to ask.

package engine

import "littlego/board"

// FallbackMove returns a legal action without searching: the placement that captures the
// most stones, else a placement that leaves the new stone's group with at least two
// liberties (nearest the centre first), else any legal placement, else Pass. It passes
// when a pass ends the game with a win for the side to move, and never otherwise while
// a placement is legal (so never on Black's first move, where a pass loses).
func FallbackMove(pos board.Position) board.Point {
	if pos.Over {
		return board.Pass
	}
	legal := pos.Legal()
	best, bestScore := board.Pass, -1<<30
	for rest := legal; rest != 0; rest &= rest - 1 {
		pt := rest.First()
		q := pos
		captured, ok := q.Play(pt)
		if !ok {
			continue
		}
		own := q.Stones[pos.Turn]
		libs := board.Group(pt.Bit(), own).Neighbours() & q.Empty()
		score := 100*captured - centreDistance(pt)
		if libs.Count() >= 2 {
			score += 50
		}
		if score > bestScore {
			best, bestScore = pt, score
		}
	}
	if pos.Passed && pos.Winner() == pos.Turn {
		// The opponent passed and we win on this board: passing ends the game now.
		return board.Pass
	}
	return best
}

// centreDistance is the Manhattan distance from pt to the centre point (2,2).
func centreDistance(pt board.Point) int {
	return abs(pt.Row()-2) + abs(pt.Col()-2)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
