// replay.go: a game's positions under the course host's rules, and its moves' review from the ledger's values.

package review

import (
	"slices"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
)

// replay is a game played out: the position before each legal action, then the last
// position, and the illegal action that stopped it, if any.
type replay struct {
	positions []board.Position
	illegal   *Illegal
}

// replayGame plays actions from the empty board until the first illegal one.
func replayGame(actions []board.Point) replay {
	pos := board.New()
	r := replay{positions: []board.Position{pos}}
	for k, a := range actions {
		if why := illegalReason(&pos, a); why != "" {
			r.illegal = &Illegal{Number: k + 1, Color: pos.Turn, Action: a, Reason: why}
			break
		}
		pos.Act(a)
		r.positions = append(r.positions, pos)
	}
	return r
}

// illegalWords are the reasons record.Judge gives, as a review says them.
var illegalWords = map[record.Reason]string{
	"": "", record.IllegalOffBoard: "off the board", record.IllegalOccupied: "occupied",
	record.IllegalKo: "ko", record.IllegalSuicide: "suicide",
}

// illegalReason returns why the course host would forfeit a in pos (record.Judge, in
// words), or "" when a is legal.
func illegalReason(pos *board.Position, a board.Point) string {
	if pos.Over {
		return "after the end of the game"
	}
	return illegalWords[record.Judge(pos, a)]
}

// assemble builds the review of g's moves from the ledger's entries.
func (l *ledger) assemble(g *game, ln *replay) GameReview {
	r := GameReview{Name: g.Name, Black: g.Black, White: g.White, Illegal: ln.illegal, Fault: g.Fault,
		positions: ln.positions, Mistakes: []int{}, LostAt: []int{}}
	r.values = make([]facts.Value, len(ln.positions))
	r.margins = make([]*int, len(ln.positions))
	outcomes := make([]string, len(ln.positions))
	for i, pos := range ln.positions {
		e, _ := l.lookup(pos)
		r.values[i] = e.blackValue()
		if out := e.fact.Outcome(); out != "unknown" {
			outcomes[i] = out
		}
		if m, ok := e.fact.Margin(); ok {
			r.margins[i] = &m
		}
	}
	r.Moves = make([]MoveReview, 0, len(ln.positions)-1)
	for i := 0; i+1 < len(ln.positions); i++ {
		pos := ln.positions[i]
		e, sym := l.lookup(pos)
		c := pos.Turn
		m := MoveReview{Number: i + 1, Color: c, Action: g.Actions[i], Opening: i < g.Opening,
			Before: r.values[i].ForSide(c), After: r.values[i+1].ForSide(c), Proof: proofOf(e.fact, sym, g.Actions, i), EngineMove: board.NoPoint,
			MarginBefore: copyInt(r.margins[i]), MarginAfter: copyInt(r.margins[i+1]), OutcomeBefore: outcomes[i], OutcomeAfter: outcomes[i+1]}
		m.Blunder = !m.Opening && m.Before == facts.Win && m.After == facts.Loss
		m.AfterGift = i > 0 && r.Moves[i-1].Blunder
		if m.MarginBefore != nil && m.MarginAfter != nil {
			lost := *m.MarginBefore - *m.MarginAfter
			if c == board.White {
				lost = -lost
			}
			m.PointsLost = &lost
			m.Mistake = !m.Opening && m.Before == facts.Loss && lost >= MistakePoints
		}
		if m.Mistake {
			r.Mistakes = append(r.Mistakes, m.Number)
		}
		if e.engineMethod != "" {
			m.EngineMove = sym.Inverse().Point(e.engineMove)
			m.EngineMethod, m.EngineValue, m.EngineWinRate = e.engineMethod, e.engineValue, e.engineRate
			m.EngineEstimate = e.engineEstimate
		}
		r.Moves = append(r.Moves, m)
	}
	if c, ok := g.rec.Won(); ok {
		r.Winner = colorWord(c)
		r.Result = g.rec.Result()
	}
	return r
}

// proofOf returns the source of f, the fact of a canonical entry, as it reads of the
// line's position i, which sym maps to the entry (the points it names are the line's),
// reached by the line's action i-1.
func proofOf(f facts.Fact, sym board.Symmetry, actions []board.Point, i int) facts.Source {
	src := f.Source.Mapped(sym.Inverse())
	if i > 0 {
		src = src.ReachedBy(actions[i-1])
	}
	return src
}

// copyInt returns a pointer to a copy of *p, or nil for nil.
func copyInt(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// fillAlternatives gives each blunder of r its winning alternatives, and each mistake
// its best moves.
func (l *ledger) fillAlternatives(r *GameReview) {
	for i := range r.Moves {
		m := &r.Moves[i]
		e, sym := l.lookup(r.positions[i])
		switch {
		case m.Blunder:
			m.WinningAlternatives = unmap(sym, e.fact.Winning)
			m.AlternativesComplete = e.fact.Complete
		case m.Mistake:
			m.BestMoves = unmap(sym, e.best)
			m.BestComplete = e.bestComplete
		}
	}
}

// unmap returns the actions ps of a canonical entry in the orientation of the position
// that sym maps to it, in point order.
func unmap(sym board.Symmetry, ps []board.Point) []board.Point {
	inv := sym.Inverse()
	out := make([]board.Point, len(ps))
	for k, a := range ps {
		out[k] = inv.Point(a)
	}
	slices.Sort(out)
	return out
}
