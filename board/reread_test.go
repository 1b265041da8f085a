package board_test

import (
	"math/rand/v2"
	"testing"

	"littlego/board"
)

// TestActAndReread plays seeded random games with Act and checks, at every move, that
// the position read back through input.txt's format (Reread) is the one played.
func TestActAndReread(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for game := 0; game < 200; game++ {
		pos := board.New()
		for !pos.Over {
			prev := pos.Stones
			legal := pos.Legal()
			var acts []board.Point
			for pt := board.Point(0); pt < board.NumPoints; pt++ {
				if legal.Has(pt) {
					acts = append(acts, pt)
				}
				if q := pos; !legal.Has(pt) && q.Act(pt) {
					t.Fatalf("Act(%v) accepted an illegal point", pt)
				}
			}
			acts = append(acts, board.Pass)
			a := acts[rng.IntN(len(acts))]
			if pos.Move == 1 && a == board.Pass {
				a = acts[0]
			}
			if !pos.Act(a) {
				t.Fatalf("Act(%v) refused a legal action", a)
			}
			if pos.Over {
				break
			}
			seen, err := board.Reread(pos, prev)
			if err != nil {
				t.Fatal(err)
			}
			if seen.Stones != pos.Stones || seen.Turn != pos.Turn || seen.Move != pos.Move || seen.Ko != pos.Ko || seen.Passed != pos.Passed || seen.Hash != pos.Hash {
				t.Fatalf("game %d: reread\n%v\nplayed\n%v", game, seen.String(), pos.String())
			}
		}
	}
}
