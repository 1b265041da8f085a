// Package boardtest gives tests their Little-Go positions: board diagrams written as text,
// the positions of testdata/positions.jsonl, judged by the course host's rules, and those
// of testdata/solved.jsonl, solved exactly to the end of the game.
package boardtest

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"littlego/board"
)

// Diagram builds a position from five rows of X (Black), O (White) and . (empty),
// separated by white space, with turn to play move number move (no ko, no pass).
func Diagram(rows string, turn board.Color, move int) (board.Position, error) {
	lines := strings.Fields(rows)
	if len(lines) != board.Size {
		return board.Position{}, fmt.Errorf("diagram needs %d rows, got %d", board.Size, len(lines))
	}
	if move < 1 || move > board.MaxMoves {
		return board.Position{}, fmt.Errorf("diagram: move %d out of range 1..%d", move, board.MaxMoves)
	}
	pos := board.New()
	pos.Stones = board.Stones{}
	for i, line := range lines {
		if len(line) != board.Size {
			return board.Position{}, fmt.Errorf("diagram row %q is not %d wide", line, board.Size)
		}
		for j, ch := range line {
			p := board.PointAt(i, j)
			switch ch {
			case 'X':
				pos.Stones[board.Black] |= p.Bit()
			case 'O':
				pos.Stones[board.White] |= p.Bit()
			case '.':
			default:
				return board.Position{}, fmt.Errorf("diagram: bad character %q", ch)
			}
		}
	}
	pos.Turn = turn
	pos.Move = uint8(move)
	pos.Passed = false
	pos.Hash = pos.ComputeHash()
	return pos, nil
}

// MustDiagram is Diagram for tests: a bad diagram fails the test.
func MustDiagram(t testing.TB, rows string, turn board.Color, move int) board.Position {
	t.Helper()
	pos, err := Diagram(rows, turn, move)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

//go:embed testdata/solved.jsonl
var solvedJSONL []byte

// Solved is a position solved exactly: perfect play by both sides to the end of the game.
type Solved struct {
	Move    int    // number of the move about to be played
	Input   string // the position as the host writes input.txt
	Pos     board.Position
	Winning []board.Point // actions that keep a win for the side to move (may be empty)
	Losing  []board.Point // the other legal actions
}

// WinningSet returns Winning as a set.
func (s Solved) WinningSet() map[board.Point]bool {
	m := make(map[board.Point]bool, len(s.Winning))
	for _, p := range s.Winning {
		m[p] = true
	}
	return m
}

// LoadSolved decodes testdata/solved.jsonl (47 positions at moves 13-18, judged by the
// course host's rules and solved exactly).
func LoadSolved() ([]Solved, error) {
	var out []Solved
	sc := bufio.NewScanner(bytes.NewReader(solvedJSONL))
	for line := 1; sc.Scan(); line++ {
		var rec struct {
			Move    int      `json:"move"`
			Input   string   `json:"input"`
			Winning []string `json:"winning"`
			Losing  []string `json:"losing"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("solved.jsonl:%d: %v", line, err)
		}
		in, err := board.ParseInput(strings.NewReader(rec.Input))
		if err != nil {
			return nil, fmt.Errorf("solved.jsonl:%d: %v", line, err)
		}
		s := Solved{Move: rec.Move, Input: rec.Input, Pos: in.Position(rec.Move)}
		for _, list := range []struct {
			names []string
			dst   *[]board.Point
		}{{rec.Winning, &s.Winning}, {rec.Losing, &s.Losing}} {
			for _, w := range list.names {
				p, err := board.ParseOutput(strings.NewReader(w))
				if err != nil {
					return nil, fmt.Errorf("solved.jsonl:%d: action %q: %v", line, w, err)
				}
				*list.dst = append(*list.dst, p)
			}
		}
		out = append(out, s)
	}
	return out, sc.Err()
}

// MustLoadSolved is LoadSolved for tests.
func MustLoadSolved(t testing.TB) []Solved {
	t.Helper()
	s, err := LoadSolved()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

//go:embed testdata/positions.jsonl
var hostJSONL []byte

// HostJudged is a position judged by the course host's rules: every legal move with the
// board after it and the stones it captured, and the points illegal by ko and by suicide.
type HostJudged struct {
	Kind  string `json:"kind"` // ko, tight, late or any
	Move  int    `json:"move"` // number of the move about to be played
	Input string `json:"input"`
	Legal map[string]struct {
		Board    []string `json:"board"`
		Captured int      `json:"captured"`
	} `json:"legal"`
	IllegalKo      []string `json:"illegal_ko"`
	IllegalSuicide []string `json:"illegal_suicide"`
	PassEndsGame   bool     `json:"pass_ends_game"`
}

// LoadHostJudged decodes testdata/positions.jsonl (400 positions from random games).
func LoadHostJudged() ([]HostJudged, error) {
	var out []HostJudged
	sc := bufio.NewScanner(bytes.NewReader(hostJSONL))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var h HostJudged
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
			return nil, fmt.Errorf("positions.jsonl:%d: %v", line, err)
		}
		out = append(out, h)
	}
	return out, sc.Err()
}

// MustLoadHostJudged is LoadHostJudged for tests.
func MustLoadHostJudged(t testing.TB) []HostJudged {
	t.Helper()
	h, err := LoadHostJudged()
	if err != nil {
		t.Fatal(err)
	}
	return h
}
