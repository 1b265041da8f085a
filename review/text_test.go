// text_test.go: the text for people: Go's notation after the komi, the header over the columns, gifts and punishments, mistakes with their best moves, and each agent's moves by game.

package review

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/lib/racedetect"
	"littlego/record"
)

// lineOf returns the line of move n in a text review.
func lineOf(t *testing.T, text string, n int) string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == strconv.Itoa(n) && len(line) > 4 && line[4] == ' ' {
			return line
		}
	}
	t.Fatalf("no line for move %d in\n%s", n, text)
	return ""
}

func TestWhitesWinByHalfAPoint(t *testing.T) {
	scale := time.Duration(1)
	if racedetect.Enabled {
		scale = 3
	}
	games, errs := record.Parse("half.txt", []byte(whiteByHalf))
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("Parse: %d games, errors %v", len(games), errs)
	}
	g := games[0]
	r, err := Review(context.Background(), g, Options{Limit: 50 * time.Millisecond * scale, MarginLimit: 300 * time.Millisecond * scale, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Winner != "white" || r.Result != "W+0.5" {
		t.Fatalf("winner %q, result %q; want white, W+0.5", r.Winner, r.Result)
	}
	last := r.Moves[23]
	if last.MarginAfter == nil || *last.MarginAfter != 2 {
		t.Fatalf("move 24's margin after: %s, want 2 (black - white stones: 12 - 10)", marginChange(&last))
	}
	var out bytes.Buffer
	WriteGame(&out, &r)
	text := out.String()
	if first := strings.SplitN(text, "\n", 2)[0]; !strings.HasSuffix(first, "result W+0.5 (Black 2 stones ahead on the board, komi 2.5)") {
		t.Errorf("first line %q does not give the result after the komi", first)
	}
	if line := lineOf(t, text, 24); !strings.Contains(line, "-> W+0.5") || strings.Contains(line, "B+") {
		t.Errorf("move 24: %q; want the result W+0.5 in a game White wins", line)
	}
	// The header names the columns where they start.
	header := strings.SplitN(text, "\n", 3)[1]
	if want := moveHeader(columnWidths(&r)); header != want {
		t.Fatalf("second line %q, want the header %q", header, want)
	}
	one := lineOf(t, text, 1)
	for _, c := range []struct{ column, value string }{{"proved by", "[opening table]"}, {"marks", "BLUNDER"},
		{"result with perfect play", "B+0.5 -> "}, {"value for the mover", "win "}, {"action", "0,0"}} {
		if h, v := strings.Index(header, c.column), strings.Index(one, c.value); h < 0 || h != v {
			t.Errorf("column %q at %d, move 1's %q at %d:\n%s\n%s", c.column, h, c.value, v, header, one)
		}
	}
	// Move 1 gives White the win; move 2, White's reply, is no gift.
	if !strings.Contains(one, "BLUNDER (a gift to White); wins: 2,2") {
		t.Errorf("move 1: %q", one)
	}
	if two := lineOf(t, text, 2); strings.Contains(two, "gift") {
		t.Errorf("move 2, the reply to the blunder: %q", two)
	}
	checkMistakeLines(t, &r, text)
}

// checkMistakeLines checks that each mistake of r has its line list its best moves and
// the result they keep (the best moves themselves are checked by brute force in package
// the review's tests).
func checkMistakeLines(t *testing.T, r *GameReview, text string) {
	t.Helper()
	if len(r.Mistakes) == 0 {
		t.Fatal("no mistake found")
	}
	for _, n := range r.Mistakes {
		m := &r.Moves[n-1]
		want := "best: " + pointList(m.BestMoves) + ", keeping " + record.Result(*m.MarginBefore)
		if line := lineOf(t, text, n); !strings.Contains(line, want) || !strings.Contains(line, "MISTAKE") {
			t.Errorf("move %d's line lacks MISTAKE and %q: %q", n, want, line)
		}
	}
}

// markedGame is a hand-made review of a game between black and white with blunders and
// mistakes at the given move numbers.
func markedGame(name, black, white string, blunders, mistakes []int) GameReview {
	r := GameReview{Name: name, Black: black, White: white, Winner: "black"}
	for n := 1; n <= board.MaxMoves; n++ {
		m := MoveReview{Number: n, Color: board.Color((n - 1) % 2), Before: facts.Loss, After: facts.Loss}
		if slices.Contains(blunders, n) {
			m.Before, m.Blunder = facts.Win, true
		}
		m.Mistake = slices.Contains(mistakes, n)
		r.Moves = append(r.Moves, m)
	}
	return r
}

func TestAgentsMovesAreListedByGame(t *testing.T) {
	games := []GameReview{
		markedGame("m game 1", "a", "b", []int{9, 14}, []int{11, 12, 20}),
		markedGame("m game 2", "b", "a", []int{14}, []int{11}),
		markedGame("m game 3", "a", "b", nil, nil),
		markedGame("m game 4", "a", "a", []int{14}, []int{3, 4}),
	}
	stats := Summarize(games)
	want := map[string][]GameMoves{
		"a": {{Game: "m game 1", Blunders: []int{9}, Mistakes: []int{11}}, {Game: "m game 2", Blunders: []int{14}, Mistakes: []int{}}, {Game: "m game 4", Blunders: []int{14}, Mistakes: []int{3, 4}}},
		"b": {{Game: "m game 1", Blunders: []int{14}, Mistakes: []int{12, 20}}, {Game: "m game 2", Blunders: []int{}, Mistakes: []int{11}}},
	}
	for _, s := range stats {
		w := want[s.Name]
		if len(s.ByGame) != len(w) {
			t.Fatalf("%s: by game %+v, want %+v", s.Name, s.ByGame, w)
		}
		for k := range w {
			g := s.ByGame[k]
			if g.Game != w[k].Game || !slices.Equal(g.Blunders, w[k].Blunders) || !slices.Equal(g.Mistakes, w[k].Mistakes) {
				t.Errorf("%s, entry %d: %+v, want %+v", s.Name, k, g, w[k])
			}
		}
	}
	var out bytes.Buffer
	WriteAgents(&out, stats)
	for _, line := range []string{
		"  a                        m game 1: blunder 9; mistake 11\n",
		"                           m game 2: blunder 14\n",
		"                           m game 4: blunder 14; mistakes 3 4\n",
		"  b                        m game 1: blunder 14; mistakes 12 20\n",
		"                           m game 2: mistake 11\n",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("the agents' table lacks %q:\n%s", line, out.String())
		}
	}
}

