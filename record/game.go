// game.go: a record's game played out from the empty board: its actions, who won, the fault that no action shows, the imposed opening.

package record

import (
	"strings"

	"littlego/board"
)

// Won returns the side that won and true, or false for an unfinished game without a
// result: the recorded winner (Aborted and Unrecorded aside), else the opponent of the
// player of the first illegal action, else the final position's winner once the game is
// over.
func (r *Record) Won() (board.Color, bool) {
	if r.Reason != Aborted && r.Reason != Unrecorded {
		return r.Winner, true
	}
	pos, illegal, mover := r.replay()
	switch {
	case illegal > 0:
		return mover.Other(), true
	case pos.Over:
		return pos.Winner(), true
	}
	return board.Black, false
}

// Actions returns the actions the record's game played from the empty board, in order:
// every move but a faulty last one that was not played (FaultDetail says why); a faulty
// illegal point stays, for a replay to meet it.
func (r *Record) Actions() []board.Point {
	out := make([]board.Point, 0, len(r.Moves))
	for _, m := range r.Moves {
		if m.Fault && !r.playsFault(m) {
			break
		}
		out = append(out, m.Point)
	}
	return out
}

// playsFault reports whether m, the record's faulty move, was an illegal point on the
// board (kept among the actions) rather than a fault with no action played (no point, a
// point off the board, a timeout, a crash).
func (r *Record) playsFault(m Move) bool {
	onBoard := m.Point == board.Pass || (m.Point >= 0 && m.Point < board.NumPoints)
	return onBoard && strings.HasPrefix(string(r.Reason), "illegal")
}

// FaultDetail returns, for a game lost by a fault that no action of the record shows (a
// timeout, no output, an unreadable answer: the faulty move was not played), the record's
// account of it (Detail); "" otherwise, an illegal point among the actions included.
func (r *Record) FaultDetail() string {
	if n := len(r.Moves); n > 0 && r.Moves[n-1].Fault {
		if r.playsFault(r.Moves[n-1]) {
			return ""
		}
		return r.Detail
	}
	if r.Reason == Timeout || r.Reason == UnnamedFault {
		return r.Detail // an SGF's result: its faulty move is not in the record
	}
	return ""
}

// Imposed returns how many leading moves are an imposed opening (Move.Opening), given
// to both players and chosen by neither.
func (r *Record) Imposed() int {
	n := 0
	for n < len(r.Moves) && r.Moves[n].Opening {
		n++
	}
	return n
}

// replay plays the record's actions from the empty board up to the first illegal one
// (Judge, or any action after the end): the position reached, the number of the
// illegal action (0 when every action is legal) and its player.
func (r *Record) replay() (pos board.Position, illegal int, mover board.Color) {
	pos = board.New()
	for k, a := range r.Actions() {
		if pos.Over || Judge(&pos, a) != "" {
			return pos, k + 1, pos.Turn
		}
		pos.Act(a)
	}
	return pos, 0, pos.Turn
}
