// run_test.go: the arena command in process: usage errors, the summary, the sequential test, and the JSON and SGF records read back.

package arenacmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/arena"
	"littlego/board"
	"littlego/internal/clitest"
	"littlego/record"
	"littlego/sgf"
)

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, clitest.HelpAndUnknownFlag("exec:PATH [ARGS]")...)
}

func TestMainUsageErrors(t *testing.T) {
	cases := map[string][]string{
		"want two agents": {"random"},
		"flags go before the agents (littlego arena -n 1 exec:/x greedy)": {"exec:/x", "greedy", "-n", "1"},
		"agent B":                {"random", "best"},
		"-n 0 out of range":      {"-n", "0", "random", "greedy"},
		"-jobs -1 out of range":  {"-jobs", "-1", "random", "greedy"},
		"flag -cpu":              {"-cpu", "-1", "random", "greedy"},
		"-cpu-limit is now -cpu": {"-cpu-limit", "1", "random", "greedy"},
		"flag provided but not ": {"-colour", "random", "greedy"},
		"-show \"first\"":        {"-show", "first", "random", "greedy"},
		"-review-cpu 0s":         {"-review", "-review-cpu", "0", "random", "greedy"},
	}
	for want, args := range cases {
		code, stdout, stderr := clitest.Call(run, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, stdout, stderr, want)
		}
	}
}

func TestMainMatchAndRecords(t *testing.T) {
	dir := t.TempDir()
	jsonPath, sgfDir := filepath.Join(dir, "games.jsonl"), filepath.Join(dir, "sgf")
	code, stdout, stderr := clitest.Call(run, "-n", "6", "-jobs", "2", "-seed", "5", "-o", jsonPath, "-sgf", sgfDir, "aggressive", "random")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"aggressive vs random: 6 games", "as Black", "as White", "Elo aggressive - random", "time per move", "mean margin", "games ended"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	f, err := os.Open(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		var g record.JSONGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if g.Game != n {
			t.Errorf("line %d holds game %d; want game order", n, g.Game)
		}
		if g.WallSeconds <= 0 || g.Seed != arena.GameSeed(5, n) || g.Reason == "" || g.Detail == "" || g.WinnerName == "" {
			t.Errorf("game %d: incomplete record %+v", n, g)
		}
		if (g.AColor == "black") != (n%2 == 1) || (g.Black == "aggressive") != (n%2 == 1) {
			t.Errorf("game %d: A is %s, Black is %s; A must be Black in odd games", n, g.AColor, g.Black)
		}
		// The SGF record of the same game, read back by the SGF reader.
		sf, err := os.Open(filepath.Join(sgfDir, fmt.Sprintf("game-%04d.sgf", n)))
		if err != nil {
			t.Fatal(err)
		}
		sg, err := sgf.Parse(sf)
		sf.Close()
		if err != nil {
			t.Fatalf("game %d: SGF does not read back: %v", n, err)
		}
		if len(sg.Moves) != len(g.Moves) || sg.Black != g.Black || sg.White != g.White || sg.Komi != board.Komi {
			t.Fatalf("game %d: SGF has %d moves, %s vs %s, komi %v; JSON %d moves, %s vs %s", n, len(sg.Moves), sg.Black, sg.White, sg.Komi, len(g.Moves), g.Black, g.White)
		}
		for k, m := range sg.Moves {
			if m.Point.String() != g.Moves[k].Move || (m.Color == board.Black) != (g.Moves[k].Color == "B") {
				t.Errorf("game %d move %d: SGF %s %s, JSON %s %s", n, k+1, m.Color, m.Point, g.Moves[k].Color, g.Moves[k].Move)
			}
		}
		pos, err := sg.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		b, w := pos.Score()
		if b != g.BlackStones || w != g.WhiteStones || strings.ToLower(pos.Winner().String()) != g.Winner {
			t.Errorf("game %d: SGF replays to %d-%d (%s wins), JSON says %d-%d (%s)", n, b, w, pos.Winner(), g.BlackStones, g.WhiteStones, g.Winner)
		}
		wantResult := "W+"
		if g.Winner == "black" {
			wantResult = "B+"
		}
		if !strings.HasPrefix(sg.Result, wantResult) {
			t.Errorf("game %d: SGF result %q, winner %s", n, sg.Result, g.Winner)
		}
	}
	if n != 6 {
		t.Errorf("%d JSON lines, want 6", n)
	}
}

func TestMainQuiet(t *testing.T) {
	code, stdout, stderr := clitest.Call(run, "-q", "-n", "4", "greedy", "greedy")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); len(lines) != 1 || !strings.Contains(stdout, "greedy (A)") {
		t.Errorf("-q printed %q; want one line naming greedy (A)", stdout)
	}
}

