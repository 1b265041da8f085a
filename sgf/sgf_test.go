// sgf_test.go: the writer's exact output, round trips, the rejection of malformed records, and a fuzz target.

package sgf

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"littlego/board"
)

func pt(i, j int) board.Point { return board.PointAt(i, j) }

// sampleGame is a short legal game with a capture, passes and text needing escapes.
func sampleGame() Game {
	return Game{
		Komi:    2.5,
		Rules:   "CSCI-561 Little-Go",
		Black:   `exec:my_player [v2]`,
		White:   `back\slash`,
		Result:  "W+Forfeit",
		Date:    "2026-01-02",
		Name:    "game 7",
		Comment: "White wins: Black's move 9 [2,2] was illegal",
		Moves: []Move{
			{Color: board.Black, Point: pt(0, 1)}, {Color: board.White, Point: pt(0, 0)}, {Color: board.Black, Point: pt(1, 0)},
			{Color: board.White, Point: board.Pass}, {Color: board.Black, Point: pt(2, 2)}, {Color: board.White, Point: pt(4, 4)},
			{Color: board.Black, Point: pt(1, 1)}, {Color: board.White, Point: pt(3, 4)}, {Color: board.Black, Point: board.Pass},
		},
	}
}

func TestCoord(t *testing.T) {
	// Column letter first: (i, j) = (1, 3) is column d, row b.
	cases := map[board.Point]string{pt(0, 0): "aa", pt(1, 3): "db", pt(4, 0): "ae", pt(2, 2): "cc", board.Pass: ""}
	for p, want := range cases {
		if got := Coord(p); got != want {
			t.Errorf("Coord(%s) = %q, want %q", p, got, want)
		}
	}
}

func TestWriteExact(t *testing.T) {
	g := Game{Komi: 2.5, Black: "a", White: "b", Result: "B+0.5",
		Moves: []Move{{Color: board.Black, Point: pt(2, 2)}, {Color: board.White, Point: pt(1, 3)}, {Color: board.Black, Point: board.Pass}}}
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	want := "(;GM[1]FF[4]CA[UTF-8]AP[littlego]SZ[5]KM[2.5]PB[a]PW[b]RE[B+0.5]\n;B[cc];W[db];B[])\n"
	if b.String() != want {
		t.Errorf("Write:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestRoundTrip(t *testing.T) {
	g := sampleGame()
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(&b)
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(got, g) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, g)
	}
	pos, err := got.Replay()
	if err != nil {
		t.Fatal(err)
	}
	// Black's 1,1 captured White's corner stone at 0,0.
	if pos.Stones.At(pt(0, 0)) != 0 || pos.Stones.At(pt(1, 1)) != 1 {
		t.Errorf("replay: corner stone not captured:\n%s", pos.String())
	}
}

func TestWriteRejectsBadMoves(t *testing.T) {
	for _, m := range []Move{{Color: board.Black, Point: board.NoPoint}, {Color: board.Black, Point: 26}, {Color: 2, Point: pt(0, 0)}} {
		if err := Write(&bytes.Buffer{}, Game{Moves: []Move{m}}); err == nil {
			t.Errorf("Write accepted move %+v", m)
		}
	}
}

func TestParseAccepts(t *testing.T) {
	cases := []struct {
		name, text string
		moves      []Move
	}{
		{"spaces and line breaks", " (\n ; GM [1] FF[4]\r\n SZ[5] ; B [cc]\n;W[tt] )\n", []Move{{Color: board.Black, Point: pt(2, 2)}, {Color: board.White, Point: board.Pass}}},
		{"variation: main line", "(;SZ[5];B[aa](;W[bb];B[cc])(;W[dd]))", []Move{{Color: board.Black, Point: pt(0, 0)}, {Color: board.White, Point: pt(1, 1)}, {Color: board.Black, Point: pt(2, 2)}}},
		{"unknown property kept out", "(;SZ[5]XX[anything \\] here][second];B[ee])", []Move{{Color: board.Black, Point: pt(4, 4)}}},
		{"byte order mark", "\xef\xbb\xbf(;SZ[5:5])", nil},
		{"soft line break in text", "(;SZ[5]C[one\\\ntwo])", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Parse(strings.NewReader(c.text))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g.Moves, c.moves) {
				t.Errorf("moves %v, want %v", g.Moves, c.moves)
			}
		})
	}
	g, _ := Parse(strings.NewReader("(;SZ[5]C[one\\\ntwo])"))
	if g.Comment != "onetwo" {
		t.Errorf("soft line break: comment %q, want %q", g.Comment, "onetwo")
	}
}

