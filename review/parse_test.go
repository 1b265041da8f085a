// parse_test.go: the review reads each of the three formats through package record, and the result each gives.

package review

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
		if !slices.Equal(g.Actions(), actions) {
			t.Errorf("%s: actions %v, want %v", name, g.Actions(), actions)
		}
		if name != "list.txt" && (g.Black != "me" || g.White != "you") {
			t.Errorf("%s: players %q and %q, want me and you", name, g.Black, g.White)
		}
	}
	if g := parseOne(t, "game.json", inputs["game.json"]); g.Name != "game.json game 5" {
		t.Errorf("a JSON game is named %q, want its number in the match", g.Name)
	}
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
	if g := parseOne(t, "t.json", b.Bytes()); g.Result() != "W+Time" {
		t.Errorf("a game lost on time: %q, want W+Time", g.Result())
	}
	if g := parseOne(t, "s.json", jsonRecord(t, actions, "a", "b", 1)); g.Result() != "" && !strings.HasPrefix(g.Result(), "W+") {
		t.Errorf("a game not ended on the board: %q", g.Result())
	}
	if g := parseOne(t, "l.txt", []byte(actionList(actions))); g.Reason != record.Unrecorded || g.Result() != "" {
		t.Errorf("an action list: %q (%q), want none", g.Result(), g.Reason)
	}
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte("2,2 1,3 PASS\n0,0 0,0\n"))
	f.Add([]byte("(;GM[1]FF[4]SZ[5];B[cc];W[];B[aa])"))
	f.Add([]byte(`{"game":1,"black":"a","white":"b","winner":"white","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"none","fault":true}]}`))
	f.Add([]byte(`{"game":1,"reason":"illegal-occupied","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"2,2","fault":true}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, errs := record.Parse("fuzz", data)
		if len(games) == 0 && len(errs) == 0 {
			t.Fatal("no game and no error")
		}
		for _, g := range games {
			ln := replayGame(g.Actions())
			if len(ln.positions) == 0 || (ln.illegal == nil && len(ln.positions) != len(g.Actions())+1) {
				t.Fatalf("replay of %v: %d positions, illegal %v", g.Actions(), len(ln.positions), ln.illegal)
			}
			g.Won()
			g.Result()
		}
	})
}
