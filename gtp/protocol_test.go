// protocol_test.go: tests of preprocessing, command parsing, response framing, colours and vertices.

package gtp

import (
	"errors"
	"testing"

	"littlego/board"
)

func TestPreprocess(t *testing.T) {
	cases := map[string]string{
		"name":                  "name",
		"  name  ":              "  name  ",
		"":                      "",
		"   ":                   "",
		"# a comment":           "",
		"play b a1 # why":       "play b a1 ",
		"play\tb\ta1":           "play b a1",
		"name\r":                "name",
		"na\x01me\x7f":          "name",
		"\t\r\x00":              "",
		"12 genmove w#x#y":      "12 genmove w",
		"komi 2.5 \x1b[0m":      "komi 2.5 [0m",
		"list_commands\r\n":     "list_commands",
		"#":                     "",
		"boardsize 5\t# ok\t\r": "boardsize 5 ",
	}
	for in, want := range cases {
		if got := Preprocess(in); got != want {
			t.Errorf("Preprocess(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseCommand(t *testing.T) {
	cases := []struct {
		line, id, name string
		args           []string
		err            bool
	}{
		{line: "name", name: "name"},
		{line: "12 name", id: "12", name: "name"},
		{line: "  0   play  b   a1 ", id: "0", name: "play", args: []string{"b", "a1"}},
		{line: "007 quit", id: "007", name: "quit"},
		{line: "-3 name", name: "-3", args: []string{"name"}}, // not an id: an unknown command
		{line: "12a name", name: "12a", args: []string{"name"}},
		{line: "42", id: "42", err: true},
		{line: "   ", err: true},
	}
	for _, c := range cases {
		cmd, err := ParseCommand(c.line)
		if (err != nil) != c.err {
			t.Errorf("ParseCommand(%q) error = %v, want error %v", c.line, err, c.err)
			continue
		}
		if cmd.ID != c.id || cmd.Name != c.name || len(cmd.Args) != len(c.args) {
			t.Errorf("ParseCommand(%q) = %+v, want id %q name %q args %q", c.line, cmd, c.id, c.name, c.args)
			continue
		}
		for i := range c.args {
			if cmd.Args[i] != c.args[i] {
				t.Errorf("ParseCommand(%q) args = %q, want %q", c.line, cmd.Args, c.args)
			}
		}
	}
}

func TestResponseFraming(t *testing.T) {
	cases := []struct{ got, want string }{
		{FormatSuccess("", ""), "= \n\n"},
		{FormatSuccess("7", "littlego"), "=7 littlego\n\n"},
		{FormatFailure("", "unknown command"), "? unknown command\n\n"},
		{FormatFailure("3", "illegal move"), "?3 illegal move\n\n"},
		{FormatSuccess("", "a\n\nb\n"), "= a\nb\n\n"},                 // no empty line inside
		{FormatSuccess("", "\nrow 1\nrow 2"), "= \nrow 1\nrow 2\n\n"}, // multi-line starting on the next line
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestParseColor(t *testing.T) {
	for _, s := range []string{"b", "B", "black", "BLACK", "Black"} {
		if c, err := ParseColor(s); err != nil || c != board.Black {
			t.Errorf("ParseColor(%q) = %v, %v; want Black", s, c, err)
		}
	}
	for _, s := range []string{"w", "W", "white", "WHITE"} {
		if c, err := ParseColor(s); err != nil || c != board.White {
			t.Errorf("ParseColor(%q) = %v, %v; want White", s, c, err)
		}
	}
	for _, s := range []string{"", "x", "bl", "blackk", "1"} {
		if _, err := ParseColor(s); err == nil {
			t.Errorf("ParseColor(%q) accepted", s)
		}
	}
}

func TestVertices(t *testing.T) {
	// GTP letters are columns from the left (no I), numbers rows from the bottom.
	fixed := map[string]board.Point{
		"A5": board.PointAt(0, 0), "E5": board.PointAt(0, 4),
		"A1": board.PointAt(4, 0), "E1": board.PointAt(4, 4),
		"C3": board.PointAt(2, 2), "B4": board.PointAt(1, 1), "D2": board.PointAt(3, 3),
		"pass": board.Pass,
	}
	for v, want := range fixed {
		if got := Vertex(want); got != v {
			t.Errorf("Vertex(%v) = %q, want %q", want, got, v)
		}
		for _, s := range []string{v, lower(v), upper(v)} {
			if got, err := ParseVertex(s); err != nil || got != want {
				t.Errorf("ParseVertex(%q) = %v, %v; want %v", s, got, err, want)
			}
		}
	}
	for p := board.Point(0); p < board.NumActions; p++ {
		if got, err := ParseVertex(Vertex(p)); err != nil || got != p {
			t.Errorf("round trip of %v: %v, %v", p, got, err)
		}
	}
	for _, s := range []string{"F1", "f5", "A6", "A0", "E9", "J1", "Z25", "A100000000000000000000"} {
		if _, err := ParseVertex(s); !errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseVertex(%q) error %v, want off the board", s, err)
		}
	}
	for _, s := range []string{"", "A", "5", "11", "I1", "i3", "A-1", "A+1", "A 1", "AA1", "resign", "pas", "1A", "é1"} {
		_, err := ParseVertex(s)
		if err == nil || errors.Is(err, ErrOffBoard) {
			t.Errorf("ParseVertex(%q) error %v, want not a vertex", s, err)
		}
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}
