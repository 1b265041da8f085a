// hostile_test.go: agents that try to leave debris: children that outlive their move and hold its output open, and agents that leave a FIFO where a file should be.

package arena

import (
	"os"
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
