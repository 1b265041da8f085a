package player

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"littlego/board"
)

// maxStateBytes bounds what is read of a helper file: WriteState writes under 100 bytes.
const maxStateBytes = 1024

// stateMagic opens every helper file; a file without it is not ours.
const stateMagic = "littlego-state 1"

// StateFileName returns the helper file of the player of colour c. The name differs by
// colour so that two copies of the agent, one per colour, can share a folder.
func StateFileName(c board.Color) string {
	if c == board.Black {
		return "littlego_state_black.txt"
	}
	return "littlego_state_white.txt"
}

// State is what a player remembers between its moves: its colour, the number of the
// move it played last and the board right after that move (which the host will hand
// back as the previous board next turn).
type State struct {
	Color board.Color
	Move  int
	After board.Stones
}

// WriteState writes st in the helper-file format.
func WriteState(w io.Writer, st State) error {
	_, err := fmt.Fprintf(w, "%s\ncolour %d\nmove %d\nboard %s\n", stateMagic, st.Color.FileValue(), st.Move,
		strings.ReplaceAll(st.After.String(), "\n", ""))
	return err
}

// ReadState parses a helper file, rejecting anything that is not exactly what
// WriteState writes (a corrupt file is treated as no file by the caller).
func ReadState(r io.Reader) (State, error) {
	var st State
	sc := bufio.NewScanner(io.LimitReader(r, 1024))
	var lines []string
	for sc.Scan() {
		lines = append(lines, strings.TrimSpace(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		return st, err
	}
	if len(lines) != 4 || lines[0] != stateMagic {
		return st, fmt.Errorf("helper file: not a %q file of 4 lines", stateMagic)
	}
	color, ok1 := strings.CutPrefix(lines[1], "colour ")
	move, ok2 := strings.CutPrefix(lines[2], "move ")
	cells, ok3 := strings.CutPrefix(lines[3], "board ")
	if !ok1 || !ok2 || !ok3 {
		return st, fmt.Errorf("helper file: expected colour, move and board lines")
	}
	switch color {
	case "1":
		st.Color = board.Black
	case "2":
		st.Color = board.White
	default:
		return st, fmt.Errorf("helper file: colour %q", color)
	}
	m, err := strconv.Atoi(move)
	if err != nil || m < 1 || m > board.MaxMoves || (m%2 == 1) != (st.Color == board.Black) {
		return st, fmt.Errorf("helper file: move %q is not a move of %s", move, st.Color)
	}
	st.Move = m
	if len(cells) != board.NumPoints {
		return st, fmt.Errorf("helper file: board has %d cells, want 25", len(cells))
	}
	for p := 0; p < board.NumPoints; p++ {
		switch cells[p] {
		case '0':
		case '1':
			st.After[board.Black] |= board.Point(p).Bit()
		case '2':
			st.After[board.White] |= board.Point(p).Bit()
		default:
			return st, fmt.Errorf("helper file: board cell %q", cells[p])
		}
	}
	return st, nil
}

// MoveNumber decides the number of the move about to be played from the input and the
// helper file (st is nil when the file is missing or corrupt). It returns the number and
// a note for stderr when it had to guess. A new game is recognised from the boards
// alone: Black's first turn has both boards empty, White's first turn an empty previous
// board.
func MoveNumber(in *board.Input, st *State) (move int, note string) {
	switch {
	case in.Color == board.Black && in.Previous == (board.Stones{}) && in.Current == (board.Stones{}):
		return 1, ""
	case in.Color == board.White && in.Previous == (board.Stones{}):
		return 2, ""
	}
	guess := LeastMoveNumber(in)
	switch {
	case st == nil:
		note = "no usable helper file"
	case st.Color != in.Color:
		note = "helper file belongs to the other colour"
	case st.After != in.Previous:
		note = "helper file is stale: its board is not the previous board"
	case st.Move+2 > board.MaxMoves:
		note = "helper file says the game is over"
	case st.Move+2 < guess:
		note = fmt.Sprintf("helper file says move %d but the board needs at least %d", st.Move+2, guess)
	default:
		return st.Move + 2, ""
	}
	return guess, fmt.Sprintf("%s; inferred move %d from the stones on the board", note, guess)
}

// LeastMoveNumber returns the smallest move number that the stones on the boards allow:
// every stone on the board was placed by a move of its colour, so a side with k stones
// has made at least k moves.
func LeastMoveNumber(in *board.Input) int {
	var b, w int
	for _, s := range []board.Stones{in.Previous, in.Current} {
		b = max(b, s[board.Black].Count())
		w = max(w, s[board.White].Count())
	}
	var m int
	if in.Color == board.Black {
		// Black plays move m (odd) after (m-1)/2 moves of each side.
		m = 2*max(b, w) + 1
	} else {
		// White plays move m (even) after m/2 Black moves and m/2-1 White moves.
		m = max(2*b, 2*w+2)
	}
	return board.FixMoveNumber(in.Color, m)
}
