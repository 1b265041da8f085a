// verdict_test.go: the decisive move and the verdict's words on value sequences written by hand.

package review

import (
	"slices"
	"strings"
	"testing"

	"littlego/board"
	"littlego/facts"
)

// handReview builds a review whose positions have the given values for Black ('w' win,
// 'l' loss, '?' unknown), marking blunders and gifts as assemble does.
func handReview(values string, winner string, opening int) (GameReview, game) {
	r := GameReview{Name: "hand", Winner: winner, positions: make([]board.Position, len(values)),
		values: make([]facts.Value, len(values)), margins: make([]*int, len(values))}
	v := func(i int) facts.Value {
		return map[byte]facts.Value{'w': facts.Win, 'l': facts.Loss, '?': facts.Unknown}[values[i]]
	}
	for i := range values {
		r.values[i] = v(i)
	}
	for i := 0; i+1 < len(values); i++ {
		c := board.Color(i % 2)
		m := MoveReview{Number: i + 1, Color: c, Opening: i < opening, Before: v(i).ForSide(c), After: v(i + 1).ForSide(c)}
		m.Blunder = !m.Opening && m.Before == facts.Win && m.After == facts.Loss
		m.AfterGift = i > 0 && r.Moves[i-1].Blunder
		r.Moves = append(r.Moves, m)
	}
	return r, game{Opening: opening}
}

func TestVerdict(t *testing.T) {
	cases := []struct {
		values, winner string
		opening        int
		decisive       int
		lostAt         []int
		decided        int
		want           string
	}{
		{"wwwww", "black", 0, 0, nil, 0, "Black won, holding a proved win from the first move to the end: no blunder"},
		{"wlllw", "black", 0, 4, []int{4}, 4, "Black won a game that was White's win with perfect play after Black's blunder at move 1: White's blunder at move 4"},
		{"wwwll", "white", 0, 3, []int{3}, 3, "White won a game that was Black's win with perfect play from the empty board (B+0.5): Black's blunder at move 3"},
		{"w??ww", "black", 0, 0, nil, 0, "Black won, holding a proved win from move 4 to the end (unknown before): no blunder after it"},
		{"wl?lw", "black", 0, 4, []int{4}, 4, "Black won a game that was White's win with perfect play from move 4 at least (unknown before): White's blunder at move 4"},
		{"w", "white", 0, 0, nil, 0, "White won without a move played"},
		{"wwllw", "black", 2, 4, []int{4}, 4, "Black won a game that was White's win with perfect play from the imposed opening (move 3 on): White's blunder at move 4"},
		// A win lost across unknown positions: only the loser's moves between can have lost it.
		{"ww????ll", "white", 0, 0, []int{3, 5}, 3, "White won: Black's win was lost at move 3 or move 5 (a proved win before move 2, a proved loss after move 6, unknown between)"},
		{"w?lwl", "white", 0, 0, nil, 0, "White won; no decisive blunder proved"}, // values no game has: White's move 4 lost Black's win
		{"w???lww?l", "white", 0, 0, []int{7}, 7, "White won: Black's win was lost at move 7 (a proved win before move 7, a proved loss after move 8, unknown between)"},
		{"w??ll", "white", 2, 0, []int{1, 3}, 1, "White won: Black's win was lost in the imposed opening (move 1) or at move 3 (a proved win before move 1, a proved loss after move 3, unknown between)"},
		// A win lost in the opening is no one's: the verdict says how the winner held on, then where.
		{"wllll", "white", 2, 0, []int{1}, 1, "White won, holding a proved win from the opening (move 3) to the end: no blunder; Black's win was lost in the imposed opening, at move 1, charged to no one"},
		{"w?lll", "white", 2, 0, []int{1}, 1, "White won, holding a proved win from the opening (move 3) to the end: no blunder; Black's win was lost in the imposed opening, at move 1, charged to no one (a proved win before move 1, a proved loss after move 2, unknown between)"},
	}
	for _, c := range cases {
		r, g := handReview(c.values, c.winner, c.opening)
		verdict(&r, &g)
		if r.Decisive != c.decisive || !strings.HasPrefix(r.Verdict, c.want) {
			t.Errorf("%s (winner %q, opening %d): decisive %d, verdict %q; want %d, %q", c.values, c.winner, c.opening, r.Decisive, r.Verdict, c.decisive, c.want)
		}
		if !slices.Equal(r.LostAt, c.lostAt) || r.Decided != c.decided || r.LostAt == nil {
			t.Errorf("%s (winner %q): lost at %v, decided %d; want %v, %d (an empty list, not null)", c.values, c.winner, r.LostAt, r.Decided, c.lostAt, c.decided)
		}
	}
}
