// main_test.go: the command's exit statuses, its text and JSON outputs, -agent, -plot, and bad inputs.

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// quick are flags that keep a test's review short.
var quick = []string{"-limit", "50ms", "-margin-limit", "50ms", "-engine-playouts", "50", "-jobs", "1"}

// runWith runs the command with args and stdin and returns its status and outputs.
func runWith(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errs)
	return status, out.String(), errs.String()
}

func TestUsage(t *testing.T) {
	if status, _, errs := runWith(t, "", "-h"); status != 0 || !strings.Contains(errs, "usage: review") {
		t.Errorf("-h: status %d, stderr %q", status, errs)
	}
	for _, args := range [][]string{{}, {"-bogus", "x"}, {"-limit", "0s", "-"}, {"-plot", "x.gif", "-"}, {"-jobs", "-1", "-"}} {
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
	for _, want := range []string{"1 B 1,1", "BLUNDER (wins: 2,2)", "decisive: move 1", "* a winning alternative",
		"verdict: White won a game it had lost from the start: Black's blunder at move 1", "won: kept/unknown", "blunders 1",
		"1 B 1,1   win     -> loss    [opening table] B+3 -> W+2, lost 5"} {
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
			"margin_before": 3.0, "margin_after": -2.0, "points_lost": 5.0}}, // the opening table's margins
		{last, map[string]any{"number": 4.0, "action": "PASS", "margin_after": 0.0}}, // two passes end the game at 1 to 1
	} {
		for k, v := range c.want {
			if got, ok := c.move[k]; !ok || got != v {
				t.Errorf("move %v: %s = %v (present %v), want %v", c.move["number"], k, got, ok, v)
			}
		}
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
	if status != 0 || !strings.Contains(out, "verdict: unfinished after move 0: Black to play, a proved win (B+3 with perfect play)") {
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
