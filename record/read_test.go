// read_test.go: malformed records named and skipped, whatever their format, and a fuzz target.

package record

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"littlego/board"
)

// TestBadInputsAreNamedAndSkipped checks that each malformed game gives one error that
// names the input, the game and the move, that the good games around it are kept, and
// that nothing panics.
func TestBadInputsAreNamedAndSkipped(t *testing.T) {
	good := []byte(`{"game":1,"black":"a","white":"b","moves":[{"color":"B","move":"2,2"}]}` + "\n")
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

// FuzzParse: whatever it is given, Parse gives games or errors, and every game plays out.
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
			actions := g.Actions()
			if _, illegal, _ := g.replay(); illegal < 0 || illegal > len(actions) {
				t.Fatalf("replay of %v: illegal action %d", actions, illegal)
			}
			g.Won()
			g.Result()
		}
	})
}

// One result, whatever the record says: a score its moves reach, a loss on time or by
// forfeit, a winner alone, an illegal action, an unfinished game; and the winner beside it.
func TestParsedResults(t *testing.T) {
	cases := []struct {
		name, data string
		result     string
		winner     string // "" for none
	}{
		{"score.sgf", "(;GM[1]FF[4]SZ[5]RE[W+2.5];B[cc];W[dd];B[];W[])", "W+2.5", "White"},
		{"time.sgf", "(;GM[1]FF[4]SZ[5]RE[B+Time];B[cc];W[dd])", "B+Time", "Black"},
		{"forfeit.sgf", "(;GM[1]FF[4]SZ[5]RE[W+Forfeit];B[cc])", "W+Forfeit", "White"},
		{"resign.sgf", "(;GM[1]FF[4]SZ[5]RE[B+R];B[cc])", "B+", "Black"},
		{"none.sgf", "(;GM[1]FF[4]SZ[5];B[cc])", "", ""},
		{"ended.txt", "2,2 3,3 PASS PASS", "W+2.5", "White"},
		{"illegal.txt", "2,2 2,2", "B+Forfeit", "Black"},
		{"open.txt", "2,2 3,3", "", ""},
		{"declared.json", `{"game":1,"winner":"white","moves":[{"color":"B","move":"4,4"},{"color":"W","move":"2,2"}]}`, "W+", "White"},
		{"timeout.json", `{"game":1,"winner":"white","reason":"timeout","detail":"slow","moves":[{"color":"B","move":"4,4","fault":true}]}`, "W+Time", "White"},
	}
	for _, c := range cases {
		games, errs := Parse(c.name, []byte(c.data))
		if len(games) != 1 || len(errs) != 0 {
			t.Fatalf("%s: %d games, %v", c.name, len(games), errs)
		}
		g := games[0]
		w, ok := g.Won()
		if got := g.Result(); got != c.result || ok != (c.winner != "") || ok && w.String() != c.winner {
			t.Errorf("%s: result %q, winner %v (%v); want %q, %q", c.name, got, w, ok, c.result, c.winner)
		}
	}
	timeout, _ := Parse("timeout.json", []byte(cases[len(cases)-1].data))
	if g := timeout[0]; g.FaultDetail() != "slow" || len(g.Actions()) != 0 {
		t.Errorf("a timeout: fault %q, actions %v; want its detail and no action", g.FaultDetail(), g.Actions())
	}
}

// FromJSON reads back what JSON writes.
func TestJSONRoundTrip(t *testing.T) {
	r := Record{Game: 4, Seed: 9, Black: "a", White: "b", ABlack: true, Winner: board.White, Reason: IllegalKo, Detail: "ko",
		BlackStones: 3, WhiteStones: 4, Opening: 2, OpeningMoves: "2,2", OpeningKnown: true, OpeningBlackWins: true,
		Moves: []Move{{Color: board.Black, Point: board.PointAt(2, 2), Opening: true, Measured: true},
			{Color: board.White, Point: board.PointAt(1, 1), CPU: 1500 * time.Millisecond, Measured: true, Fault: true, Note: "n"}}}
	jg := r.JSON()
	back, err := FromJSON(&jg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back as\n%+v\nwant\n%+v", back, r)
	}
}

// An SGF with variations reads as its main line, and the record says what was left out;
// one without says nothing.
func TestParseSaysWhatItLeftOut(t *testing.T) {
	recs, errs := Parse("tree.sgf", []byte("(;GM[1]FF[4]SZ[5];B[cc](;W[dd];B[bb])(;W[bd])(;W[db]))"))
	if len(recs) != 1 || len(errs) > 0 || len(recs[0].Moves) != 3 {
		t.Fatalf("%+v, %v: want the main line's 3 moves", recs, errs)
	}
	if got := recs[0].LeftOut; !strings.Contains(got, "2 variations") || !strings.Contains(got, "main line") {
		t.Errorf("left out: %q; want the 2 variations named", got)
	}
	recs, _ = Parse("line.sgf", []byte("(;GM[1]FF[4]SZ[5];B[cc];W[dd])"))
	if len(recs) != 1 || recs[0].LeftOut != "" {
		t.Errorf("a file without variations: %+v", recs)
	}
}
