// helpers_test.go: test helpers: positions from diagrams, random positions, and a brute-force minimax for the last moves.

package mcts

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/board"
	"littlego/policy"
)

// diagram builds a position from five rows of X (Black), O (White) and . (empty), with
// turn to play move number move.
func diagram(t testing.TB, rows string, turn board.Color, move int) board.Position {
	t.Helper()
	lines := strings.Fields(rows)
	if len(lines) != board.Size {
		t.Fatalf("diagram needs %d rows, got %d", board.Size, len(lines))
	}
	pos := board.New()
	for i, line := range lines {
		if len(line) != board.Size {
			t.Fatalf("diagram row %q is not %d wide", line, board.Size)
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
				t.Fatalf("diagram: bad character %q", ch)
			}
		}
	}
	pos.Turn = turn
	pos.Move = uint8(move)
	pos.Passed = false
	pos.Hash = pos.ComputeHash()
	return pos
}

// wins reports whether c wins pos with perfect play by both sides (plain minimax over
// every action, Pass included: only for the last few moves).
func wins(pos board.Position, c board.Color) bool {
	if pos.Over {
		return pos.Winner() == c
	}
	mine := pos.Turn == c
	for a := board.Point(0); a < board.NumActions; a++ {
		q := pos
		if _, ok := q.Play(a); !ok {
			continue
		}
		if w := wins(q, c); w == mine {
			return mine
		}
	}
	return !mine
}

// winningActions returns the actions of the side to move that keep a win.
func winningActions(pos board.Position) map[board.Point]bool {
	out := map[board.Point]bool{}
	for a := board.Point(0); a < board.NumActions; a++ {
		q := pos
		if _, ok := q.Play(a); ok && wins(q, pos.Turn) {
			out[a] = true
		}
	}
	return out
}

// randomPosition plays a seeded game with the light policy up to move number move (or
// the end of the game) and returns the position reached.
func randomPosition(seed uint64, move int) board.Position {
	rng := policy.NewRand(seed)
	pos := board.New()
	light := policy.Light{}
	for !pos.Over && int(pos.Move) < move {
		p := light.Move(&pos, &rng)
		if rng.Intn(20) == 0 {
			p = board.Pass
		}
		pos.Play(p)
	}
	return pos
}

// fixedConfig returns the default configuration with a fixed number of playouts, no
// CPU budget and no early stop: a reproducible search with one worker.
func fixedConfig(playouts int) Config {
	cfg := DefaultConfig()
	cfg.Playouts = playouts
	cfg.Budget = 0
	cfg.EarlyStop = false
	cfg.MaxNodes = 1 << 18
	return cfg
}

// solvedCase is a position of ../shared/testdata/littlego/solved.jsonl: solved exactly,
// with the actions that keep a win for the side to move.
type solvedCase struct {
	pos     board.Position
	winning map[board.Point]bool
}

// readSolved reads the host-judged solved positions, or skips the test without them.
func readSolved(t *testing.T) []solvedCase {
	t.Helper()
	name := filepath.Join("..", "..", "shared", "testdata", "littlego", "solved.jsonl")
	f, err := os.Open(name)
	if err != nil {
		t.Skipf("host test data not found (%v); it lives in ../shared beside the project", err)
	}
	defer f.Close()
	var out []solvedCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var rec struct {
			Move    int      `json:"move"`
			Input   string   `json:"input"`
			Winning []string `json:"winning"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		in, err := board.ParseInput(strings.NewReader(rec.Input))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		c := solvedCase{pos: in.Position(rec.Move), winning: map[board.Point]bool{}}
		for _, w := range rec.Winning {
			p, err := board.ParseOutput(strings.NewReader(w))
			if err != nil {
				t.Fatalf("%s: action %q: %v", name, w, err)
			}
			c.winning[p] = true
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
