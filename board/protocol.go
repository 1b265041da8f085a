package board

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// HostCPULimit is the CPU time the course host allows one move's process, every thread
// counted; a move over it loses the game.
const HostCPULimit = 10 * time.Second

// MaxInputBytes bounds what ParseInput reads: a real input.txt is 71 bytes, so the 11
// lines it needs always lie in the first MaxInputBytes even when junk follows them.
const MaxInputBytes = 4096

// Input is the content of an input.txt: the colour to play, the previous board (after
// the player's own last move) and the current board (after the opponent's reply).
type Input struct {
	// Color is the side to play.
	Color Color
	// Previous is the board after the player's own last move (lines 2-6).
	Previous Stones
	// Current is the board after the opponent's last move (lines 7-11).
	Current Stones
	// HaveColor, HavePrevious and HaveCurrent say which parts were read without error;
	// ParseInput fills them even when it returns an error, so that a player can still
	// move when only the previous board is damaged.
	HaveColor, HavePrevious, HaveCurrent bool
}

// InputError is a problem with one line of an input.txt (Line 0: the file as a whole).
type InputError struct {
	Line int
	Msg  string
}

func (e *InputError) Error() string {
	if e.Line == 0 {
		return "input.txt: " + e.Msg
	}
	return fmt.Sprintf("input.txt line %d: %s", e.Line, e.Msg)
}

// ParseInput reads an input.txt, returning the first problem found and, even then, the
// parts it could read (see Input). It accepts a UTF-8 byte-order mark, LF, CRLF or
// CR-only line ends, a missing final newline, blank lines at the end and spaces or tabs
// around a line; it requires the colour 1 or 2 on line 1 and five digits 0-2 on each
// of lines 2-11.
func ParseInput(r io.Reader) (Input, error) {
	var in Input
	data, err := io.ReadAll(io.LimitReader(r, MaxInputBytes+1))
	if err != nil {
		return in, &InputError{0, "cannot read: " + err.Error()}
	}
	var first error
	note := func(e error) {
		if first == nil {
			first = e
		}
	}
	if len(data) > MaxInputBytes {
		note(&InputError{0, fmt.Sprintf("longer than %d bytes; expected 11 short lines (reading the first %d bytes)", MaxInputBytes, MaxInputBytes)})
		data = data[:MaxInputBytes]
	}
	// Editors on other systems add a byte-order mark or end lines with CR alone; the
	// host's Python text mode reads both as plain lines.
	text := strings.TrimPrefix(string(data), "\uFEFF")
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	for i := range lines {
		lines[i] = strings.Trim(lines[i], " \t")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return in, &InputError{0, "empty; expected 11 lines (colour, previous board, current board)"}
	}
	switch lines[0] {
	case "1":
		in.Color, in.HaveColor = Black, true
	case "2":
		in.Color, in.HaveColor = White, true
	default:
		note(&InputError{1, fmt.Sprintf("expected the colour 1 or 2, got %q", clip(lines[0]))})
	}
	if len(lines) > 11 {
		note(&InputError{0, fmt.Sprintf("has %d lines; expected 11 (colour, then two boards of 5 lines)", len(lines))})
	}
	var bad bool
	in.Previous, bad = parseBoard(lines, 1, note)
	in.HavePrevious = !bad
	in.Current, bad = parseBoard(lines, 6, note)
	in.HaveCurrent = !bad
	return in, first
}

