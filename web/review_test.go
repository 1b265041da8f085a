package web

import (
	"net/http"
	"strings"
	"testing"

	"littlego/board"
	"littlego/sgf"
)

// reviewAnswer is ReviewAnswer as the browser reads it.
type reviewAnswer struct {
	Games  []GameSummary `json:"games"`
	Index  int           `json:"index"`
	Review struct {
		Verdict string `json:"verdict"`
		Moves   []struct {
			Number       int      `json:"number"`
			Action       string   `json:"action"`
			Blunder      bool     `json:"blunder"`
			Alternatives []string `json:"winning_alternatives"`
		} `json:"moves"`
	} `json:"review"`
	Errors []string `json:"errors"`
}

func TestReviewMarksTheBlunderOfAPastedGame(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, record := range []string{
		"0,0 2,2 PASS PASS",
		"(;GM[1]FF[4]SZ[5];B[aa];W[cc];B[];W[])",
	} {
		var a reviewAnswer
		if st := call(t, "POST", ts.URL+"/api/review", record, &a); st != 200 {
			t.Fatalf("%s: status %d", record, st)
		}
		if len(a.Review.Moves) != 4 || a.Review.Moves[0].Action != "0,0" {
			t.Fatalf("%s: moves %+v", record, a.Review.Moves)
		}
		first := a.Review.Moves[0]
		if !first.Blunder || strings.Join(first.Alternatives, " ") != "2,2" {
			t.Errorf("%s: Black's 0,0 on the empty board: blunder %v, alternatives %v; want a blunder, 2,2 the only alternative",
				record, first.Blunder, first.Alternatives)
		}
		if !strings.Contains(a.Review.Verdict, "White won") {
			t.Errorf("%s: verdict %q", record, a.Review.Verdict)
		}
	}
}

func TestReviewAsksForAGameOfTheUpload(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var e apiError
	if st := call(t, "POST", ts.URL+"/api/review?game=2", "2,2 PASS\n0,0 PASS\n", &e); st != 400 || !strings.Contains(e.Error, "want 0 to 1") {
		t.Errorf("game 2 of 2: status %d, %q", st, e.Error)
	}
	var a reviewAnswer
	if st := call(t, "POST", ts.URL+"/api/review?game=1", "2,2 PASS\n0,0 PASS\n", &a); st != 200 || a.Index != 1 || a.Review.Moves[0].Action != "0,0" {
		t.Errorf("game 1: status %d, index %d, moves %+v", st, a.Index, a.Review.Moves)
	}
}

func TestWatchListsTheGamesOfAnArenaFile(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	lines := `{"game":1,"black":"engine","white":"random","winner":"black","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"PASS"},{"color":"B","move":"PASS"}]}
{"game":2,"black":"random","white":"engine","winner":"white","moves":[{"color":"B","move":"0,0"},{"color":"W","move":"1,1"}]}
{"game":3,"moves":"not a list"}
`
	var a reviewAnswer
	if st := call(t, "POST", ts.URL+"/api/watch", lines, &a); st != 200 {
		t.Fatalf("status %d", st)
	}
	if len(a.Games) != 2 || a.Games[0].Black != "engine" || strings.Join(a.Games[1].Actions, " ") != "0,0 1,1" {
		t.Errorf("games %+v: want the two good games with their players and actions", a.Games)
	}
	if len(a.Errors) != 1 || !strings.Contains(a.Errors[0], "line 3") {
		t.Errorf("errors %v: want one, naming line 3", a.Errors)
	}
}

