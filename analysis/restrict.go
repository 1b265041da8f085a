// restrict.go: a snapshot with some of the root's moves prohibited (KataGo's avoidMoves
// and allowMoves, GTP's avoid and allow): the moves left, and what they prove of the
// position when only they may be played.

package analysis

import (
	"littlego/board"
	"littlego/facts"
)

// Restricted returns s with only the moves allowed by keep, their principal variations
// passed through cut (nil: kept whole), Iterations the visits of the moves left, and
// Fact what those moves prove of the position when they are the only ones it may play:
// the margin's bounds are the best of theirs for the side to move, and the value is
// what those bounds decide.
func (s *Snapshot) Restricted(keep func(board.Point) bool, cut func([]board.Point) []board.Point) *Snapshot {
	out := *s
	out.Moves = nil
	out.Iterations = 0
	for _, m := range s.Moves {
		if !keep(m.Action) {
			continue
		}
		if cut != nil {
			m.PV = cut(m.PV)
		}
		out.Moves = append(out.Moves, m)
		out.Iterations += m.Visits
	}
	out.Fact = restrictedFact(s.Position.Turn, out.Moves)
	return &out
}

// restrictedFact returns what moves prove of the position whose side to move is turn,
// when they are the only ones it may play.
func restrictedFact(turn board.Color, moves []Move) facts.Fact {
	f := facts.Unproved(turn)
	if len(moves) == 0 {
		return f
	}
	f.Low, f.High = moves[0].After.Low, moves[0].After.High
	for _, m := range moves[1:] {
		if turn == board.Black {
			f.Low, f.High = max(f.Low, m.After.Low), max(f.High, m.After.High)
		} else {
			f.Low, f.High = min(f.Low, m.After.Low), min(f.High, m.After.High)
		}
	}
	blackWins, blackLoses := f.Low >= board.BlackMargin, f.High < board.BlackMargin
	switch {
	case blackWins && turn == board.Black || blackLoses && turn == board.White:
		f.Value = facts.Win
	case blackWins || blackLoses:
		f.Value = facts.Loss
	}
	if f.Value != facts.Unknown {
		f.Source = moves[0].After.Source
		if f.Source == facts.None {
			f.Source = facts.Search
		}
	}
	if f.Low == f.High {
		f.MarginSource = moves[0].After.MarginSource
	}
	return f
}
