// outcome.go: what a fact proves of the result, for people, in Go's notation (record.Result).

package facts

import (
	"littlego/board"
	"littlego/record"
)

// Outcome says what f proves of the result, after the komi, in Go's notation: the exact
// result ("B+0.5"), else the proved bounds, the nearer result first ("B+0.5 or more":
// Black wins by a margin not proved; "W+0.5 to W+4.5"; "between W+1.5 and B+2.5"), else
// "unknown".
func (f Fact) Outcome() string {
	if m, ok := f.Margin(); ok {
		return record.Result(m)
	}
	switch {
	case f.Low >= board.BlackMargin && f.High >= MaxMargin:
		return record.Result(f.Low) + " or more"
	case f.Low >= board.BlackMargin:
		return record.Result(f.Low) + " to " + record.Result(f.High)
	case f.High < board.BlackMargin && f.Low <= MinMargin:
		return record.Result(f.High) + " or more"
	case f.High < board.BlackMargin:
		return record.Result(f.High) + " to " + record.Result(f.Low)
	case f.Low > MinMargin || f.High < MaxMargin:
		return "between " + record.Result(f.Low) + " and " + record.Result(f.High)
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
