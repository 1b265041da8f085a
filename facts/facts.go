// Package facts is the one source of what is proved of a Little-Go position: its value
// for the side to move, its exact final margin or proved bounds on it, its winning
// actions, and how each is known (the game's end, the opening table, the solved empty
// board, Black's opening book, the exact solver). The review, the web board and GTP read
// only it, so that a fact proved once reads the same everywhere; it says what a fact
// proves of the result for people (outcome.go) in the one notation, record's
// (record/notation.go).
//
// Known answers without search; a Prover adds the solver within limits and keeps what
// it proves in a Cache keyed by the position's canonical Zobrist key, shared by every
// Prover that is given it. What is proved of the positions one action before and after
// a position implies facts of it by minimax alone (implied.go): Known and Cache.Known
// include them, their source saying "implied by ..."; Step and Along carry them along a
// game's line, which a position alone does not tell past a capture.
//
// Margins are black − white stones at the end of the game with perfect play, before the
// komi: Black wins with board.BlackMargin (3) or more (docs/RULES.md: komi 2.5).
package facts

import (
	"fmt"
	"slices"

	"littlego/board"
)

// Value is a position's game-theoretic value for one side: a proved win, a proved loss,
// or unknown when nothing proved it.
type Value uint8

const (
	// Unknown: not proved either way.
	Unknown Value = iota
	// Win: the side wins against any defence.
	Win
	// Loss: the opponent wins against any defence.
	Loss
)

var valueNames = [...]string{Unknown: "unknown", Win: "win", Loss: "loss"}

// String returns "win", "loss" or "unknown".
func (v Value) String() string {
	if int(v) < len(valueNames) {
		return valueNames[v]
	}
	return fmt.Sprintf("Value(%d)", uint8(v))
}

// MarshalText writes the value's name, so that JSON carries "win", "loss" or "unknown".
func (v Value) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads "win", "loss" or "unknown".
func (v *Value) UnmarshalText(b []byte) error {
	for k, name := range valueNames {
		if string(b) == name {
			*v = Value(k)
			return nil
		}
	}
	return fmt.Errorf("facts: value %q: want win, loss or unknown", b)
}

// ForSide returns v, a value for Black, as the value for side c (and so a value for c
// as Black's).
func (v Value) ForSide(c board.Color) Value {
	if c == board.Black {
		return v
	}
	return v.Flip()
}

// Flip returns the value for the other side.
func (v Value) Flip() Value {
	switch v {
	case Win:
		return Loss
	case Loss:
		return Win
	}
	return Unknown
}

// Source says how a fact is known. Its text is what the review's -json writes.
type Source string

const (
	None       Source = ""              // not proved
	End        Source = "end"           // the game is over: the score decides
	Table      Source = "opening table" // the opening table (opening.Lookup, docs/solver.md)
	EmptyBoard Source = "empty board"   // the solved empty board (docs/solver.md)
	Book       Source = "book"          // Black's proved opening book (opening.BookMove)
	Solver     Source = "solver"        // the exact solver, within a limit
	Search     Source = "search"        // the search's own proof (MCTS-Solver: mcts.Proof)
)

// origins are the sources that prove a fact of a position directly; every other source
// is implied (implied.go) by a fact one of them proved of a neighbouring position.
var origins = [...]Source{End, Table, EmptyBoard, Book, Solver, Search, Before}

// originWords are the origins as people read them, where that differs from the source's
// text (the review's -json).
var originWords = map[Source]string{End: "end of the game", EmptyBoard: "solved empty board", Book: "opening book"}

// ForPeople returns the source as the board's page shows it: a direct source by its
// name for people ("opening book", "solved empty board", "end of the game", "opening
// table", "solver", "search"); an implied one (implied.go) as it reads, already in
// words ("implied by the opening table's 2,2").
func (s Source) ForPeople() string {
	if w, ok := originWords[s]; ok {
		return w
	}
	return string(s)
}

// The widest bounds on a final margin: every point Black's, or every point White's.
const (
	MinMargin = -board.NumPoints
	MaxMargin = board.NumPoints
)

// Fact is what is proved of one position. Its zero value is not meaningful: Unproved
// gives the fact of a position of which nothing is known.
type Fact struct {
	// Turn is the side to move in the position; Value is for it.
	Turn board.Color
	// Value is the position's value for the side to move.
	Value Value
	// Source says how Value is known (None when it is Unknown).
	Source Source
	// Low and High are proved bounds on the final margin black − white before the komi
	// with perfect play: Low <= margin <= High; equal when the margin is exact. A proved
	// value bounds them (Black wins: Low >= board.BlackMargin; White wins: High <
	// board.BlackMargin), and bounds on one side of the threshold prove the value.
	Low, High int
	// MarginSource says how the exact margin is known (None while Low < High).
	MarginSource Source
	// Winning holds winning actions of the side to move that are proved, in point
	// order, Pass last; Complete is set when they are all of them (always when the side
	// to move loses: none). A Win with no Winning is proved without naming its move.
	Winning  []board.Point
	Complete bool
	// Keeping holds actions of the side to move proved to keep the exact margin (the
	// position after one has the same margin), in point order, Pass last; only while the
	// margin is exact (Low == High), and not necessarily all of them.
	Keeping []board.Point
}

