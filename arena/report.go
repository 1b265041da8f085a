// report.go: what a program prints of a match as it goes: a game's line, the last pair's SPRT line, the one-line summary, and records handed on in game order.

package arena

import (
	"fmt"
	"littlego/record"

	"littlego/lib/matchstats"
)

// Line returns one line on a finished game: the players and their stones, the winner
// and how the game ended.
func Line(r *record.Record) string {
	return fmt.Sprintf("game %3d: %s (B) %d - %s (W) %d: %s wins, %s", r.Game, r.Black, r.BlackStones,
		r.White, r.WhiteStones, r.Winner, r.Detail)
}

// Line returns the summary on one line: each agent's wins, A's by colour, and the
// number of distinct games.
func (s *Summary) Line() string {
	return fmt.Sprintf("%s %d/%d, %s %d/%d (A Black %d/%d, A White %d/%d), %d distinct", s.NameA, s.A.Wins, s.Games,
		s.NameB, s.B.Wins, s.Games, s.ByColor[0][0].Wins, s.ByColor[0][0].Games, s.ByColor[0][1].Wins,
		s.ByColor[0][1].Games, s.Distinct)
}

// LastPairLine returns one line on the test after its last pair: the LLR against its
// bounds and the Elo estimate; "" before the first pair.
func (p *PairTest) LastPairLine() string {
	if len(p.History) == 0 {
		return ""
	}
	last := p.History[len(p.History)-1]
	lower, upper := p.Test.Bounds()
	return fmt.Sprintf("pair %3d: LLR %.3f in [%.3f, %.3f], Elo %s [%s, %s]", last.Pairs, last.LLR, lower, upper,
		matchstats.FormatElo(last.Elo, 0), matchstats.FormatElo(last.EloLo, 0), matchstats.FormatElo(last.EloHi, 0))
}

// Played returns the records of the games that were started: a match that a
// sequential test stopped leaves the games it made unnecessary with Game 0.
func Played(records []record.Record) []record.Record {
	var played []record.Record
	for _, r := range records {
		if r.Game != 0 {
			played = append(played, r)
		}
	}
	return played
}

// InOrder hands records on in game order, each as soon as every earlier game is in;
// Config.OnRecord gives them in the order the games finish. It is not safe for
// concurrent use (OnRecord's calls are serialised).
type InOrder struct {
	next    int
	pending map[int]record.Record
	emit    func(record.Record)
}

// NewInOrder returns an InOrder that passes records to emit, game 1 first.
func NewInOrder(emit func(record.Record)) *InOrder {
	return &InOrder{next: 1, pending: map[int]record.Record{}, emit: emit}
}

// Add takes a finished game and emits every record now in order.
func (o *InOrder) Add(r record.Record) {
	o.pending[r.Game] = r
	for {
		r, ok := o.pending[o.next]
		if !ok {
			return
		}
		delete(o.pending, o.next)
		o.emit(r)
		o.next++
	}
}

// Flush emits the records still waiting for an earlier game that will not come.
func (o *InOrder) Flush() {
	for len(o.pending) > 0 {
		if r, ok := o.pending[o.next]; ok {
			delete(o.pending, o.next)
			o.emit(r)
		}
		o.next++
	}
}
