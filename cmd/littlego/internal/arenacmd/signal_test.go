// signal_test.go: the command as a process against agents that hang or leave a FIFO: it stops on the first SIGTERM, prints the summary, and leaves no agent and no folder behind.

package arenacmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

// helperArg, as the test binary's first argument, makes it an exec agent (helperMain).
const helperArg = "arena-helper"

// helperMain runs the test binary as an exec agent: play writes its lowest legal point;
// hangat DIR N plays for N calls (counted in DIR/count), then notes its pid in DIR/pid
// and hangs; fifo leaves a FIFO as output.txt.
func helperMain(mode string, args []string) int {
	switch mode {
	case "fifo":
		if err := syscall.Mkfifo("output.txt", 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "helper:", err)
			return 1
		}
		return 0
	case "hangat":
		countFile := filepath.Join(args[0], "count")
		data, _ := os.ReadFile(countFile)
		n, _ := strconv.Atoi(strings.TrimSpace(string(data)))
		os.WriteFile(countFile, []byte(strconv.Itoa(n+1)), 0o644)
		if limit, _ := strconv.Atoi(args[1]); n >= limit {
			os.WriteFile(filepath.Join(args[0], "pid"), []byte(strconv.Itoa(os.Getpid())), 0o644)
			time.Sleep(time.Hour)
		}
	}
	data, err := os.ReadFile("input.txt")
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	in, err := board.ParseInput(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	pos := in.Position(1)
	mv := board.Pass
	if legal := pos.Legal(); legal != 0 {
		mv = legal.First()
	}
	return osStatus(os.WriteFile("output.txt", []byte(mv.String()+"\n"), 0o644))
}

func osStatus(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	return 0
}

// startArena starts the command as a process with its temporary folders in tmp.
func startArena(t *testing.T, tmp string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "ARENA_MAIN=1", "GORACE=atexit_sleep_ms=0", "TMPDIR="+tmp)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stdout, &stderr
}

// waitExit waits at most d for cmd and returns its exit status.
func waitExit(t *testing.T, cmd *exec.Cmd, d time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the arena did not exit within %v", d)
		return -1
	}
}

// checkEmpty fails when the folder tmp holds anything.
func checkEmpty(t *testing.T, tmp string) {
	t.Helper()
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}
}

func TestFIFOAsOutputLosesAtOnce(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	cmd, stdout, stderr := startArena(t, tmp, "-n", "1", "-cpu", "0.5", "exec:"+exe+" "+helperArg+" fifo", "random")
	if code := waitExit(t, cmd, 20*time.Second); code != 0 {
		t.Errorf("exit %d; stderr:\n%s", code, stderr)
	}
	if out := stdout.String(); !strings.Contains(out, "1 games in") || !strings.Contains(out, "a FIFO, not a regular file") {
		t.Errorf("the summary does not show the forfeit:\n%s", out)
	}
	checkEmpty(t, tmp)
}

func TestSIGTERMPrintsSummaryAndKillsAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through a subprocess")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, tmp := t.TempDir(), t.TempDir()
	// Black plays 12 moves a game: the agent finishes game 1 and hangs in game 3 (its next
	// game as Black is game 3; game 2 it plays White, 12 more calls).
	agent := "exec:" + exe + " " + helperArg + " hangat " + dir + " 24"
	cmd, stdout, stderr := startArena(t, tmp, "-n", "4", "-jobs", "1", agent, "random")
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
			t.Fatalf("the agent never hung; stdout:\n%s\nstderr:\n%s", stdout, stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // the pid file is written before the sleep starts
	data, _ := os.ReadFile(pidFile)
	hung, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	cmd.Process.Signal(syscall.SIGTERM)
	if code := waitExit(t, cmd, 20*time.Second); code != 1 {
		t.Errorf("exit %d; want status 1", code)
	}
	out := stdout.String()
	if !strings.Contains(out, "2 games in") || !strings.Contains(out, "games ended:") || !strings.Contains(out, "not finished 2") {
		t.Errorf("no summary of the 2 finished games on stdout:\n%s\nstderr:\n%s", out, stderr)
	}
	if !strings.Contains(stderr.String(), "interrupted; 2 of 4 games finished") {
		t.Errorf("stderr %q does not say the match was interrupted", stderr)
	}
	for wait := 0; hung > 0 && syscall.Kill(hung, 0) == nil && !zombie(hung) && wait < 100; wait++ {
		time.Sleep(20 * time.Millisecond)
	}
	if hung > 0 && syscall.Kill(hung, 0) == nil && !zombie(hung) {
		syscall.Kill(hung, syscall.SIGKILL)
		t.Errorf("the hung agent %d outlived the arena", hung)
	}
	checkEmpty(t, tmp)
}

// zombie reports whether process pid has exited and waits to be reaped.
func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(data)
	k := strings.LastIndexByte(s, ')')
	return k >= 0 && len(s) > k+2 && s[k+2] == 'Z'
}