// parseBoard reads the board on lines[from : from+5] (file lines from+1 .. from+5).
func parseBoard(lines []string, from int, note func(error)) (s Stones, bad bool) {
	for i := 0; i < Size; i++ {
		n := from + i
		if n >= len(lines) {
			note(&InputError{n + 1, "missing; expected 5 digits 0-2"})
			return s, true
		}
		row := lines[n]
		if len(row) != Size {
			note(&InputError{n + 1, fmt.Sprintf("expected 5 digits 0-2, got %q (%d characters)", clip(row), len(row))})
			bad = true
			continue
		}
		for j := 0; j < Size; j++ {
			switch row[j] {
			case '0':
			case '1':
				s[Black] |= PointAt(i, j).Bit()
			case '2':
				s[White] |= PointAt(i, j).Bit()
			default:
				note(&InputError{n + 1, fmt.Sprintf("expected 5 digits 0-2, got %q (column %d)", clip(row), j)})
				bad = true
			}
		}
	}
	return s, bad
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// FormatInput writes an input.txt as the course host does: the colour, the previous
// board, the current board, LF line ends and no final newline.
func FormatInput(w io.Writer, color Color, previous, current Stones) error {
	_, err := fmt.Fprintf(w, "%d\n%s\n%s", color.FileValue(), previous, current)
	return err
}

// Captured returns the player's stones that the opponent's last move captured: on the
// previous board, not on the current one.
func (in *Input) Captured() Bitboard {
	return in.Previous[in.Color] &^ in.Current[in.Color]
}

// Consistency returns nil when the current board can follow from the previous board by
// one action of the opponent (a legal move with its captures, or a pass), and otherwise
// an error that says why not.
func (in *Input) Consistency() error {
	me, op := in.Color, in.Color.Other()
	prev, cur := in.Previous, in.Current
	if cur[op]&^prev[op] == 0 {
		// No new enemy stone: the opponent passed, or this is the first move.
		if prev != cur {
			return errors.New("boards differ but the opponent placed no stone")
		}
	} else {
		if gone := prev[op] &^ cur[op]; gone != 0 {
			return fmt.Errorf("%s stones vanished at %s although %s moved", op, pointList(gone), op)
		}
		if added := cur[me] &^ prev[me]; added != 0 {
			return fmt.Errorf("%s stones appeared at %s during %s's move", me, pointList(added), op)
		}
		added := cur[op] &^ prev[op]
		if added&(added-1) != 0 {
			return fmt.Errorf("%d %s stones appeared at %s; one move adds one stone", added.Count(), op, pointList(added))
		}
		if prev.Empty()&added == 0 {
			return fmt.Errorf("%s stone at %s was placed on an occupied point", op, added.First())
		}
		q := Position{Stones: prev, Turn: op, Move: 1, Last: MaxMoves}
		if _, ok := q.Play(added.First()); !ok {
			return fmt.Errorf("the %s move at %s is suicide on the previous board", op, added.First())
		}
		if q.Stones != cur {
			return fmt.Errorf("the %s move at %s should capture %s but the current board shows %s captured",
				op, added.First(), pointList(prev[me]&^q.Stones[me]), pointList(in.Captured()))
		}
	}
	for c := Black; c <= White; c++ {
		for rest := cur[c]; rest != 0; {
			g := Group(rest&-rest, cur[c])
			rest &^= g
			if g.Neighbours()&cur.Empty() == 0 {
				return fmt.Errorf("the %s group at %s has no liberty", c, pointList(g))
			}
		}
	}
	return nil
}

func pointList(b Bitboard) string {
	if b == 0 {
		return "none"
	}
	var parts []string
	for ; b != 0; b &= b - 1 {
		parts = append(parts, "("+b.First().String()+")")
	}
	return strings.Join(parts, " ")
}

// Position returns the position to play from, with move the number of the move about to
// be played. A move out of 1..MaxMoves, or of the wrong parity for the colour (Black
// plays the odd numbers), is moved to the nearest valid number. The ko point is found
// as the host finds it: a point where the retake would bring back the previous board
// after the opponent captured.
func (in *Input) Position(move int) Position {
	move = FixMoveNumber(in.Color, move)
	p := Position{Stones: in.Current, Move: uint8(move), Last: MaxMoves, Turn: in.Color}
	p.Passed = in.Previous == in.Current
	p.Hash = p.ComputeHash()
	for cand := in.Captured() & in.Current.Empty(); cand != 0; cand &= cand - 1 {
		pt := cand.First()
		own := in.Current[in.Color] | pt.Bit()
		if Group(pt.Bit(), own).Neighbours()&in.Current.Empty()&^pt.Bit() != 0 {
			continue // the placed stone's group has a liberty: no ko check (RULES.md step 3)
		}
		q := p
		if _, ok := q.Play(pt); ok && q.Stones == in.Previous {
			p.Ko = pt.Bit()
		}
	}
	return p
}

// KoRetakes returns the points where color's move on current would be an illegal ko
// retake under at least one previous board that current can follow from by one
// opponent move, and no point when there is no such move.
//
// A player that cannot read the previous board forbids them all, since the true one may
// be any of those boards. A retake at p is illegal only if the board after it equals the
// previous board, so the one candidate previous board for p is the board after playing
// p; Consistency and Position then judge it as they judge a readable previous board.
func KoRetakes(color Color, current Stones) Bitboard {
	var ko Bitboard
	p := Position{Stones: current, Turn: color, Move: 1, Last: MaxMoves}
	for cand := current.Empty(); cand != 0; cand &= cand - 1 {
		pt := cand.First()
		q := p
		if _, ok := q.Play(pt); !ok || q.Stones[color.Other()] == current[color.Other()] {
			continue // illegal, or captures nothing: no board before it can be a ko
		}
		hyp := Input{Color: color, Previous: q.Stones, Current: current}
		if hyp.Consistency() == nil {
			ko |= hyp.Position(FixMoveNumber(color, 1)).Ko & pt.Bit()
		}
	}
	return ko
}

// FixMoveNumber clamps move into 1..MaxMoves with the parity of colour (Black odd).
func FixMoveNumber(color Color, move int) int {
	if move < 1 {
		move = 1
	}
	if move > MaxMoves {
		move = MaxMoves
	}
	if (move%2 == 1) != (color == Black) {
		if move == MaxMoves {
			move--
		} else {
			move++
		}
	}
	return move
}

// WriteOutput writes an output.txt: "i,j" or "PASS", then LF.
func WriteOutput(w io.Writer, pt Point) error {
	if pt != Pass && (pt < 0 || pt >= NumPoints) {
		return fmt.Errorf("output: %d is not a point or PASS", pt)
	}
	_, err := io.WriteString(w, pt.String()+"\n")
	return err
}

// ParseOutput reads an output.txt as the course host does, returning an error that
// names what it read when the answer is not PASS or an on-board i,j. It reads the first
// line only (ended by LF, CR or the end of the file), trimmed and split on commas:
// "PASS" (upper case) as the first field passes, otherwise the first two fields are the
// integers i and j. Whether the point is legal on the board is the caller's check.
func ParseOutput(r io.Reader) (Point, error) {
	br := bufio.NewReader(io.LimitReader(r, MaxInputBytes))
	line, err := br.ReadString('\n')
	if err != nil && err != io.EOF {
		return NoPoint, fmt.Errorf("output.txt: %v", err)
	}
	line, _, _ = strings.Cut(line, "\r") // the host's Python text mode also ends a line at a lone CR
	line = strings.TrimSpace(line)
	fields := strings.Split(line, ",")
	if fields[0] == "PASS" {
		return Pass, nil
	}
	if line == "" {
		return NoPoint, errors.New("output.txt: empty first line")
	}
	if len(fields) < 2 {
		return NoPoint, fmt.Errorf("output.txt: expected i,j or PASS, got %q", clip(line))
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(fields[0]))
	j, err2 := strconv.Atoi(strings.TrimSpace(fields[1]))
	if err1 != nil || err2 != nil {
		return NoPoint, fmt.Errorf("output.txt: expected two integers i,j, got %q", clip(line))
	}
	if i < 0 || i >= Size || j < 0 || j >= Size {
		return NoPoint, fmt.Errorf("output.txt: %d,%d is %w", i, j, ErrOffBoard)
	}
	return PointAt(i, j), nil
}

// ErrOffBoard is wrapped by the errors of ParseOutput (two integers that name no point of
// the board: the host reads such a move and rejects it as illegal) and ParseVertex (a
// well-formed GTP vertex of a bigger board).
var ErrOffBoard = errors.New("off the board")

// Reread returns pos, reached from the board prev by the opponent's last action, as a
// player sees it: written in input.txt's format and read back, so that the ko and the
// pass state are the host's reading of the two boards.
func Reread(pos Position, prev Stones) (Position, error) {
	var buf strings.Builder
	if err := FormatInput(&buf, pos.Turn, prev, pos.Stones); err != nil {
		return Position{}, err
	}
	in, err := ParseInput(strings.NewReader(buf.String()))
	if err != nil {
		return Position{}, err
	}
	return in.Position(int(pos.Move)), nil
}
