// pairs_test.go: paired matches: the same board twice with the first player swapped, and the sums by pair.

package referee

import (
	"context"
	"testing"
	"time"

	"littlego/games/fruitrage"
	"littlego/lib/matchstats"
)

// firstBoard records the first board it is shown and takes the first group.
type firstBoard struct {
	scripted
	seen *fruitrage.Board
}

func (p *firstBoard) Play(ctx context.Context, t *Turn) Reply {
	if p.seen == nil {
		b := *t.Board
		p.seen = &b
	}
	return p.scripted.Play(ctx, t)
}

// TestPairedGamesShareABoard: games 2k-1 and 2k start from the same board with the
// other player first; the next pair has another board; unpaired games all differ.
func TestPairedGamesShareABoard(t *testing.T) {
	for _, paired := range []bool{true, false} {
		cfg := Config{N: 6, P: 3, Clock: time.Second, Seed: 9, Paired: paired}
		var boards []fruitrage.Board
		var firsts []int
		for game := 1; game <= 4; game++ {
			a, b := &firstBoard{}, &firstBoard{}
			first := FirstPlayer(cfg.Seed, game)
			if _, err := PlayGame(context.Background(), cfg, game, first, a, b); err != nil {
				t.Fatal(err)
			}
			starter := a
			if first == 1 {
				starter = b
			}
			boards = append(boards, *starter.seen)
			firsts = append(firsts, first)
		}
		same := func(i, j int) bool { return boards[i].Hash == boards[j].Hash && boards[i].Cells == boards[j].Cells }
		if paired && (!same(0, 1) || !same(2, 3) || same(1, 2) || firsts[0] == firsts[1] || firsts[2] == firsts[3]) {
			t.Fatalf("paired: boards equal 1-2 %v, 3-4 %v, 2-3 %v; firsts %v", same(0, 1), same(2, 3), same(1, 2), firsts)
		}
		if !paired && (same(0, 1) || same(2, 3)) {
			t.Fatal("unpaired games repeat a board")
		}
	}
}

// TestPairsSum: pairs won, drawn (split or two drawn games) and lost, the score
// difference, the interval over pairs, and an odd last game left out.
func TestPairsSum(t *testing.T) {
	g := func(winner, a, b int) GameResult { return GameResult{Winner: winner, Score: [2]int{a, b}} }
	results := []GameResult{
		g(0, 10, 4), g(0, 9, 1), // won: +14
		g(0, 10, 4), g(1, 2, 30), // split: drawn, -22
		g(1, 1, 5), g(1, 0, 3), // lost: -7
		g(-1, 5, 5), g(0, 6, 5), // a drawn game and a win: won, +1
		g(-1, 4, 4), g(-1, 4, 4), // two drawn games: drawn
		g(0, 100, 0), // no partner: left out
	}
	p := Pairs(results)
	if p.Pairs != 5 || p.Won != 2 || p.Drawn != 2 || p.Lost != 1 || p.ScoreDiff != 14-22-7+1 {
		t.Fatalf("%+v", p)
	}
	lo, hi := matchstats.WilsonRate(0.6, 5)
	if p.Rate() != 0.6 || p.Lo != lo || p.Hi != hi || !(p.Lo < 0.6 && 0.6 < p.Hi) {
		t.Fatalf("rate %v interval [%v, %v], want 0.6 in [%v, %v]", p.Rate(), p.Lo, p.Hi, lo, hi)
	}
	if z := Pairs(nil); z.Pairs != 0 || z.Lo != 0 || z.Hi != 1 {
		t.Fatalf("no pairs: %+v", z)
	}
}
