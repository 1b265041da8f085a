// parse_test.go: the three formats recognised, malformed records named and skipped, arena records read back, and a fuzz target.

package judge

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"littlego/board"
	"littlego/record"
)

func TestParseRecognisesEachFormat(t *testing.T) {
	actions := []board.Point{board.PointAt(2, 2), board.PointAt(1, 3), board.Pass, board.PointAt(0, 0)}
	inputs := map[string][]byte{
		"list.txt":  []byte("# a comment\n\n" + actionList(actions)),
		"game.sgf":  sgfRecord(t, actions, "me", "you"),
		"game.json": jsonRecord(t, actions, "me", "you", 5),
	}
	for name, data := range inputs {
		g := parseOne(t, name, data)
		if !slices.Equal(g.Actions, actions) {
			t.Errorf("%s: actions %v, want %v", name, g.Actions, actions)
		}
		if name != "list.txt" && (g.Black != "me" || g.White != "you") {
			t.Errorf("%s: players %q and %q, want me and you", name, g.Black, g.White)
		}
	}
	if g := parseOne(t, "game.json", inputs["game.json"]); g.Name != "game.json game 5" {
		t.Errorf("a JSON game is named %q, want its number in the match", g.Name)
	}
}

// TestBadInputsAreNamedAndSkipped checks that each malformed game gives one error that
// names the input, the game and the move, that the good games around it are kept, and
// that nothing panics.
func TestBadInputsAreNamedAndSkipped(t *testing.T) {
	good := jsonRecord(t, []board.Point{board.PointAt(2, 2)}, "a", "b", 1)
	cases := []struct {
		name, data string
		games      int
		want       []string // in the one error
	}{
		{"empty.txt", "", 0, []string{"empty.txt", "empty"}},
		{"blank.txt", " \n\t\n", 0, []string{"blank.txt", "empty"}},
		{"comments.txt", "# nothing\n", 0, []string{"comments.txt", "no game"}},
		{"list.txt", "2,2 1,3\n2,2 9,9 PASS\n1,1\n", 2, []string{"list.txt game 2", "move 2", "9,9", "off the"}},
		{"words.txt", "2,2 pass\n", 0, []string{"words.txt game 1", "move 2", `"pass"`}},
		{"cut.sgf", "(;GM[1]FF[4]SZ[5];B[cc];W[", 0, []string{"cut.sgf", "game 1", "line 1"}},
		{"big.sgf", "(;GM[1]FF[4]SZ[9];B[cc])", 0, []string{"big.sgf", "game 1", "SZ[9]"}},
		{"order.sgf", "(;GM[1]FF[4]SZ[5];B[cc];B[dd])", 0, []string{"order.sgf", "game 1", "move 2"}},
		{"games.json", string(good) + "{\"game\":2,\"moves\":[{\"color\":\"B\",\"move\":\"2,2\"},{\"color\":\"W\",\"move\":\"7,1\"}]}\n" + string(good),
			2, []string{"games.json game 2", "move 2", "7,1"}},
		{"colours.json", `{"game":3,"moves":[{"color":"W","move":"2,2"}]}`, 0, []string{"colours.json game 3", "move 1", "colour"}},
		{"broken.json", "{\"game\":1,\"moves\":[\n", 0, []string{"broken.json: line 1", "JSON"}},
	}
	for _, c := range cases {
		games, errs := Parse(c.name, []byte(c.data))
		if len(games) != c.games || len(errs) != 1 {
			t.Errorf("%s: %d games and errors %v; want %d games and one error", c.name, len(games), errs, c.games)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(errs[0].Error(), w) {
				t.Errorf("%s: error %q does not say %q", c.name, errs[0], w)
			}
		}
		if strings.Contains(errs[0].Error(), "\n") {
			t.Errorf("%s: error %q is more than one line", c.name, errs[0])
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("2,2 1,3 PASS\n0,0 0,0\n"))
	f.Add([]byte("(;GM[1]FF[4]SZ[5];B[cc];W[];B[aa])"))
	f.Add([]byte(`{"game":1,"black":"a","white":"b","winner":"white","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"none","fault":true}]}`))
	f.Add([]byte(`{"game":1,"reason":"illegal-occupied","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"2,2","fault":true}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, errs := Parse("fuzz", data)
		if len(games) == 0 && len(errs) == 0 {
			t.Fatal("no game and no error")
		}
		for _, g := range games {
			ln := replayGame(g.Actions)
			if len(ln.positions) == 0 || (ln.illegal == nil && len(ln.positions) != len(g.Actions)+1) {
				t.Fatalf("replay of %v: %d positions, illegal %v", g.Actions, len(ln.positions), ln.illegal)
			}
			g.Winner()
		}
	})
}

// The result a record gives is kept in Go's notation: a game on time, a forfeit, a score;
// an action list gives none.
func TestRecordedResult(t *testing.T) {
	actions := []board.Point{board.PointAt(2, 2), board.PointAt(1, 3)}
	timeout := record.Record{Game: 1, Black: "a", White: "b", Reason: record.Timeout, Winner: board.White}
	for _, a := range actions {
		timeout.Moves = append(timeout.Moves, record.Move{Color: board.Color(len(timeout.Moves) % 2), Point: a, Measured: true})
	}
	var b bytes.Buffer
	if err := timeout.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if g := parseOne(t, "t.json", b.Bytes()); g.RecordedResult != "W+Time" {
		t.Errorf("a game lost on time: %q, want W+Time", g.RecordedResult)
	}
	if g := parseOne(t, "s.json", jsonRecord(t, actions, "a", "b", 1)); g.RecordedResult != "" && !strings.HasPrefix(g.RecordedResult, "W+") {
		t.Errorf("a game not ended on the board: %q", g.RecordedResult)
	}
	if g := parseOne(t, "l.txt", []byte(actionList(actions))); g.RecordedResult != "" {
		t.Errorf("an action list: %q, want none", g.RecordedResult)
	}
}
