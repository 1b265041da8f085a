// protocol_test.go: tests of preprocessing, command parsing, response framing, colours and vertices.

package gtp

import (
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
