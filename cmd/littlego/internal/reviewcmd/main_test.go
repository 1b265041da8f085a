// main_test.go: the command's exit statuses, its text and JSON outputs, -agent, -plot (unknown drawn as a gap), and bad inputs.

package reviewcmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"littlego/board"
	"littlego/facts"
	"littlego/opening"
	"littlego/review"
)

// quick are flags that keep a test's review short.
var quick = []string{"-cpu", "50ms", "-margin-cpu", "50ms", "-engine-playouts", "50", "-jobs", "1"}

// runWith runs the command with args and stdin and returns its status and outputs.
func runWith(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errs)
	return status, out.String(), errs.String()
}

func TestUsage(t *testing.T) {
	if status, _, errs := runWith(t, "", "-h"); status != 0 || !strings.Contains(errs, "usage: littlego review") {
		t.Errorf("-h: status %d, stderr %q", status, errs)
	}
	for _, args := range [][]string{{}, {"-bogus", "x"}, {"-cpu", "0s", "-"}, {"-plot", "x.gif", "-"}, {"-jobs", "-1", "-"}} {
		if status, _, errs := runWith(t, "", args...); status != 2 || errs == "" {
			t.Errorf("%v: status %d, stderr %q; want 2 and a message", args, status, errs)
		}
	}
}

func TestBadInputs(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	status, out, errs := runWith(t, "", append(quick, empty)...)
	if status != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "empty.txt: empty") {
		t.Errorf("empty file: status %d, stdout %q, stderr %q; want 1 and one line naming it", status, out, errs)
	}
	status, _, errs = runWith(t, "", append(quick, filepath.Join(dir, "missing.txt"))...)
	if status != 1 || !strings.Contains(errs, "missing.txt") {
		t.Errorf("missing file: status %d, stderr %q", status, errs)
	}
	// A malformed game is skipped, the good one reviewed; an illegal action ends its review.
	status, out, errs = runWith(t, "2,2 1,2 2,2\n2,2 x,y\n", append(quick, "-")...)
	if status != 1 || !strings.Contains(errs, "stdin game 2") || !strings.Contains(errs, "move 2") {
		t.Errorf("malformed game: status %d, stderr %q", status, errs)
	}
	if !strings.Contains(out, "illegal (occupied)") || !strings.Contains(out, "verdict: White won by forfeit") {
		t.Errorf("illegal action not reported:\n%s", out)
	}
}

func TestTextReview(t *testing.T) {
	status, out, errs := runWith(t, "1,1 2,2 PASS PASS\n", append(quick, "-")...)
	if status != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q (no progress bar off a terminal)", status, errs)
	}
	for _, want := range []string{"move side action value for the mover", "BLUNDER (a gift to White); wins: 2,2",
		"decisive: move 1", "* a winning alternative", "result W+2.5 (stones even on the board, komi 2.5)",
		"verdict: White won a game that was Black's win with perfect play from the empty board (B+0.5): Black's blunder at move 1", "won: kept/unknown",
		"Black                    stdin game 1: blunder 1",
		"   1 B    1,1    win     -> loss     [opening table] ", // the column as wide as the game's longest source
		"B+0.5 -> W+4.5, lost 5",
		"   3 B    PASS   loss    -> loss     [" + sourceAfter(board.PointAt(1, 1), board.PointAt(2, 2)) + "]"} {
		if !strings.Contains(out, want) {
			t.Errorf("the review does not say %q:\n%s", want, out)
		}
	}
}

func TestJSONAndAgent(t *testing.T) {
	records := `{"game":1,"black":"me","white":"you","winner":"white","moves":[{"color":"B","move":"1,1"},{"color":"W","move":"2,2"},{"color":"B","move":"PASS"},{"color":"W","move":"PASS"}]}
{"game":2,"black":"you","white":"me","winner":"white","moves":[{"color":"B","move":"PASS"}]}
`
	status, out, errs := runWith(t, records, append(quick, "-json", "-agent", "me", "-")...)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	var games []map[string]any
	for sc.Scan() {
		var g map[string]any
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("not a JSON object a line: %v\n%s", err, out)
		}
		games = append(games, g)
	}
	if len(games) != 1 || games[0]["name"] != "stdin game 1" {
		t.Fatalf("-agent me: want only game 1, which me lost; got %v", games)
	}
	moves := games[0]["moves"].([]any)
	first := moves[0].(map[string]any)
	last := moves[len(moves)-1].(map[string]any)
	for _, c := range []struct {
		move map[string]any
		want map[string]any
	}{
		{first, map[string]any{"number": 1.0, "action": "1,1", "before": "win", "after": "loss", "blunder": true, "mistake": false,
			"margin_before": 3.0, "margin_after": -2.0, "points_lost": 5.0, // the opening table's margins
			"engine_method": "book", "engine_estimate": false}}, // the book's move is proved
		{moves[2].(map[string]any), map[string]any{"number": 3.0, "before": "loss", "proof": sourceAfter(board.PointAt(1, 1), board.PointAt(2, 2)), "engine_method": "search", "engine_estimate": true}},
		{last, map[string]any{"number": 4.0, "action": "PASS", "margin_after": 0.0}}, // two passes end the game at 1 to 1
	} {
		for k, v := range c.want {
			if got, ok := c.move[k]; !ok || got != v {
				t.Errorf("move %v: %s = %v (present %v), want %v", c.move["number"], k, got, ok, v)
			}
		}
	}
	// Where the game was decided, for a viewer to open the review at.
	if games[0]["decided"] != 1.0 || fmt.Sprint(games[0]["lost_at"]) != "[1]" || games[0]["decisive"] != 1.0 {
		t.Errorf("decided %v, lost_at %v, decisive %v; want 1, [1], 1", games[0]["decided"], games[0]["lost_at"], games[0]["decisive"])
	}
	if _, ok := first["margin_after"]; !ok {
		t.Errorf("move 1 has no margin_after (null when not proved): %v", first)
	}
}

