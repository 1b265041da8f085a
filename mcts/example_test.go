package mcts_test

import (
	"context"
	"fmt"
	"strings"

	"littlego/board"
	"littlego/mcts"
)

// Black to play move 23 of 24: capturing White's three stones at 0,3 is the only win.
// The search proves it (MCTS-Solver) with a fixed number of iterations, reproducibly.
func ExampleSearch() {
	in, err := board.ParseInput(strings.NewReader("1\n22000\n11100\n00000\n00000\n00000\n22200\n11100\n00000\n00000\n00000"))
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := in.Position(23)
	lim := mcts.Limit{Playouts: 2000} // a fixed amount of work instead of CPU time
	res, err := mcts.Search(context.Background(), pos, mcts.DefaultConfig(), lim, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s plays %s: %s\n", pos.Turn, res.Move, res.Proof)
	// Output:
	// Black plays 0,3: win
}
