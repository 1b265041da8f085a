// protocol.go: GTP version 2 lexical rules: line preprocessing, command parsing, responses, colours and vertices.

package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"littlego/board"
)

// The standard error messages of the GTP version 2 specification (Farnebäck, "Specification
// of the Go Text Protocol, version 2, draft 2", 2002), which controllers may match.
const (
	msgUnknownCommand   = "unknown command"
	msgSyntaxError      = "syntax error"
	msgIllegalMove      = "illegal move"
	msgUnacceptableSize = "unacceptable size"
	msgCannotUndo       = "cannot undo"
)

// Preprocess applies the preprocessing of section 2.2 of the specification to one input
// line (without its newline): control characters other than HT are removed (CR
// included), everything from a '#' on is dropped, and HT becomes a space. It returns ""
// for a line that is then empty or white space only, which is to be ignored.
func Preprocess(line string) string {
	var sb strings.Builder
	sb.Grow(len(line))
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '#':
			i = len(line)
			continue
		case c == '\t':
			sb.WriteByte(' ')
		case c < ' ' || c == 0x7f:
			// other control characters are removed
		default:
			sb.WriteByte(c)
		}
	}
	out := sb.String()
	if strings.TrimSpace(out) == "" {
		return ""
	}
	return out
}

// Command is one parsed command line.
type Command struct {
	// ID is the optional numeric id, as written ("" when absent); responses echo it.
	ID string
	// Name is the command name.
	Name string
	// Args are the arguments, split on white space.
	Args []string
}

// ParseCommand splits a preprocessed, non-empty line into an optional id, a command
// name and arguments. A line with an id but no command name is an error; the returned
// Command still carries the id so that the error response can echo it.
func ParseCommand(line string) (Command, error) {
	fields := strings.Fields(line)
	var c Command
	if len(fields) == 0 {
		return c, errors.New("empty command")
	}
	if isDigits(fields[0]) {
		c.ID, fields = fields[0], fields[1:]
		if len(fields) == 0 {
			return c, errors.New("missing command name")
		}
	}
	c.Name, c.Args = fields[0], fields[1:]
	return c, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// FormatSuccess returns the success response "=[id] text" followed by the empty line
// that ends every response. Empty lines inside text, which would end the response
// early, are dropped.
func FormatSuccess(id, text string) string { return format('=', id, text) }

// FormatFailure returns the failure response "?[id] message" and its ending empty line.
func FormatFailure(id, message string) string { return format('?', id, message) }

func format(status byte, id, text string) string {
	var sb strings.Builder
	sb.WriteByte(status)
	sb.WriteString(id)
	sb.WriteByte(' ')
	first := true
	for line := range strings.SplitSeq(strings.TrimRight(text, "\n"), "\n") {
		if !first {
			if strings.TrimSpace(line) == "" {
				continue
			}
			sb.WriteByte('\n')
		}
		first = false
		sb.WriteString(line)
	}
	sb.WriteString("\n\n")
	return sb.String()
}

// ParseColor reads a GTP colour case-insensitively: "b" or "black", "w" or "white".
func ParseColor(s string) (board.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return board.Black, nil
	case "w", "white":
		return board.White, nil
	}
	return board.Black, fmt.Errorf("%q is not a colour", s)
}

// parseFloat reads a finite number.
func parseFloat(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return f, nil
}

// parseSeconds reads a non-negative, finite time in seconds (GTP sends integers; a
// fraction is accepted).
func parseSeconds(s string) (float64, error) {
	f, err := parseFloat(s)
	if err != nil || f < 0 || f > 1e9 {
		return 0, fmt.Errorf("%q is not a time in seconds", s)
	}
	return f, nil
}

// parseCount reads a non-negative integer of at most 1e9.
func parseCount(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1e9 {
		return 0, fmt.Errorf("%q is not a non-negative integer", s)
	}
	return n, nil
}