func TestParseRejects(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"empty", "", "empty input"},
		{"no tree", "hello", "to open a game tree"},
		{"no node", "()", "at least one node"},
		{"unclosed tree", "(;SZ[5];B[aa]", "expected ')'"},
		{"unclosed value", "(;SZ[5]C[abc)", "not closed"},
		{"value missing", "(;SZ[5]B;W[aa])", "to open a value"},
		{"lower-case identifier", "(;SZ[5];b[aa])", "upper case"},
		{"mixed-case identifier", "(;SZ[5];Bx[aa])", "upper case"},
		{"garbage after tree", "(;SZ[5])x", "after the game tree"},
		{"two games", "(;SZ[5])(;SZ[5])", "second game tree"},
		{"property in a variation twice", "(;SZ[5];B[aa](;W[bb]C[a]C[b])(;W[cc]))", "twice"},
		{"stray character", "(;SZ[5]#)", "unexpected '#'"},
		{"no size", "(;GM[1];B[aa])", "no SZ"},
		{"size 9", "(;SZ[9];B[aa])", "board size"},
		{"not go", "(;GM[2]SZ[5])", "GM[1]"},
		{"old format", "(;FF[3]SZ[5])", "FF[4]"},
		{"bad komi", "(;SZ[5]KM[two])", "not a number"},
		{"duplicate property", "(;SZ[5];B[aa]B[bb])", "twice"},
		{"root property later", "(;SZ[5];SZ[5])", "outside the root"},
		{"setup stones", "(;SZ[5]AB[aa])", "set-up stones"},
		{"black and white", "(;SZ[5];B[aa]W[bb])", "both B and W"},
		{"off the board", "(;SZ[5];B[fa])", "not a point"},
		{"upper-case point", "(;SZ[5];B[AA])", "not a point"},
		{"three letters", "(;SZ[5];B[abc])", "not a point"},
		{"two values", "(;SZ[5];B[aa][bb])", "one value"},
		{"nested too deep", strings.Repeat("(;SZ[5]", 300), "nested deeper"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.text))
			if err == nil {
				t.Fatalf("Parse accepted %q", c.text)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
	if _, err := Parse(strings.NewReader("(;SZ[5]B[" + strings.Repeat("a", MaxBytes) + "])")); err == nil {
		t.Error("Parse accepted an over-long file")
	}
	_, err := Parse(strings.NewReader("(;SZ[5]"))
	if !errors.Is(err, errSyntax) {
		t.Errorf("syntax error %v does not wrap errSyntax", err)
	}
}

func TestReplayRejects(t *testing.T) {
	cases := []struct {
		name  string
		moves []Move
		want  string
	}{
		{"white first", []Move{{Color: board.White, Point: pt(0, 0)}}, "Black is to play"},
		{"occupied", []Move{{Color: board.Black, Point: pt(0, 0)}, {Color: board.White, Point: pt(0, 0)}}, "illegal"},
		{"after the end", []Move{{Color: board.Black, Point: board.Pass}, {Color: board.White, Point: pt(0, 0)}}, "end of the game"},
	}
	for _, c := range cases {
		g := Game{Moves: c.moves}
		if _, err := g.Replay(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Replay error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}

// FuzzParse checks that Parse never panics and that whatever it accepts survives a
// write and a second read unchanged.
func FuzzParse(f *testing.F) {
	var b bytes.Buffer
	Write(&b, sampleGame())
	f.Add(b.String())
	f.Add("(;SZ[5];B[aa](;W[bb])(;W[cc]))")
	f.Add("(;SZ[5]C[a\\]b\\\\c])")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(strings.NewReader(text))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := Write(&out, g); err != nil {
			t.Fatalf("Write after Parse: %v", err)
		}
		g2, err := Parse(&out)
		if err != nil {
			t.Fatalf("re-Parse: %v\n%s", err, out.String())
		}
		g.Variations = 0 // Write writes the main line only
		if !reflect.DeepEqual(g, g2) {
			t.Fatalf("second round trip differs:\n%+v\n%+v", g, g2)
		}
	})
}

// TestMoveComments: a move's comment is written on its node and read back, escaped,
// whichever order the node's properties come in; the root's comment stays the game's.
func TestMoveComments(t *testing.T) {
	g := Game{Komi: 2.5, Comment: "root", Moves: []Move{{Color: board.Black, Point: pt(2, 2), Comment: "set ] by [x]"}, {Color: board.White, Point: board.Pass}}}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got.Comment != "root" || got.Moves[0].Comment != "set ] by [x]" || got.Moves[1].Comment != "" {
		t.Errorf("comments read back: root %q, moves %q %q", got.Comment, got.Moves[0].Comment, got.Moves[1].Comment)
	}
	got, err = Parse(strings.NewReader("(;SZ[5];C[before]B[cc];W[dd]C[after])"))
	if err != nil || got.Moves[0].Comment != "before" || got.Moves[1].Comment != "after" || got.Comment != "" {
		t.Errorf("comment before and after the move: %+v, %v", got, err)
	}
}