// Unproved returns the fact of a position, whose side to move is turn, of which
// nothing is known.
func Unproved(turn board.Color) Fact {
	return Fact{Turn: turn, Low: MinMargin, High: MaxMargin}
}

// Proof returns the fact of a position, whose side to move is turn, with the value v
// for it proved by src, and the margin bounds v implies.
func Proof(turn board.Color, v Value, src Source) Fact {
	f := Unproved(turn)
	if v != Unknown {
		f.setValue((v == Win) == (turn == board.Black), src)
	}
	return f
}

// WithWinning returns f with the actions, proved to win by f's source, among its winning
// actions (not all of them, unless they were before); f must be a proved win.
func (f Fact) WithWinning(actions ...board.Point) Fact {
	f.Winning = slices.Clone(f.Winning)
	f.addWinning(actions, f.Complete)
	return f
}

// Margin returns the exact final margin black − white and true when it is proved.
func (f Fact) Margin() (int, bool) {
	return f.Low, f.Low == f.High
}

// BlackValue returns the value for Black.
func (f Fact) BlackValue() Value { return f.Value.ForSide(f.Turn) }

// Winner returns the side that wins with perfect play and true, or false while the
// value is unknown.
func (f Fact) Winner() (board.Color, bool) {
	switch f.BlackValue() {
	case Win:
		return board.Black, true
	case Loss:
		return board.White, true
	}
	return board.Black, false
}

// Proved reports whether the value is known.
func (f Fact) Proved() bool { return f.Value != Unknown }

// valueOfBlack returns the value for the side to move turn of a position Black wins
// (blackWins) or loses.
func valueOfBlack(blackWins bool, turn board.Color) Value {
	if blackWins == (turn == board.Black) {
		return Win
	}
	return Loss
}

// setValue records a proved value for Black, from src, and the bounds it implies.
func (f *Fact) setValue(blackWins bool, src Source) {
	if f.Value == Unknown {
		f.Value, f.Source = valueOfBlack(blackWins, f.Turn), src
	}
	f.normalize()
}

// setMargin records an exact margin from src.
func (f *Fact) setMargin(m int, src Source) {
	f.bound(m, m, src)
}

// bound narrows the margin's bounds to [lo, hi], known from src.
func (f *Fact) bound(lo, hi int, src Source) {
	f.Low, f.High = max(f.Low, lo), min(f.High, hi)
	if f.Low == f.High && f.MarginSource == None {
		f.MarginSource = src
	}
	if f.Value == Unknown {
		switch {
		case f.Low >= board.BlackMargin:
			f.Value, f.Source = valueOfBlack(true, f.Turn), src
		case f.High < board.BlackMargin:
			f.Value, f.Source = valueOfBlack(false, f.Turn), src
		}
	}
	f.normalize()
}

// normalize makes the bounds agree with the value, and the winning list with a loss.
func (f *Fact) normalize() {
	switch f.BlackValue() {
	case Win:
		f.Low = max(f.Low, board.BlackMargin)
	case Loss:
		f.High = min(f.High, board.BlackMargin-1)
	}
	if f.Low == f.High && f.MarginSource == None {
		f.MarginSource = f.Source
	}
	if f.Value == Loss {
		f.Winning, f.Complete = nil, true
	}
	if f.Low != f.High {
		f.Keeping = nil
	}
}

// addKeeping adds actions proved to keep the exact margin, once it is exact.
func (f *Fact) addKeeping(keeping []board.Point) {
	if f.Low != f.High {
		return
	}
	for _, a := range keeping {
		if !slices.Contains(f.Keeping, a) {
			f.Keeping = append(f.Keeping, a)
		}
	}
	slices.Sort(f.Keeping)
}

// addWinning adds proved winning actions; complete says they are all of them.
func (f *Fact) addWinning(winning []board.Point, complete bool) {
	if f.Value == Loss || f.Complete {
		return
	}
	for _, a := range winning {
		if !slices.Contains(f.Winning, a) {
			f.Winning = append(f.Winning, a)
		}
	}
	slices.Sort(f.Winning) // Pass is NumPoints: last
	f.Complete = complete
}

// Merge returns what f and g, two facts of the same position, prove together: the
// known value (the first's source when both know it), the narrower bounds, and the
// union of the winning actions and of the actions that keep the exact margin.
func (f Fact) Merge(g Fact) Fact {
	out := f
	out.Winning = slices.Clone(f.Winning)
	out.Keeping = slices.Clone(f.Keeping)
	if g.Value != Unknown {
		out.setValue(g.BlackValue() == Win, g.Source)
	}
	if g.Low > out.Low || g.High < out.High {
		src := g.MarginSource
		if src == None {
			src = g.Source
		}
		out.bound(g.Low, g.High, src)
	}
	if g.Complete && g.Value != Loss {
		out.Winning, out.Complete = nil, false
		out.addWinning(g.Winning, true)
	} else if !out.Complete {
		out.addWinning(g.Winning, false)
	}
	out.addKeeping(g.Keeping)
	return out
}

// forMover returns the value for the side that played into a position whose fact is f,
// mover.
func (f Fact) forMover(mover board.Color) Value { return f.BlackValue().ForSide(mover) }
