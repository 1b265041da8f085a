// end.go: the answer for a finished game: the one move left is the pass, carrying the
// proved end (the score), as KataGo's clients expect a move to play in every position.

package katago

import (
	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// endResponse returns the response for v's position when the game is over: one move,
// pass, with the game's score (proved: the end), policy 1 on the pass, and one visit.
func (v *view) endResponse(known func(board.Position) facts.Fact) *response {
	f := known(v.pos)
	m := analysis.Move{Action: board.Pass, Visits: 1, Value: f.Value, After: endAfter(v.pos, f),
		Status: analysis.Proved, MarginStatus: analysis.Proved, PV: []board.Point{board.Pass}}
	if f.Value == facts.Win {
		m.WinRate = 1
	}
	v.prio = [board.NumActions]float64{}
	v.prio[board.Pass] = 1
	snap := &analysis.Snapshot{Position: v.pos, Fact: f, Moves: []analysis.Move{m}, Iterations: 1, End: analysis.Complete}
	r := v.response(snap)
	if r.Policy != nil {
		for p := range r.Policy {
			r.Policy[p] = -1
		}
		r.Policy[board.Pass] = 1
	}
	return r
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