func TestMainShow(t *testing.T) {
	for _, c := range []struct {
		show   string
		boards int
	}{{"none", 0}, {"last", 1}, {"all", 3}} {
		code, stdout, stderr := clitest.Call(run, "-show", c.show, "-n", "3", "random", "greedy")
		if code != 0 || stderr != "" {
			t.Fatalf("-show %s: exit %d, stderr %q", c.show, code, stderr)
		}
		if n := strings.Count(stdout, "   0 1 2 3 4\n"); n != c.boards {
			t.Errorf("-show %s drew %d boards, want %d:\n%s", c.show, n, c.boards, stdout)
		}
		if c.show == "last" && !strings.Contains(stdout, "game   3:") {
			t.Errorf("-show last did not draw game 3:\n%s", stdout)
		}
	}
}

func TestMainReviewsTheGamesALost(t *testing.T) {
	if testing.Short() {
		t.Skip("reviews two games with the solver")
	}
	code, stdout, stderr := clitest.Call(run, "-q", "-review", "-review-cpu", "100ms", "-n", "2", "random", "greedy")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lost := 0
	if !strings.HasPrefix(stdout, "random 0/2") && !strings.HasPrefix(stdout, "random 1/2") && !strings.HasPrefix(stdout, "random 2/2") {
		t.Fatalf("no summary line first:\n%s", stdout)
	}
	lost = 2 - int(stdout[len("random ")]-'0')
	if lost == 0 {
		if !strings.Contains(stdout, "random lost no game") {
			t.Errorf("no review note:\n%s", stdout)
		}
		return
	}
	if n := strings.Count(stdout, "\nverdict: "); n != lost || !strings.Contains(stdout, fmt.Sprintf("review of the %d games random lost", lost)) {
		t.Errorf("%d verdicts for %d lost games:\n%s", n, lost, stdout)
	}
}

func TestMainVerbose(t *testing.T) {
	code, stdout, _ := clitest.Call(run, "-v", "-n", "3", "-jobs", "1", "random", "alphabeta")
	if code != 0 || strings.Count(stdout, "\ngame ") != 3 {
		t.Errorf("exit %d; want 3 game lines:\n%s", code, stdout)
	}
	if !strings.Contains(stdout, "(CPU)") || strings.Contains(stdout, "wall clock") {
		t.Errorf("-jobs 1 should time in-process moves in CPU time:\n%s", stdout)
	}
}

func TestMainJobsDefault(t *testing.T) {
	// An in-process engine budgets the process's CPU time, so it plays alone by default.
	_, stdout, _ := clitest.Call(run, "-n", "2", "engine:playouts=20", "random")
	if !strings.Contains(stdout, ", 1 job\n") {
		t.Errorf("engine match did not default to 1 job:\n%s", stdout)
	}
	_, stdout, _ = clitest.Call(run, "-n", "2", "-jobs", "2", "engine:playouts=20", "random")
	if !strings.Contains(stdout, "2 jobs") || !strings.Contains(stdout, "searched for less than its budget") {
		t.Errorf("engine match with -jobs 2 lacks the warning:\n%s", stdout)
	}
}

func TestArenaSPRTStopsEarlyWithH1(t *testing.T) {
	// A clearly better agent against a weaker one: the test must accept H1 long before
	// -games. The engine's run is the real check; alpha-beta against random is its quick
	// stand-in under -short.
	a, b := "alphabeta", "random"
	if !testing.Short() {
		a = "engine:playouts=400,plan=false,solve=false,book=false"
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"-n", "400", "-jobs", "1", "-sprt", "0,100", "-openings", "random:3:200", "-opening-cpu", "0", "-o", filepath.Join(dir, "g.json"), a, b}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "H1 accepted after") || !strings.Contains(out, "LLR") || !strings.Contains(out, "distinct games:") {
		t.Errorf("no H1 decision in the summary:\n%s", out)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "g.json"))
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var last map[string]arena.JSONSPRT
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	res := last["sprt"]
	if res.Decision != "H1 accepted" || res.LLR < res.Upper || len(lines)-1 >= 400 || len(lines)-1 != 2*res.DecidedAt || len(res.History) != res.DecidedAt {
		t.Errorf("SPRT record %+v after %d games", res, len(lines)-1)
	}
	t.Logf("%s vs %s: H1 after %d pairs", a, b, res.DecidedAt)
	for _, bad := range [][]string{{"-sprt", "10,0"}, {"-sprt", "0"}, {"-sprt", "0,10", "-n", "1"}, {"-plot", "x.png"}, {"-openings", "plies:7"}} {
		stdout.Reset()
		stderr.Reset()
		if code := run(append(bad, "random", "random"), nil, &stdout, &stderr); code != 2 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", bad, code, stderr.String())
		}
	}
}
