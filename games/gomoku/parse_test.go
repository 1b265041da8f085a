// parse_test.go: the input parser: accepted layouts, rejected inputs, move names and order, and a fuzz target.

package gomoku

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// input15 is a valid input file body (after the header) with two stones.
var input15 = strings.Repeat("...............\n", 7) + ".......bw......\n" + strings.Repeat("...............\n", 7)

func TestParseAccepts(t *testing.T) {
	for name, in := range map[string]string{
		"plain":                      "2\n2\n3\n15\n" + input15,
		"no final newline":           "2\n2\n3\n15\n" + strings.TrimSuffix(input15, "\n"),
		"CRLF":                       strings.ReplaceAll("2\n2\n3\n15\n"+input15, "\n", "\r\n"),
		"trailing blanks and spaces": "2\n2 \n 3\n15\t\n" + input15 + "\n\n",
		"greedy ignores the depth":   "1\n2\n9\n15\n" + input15,
	} {
		t.Run(name, func(t *testing.T) {
			p, err := Parse(strings.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			if p.Board.Size != 15 || p.Player != White || p.Board.Stones() != 2 {
				t.Errorf("got size %d player %v stones %d", p.Board.Size, p.Player, p.Board.Stones())
			}
			if got := string(p.Board.AppendRows(nil)); got != input15 {
				t.Errorf("board read back as\n%s", got)
			}
		})
	}
	p, err := Parse(strings.NewReader("3\n1\n4\n25\n" + strings.Repeat(strings.Repeat("b", 25)+"\n", 25)))
	if err != nil || p.Task != AlphaBeta || p.Player != Black || p.Depth != 4 || p.Board.Stones() != 625 {
		t.Errorf("25x25 full board: %+v, %v", p, err)
	}
}

func TestParseRejects(t *testing.T) {
	for name, in := range map[string]string{
		"empty":                "",
		"task 0":               "0\n1\n2\n15\n" + input15,
		"task 4":               "4\n1\n2\n15\n" + input15,
		"player 0":             "2\n0\n2\n15\n" + input15,
		"player b":             "2\nb\n2\n15\n" + input15,
		"depth 0 for minimax":  "2\n1\n0\n15\n" + input15,
		"depth 5 for alpha":    "3\n1\n5\n15\n" + input15,
		"depth missing greedy": "1\n1\n\n15\n" + input15,
		"size 14":              "2\n1\n2\n14\n" + input15,
		"size 26":              "2\n1\n2\n26\n" + input15,
		"size text":            "2\n1\n2\nfifteen\n" + input15,
		"too few rows":         "2\n1\n2\n15\n" + input15[16:],
		"too many rows":        "2\n1\n2\n15\n" + input15 + "x\n",
		"long row":             "2\n1\n2\n15\n" + strings.Replace(input15, "bw.", "bw..", 1),
		"space inside a row":   "2\n1\n2\n15\n" + strings.Replace(input15, "bw.", "b w", 1),
		"bad stone":            "2\n1\n2\n15\n" + strings.Replace(input15, "bw", "bo", 1),
		"huge input":           "2\n1\n2\n15\n" + input15 + strings.Repeat(" ", maxInputBytes),
	} {
		t.Run(name, func(t *testing.T) {
			if p, err := Parse(strings.NewReader(in)); err == nil {
				t.Errorf("accepted: %+v", p)
			} else if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
}

func TestNamesAndExpansionOrder(t *testing.T) {
	// The assignment's example: on a 9x9 board the centre is E5.
	if got := Name(Index(4, 4), 9); got != "E5" {
		t.Errorf("centre of 9x9 is %s, want E5", got)
	}
	if got := Name(Index(0, 24), 25); got != "Y25" {
		t.Errorf("top right of 25x25 is %s, want Y25", got)
	}
	if got := Name(Index(14, 0), 15); got != "A1" {
		t.Errorf("bottom left of 15x15 is %s, want A1", got)
	}
	var names []string
	for _, q := range ExpansionOrder(15)[:16] {
		names = append(names, Name(q, 15))
	}
	want := []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13", "A14", "A15", "B1"}
	if !slices.Equal(names, want) {
		t.Errorf("expansion order starts %v, want %v", names, want)
	}
}

// FuzzParse feeds arbitrary inputs to Parse: it must never panic, and whatever it
// accepts must be in range and read back the same.
func FuzzParse(f *testing.F) {
	entries, _ := os.ReadDir(officialDir)
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join(officialDir, e.Name(), "input.txt")); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("2\n2\n3\n15\n" + input15))
	f.Add([]byte("1\n1\n1\n15\n" + strings.ReplaceAll(input15, "\n", "\r\n")))
	f.Add([]byte("3\n1\n4\n25\n" + strings.Repeat(strings.Repeat("w", 25)+"\n", 25)))
	f.Add([]byte("2\n1\n2\n15\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(bytes.NewReader(data))
		if err != nil {
			if p != nil {
				t.Errorf("error %v with a problem", err)
			}
			return
		}
		if p.Task < Greedy || p.Task > AlphaBeta || (p.Player != Black && p.Player != White) {
			t.Fatalf("accepted task %v player %v", p.Task, p.Player)
		}
		if p.Task != Greedy && (p.Depth < 1 || p.Depth > MaxDepth) {
			t.Fatalf("accepted depth %d", p.Depth)
		}
		n := p.Board.Size
		if n < MinSize || n > MaxSize {
			t.Fatalf("accepted size %d", n)
		}
		rows := p.Board.AppendRows(nil)
		again, err := Parse(bytes.NewReader(append([]byte("1\n1\n1\n"+itoa(n)+"\n"), rows...)))
		if err != nil {
			t.Fatalf("board does not read back: %v", err)
		}
		if again.Board.Cells != p.Board.Cells || again.Board.neighbours != p.Board.neighbours {
			t.Fatalf("board reads back differently")
		}
	})
}
