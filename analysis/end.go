// end.go: the analysis of a finished game. The one action left is the pass, and it
// carries the proved end, the score: every front end shows it as the move to play, as
// KataGo's clients expect one in every position.

package analysis

import (
	"littlego/board"
	"littlego/facts"
)

// Finished returns the analysis of a finished position whose fact (its score) is f: one
// move, the pass, proved, with f's value and the position after it (the same score, the
// value turned round), one iteration, complete.
func Finished(pos board.Position, f facts.Fact) *Snapshot {
	m := Move{Action: board.Pass, Visits: 1, Value: f.Value, After: endAfter(pos, f),
		Status: Proved, MarginStatus: Proved, PV: []board.Point{board.Pass}}
	if f.Value == facts.Win {
		m.WinRate = 1
	}
	return &Snapshot{Position: pos, Fact: f, Moves: []Move{m}, Iterations: 1, End: Complete}
}

// endAfter returns the fact of the position after a pass at the end, for the side that
// would move then: the same score, the value turned round.
func endAfter(pos board.Position, f facts.Fact) facts.Fact {
	g := f
	g.Turn = pos.Turn.Other()
	g.Value = f.Value.Flip()
	g.Winning, g.Keeping, g.Complete = nil, nil, g.Value == facts.Loss
	return g
}