func TestPlot(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, input, magic string }{
		{"one.png", "1,1 2,2 PASS PASS\n", "\x89PNG"},
		{"many.svg", "1,1 2,2 PASS PASS\n0,0 PASS PASS\n", "<?xml"},
	} {
		path := filepath.Join(dir, c.name)
		if status, _, errs := runWith(t, c.input, append(quick, "-plot", path, "-")...); status != 0 {
			t.Fatalf("%s: status %d, stderr %q", c.name, status, errs)
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(data, []byte(c.magic)) {
			t.Errorf("%s: %d bytes starting %q, error %v; want a %q file", c.name, len(data), data[:min(len(data), 8)], err, c.magic)
		}
	}
}

func TestEmptyGameIsBlacksWin(t *testing.T) {
	status, out, errs := runWith(t, `{"game":1,"black":"a","white":"b","moves":[]}`+"\n", append(quick, "-")...)
	if status != 0 || !strings.Contains(out, "verdict: unfinished after move 0: Black to play, a proved win (B+0.5 with perfect play: Black 3 stones ahead)") {
		t.Errorf("status %d, stderr %q, review:\n%s", status, errs, out)
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 games", 1: "1 game", 2: "2 games"} {
		if got := plural(n, "game"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
}

// handMoves builds a game's moves from the values for Black of its positions ('w' win,
// 'l' loss, '?' unknown), Black moving first.
func handMoves(values string) *review.GameReview {
	v := map[byte]facts.Value{'w': facts.Win, 'l': facts.Loss, '?': facts.Unknown}
	r := &review.GameReview{Name: "hand"}
	for i := 0; i+1 < len(values); i++ {
		c := board.Color(i % 2)
		r.Moves = append(r.Moves, review.MoveReview{Number: i + 1, Color: c, Before: v[values[i]].ForSide(c), After: v[values[i+1]].ForSide(c)})
	}
	return r
}

func TestTimelineLeavesUnknownAsAGap(t *testing.T) {
	for _, c := range []struct {
		values string
		want   string // the runs, as x:y lists
	}{
		{"ww??ll", "1:1 2:1 | 5:-1 6:-1"},
		{"?w?l?", "2:1 | 4:-1"},
		{"???", ""},
		{"wwwl", "1:1 2:1 3:1 4:-1"},
	} {
		var runs []string
		for _, run := range valueRuns(handMoves(c.values)) {
			var pts []string
			for _, p := range run {
				if p.Y == 0 {
					t.Errorf("%s: a point drawn at 0, halfway between win and loss", c.values)
				}
				pts = append(pts, fmt.Sprintf("%g:%g", p.X, p.Y))
			}
			runs = append(runs, strings.Join(pts, " "))
		}
		if got := strings.Join(runs, " | "); got != c.want {
			t.Errorf("%s: runs %q, want %q", c.values, got, c.want)
		}
	}
}

func TestResultTicks(t *testing.T) {
	var got []string
	for _, tk := range resultTicks(-1, 4) {
		got = append(got, fmt.Sprintf("%g=%s", tk.Value, tk.Label))
	}
	if want := "-1=W+3.5 0=W+2.5 1=W+1.5 2=W+0.5 3=B+0.5 4=B+1.5"; strings.Join(got, " ") != want {
		t.Errorf("ticks %v, want %s", got, want)
	}
	if n := len(resultTicks(-25, 25)); n < 5 || n > 11 {
		t.Errorf("%d ticks over the whole range, want about ten", n)
	}
}

// TestFlagErrorsSayWhatIsAccepted: a bad value of each flag of the review's own gets one
// line naming the flag, what is wrong with the value, and what is accepted.
func TestFlagErrorsSayWhatIsAccepted(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"-cpu", "x"}, []string{"-cpu", `"x"`, "seconds (2.5) or a duration (500ms)"}},
		{[]string{"-cpu", "0"}, []string{"flag -cpu", `"0"`, "more than 0", "at most 1h0m0s"}},
		{[]string{"-cpu", "-1"}, []string{"-cpu", "more than 0", "at most 1h0m0s"}},
		{[]string{"-cpu", "2h"}, []string{"flag -cpu", `"2h"`, "more than 0", "at most 1h0m0s"}},
		{[]string{"-margin-cpu", "2h"}, []string{"flag -margin-cpu", `"2h"`, "0 (no margins", "at most 1h0m0s"}},
		{[]string{"-engine-playouts", "x"}, []string{"-engine-playouts", `"x"`, "want an integer", "0 (no engine)"}},
		{[]string{"-engine-playouts", "-5"}, []string{"-engine-playouts", "-5", "0 (no engine)", "10000000"}},
		{[]string{"-jobs", "x"}, []string{"-jobs", `"x"`, "want an integer", "0 (every CPU)"}},
		{[]string{"-jobs", "1.5"}, []string{"-jobs", `"1.5"`, "want an integer", "256"}},
		{[]string{"-jobs", "1000"}, []string{"flag -jobs", `"1000"`, "0 (every CPU)", "256"}},
	}
	for _, c := range cases {
		status, _, errs := runWith(t, "", append(c.args, "-")...)
		if status != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line", c.args, status, errs)
		}
		if strings.Contains(errs, "parse error") {
			t.Errorf("%v: %q says only parse error", c.args, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: %q does not say %q", c.args, errs, w)
			}
		}
	}
}

