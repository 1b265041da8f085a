// verdict.go: the decisive move of a reviewed game and its one-line verdict.

package review

import (
	"fmt"
	"strings"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
)

// verdict sets r.Decisive and r.Verdict from r's moves and winner.
func verdict(r *GameReview, g *game) {
	n := len(r.Moves)
	if r.Winner == "" {
		last := r.positions[n]
		r.Verdict = fmt.Sprintf("unfinished after move %d: %s to play, %s", n, last.Turn,
			valueWords(r.valueFor(n, last.Turn)))
		if m := r.marginFor(n); m != nil {
			r.Verdict += fmt.Sprintf(" (%s with perfect play: %s)", record.Result(*m), record.Stones(*m))
		}
		return
	}
	w := board.Black
	if r.Winner == "white" {
		w = board.White
	}
	l := w.Other()
	d := r.decisive(w)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s won", w)
	forfeit := true
	switch {
	case r.Illegal != nil:
		fmt.Fprintf(&sb, " by forfeit: %s's move %d (%s) is illegal (%s)", l, r.Illegal.Number, r.Illegal.Action, r.Illegal.Reason)
	case g.Fault != "":
		fmt.Fprintf(&sb, " by a fault: %s", g.Fault)
	default:
		forfeit = false
	}
	r.LostAt = append([]int{}, r.lostAt(w)...)
	switch {
	case d > 0:
		if forfeit {
			sb.WriteString("; decided earlier,")
		}
		fmt.Fprintf(&sb, " a game that was %s's win with perfect play %s: %s's blunder at move %d", l, r.lostSince(w, d, g.Opening), l, d)
		r.Decisive, r.Decided = d, d
	case len(r.LostAt) > 0 && !r.inOpening(r.LostAt):
		sep := ":"
		if forfeit {
			sep = "; decided earlier:"
		}
		fmt.Fprintf(&sb, "%s %s", sep, r.lostWords(l))
		r.Decided = r.LostAt[0]
	case r.Illegal != nil:
		r.Decided = r.Illegal.Number
	case len(r.LostAt) > 0:
		r.Decided = r.LostAt[0]
	}
	if r.Illegal != nil && d == 0 {
		r.Decisive = r.Illegal.Number
	}
	players := d == 0 && (len(r.LostAt) == 0 || r.inOpening(r.LostAt)) // no player lost it
	if players && !forfeit && n == 0 {
		sb.WriteString(" without a move played")
	} else if players && !forfeit {
		sb.WriteString(r.withoutBlunder(w, g.Opening))
	}
	if players && len(r.LostAt) > 0 {
		fmt.Fprintf(&sb, "; %s", r.lostWords(l))
	}
	r.Verdict = sb.String()
}

// inOpening reports whether every move of at is one of the imposed opening's.
func (r *GameReview) inOpening(at []int) bool {
	for _, n := range at {
		if !r.Moves[n-1].Opening {
			return false
		}
	}
	return true
}

// lostAt returns the moves of the loser, l = w.Other(), at one of which its last proved
// win was lost: the positions from its last proved win to the first proved loss after it
// were unknown between, and only l's moves can turn l's win into a loss (every move of
// the other side leaves l's win a win), the imposed opening's included. One move when it
// is a proved blunder; none when l never held a proved win followed by a proved loss.
func (r *GameReview) lostAt(w board.Color) []int {
	l := w.Other()
	n := len(r.Moves)
	won := -1 // the last position proved won for l
	for i := n; i >= 0; i-- {
		if r.valueFor(i, l) == facts.Win {
			won = i
			break
		}
	}
	if won < 0 {
		return nil
	}
	for i := won + 1; i <= n; i++ {
		if r.valueFor(i, l) != facts.Loss {
			continue
		}
		var at []int
		for k := won; k < i; k++ {
			if m := &r.Moves[k]; m.Color == l {
				at = append(at, m.Number)
			}
		}
		return at
	}
	return nil
}

