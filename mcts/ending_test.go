// ending_test.go: actions that end the game are proven when their parent is expanded, so a winning pass is never overlooked.

package mcts

import (
	"context"
	"testing"

	"littlego/board"
)

// A pass that wins on the spot is found without a single simulation: the root is
// proven when it is expanded, whatever the priors think of passing.
func TestWinningPassAtTheRoot(t *testing.T) {
	pos := diagram(t, `
		.....
		..O..
		..X..
		.....
		.....`, board.White, 4)
	pos.Passed = true // Black just passed: White's pass ends the game, 1 - 1 + 2.5
	res, err := search(context.Background(), pos, fixedConfig(5000))
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != board.Pass || res.Proof != Win || res.Stop != StopProven {
		t.Fatalf("got %s (%s, stop %s), want the winning pass, proven", res.Move, res.Proof, res.Stop)
	}
}

// Black must not pass where White's pass would end the game with White ahead: below
// the root, White's winning pass is proven as soon as Black's pass node is expanded,
// so Black's pass is proven lost.
func TestLosingPassBelowTheRootIsProven(t *testing.T) {
	pos := diagram(t, `
		.....
		..O..
		..X..
		.....
		.....`, board.Black, 5)
	pos.Passed = false
	cfg := fixedConfig(20000)
	cfg.Expand = 1
	res, err := search(context.Background(), pos, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Move == board.Pass {
		t.Fatalf("Black passed into White's winning pass")
	}
	for _, m := range res.Moves {
		if m.Move == board.Pass && m.Visits > 0 && m.Proof != Loss {
			t.Errorf("Black's pass was visited %d times but not proven lost (%s)", m.Visits, m.Proof)
		}
	}
}

// On the last move every action ends the game, so a position at move 24 is proven at
// expansion, and the search agrees with brute force.
func TestLastMoveProvenAtExpansion(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		pos := randomPosition(seed, board.MaxMoves)
		if pos.Over || pos.Move != board.MaxMoves {
			continue
		}
		res, err := search(context.Background(), pos, fixedConfig(1000))
		if err != nil {
			t.Fatal(err)
		}
		if res.Proof == Unknown || res.Iterations != 0 {
			t.Fatalf("seed %d: move 24 not proven at expansion: %s after %d iterations", seed, res.Proof, res.Iterations)
		}
		if want := wins(pos, pos.Turn); (res.Proof == Win) != want {
			t.Errorf("seed %d: proof %s, brute force says win=%v", seed, res.Proof, want)
		}
	}
}