// TestBestMoveColumnNeverContradictsTheMarks: where the line marks a blunder or a
// mistake the column shows the proved best moves, never the engine's move (which may be
// the very move marked); a search's win rate is shown, as an estimate, only where
// nothing is proved.
func TestBestMoveColumnNeverContradictsTheMarks(t *testing.T) {
	pt := board.PointAt
	zero, two := 0, 2
	cases := []struct {
		name string
		m    MoveReview
		want string
		not  []string
	}{
		{"mistake the engine suggested", MoveReview{Action: pt(1, 1), Before: facts.Loss, After: facts.Loss, Mistake: true, PointsLost: &two,
			BestMoves: []board.Point{pt(2, 1), pt(2, 3)}, BestComplete: true, EngineMove: pt(1, 1), EngineMethod: "search", EngineWinRate: 0.62},
			"proved: 2,1 2,3", []string{"1,1", "%"}},
		{"blunder, list not complete", MoveReview{Action: pt(0, 0), Before: facts.Win, After: facts.Loss, Blunder: true,
			WinningAlternatives: []board.Point{pt(2, 2)}, EngineMove: pt(0, 0), EngineMethod: "search", EngineWinRate: 0.9},
			"proved: 2,2 ...", []string{"0,0", "%"}},
		{"search beside a proved loss", MoveReview{Action: pt(3, 3), Before: facts.Loss, After: facts.Loss, EngineMove: pt(2, 3), EngineMethod: "search", EngineWinRate: 0.62},
			"2,3 (search, not proved)", []string{"%"}},
		{"search's move played, proved best", MoveReview{Action: pt(2, 3), Before: facts.Win, After: facts.Win, PointsLost: &zero,
			EngineMove: pt(2, 3), EngineMethod: "search", EngineWinRate: 0.7}, "2,3 (search, proved best)", []string{"%"}},
		{"book", MoveReview{Action: pt(2, 2), Before: facts.Win, After: facts.Win, EngineMove: pt(2, 2), EngineMethod: "book", EngineValue: facts.Win, EngineWinRate: 1},
			"2,2 (book, proved win)", []string{"%"}},
		{"nothing proved", MoveReview{Action: pt(1, 2), Before: facts.Unknown, After: facts.Unknown, EngineMove: pt(2, 3), EngineMethod: "search", EngineWinRate: 0.62},
			"2,3 (search estimate 62%)", nil},
		{"no engine", MoveReview{Action: pt(1, 2), EngineMove: board.NoPoint}, "", nil},
	}
	for _, c := range cases {
		got := BestMoveWords(&c.m)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		for _, no := range c.not {
			if strings.Contains(got, no) {
				t.Errorf("%s: %q says %q", c.name, got, no)
			}
		}
	}
}