// lostWords says where l's win was lost, from r.LostAt: "Black's win was lost at move
// 3 or move 5 (a proved win before move 3, a proved loss after move 5, unknown
// between)", at a proved blunder, or in the imposed opening, which charges no one.
func (r *GameReview) lostWords(l board.Color) string {
	at := r.LostAt
	if len(at) == 1 && r.Moves[at[0]-1].Blunder {
		return fmt.Sprintf("%s's win was lost at its blunder at move %d", l, at[0])
	}
	var opening, own []int
	for _, n := range at {
		if r.Moves[n-1].Opening {
			opening = append(opening, n)
		} else {
			own = append(own, n)
		}
	}
	var where string
	switch {
	case len(own) == 0:
		where = "in the imposed opening, at " + movesOr(opening) + ", charged to no one"
	case len(opening) == 0:
		where = "at " + movesOr(own)
	default:
		where = "in the imposed opening (" + movesOr(opening) + ") or at " + movesOr(own)
	}
	first, last := at[0], at[len(at)-1]
	for last < len(r.Moves) && r.valueFor(last, l) != facts.Loss {
		last++
	}
	for first > 1 && r.valueFor(first-1, l) != facts.Win {
		first--
	}
	if last == first { // the move itself went from a proved win to a proved loss
		return fmt.Sprintf("%s's win was lost %s", l, where)
	}
	return fmt.Sprintf("%s's win was lost %s (a proved win before move %d, a proved loss after move %d, unknown between)", l, where, first, last)
}

// movesOr lists move numbers as "move 3", "move 3 or move 5", "move 3, move 5 or move 7".
func movesOr(ns []int) string {
	moves := make([]string, len(ns))
	for k, n := range ns {
		moves[k] = fmt.Sprintf("move %d", n)
	}
	if len(moves) == 1 {
		return moves[0]
	}
	return strings.Join(moves[:len(moves)-1], ", ") + " or " + moves[len(moves)-1]
}

// valueFor returns the value of position index i (before move i+1) for side c.
func (r *GameReview) valueFor(i int, c board.Color) facts.Value {
	return r.values[i].ForSide(c)
}

// marginFor returns the proved margin black - white of position index i, or nil.
func (r *GameReview) marginFor(i int) *int {
	return r.margins[i]
}

// decisive returns the number of the loser's last blunder when the winner w held a win
// (or an unproved position) at every position after it, or 0.
func (r *GameReview) decisive(w board.Color) int {
	for i := len(r.Moves) - 1; i >= 0; i-- {
		if r.valueFor(i+1, w) == facts.Loss {
			return 0 // w was proved lost after the last blunder that could decide
		}
		if m := &r.Moves[i]; m.Blunder && m.Color != w {
			return m.Number
		}
	}
	return 0
}

// lostSince says from when w had been lost before the decisive move d.
func (r *GameReview) lostSince(w board.Color, d, opening int) string {
	s := d - 1 // position index before move d: lost for w
	for s > 0 && r.valueFor(s-1, w) == facts.Loss {
		s--
	}
	switch {
	case s == 0:
		return fmt.Sprintf("from the empty board (%s)", record.Result(facts.EmptyBoardMargin))
	case s == opening:
		return fmt.Sprintf("from the imposed opening (move %d on)", opening+1)
	case r.Moves[s-1].Blunder && r.Moves[s-1].Color == w:
		return fmt.Sprintf("after %s's blunder at move %d", w, s)
	}
	return fmt.Sprintf("from move %d at least (unknown before)", s+1)
}

// withoutBlunder describes a win with no decisive blunder: held throughout, held from a
// move on after unproved positions, or not explained by the proofs found.
func (r *GameReview) withoutBlunder(w board.Color, opening int) string {
	n := len(r.Moves)
	held := n // the first position from which every value for w is a proved win
	for held > opening && r.valueFor(held-1, w) == facts.Win {
		held--
	}
	lost, unknown := 0, 0
	for i := opening; i < held; i++ {
		switch r.valueFor(i, w) {
		case facts.Loss:
			lost++
		case facts.Unknown:
			unknown++
		}
	}
	from := "the first move"
	if opening > 0 {
		from = fmt.Sprintf("the opening (move %d)", opening+1)
	}
	switch {
	case held == opening:
		return fmt.Sprintf(", holding a proved win from %s to the end: no blunder", from)
	case lost == 0 && held < n:
		return fmt.Sprintf(", holding a proved win from move %d to the end (unknown before): no blunder after it", held+1)
	}
	return fmt.Sprintf("; no decisive blunder proved (position unknown before %d of the %d moves)", unknown, n-opening)
}

// valueWords says a value for the side to move in words.
func valueWords(v facts.Value) string {
	switch v {
	case facts.Win:
		return "a proved win"
	case facts.Loss:
		return "a proved loss"
	}
	return "value unknown"
}
