// exec_test.go: the exec: agent run as the course host runs one: the protocol, the working folder, and every way a move can fail.

package arena

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
)

// playOne plays game 1 (a is Black) between a and b and returns its record.
func playOne(t *testing.T, a, b *Agent, cfg Config) record.Record {
	t.Helper()
	if cfg.CPULimit == 0 {
		cfg.CPULimit = board.HostCPULimit
	}
	cfg.Games, cfg.Jobs, cfg.WorkDir = 1, 1, t.TempDir()
	recs, err := Run(context.Background(), a, b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return recs[0]
}

func TestExecAgentPlaysByTheProtocol(t *testing.T) {
	// The helper checks input.txt (no final newline, consistent boards, the previous
	// board equal to the board after its own last move, kept in its working folder)
	// and exits non-zero on any violation, which would end the game as a crash.
	helper := helperSpec(t, "exec", "play")
	random, _ := ParseAgent("random")
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, order := range [][2]*Agent{{helper, random}, {random, helper}, {helper, helper}}[:games+1] {
		rec := playOne(t, order[0], order[1], Config{})
		if rec.Reason.Forfeit() {
			t.Fatalf("%s vs %s: %s", order[0].Name, order[1].Name, rec.Detail)
		}
		checkLegal(t, &rec)
		for _, m := range rec.Moves {
			isHelper := (m.Color == board.Black) == (order[0] == helper) || order[0] == order[1]
			if isHelper && (!m.Measured || m.CPU <= 0) {
				t.Errorf("exec move by %s not timed in CPU time: %v measured=%v", m.Color, m.CPU, m.Measured)
			}
		}
	}
}

func TestExecAgentFaults(t *testing.T) {
	random, _ := ParseAgent("random")
	cases := []struct {
		name   string
		mode   []string
		cfg    Config
		reason record.Reason
		detail string
	}{
		{"unparseable output", []string{"write", "hello"}, Config{}, record.BadOutput, "hello"},
		{"lower-case pass", []string{"write", "pass"}, Config{}, record.BadOutput, "pass"},
		{"empty output", []string{"write", ""}, Config{}, record.BadOutput, "empty"},
		{"missing output", []string{"none"}, Config{}, record.NoOutput, "without writing output.txt"},
		{"8 MB output", []string{"big"}, Config{}, record.BadOutput, "expected i,j or PASS"},
		{"off the board", []string{"write", "5,0"}, Config{}, record.IllegalOffBoard, "5,0"},
		{"negative coordinate", []string{"write", "2,-1"}, Config{}, record.IllegalOffBoard, "2,-1"},
		{"crash", []string{"crash"}, Config{}, record.Crash, "crashing on purpose"},
		{"over the CPU limit", []string{"spin", "0.4"}, Config{CPULimit: 200 * time.Millisecond}, record.Timeout, "over the limit"},
		{"spinning far past the CPU limit", []string{"spin", "60"}, Config{CPULimit: 300 * time.Millisecond, WallLimit: time.Minute}, record.Timeout, "killed at"},
		{"a FIFO as output.txt", []string{"fifo"}, Config{}, record.BadOutput, "a FIFO, not a regular file"},
		{"a link to /dev/zero as output.txt", []string{"link", "/dev/zero"}, Config{}, record.BadOutput, "a device, not a regular file"},
		{"a folder as output.txt", []string{"mkdir"}, Config{}, record.BadOutput, "a folder, not a regular file"},
		{"hung past the wall-clock bound", []string{"sleep"}, Config{WallLimit: time.Second}, record.Timeout, "wall-clock"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := helperSpec(t, "exec", c.mode[0], c.mode[1:]...)
			start := time.Now()
			rec := playOne(t, bad, random, c.cfg)
			if rec.Reason != c.reason || rec.Winner != board.White {
				t.Fatalf("reason %s, winner %s; want %s, White wins (%s)", rec.Reason, rec.Winner, c.reason, rec.Detail)
			}
			if !strings.Contains(rec.Detail, c.detail) || !strings.Contains(rec.Detail, "Black's move 1") {
				t.Errorf("detail %q does not say %q about Black's move 1", rec.Detail, c.detail)
			}
			if len(rec.Moves) != 1 || !rec.Moves[0].Fault {
				t.Errorf("moves %+v; want the one faulty move", rec.Moves)
			}
			if (c.reason == record.Timeout || c.reason == record.BadOutput) && time.Since(start) > 10*time.Second {
				t.Errorf("the fault took %v to be judged", time.Since(start))
			}
		})
	}
}

