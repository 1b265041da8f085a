package engine_test

import (
	"fmt"
	"strings"

	"littlego/board"
	"littlego/engine"
)

// The engine at its defaults, as my_player runs it: Black's first move comes from the
// proved opening book, a decided endgame from the exact solver.
func ExampleEngine_GenMove() {
	eng, err := engine.New(engine.Defaults())
	if err != nil {
		fmt.Println(err)
		return
	}
	mv, rep := eng.GenMove(board.New())
	fmt.Printf("move 1: %s by %s\n", mv, rep.Method)

	in, _ := board.ParseInput(strings.NewReader("1\n22000\n11100\n00000\n00000\n00000\n22200\n11100\n00000\n00000\n00000"))
	mv, rep = eng.GenMove(in.Position(23))
	fmt.Printf("move 23: %s by %s\n", mv, rep.Method)
	// Output:
	// move 1: 2,2 by book
	// move 23: 0,3 by solver
}

// Options read from an arena-style spec, as `arena 'engine:budget=0.2,c=0.7'` does.
func ExampleParseOptions() {
	o, err := engine.ParseOptions("budget=200ms,c=0.7,book=false")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Budget, o.C, o.Book, o.Policy)
	_, err = engine.ParseOptions("budget=60")
	fmt.Println(err)
	// Output:
	// 200ms 0.7 false pattern
	// budget 60 s out of range: want more than 0 and at most 6 s of CPU
}
