package player

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
	"time"

	"littlego/board"
)

// maxStateBytes bounds what is read of a helper file: WriteState writes under 150 bytes.
const maxStateBytes = 1024

// stateMagic opens every helper file; a file without it (an older version's among them)
// is not ours.
const stateMagic = "littlego-state 2"

// maxStateCPU bounds the CPU times a helper file may state: a side's whole game.
const maxStateCPU = 12 * board.HostCPULimit

// StateFileName returns the helper file of the player of colour c. The name differs by
// colour so that two copies of the agent, one per colour, can share a folder.
func StateFileName(c board.Color) string {
	if c == board.Black {
		return "littlego_state_black.txt"
	}
	return "littlego_state_white.txt"
}

// State is what a player remembers between its moves: its colour, the number of the
// move it played last, the board right after that move (which the host will hand back
// as the previous board next turn), and the CPU account of its moves so far this game
// (the bank: Planned - Spent).
type State struct {
	Color board.Color
	Move  int
	After board.Stones
	// Planned is what the game plan gave this side's moves so far (engine.PlanSoFar of
	// Move), and Spent what they used, counted at the least as the host counts it.
	Planned, Spent time.Duration
}

// stateBody is the helper file without its check line.
func stateBody(st State) string {
	return fmt.Sprintf("%s\ncolour %d\nmove %d\nboard %s\ncpu %d %d\n", stateMagic, st.Color.FileValue(), st.Move,
		strings.ReplaceAll(st.After.String(), "\n", ""), st.Planned.Microseconds(), st.Spent.Microseconds())
}

// stateCheck is the check line's value: FNV-1a (32 bits) of the body, so that a
// damaged file is refused rather than trusted.
func stateCheck(body string) string {
	h := fnv.New32a()
	h.Write([]byte(body))
	return fmt.Sprintf("%08x", h.Sum32())
}

// WriteState writes st in the helper-file format: the fields, one a line, then a check
// line over them. CPU times are written in whole microseconds.
func WriteState(w io.Writer, st State) error {
	body := stateBody(st)
	_, err := fmt.Fprintf(w, "%scheck %s\n", body, stateCheck(body))
	return err
}

// ReadState parses a helper file, rejecting anything that is not exactly what
// WriteState writes, with a matching check line (a corrupt file is treated as no file
// by the caller).
func ReadState(r io.Reader) (State, error) {
	var st State
	sc := bufio.NewScanner(io.LimitReader(r, maxStateBytes))
	var lines []string
	for sc.Scan() {
		lines = append(lines, strings.TrimSpace(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		return st, err
	}
	if len(lines) != 6 || lines[0] != stateMagic {
		return st, fmt.Errorf("helper file: not a %q file of 6 lines", stateMagic)
	}
	color, ok1 := strings.CutPrefix(lines[1], "colour ")
	move, ok2 := strings.CutPrefix(lines[2], "move ")
	cells, ok3 := strings.CutPrefix(lines[3], "board ")
	cpu, ok4 := strings.CutPrefix(lines[4], "cpu ")
	check, ok5 := strings.CutPrefix(lines[5], "check ")
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
		return st, fmt.Errorf("helper file: expected colour, move, board, cpu and check lines")
	}
	if err := readCPU(cpu, &st); err != nil {
		return st, err
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
	if stateCheck(stateBody(st)) != check {
		return st, fmt.Errorf("helper file: check %q does not match its contents", check)
	}
	return st, nil
}

// readCPU reads the cpu line's planned and spent microseconds into st.
func readCPU(line string, st *State) error {
	f := strings.Fields(line)
	if len(f) != 2 {
		return fmt.Errorf("helper file: cpu line %q: want planned and spent microseconds", line)
	}
	var us [2]int64
	for i, s := range f {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < 0 || v > maxStateCPU.Microseconds() {
			return fmt.Errorf("helper file: cpu %q out of range", s)
		}
		us[i] = v
	}
	st.Planned, st.Spent = time.Duration(us[0])*time.Microsecond, time.Duration(us[1])*time.Microsecond
	return nil
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