// The positions axis of a game of 22 actions is marked at whole moves, up to 23, the
// position after the last move, and its label says so (not 2.50, 12.50, "25: the end").
func TestPlotMoveAxis(t *testing.T) {
	ticks := moveTicks(23)
	var labels []string
	for _, tk := range ticks {
		if tk.Value != float64(int(tk.Value)) || tk.Label != strconv.Itoa(int(tk.Value)) {
			t.Errorf("tick %+v: want a whole move labelled as such", tk)
		}
		labels = append(labels, tk.Label)
	}
	if got := strings.Join(labels, " "); got != "1 5 9 13 17 23" {
		t.Errorf("ticks %s, want 1 5 9 13 17 23", got)
	}
	if l := moveAxisLabel(23); !strings.Contains(l, "23: after the last move") || strings.Contains(l, "25") {
		t.Errorf("axis label %q", l)
	}
}

// A review never contradicts itself on a line: after 0,3 the table proves White's 2,2
// wins by W+4.5, so after 0,3 2,2 Black has lost by W+4.5, said as implied by it; a
// move from a proved-lost position is followed by a proved loss, and the engine's proved
// move, when played, by the proved value.
func TestImpliedValuesOnTheLine(t *testing.T) {
	status, out, errs := runWith(t, "0,3 2,2 3,2 1,2 PASS PASS\n", append(quick, "-json", "-")...)
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	var g struct {
		Moves []struct {
			Number       int    `json:"number"`
			Action       string `json:"action"`
			Before       string `json:"before"`
			After        string `json:"after"`
			Proof        string `json:"proof"`
			MarginBefore *int   `json:"margin_before"`
			MarginAfter  *int   `json:"margin_after"`
			EngineMove   string `json:"engine_move"`
			EngineMethod string `json:"engine_method"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil || len(g.Moves) != 6 {
		t.Fatalf("%v: %s", err, out)
	}
	two, three := g.Moves[1], g.Moves[2]
	if two.After != "win" || two.MarginAfter == nil || *two.MarginAfter != -2 {
		t.Errorf("move 2, the table's 2,2: %+v; want win -> win, W+4.5 after", two)
	}
	if three.Before != "loss" || three.After != "loss" || three.Proof != sourceAfter(board.PointAt(0, 3), board.PointAt(2, 2)) || three.MarginBefore == nil || *three.MarginBefore != -2 {
		t.Errorf("move 3, after 0,3 2,2: %+v; want loss -> loss, W+4.5 before, implied by the table's 2,2", three)
	}
	// The engine's methods whose move is a proved win (engine.Report.Proved), as the review
	// names them.
	provedWin := map[string]bool{"book": true, "table": true, "solver": true, "rule": true}
	for _, m := range g.Moves {
		if m.Before == "loss" && m.After != "loss" {
			t.Errorf("move %d from a proved-lost position: %s -> %s", m.Number, m.Before, m.After)
		}
		if provedWin[m.EngineMethod] && m.EngineMove == m.Action && m.After != "win" {
			t.Errorf("move %d, the engine's proved move (%s) played: %s -> %s", m.Number, m.EngineMethod, m.Before, m.After)
		}
	}
	text := func() string {
		_, out, _ := runWith(t, "0,3 2,2 3,2 1,2 PASS PASS\n", append(quick, "-")...)
		return out
	}()
	if !strings.Contains(text, "["+sourceAfter(board.PointAt(0, 3), board.PointAt(2, 2))+"]") {
		t.Errorf("the text does not name the implied source:\n%s", text)
	}
}

// sourceAfter is how the position after a first move and White's 2,2 is proved: by the
// opening table itself where it holds that position (a table through level 2), else as
// implied by its 2,2 after the first move.
func sourceAfter(first, reply board.Point) string {
	pos := board.New()
	pos.Play(first)
	pos.Play(reply)
	if _, held := opening.Lookup(pos); held {
		return string(facts.Table)
	}
	return "implied by the opening table's " + reply.String()
}