func TestExecWorkingFoldersRemoved(t *testing.T) {
	dir := t.TempDir()
	helper := helperSpec(t, "exec", "play")
	random, _ := ParseAgent("random")
	if _, err := Run(context.Background(), helper, random, Config{Games: 2, Jobs: 2, CPULimit: board.HostCPULimit, WorkDir: dir}); err != nil {
		t.Fatal(err)
	}
	left, _ := os.ReadDir(dir)
	if len(left) != 0 {
		t.Errorf("working folders left behind: %v", left)
	}
}

func TestExecAgentLeavingAFIFOInPlaceOfInput(t *testing.T) {
	// The agent plays legal moves and leaves a FIFO as input.txt: writing the next
	// input.txt into it would block until someone reads it.
	fifo := helperSpec(t, "exec", "fifoinput")
	random, _ := ParseAgent("random")
	start := time.Now()
	rec := playOne(t, fifo, random, Config{WallLimit: 5 * time.Second})
	if rec.Reason.Forfeit() {
		t.Fatalf("forfeited: %s", rec.Detail)
	}
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("the game took %v", el)
	}
}

func TestParseAgent(t *testing.T) {
	exe, _ := os.Executable()
	good := map[string]Kind{"random": KindRandom, "greedy": KindGreedy, "aggressive": KindAggressive, "alphabeta": KindAlphaBeta,
		"engine": KindEngine, "engine:budget=0.2,workers=1,seed=3": KindEngine, "exec:" + exe + " -x 1": KindExec, "gtp:" + exe: KindGTP}
	for spec, kind := range good {
		a, err := ParseAgent(spec)
		if err != nil || a.Kind != kind {
			t.Errorf("ParseAgent(%q) = %+v, %v; want kind %s", spec, a, err, kind)
		}
	}
	a, _ := ParseAgent("engine:budget=0.2,workers=1,seed=3")
	if a.Engine.Budget != 200*time.Millisecond || a.Engine.Seed != 3 || !a.EngineSeedSet {
		t.Errorf("engine options not read: %+v", a.Engine)
	}
	a, _ = ParseAgent("exec:" + exe + " -x 1")
	if len(a.Argv) != 3 || a.Argv[1] != "-x" || !filepath.IsAbs(a.Argv[0]) || a.Name != "exec:"+filepath.Base(exe)+" -x 1" {
		t.Errorf("exec agent: argv %q, name %q", a.Argv, a.Name)
	}
	bad := map[string]string{
		"":                       "unknown agent",
		"Random":                 "did you mean \"random\"",
		"random:1":               "takes no options",
		"minimax":                "want random, greedy",
		"engine:":                "no options",
		"engine:budget=x":        "budget",
		"engine:colour=red":      "unknown",
		"exec:":                  "no program",
		"exec":                   "want exec:PATH",
		"exec:/no/such/program":  "no such file",
		"gtp:   ":                "no program",
		"exec:" + t.TempDir():    "",
		"engine:budget=0.2,,c=1": "",
	}
	for spec, want := range bad {
		_, err := ParseAgent(spec)
		if err == nil {
			t.Errorf("ParseAgent(%q) accepted", spec)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("ParseAgent(%q): %v; want it to mention %q", spec, err, want)
		}
	}
}

func TestExecAgentByRelativePath(t *testing.T) {
	// exec:sh player.sh, started in the script's folder: sh is found in $PATH, and
	// player.sh, a relative file argument, is found although the program runs in the
	// game's working folder.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nexec '" + exe + "' " + helperArg + " play\n"
	if err := os.WriteFile(filepath.Join(dir, "player.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	random, _ := ParseAgent("random")
	for _, spec := range []string{"exec:sh player.sh", "exec:./player.sh"} {
		a, err := ParseAgent(spec)
		if err != nil {
			t.Fatal(err)
		}
		if rec := playOne(t, a, random, Config{}); rec.Reason.Forfeit() {
			t.Errorf("%s: %s %s", spec, rec.Reason, rec.Detail)
		}
	}
	a, _ := ParseAgent("exec:sh -x player.sh no-such-file")
	if a.Name != "exec:sh -x player.sh no-such-file" {
		t.Errorf("agent named %q; want the arguments as given", a.Name)
	}
	if want := []string{"-x", filepath.Join(dir, "player.sh"), "no-such-file"}; !slices.Equal(a.Argv[1:], want) {
		t.Errorf("argv %q; want the program then %q", a.Argv, want)
	}
}
