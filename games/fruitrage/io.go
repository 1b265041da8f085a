// io.go: the assignment's file formats: parsing input.txt tolerantly, writing and parsing output.txt.

package fruitrage

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// MaxInputBytes bounds how much of an input or output file is read.
const MaxInputBytes = 64 << 10

// Input is a parsed input.txt.
type Input struct {
	// Board is the position to play.
	Board Board
	// Types is the p line, kept as read: it is not reliable (files hold digits ≥ p).
	Types int
	// Remaining is the player's remaining CPU time in seconds.
	Remaining float64
}

// lines splits r into at most max lines, trimming CR and surrounding blanks.
func lines(r io.Reader, max int) ([]string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInputBytes))
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var out []string
	for sc.Scan() && len(out) < max {
		out = append(out, strings.TrimSpace(sc.Text()))
	}
	return out, sc.Err()
}

// ParseInput reads input.txt: n, p, the remaining time, then n rows of n digits or '*'.
// It accepts CRLF, a missing final newline and blanks around values, accepts any digit
// whatever p says, and applies gravity if a row breaks it.
func ParseInput(r io.Reader) (Input, error) {
	var in Input
	ls, err := lines(r, 3+MaxSize)
	if err != nil {
		return in, err
	}
	if len(ls) < 3 {
		return in, errors.New("input: want n, p and the remaining time on the first three lines")
	}
	n, err := strconv.Atoi(ls[0])
	if err != nil || n < 1 || n > MaxSize {
		return in, fmt.Errorf("input: line 1: want the board size 1..%d, got %q", MaxSize, ls[0])
	}
	in.Types, err = strconv.Atoi(ls[1])
	if err != nil || in.Types < 0 {
		return in, fmt.Errorf("input: line 2: want the number of fruit types, got %q", ls[1])
	}
	in.Remaining, err = strconv.ParseFloat(ls[2], 64)
	if err != nil || math.IsNaN(in.Remaining) || math.IsInf(in.Remaining, 0) {
		return in, fmt.Errorf("input: line 3: want the remaining time in seconds, got %q", ls[2])
	}
	rows, err := parseRows(ls[3:], n, 4)
	if err != nil {
		return in, fmt.Errorf("input: %w", err)
	}
	in.Board = NewBoard(n, rows)
	if in.Board.IsEmpty() {
		return in, errors.New("input: the board has no fruit")
	}
	return in, nil
}

// parseRows checks n rows of n digits or '*'; first is the file line number of ls[0].
func parseRows(ls []string, n, first int) ([][]byte, error) {
	if len(ls) < n {
		return nil, fmt.Errorf("want %d board rows, got %d", n, len(ls))
	}
	rows := make([][]byte, n)
	for r := 0; r < n; r++ {
		row := ls[r]
		if len(row) != n {
			return nil, fmt.Errorf("line %d: want %d cells, got %q", first+r, n, clip(row))
		}
		for _, ch := range []byte(row) {
			if ch != '*' && (ch < '0' || ch > '9') {
				return nil, fmt.Errorf("line %d: want digits or '*', got %q", first+r, clip(row))
			}
		}
		rows[r] = []byte(row)
	}
	return rows, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// WriteOutput writes output.txt: the move's name, then the n rows of after, top row
// first, each ended by LF, and nothing else.
func WriteOutput(w io.Writer, after *Board, m Move) error {
	buf := make([]byte, 0, 4+after.N*(after.N+1))
	buf = append(buf, after.Name(m)...)
	buf = append(buf, '\n')
	buf = AppendRows(buf, after)
	_, err := w.Write(buf)
	return err
}

// AppendRows appends the rows of b, top row first, each ended by LF.
func AppendRows(buf []byte, b *Board) []byte {
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			if d := b.At(c, r); d == Empty {
				buf = append(buf, '*')
			} else {
				buf = append(buf, '0'+d)
			}
		}
		buf = append(buf, '\n')
	}
	return buf
}

// ParseMove reads a move name such as "G8" on a board of size n (column letter, row
// counted from the top from 1).
func ParseMove(s string, n int) (Move, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return NoMove, fmt.Errorf("want a move like G8, got %q", clip(s))
	}
	r, err := strconv.Atoi(s[1:])
	c := int(s[0] - 'A')
	if err != nil || r < 1 || r > n || c >= n {
		return NoMove, fmt.Errorf("move %q is off the %d×%d board", clip(s), n, n)
	}
	return Move{int8(c), int8(n - r)}, nil
}

// ParseOutput reads output.txt for a board of size n: the move, then n rows. It
// returns the move and the rows as a board (gravity is not applied; the rows are kept
// as written so that the caller can compare them with the true next board).
func ParseOutput(r io.Reader, n int) (Move, []byte, error) {
	ls, err := lines(r, 2+n)
	if err != nil {
		return NoMove, nil, err
	}
	if len(ls) < 1+n {
		return NoMove, nil, fmt.Errorf("output: want 1+%d lines, got %d", n, len(ls))
	}
	if len(ls) > 1+n && ls[1+n] != "" {
		return NoMove, nil, fmt.Errorf("output: more than 1+%d lines", n)
	}
	m, err := ParseMove(ls[0], n)
	if err != nil {
		return NoMove, nil, fmt.Errorf("output: line 1: %w", err)
	}
	rows, err := parseRows(ls[1:1+n], n, 2)
	if err != nil {
		return NoMove, nil, fmt.Errorf("output: %w", err)
	}
	var flat []byte
	for _, row := range rows {
		flat = append(flat, row...)
		flat = append(flat, '\n')
	}
	return m, flat, nil
}
