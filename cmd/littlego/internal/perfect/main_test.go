// main_test.go: the perfect-play check on games of the built-in players: it passes the engine and catches a weak one.

package perfect

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/arena"
	"littlego/board"
	"littlego/opening"
)

// writeGames plays n games between two built-in agents and writes them as littlego arena -o does.
func writeGames(t *testing.T, a, b string, n int) string {
	t.Helper()
	recs, err := arena.RunSpecs(context.Background(), a, b, arena.Config{Games: n, Jobs: 1, CPULimit: board.HostCPULimit, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for i := range recs {
		if err := recs[i].WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "games.json")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEngineKeepsWins(t *testing.T) {
	games := writeGames(t, "random", "greedy", 20)
	var out, errOut bytes.Buffer
	// -engine-cpu 0.25: the plan gives moves 15-24 0.22 of it, 55 ms, about what they had
	// before moves 7-8 took the larger share (0.5 of 0.1 s).
	if code := run([]string{"-moves", "14-24", "-n", "60", "-engine-cpu", "0.25", games}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "60 won positions checked") {
		t.Fatalf("expected 60 positions checked:\n%s", out.String())
	}
	if strings.Contains(out.String(), "SLIPPED") {
		t.Fatalf("a win slipped:\n%s", out.String())
	}
}

// A one-playout engine without the solver must be caught giving wins away: the check
// can fail.
func TestWeakEngineCaught(t *testing.T) {
	games := writeGames(t, "random", "random", 20)
	var out, errOut bytes.Buffer
	code := run([]string{"-moves", "16-24", "-n", "150", "-solve=false", "-priors=false", "-playouts", "1", "-policy", "uniform", games}, nil, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), errSlipped.Error()) {
		t.Fatalf("exit %d, stderr %q; want 1 and %q\n%s", code, errOut.String(), errSlipped, out.String())
	}
	if !strings.Contains(out.String(), "SLIPPED") {
		t.Fatalf("no slipped position listed:\n%s", out.String())
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.json")
	if err := os.WriteFile(junk, []byte("{not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	illegal := filepath.Join(dir, "illegal.json")
	if err := os.WriteFile(illegal, []byte(`{"game":1,"moves":[{"color":"B","move":"2,2"},{"color":"W","move":"2,2"}]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{junk}, 1, "not an arena game record"},
		{[]string{illegal}, 1, "is illegal"},
		{[]string{filepath.Join(dir, "missing.json")}, 1, "no such file"},
		{[]string{}, 2, "no game records"},
		{[]string{"-moves", "30-40", junk}, 2, "-moves"},
		{[]string{"-moves", "9-x", junk}, 2, "-moves"},
		{[]string{"-n", "0", junk}, 2, "-n 0"},
		{[]string{"-engine-cpu", "99", junk}, 2, "budget"},
		{[]string{"-budget", "1", junk}, 2, "-budget is now -engine-cpu"},
		{[]string{"-workers", "1", junk}, 2, "-workers is now -threads"},
		{[]string{"-h"}, 0, "usage: littlego perfect"},
		{[]string{"-bogus"}, 2, "flag provided but not defined: -bogus"},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.args, nil, &out, &errOut)
		if code != tc.code || out.Len() != 0 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out.String(), errOut.String(), tc.code, tc.want)
		}
	}
}

// Fewer positions than -n asks for: said at the start, and the progress lines count the
// won positions checked against what the pool can give, never the -n it cannot reach.
func TestProgressCountsThePool(t *testing.T) {
	games := writeGames(t, "random", "greedy", 4)
	var out, errOut bytes.Buffer
	if code := run([]string{"-moves", "22-24", "-n", "1000", "-engine-cpu", "0.05", games}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errOut.String())
	}
	e := errOut.String()
	if !strings.Contains(e, "fewer than -n 1000: every one drawn") || strings.Contains(e, "of 1000") {
		t.Errorf("stderr %q: want the pool said, and no count against -n 1000", e)
	}
}

// The opening's positions are judged by what the opening table proves, without the
// solver (held to a millisecond here): every won position at moves 1-3 of the games, as
// a plain reading of the table finds them, is checked, and every move of a search-only
// engine there is judged by the table too (none unverified).
func TestTheTablesJudgeTheOpening(t *testing.T) {
	games := writeGames(t, "random", "greedy", 6)
	recs, err := readPositions(games, func(m int) bool { return m <= 3 }, map[uint64]bool{})
	if err != nil {
		t.Fatal(err)
	}
	won := 0
	for _, s := range recs {
		if e, ok := opening.Lookup(s.pos); !ok {
			t.Fatalf("%s: the table has no value for a position at move %d", s.from, s.pos.Move)
		} else if e.Win {
			won++
		}
	}
	if won == 0 {
		t.Fatal("no won position at moves 1-3 in the games")
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-moves", "1-3", "-cpu", "1ms", "-book=false", "-solve=false", "-engine-cpu", "0.05", games}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), fmt.Sprintf("%d won positions checked", won)) {
		t.Fatalf("want %d won positions checked:\n%s", won, out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) == 8 && f[0] == "all" && f[4] != "0" {
			t.Fatalf("%s moves not judged within the table:\n%s", f[4], out.String())
		}
	}
}