// TestBlunderAndPunishmentLines: a blunder's line names whom it gifts and the moves that
// kept the win, the reply that keeps the gift says it punishes it, and a blunder that
// answers a blunder gives the gift back.
func TestBlunderAndPunishmentLines(t *testing.T) {
	pt := board.PointAt
	r := GameReview{Name: "hand", Winner: "white", Moves: []MoveReview{
		{Number: 1, Color: board.Black, Action: pt(1, 1), Before: facts.Win, After: facts.Win},
		{Number: 2, Color: board.White, Action: pt(0, 0), Before: facts.Win, After: facts.Loss, Blunder: true,
			WinningAlternatives: []board.Point{pt(2, 2), pt(2, 3)}, AlternativesComplete: true},
		{Number: 3, Color: board.Black, Action: pt(4, 4), Before: facts.Win, After: facts.Loss, Blunder: true, AfterGift: true,
			WinningAlternatives: []board.Point{pt(3, 3)}},
		{Number: 4, Color: board.White, Action: pt(2, 2), Before: facts.Win, After: facts.Win, AfterGift: true},
	}}
	var out bytes.Buffer
	WriteGame(&out, &r)
	text := out.String()
	for n, want := range map[int]string{2: "BLUNDER (a gift to Black); wins: 2,2 2,3", 3: "BLUNDER (the gift given back); wins (not a complete list): 3,3",
		4: "punishes move 3"} {
		if line := lineOf(t, text, n); !strings.HasSuffix(line, want) {
			t.Errorf("move %d: %q; want it to end %q", n, line, want)
		}
	}
	if line := lineOf(t, text, 1); strings.Contains(line, "gift") || strings.Contains(line, "BLUNDER") {
		t.Errorf("move 1: %q; a kept win is no blunder", line)
	}
}

// A result not proved exactly is printed as its proved bound, as -json's outcome and
// the web say it, never "?" beside a bound; "?" only where nothing is proved.
func TestMarginChangePrintsTheProvedBound(t *testing.T) {
	three, minus := 3, -2
	for _, tc := range []struct {
		m    MoveReview
		want string
	}{
		{MoveReview{MarginBefore: &three, OutcomeBefore: "B+0.5", OutcomeAfter: "W+0.5 or more"}, "B+0.5 -> W+0.5 or more"},
		{MoveReview{MarginBefore: &three, OutcomeBefore: "B+0.5"}, "B+0.5 -> ?"},
		{MoveReview{OutcomeBefore: "W+2.5 or more", MarginAfter: &minus, OutcomeAfter: "W+4.5"}, "W+2.5 or more -> W+4.5"},
		{MoveReview{}, ""},
	} {
		if got := marginChange(&tc.m); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.m, got, tc.want)
		}
	}
}

// A bound is wider than an exact result: the results' column follows its game's longest
// entry, so that the best move starts under its header on every line.
func TestTheBestMoveColumnStaysUnderItsHeader(t *testing.T) {
	games, errs := record.Parse("bounds.txt", []byte("2,2 1,1 1,2 2,1 3,3 1,3 PASS PASS"))
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("Parse: %d games, errors %v", len(games), errs)
	}
	r, err := Review(context.Background(), games[0], Options{Limit: 50 * time.Millisecond, Jobs: 1, EnginePlayouts: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	WriteGame(&out, &r)
	text := out.String()
	header := strings.SplitN(text, "\n", 3)[1]
	at := strings.Index(header, "best move")
	bounds := 0
	for n := 1; n <= len(r.Moves); n++ {
		line := lineOf(t, text, n)
		if strings.Contains(line, "or more") {
			bounds++
		}
		if len(line) <= at || line[at-1] != ' ' || line[at] == ' ' {
			t.Errorf("move %d: the best move does not start at column %d, under its header:\n%s\n%s", n, at, header, line)
		}
	}
	if bounds == 0 {
		t.Errorf("no result is a bound: the test checks no wide entry\n%s", text)
	}
}
