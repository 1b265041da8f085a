// main_test.go: "littlego analysis" as a process, driven by the protocol's test client
// (katago/katagotest, written from KataGo's published description alone): a game's every
// turn checked against facts, a terminate mid-search, bad input, stdin closed, KataGo's
// launch line.
package katagocmd

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/katago/katagotest"
)

// TestMain lets the test binary run the command when asked, so that the tests drive it
// as a separate process with real stdin, stdout and stderr.
func TestMain(m *testing.M) {
	if os.Getenv("LITTLEGO_ANALYSIS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// process is the command running as a child, behind the test client.
type process struct {
	*katagotest.AnalysisClient
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *bytes.Buffer
}

func start(t *testing.T, args ...string) *process {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "LITTLEGO_ANALYSIS_MAIN=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, stdin: stdin, stderr: &bytes.Buffer{}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.AnalysisClient = katagotest.NewAnalysisClient(stdin, stdout)
	t.Cleanup(func() { stdin.Close(); _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return p
}

// finish closes stdin and returns the exit status.
func (p *process) finish(t *testing.T) int {
	t.Helper()
	p.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(time.Minute):
		t.Fatal("the command did not end a minute after stdin closed")
	}
	return -1
}

const game = "B C3 W B4 B B3 W C4 B D4 W A3 B A4 W pass"

// Every turn of a game, analysed at once: each final answer's proved values agree with
// facts, the malformed line between the queries gets an error and the next query is
// served, and stdin closed ends the command with 0 after every turn is answered.
func TestGameTurnsAgreeWithFacts(t *testing.T) {
	p := start(t, "-cpu", "0.05", "-jobs", "2", "-override-config", "maxTime=3")
	q := katagotest.NewQuery("game", game)
	q["maxVisits"] = 40
	turns := []int{}
	for k := 0; k <= len(strings.Fields(game))/2; k++ {
		turns = append(turns, k)
	}
	q["analyzeTurns"] = turns
	if err := p.SendRaw(`{"id":`); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Expect("error", "", "", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	finals, _, err := p.Collect("game", len(turns), 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	positions := positionsOf(t, game)
	proved := 0
	for turn, r := range finals {
		root, _ := r["rootInfo"].(map[string]any)
		f := facts.Known(positions[turn])
		if !f.Proved() {
			continue
		}
		proved++
		want := 0.0
		if f.Value == facts.Win {
			want = 1
		}
		if root["winrate"] != want || root["scoreStdev"] == nil {
			t.Errorf("turn %d: rootInfo %v; facts say %v for the side to move", turn, root, f.Value)
		}
	}
	if proved < 2 {
		t.Errorf("only %d turns proved without search: the check is too weak", proved)
	}
	if code := p.finish(t); code != 0 {
		t.Errorf("exit %d, stderr %s", code, p.stderr)
	}
}

// positionsOf returns the position before each turn of a "B C3 W D4 ..." game.
func positionsOf(t *testing.T, moves string) []board.Position {
	t.Helper()
	pos := board.New()
	out := []board.Position{pos}
	f := strings.Fields(moves)
	for k := 1; k < len(f); k += 2 {
		a, err := board.ParseVertex(f[k])
		if err != nil || !pos.Act(a) {
			t.Fatalf("move %s: %v", f[k], err)
		}
		out = append(out, pos)
	}
	return out
}

// A long search is stopped by terminate within a second (the analysis works in steps of
// milliseconds; the bound allows for a loaded machine), answering with what it has.
func TestTerminateStopsALongSearch(t *testing.T) {
	p := start(t, "-override-config", "maxTime=60")
	q := katagotest.NewQuery("long", "B C3 W B4")
	q["maxVisits"] = 100_000_000
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	if err := p.Send(map[string]any{"id": "stop", "action": "terminate", "terminateId": "long"}); err != nil {
		t.Fatal(err)
	}
	finals, _, err := p.Collect("long", 1, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(sent); took > time.Second {
		t.Errorf("the terminated turn answered %v after the terminate", took)
	}
	if len(finals) != 1 {
		t.Errorf("answers: %v", finals)
	}
}

// KataGo's launch line works: -config is read (an unknown key named on stderr), -model
// accepted; what the engine cannot do is refused with status 2.
func TestKataGoLaunchLine(t *testing.T) {
	dir := t.TempDir()
	conf := dir + "/analysis.cfg"
	if err := os.WriteFile(conf, []byte("# KataGo's example keys\nmaxVisits = 30\nnnMaxBatchSize = 64\nreportAnalysisWinratesAs = BLACK\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := start(t, "-config", conf, "-model", "kata1-b18.bin.gz", "-analysis-threads", "2")
	if err := p.Send(map[string]any{"id": "v", "action": "query_version"}); err != nil {
		t.Fatal(err)
	}
	if r, _, err := p.Next(10 * time.Second); err != nil || r["version"] == nil {
		t.Fatalf("query_version: %v, %v", r, err)
	}
	if code := p.finish(t); code != 0 || !strings.Contains(p.stderr.String(), "nnMaxBatchSize") {
		t.Errorf("exit %d, stderr %q: want 0 and the unknown key named", code, p.stderr)
	}
	for _, args := range [][]string{{"-config", dir + "/missing.cfg"}, {"-config", dir}, {"-jobs", "-1"}, {"extra"}} {
		p := start(t, args...)
		if code := p.finish(t); code != 2 || p.stderr.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a reason", args, code, p.stderr)
		}
	}
}

// A bad count names the flag given, and only it: -jobs -1 says nothing of a -threads
// nobody typed.
func TestBadFlagNamesItself(t *testing.T) {
	for _, c := range []struct {
		args       []string
		want, lack string
	}{
		{[]string{"-jobs", "-1"}, "-jobs -1: want at least 1", "-threads"},
		{[]string{"-threads", "-2"}, "-threads -2: want at least 1", "-jobs"},
		{[]string{"-jobs", "x"}, `invalid value "x" for flag -jobs: want an integer`, "parse error"},
	} {
		var stdout, stderr strings.Builder
		if status := run(c.args, strings.NewReader(""), &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), c.want) || strings.Contains(stderr.String(), c.lack) {
			t.Errorf("%v: status %d, stderr %q; want 2, %q and no %q", c.args, status, stderr.String(), c.want, c.lack)
		}
	}
}
