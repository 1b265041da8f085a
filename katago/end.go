// end.go: the answer for a finished game: analysis.Finished's one move, the pass, carrying
// the proved end (the score), with the policy all on the pass.

package katago

import (
	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// endResponse returns the response for v's position when the game is over: one move,
// pass, with the game's score (proved: the end), policy 1 on the pass, and one visit.
func (v *view) endResponse(known func(board.Position) facts.Fact) *response {
	v.prio = [board.NumActions]float64{}
	v.prio[board.Pass] = 1
	r := v.response(analysis.Finished(v.pos, known(v.pos)))
	if r.Policy != nil {
		for p := range r.Policy {
			r.Policy[p] = -1
		}
		r.Policy[board.Pass] = 1
	}
	return r
}
