// parse.go: the input file: task, player, cut-off depth, board size and board rows, checked line by line.

package gomoku

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Task is the search the input file asks for.
type Task int

// The tasks, numbered as in the input file.
const (
	// Greedy plays the move of highest value (a depth-1 search without a log).
	Greedy Task = 1
	// Minimax searches to the cut-off depth and logs every node (AIMA figure 5.3).
	Minimax Task = 2
	// AlphaBeta searches to the cut-off depth with alpha-beta pruning and logs the
	// nodes it visits with their alpha and beta (AIMA figure 5.7).
	AlphaBeta Task = 3
)

// String returns the task's name as the assignment writes it.
func (t Task) String() string {
	switch t {
	case Greedy:
		return "Greedy"
	case Minimax:
		return "Minimax"
	case AlphaBeta:
		return "Alpha-Beta"
	}
	return "Task(" + strconv.Itoa(int(t)) + ")"
}

// Problem is one input file: what to search, for whom, how deep, on which board.
type Problem struct {
	// Task is the search to run.
	Task Task
	// Player is the colour of the max player: Black for player 1, White for player 2.
	Player Stone
	// Depth is the cut-off depth, 1..MaxDepth; Greedy ignores it.
	Depth int
	// Board is the current position.
	Board *Board
}

// maxInputBytes bounds the input Parse reads: a 25x25 board with CRLF line endings
// and generous trailing whitespace stays far below it.
const maxInputBytes = 1 << 16

// Parse reads an input file: the task (1 Greedy, 2 Minimax, 3 Alpha-Beta), the player
// (1 black, 2 white), the cut-off depth (1..MaxDepth; for Greedy it must be a number
// but its value is ignored, as the assignment says), the board side N (MinSize..
// MaxSize) and N rows of N characters 'b', 'w' or '.'. Spaces, tabs and a carriage
// return around each line are ignored, and so are empty lines at the end; anything
// else is an error naming the line.
func Parse(r io.Reader) (*Problem, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInputBytes {
		return nil, fmt.Errorf("input is longer than %d bytes", maxInputBytes)
	}
	lines := bytes.Split(data, []byte{'\n'})
	for i := range lines {
		lines[i] = bytes.Trim(lines[i], " \t\r")
	}
	for len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 4 {
		return nil, fmt.Errorf("input has %d lines, want at least 4 (task, player, depth, size) before the board", len(lines))
	}
	number := func(line int, what string, lo, hi int) (int, error) {
		v, err := strconv.Atoi(string(lines[line]))
		if err != nil {
			return 0, fmt.Errorf("line %d: %s %q is not a number", line+1, what, lines[line])
		}
		if v < lo || v > hi {
			return 0, fmt.Errorf("line %d: %s %d out of range %d..%d", line+1, what, v, lo, hi)
		}
		return v, nil
	}
	task, err := number(0, "task", int(Greedy), int(AlphaBeta))
	if err != nil {
		return nil, err
	}
	player, err := number(1, "player", 1, 2)
	if err != nil {
		return nil, err
	}
	lo, hi := 1, MaxDepth
	if Task(task) == Greedy {
		lo, hi = -1<<31, 1<<31-1
	}
	depth, err := number(2, "cut-off depth", lo, hi)
	if err != nil {
		return nil, err
	}
	size, err := number(3, "board size", MinSize, MaxSize)
	if err != nil {
		return nil, err
	}
	rows := make([]string, 0, size)
	for _, l := range lines[4:] {
		rows = append(rows, string(l))
	}
	if len(rows) != size {
		return nil, fmt.Errorf("board has %d rows after line 4, want %d", len(rows), size)
	}
	b, err := NewBoard(rows)
	if err != nil {
		var re rowError
		if errors.As(err, &re) {
			return nil, fmt.Errorf("line %d: %s", re.row+4, re.what)
		}
		return nil, err
	}
	return &Problem{Task: Task(task), Player: Stone(player), Depth: depth, Board: b}, nil
}
