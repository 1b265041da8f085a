package board_test

import (
	"fmt"
	"os"
	"strings"

	"littlego/board"
)

// A capture: White's lone stone in the corner loses its last liberty.
func ExamplePosition_Play() {
	pos := board.New()
	for _, pt := range []board.Point{
		board.PointAt(0, 1), // Black, move 1
		board.PointAt(0, 0), // White, move 2: in the corner
		board.PointAt(1, 0), // Black, move 3: takes the corner's last liberty
	} {
		captured, ok := pos.Play(pt)
		fmt.Printf("%s plays, %d captured, legal %v\n", pt, captured, ok)
	}
	fmt.Println(pos.String())
	// Output:
	// 0,1 plays, 0 captured, legal true
	// 0,0 plays, 0 captured, legal true
	// 1,0 plays, 1 captured, legal true
	//    0 1 2 3 4
	// 0  . X . . .
	// 1  X . . . .
	// 2  . . . . .
	// 3  . . . . .
	// 4  . . . . .
	// move 4, White to play: X 2, O 0+2.5
}

// Reading input.txt as the course host writes it, and answering in output.txt's format.
func ExampleParseInput() {
	text := "2\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00100\n00000\n00000"
	in, err := board.ParseInput(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := in.Position(2) // White's first move, move 2 of the game
	fmt.Printf("%s to play move %d, %d legal points\n", pos.Turn, pos.Move, pos.Legal().Count())
	board.WriteOutput(os.Stdout, board.PointAt(1, 2))
	board.WriteOutput(os.Stdout, board.Pass)
	// Output:
	// White to play move 2, 24 legal points
	// 1,2
	// PASS
}

// The game ends after move 24 and only stones count: White wins ties through komi 2.5.
func ExamplePosition_Winner() {
	pos := board.New()
	for !pos.Over {
		pos.Pass() // Black passes on move 1: the game ends at once
	}
	black, white := pos.Score()
	fmt.Printf("over after move %d: %d-%d, %s wins\n", pos.Move-1, black, white, pos.Winner())
	// Output:
	// over after move 1: 0-0, White wins
}
