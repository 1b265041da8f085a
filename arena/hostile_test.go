// hostile_test.go: agents that try to leave debris: children that outlive their move and hold its output open, and an arena stopped by SIGTERM.

package arena

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"littlego/board"
)

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(data)
	k := strings.LastIndexByte(s, ')')
	return k < 0 || len(s) < k+3 || s[k+2] != 'Z'
}

// pidsIn reads the pids listed one a line in file.
func pidsIn(t *testing.T, file string) []int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		pids = append(pids, pid)
	}
	return pids
}

func TestExecAgentForkingChildrenLeavesNoDebris(t *testing.T) {
	// A shell script that plays a legal move, then forks a child that keeps the
	// script's stdout and stderr open for ten minutes.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "forker.sh")
	pids := filepath.Join(dir, "pids")
	text := "#!/bin/sh\n\"" + exe + "\" " + helperArg + " play || exit 1\nsleep 600 &\necho $! >> \"" + pids + "\"\nexit 0\n"
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	forker, err := ParseAgent("exec:" + script)
	if err != nil {
		t.Fatal(err)
	}
	random, _ := ParseAgent("random")
	start := time.Now()
	rec := playOne(t, forker, random, Config{})
	if rec.Reason.Forfeit() {
		t.Fatalf("the forking agent was forfeited although it wrote legal moves: %s", rec.Detail)
	}
	moves := 0
	for _, m := range rec.Moves {
		if m.Color == board.Black {
			moves++
		}
	}
	// Each move must end when the script exits, not when its child exits (600 s); the
	// bound leaves room for a loaded machine.
	if el := time.Since(start); el > time.Duration(moves)*5*time.Second {
		t.Errorf("%d moves took %v: the arena waited for the agents' children", moves, el)
	}
	children := pidsIn(t, pids)
	if len(children) != moves {
		t.Errorf("%d children noted for %d moves", len(children), moves)
	}
	// SIGKILL is delivered when the process next runs: give a loaded machine a moment.
	for _, pid := range children {
		for wait := 0; alive(pid) && wait < 100; wait++ {
			time.Sleep(20 * time.Millisecond)
		}
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("the agent's child %d outlived its move", pid)
		}
	}
	if n := liveAgents(); n != 0 {
		t.Errorf("%d agent process groups still noted as live", n)
	}
}

func TestArenaSIGTERMPrintsSummaryAndKillsAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through a subprocess")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// Black plays 12 moves a game: the agent finishes game 1 and hangs in game 3 (its next
	// game as Black is game 3; game 2 it plays White, 12 more calls).
	agent := "exec:" + exe + " " + helperArg + " hangat " + dir + " 24"
	cmd := exec.Command(exe, helperArg, "main", "-games", "4", "-jobs", "1", agent, "random")
	cmd.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pidFile := filepath.Join(dir, "pid")
	for {
		if _, err := os.Stat(pidFile); err == nil {
			break
		}
		if ctx.Err() != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the agent never hung; stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // the pid file is written before the sleep starts
	hung := pidsIn(t, pidFile)[0]
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the arena did not exit within 20 s of SIGTERM")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("exit %v; want status 1", err)
	}
	out := stdout.String()
	if !strings.Contains(out, "2 games in") || !strings.Contains(out, "games ended:") || !strings.Contains(out, "not finished 2") {
		t.Errorf("no summary of the 2 finished games on stdout:\n%s\nstderr:\n%s", out, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted; 2 of 4 games finished") {
		t.Errorf("stderr %q does not say the match was interrupted", stderr.String())
	}
	for wait := 0; alive(hung) && wait < 100; wait++ {
		time.Sleep(20 * time.Millisecond)
	}
	if alive(hung) {
		syscall.Kill(hung, syscall.SIGKILL)
		t.Errorf("the hung agent %d outlived the arena", hung)
	}
}