// Watch gives each game's result in Go's notation, as far as the record says it: the
// score after the komi for a game ended on the board, Forfeit for an illegal action,
// the winner alone when the record gives one otherwise, nothing for an unfinished game.
func TestWatchGivesEachGamesResult(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	upload := "2,2 3,3 PASS PASS\n2,2 2,2\n2,2 3,3\n"
	var a ReviewAnswer
	if st := call(t, "POST", ts.URL+"/api/watch", upload, &a); st != 200 || len(a.Games) != 3 {
		t.Fatalf("/api/watch: status %d, %d games", st, len(a.Games))
	}
	arena := `{"game":1,"black":"a","white":"b","winner":"white","moves":[{"color":"B","move":"4,4"},{"color":"W","move":"2,2"}]}`
	var b ReviewAnswer
	if st := call(t, "POST", ts.URL+"/api/watch", arena, &b); st != 200 || len(b.Games) != 1 {
		t.Fatalf("/api/watch of an arena line: status %d, %d games", st, len(b.Games))
	}
	got := []string{a.Games[0].Result, a.Games[1].Result, a.Games[2].Result, b.Games[0].Result}
	want := []string{"W+2.5", "B+Forfeit", "", "W+"}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("game %d: result %q, want %q", k+1, got[k], want[k])
		}
	}
}

// An SGF with variations: the board reviews its main line and says so, in the game's
// summary (leftOut), which the page shows beside the verdict.
func TestReviewSaysAnSGFsVariationsAreLeftOut(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var a reviewAnswer
	if st := call(t, "POST", ts.URL+"/api/review", "(;GM[1]FF[4]SZ[5];B[cc](;W[dd];B[bb])(;W[bd]))", &a); st != 200 {
		t.Fatalf("status %d", st)
	}
	if len(a.Games) != 1 || strings.Join(a.Games[0].Actions, " ") != "2,2 3,3 1,1" || !strings.Contains(a.Games[0].LeftOut, "1 variation") {
		t.Errorf("games %+v: want the main line, with the variation left out said", a.Games)
	}
}

// format=sgf answers the review as the SGF file the review command writes: the
// review's words in the comments and SGF's marks, the proved winning move of the blunder
// as a variation beside it.
func TestReviewAnswersTheGameAsSGF(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var a reviewAnswer
	if st := call(t, "POST", ts.URL+"/api/review", "0,0 2,2 PASS PASS", &a); st != 200 {
		t.Fatalf("status %d", st)
	}
	res, err := http.Post(ts.URL+"/api/review?format=sgf", "text/plain", strings.NewReader("0,0 2,2 PASS PASS"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/x-go-sgf" ||
		!strings.Contains(res.Header.Get("Content-Disposition"), ".sgf") {
		t.Fatalf("status %d, headers %v", res.StatusCode, res.Header)
	}
	trees, err := sgf.ParseTrees(res.Body)
	if err != nil || len(trees) != 1 {
		t.Fatalf("the answer: %d trees, %v", len(trees), err)
	}
	root := trees[0]
	if !strings.Contains(root.Value("C"), a.Review.Verdict) {
		t.Errorf("root comment %q lacks the verdict %q", root.Value("C"), a.Review.Verdict)
	}
	line := root.MainLine()
	if len(line) != 5 || line[1].Value("B") != sgf.Coord(board.PointAt(0, 0)) {
		t.Fatalf("main line: %d nodes, first move %+v", len(line), line[1].Props)
	}
	if line[1].Value("BM") != "2" || !strings.Contains(line[1].Value("C"), "BLUNDER") {
		t.Errorf("Black's 0,0: %+v, want BM[2] and the blunder in its comment", line[1].Props)
	}
	if len(root.Children) != 2 || root.Children[1].Value("B") != sgf.Coord(board.PointAt(2, 2)) {
		t.Fatalf("the root's children: %d, want the game and the variation of 2,2", len(root.Children))
	}
	if _, ok := root.Children[1].Get("GB"); !ok {
		t.Errorf("the variation 2,2 is not marked a proved win for Black: %+v", root.Children[1].Props)
	}
	var e apiError
	if st := call(t, "POST", ts.URL+"/api/review?format=pdf", "0,0 2,2", &e); st != 400 || !strings.Contains(e.Error, "want json or sgf") {
		t.Errorf("format=pdf: status %d, %q", st, e.Error)
	}
}
