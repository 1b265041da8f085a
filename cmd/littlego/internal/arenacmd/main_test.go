// main_test.go: the arena command as a process: exit statuses, stdout for results, stderr silent when not a terminal.
package arenacmd

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain runs the command itself when the test binary is started with ARENA_MAIN=1,
// and an exec agent when its first argument is helperArg.
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == helperArg {
		os.Exit(helperMain(os.Args[2], os.Args[3:]))
	}
	if os.Getenv("ARENA_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		return
	}
	os.Exit(m.Run())
}

func runProcess(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "ARENA_MAIN=1", "GORACE=atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

func TestCommand(t *testing.T) {
	code, stdout, stderr := runProcess(t, "-n", "4", "-jobs", "1", "greedy", "random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("stderr is not a terminal, yet the command wrote to it: %q", stderr)
	}
	if !strings.Contains(stdout, "greedy vs random: 4 games") || !strings.Contains(stdout, "Elo greedy - random") {
		t.Errorf("unexpected summary:\n%s", stdout)
	}

	code, stdout, stderr = runProcess(t, "greedy", "minimax")
	if code != 2 || stdout != "" || !strings.Contains(stderr, `unknown agent "minimax"`) {
		t.Errorf("bad agent: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, _, stderr = runProcess(t, "-h")
	if code != 0 || !strings.Contains(stderr, "exec:PATH [ARGS]") || !strings.Contains(stderr, "-cpu") {
		t.Errorf("-h: exit %d, usage %q", code, stderr)
	}
}

func TestSPRTPlot(t *testing.T) {
	plot := t.TempDir() + "/llr.png"
	code, stdout, stderr := runProcess(t, "-n", "200", "-jobs", "1", "-sprt", "0,100", "-openings", "random:3:100", "-opening-cpu", "0", "-plot", plot, "alphabeta", "random")
	if code != 0 || !strings.Contains(stdout, "H1 accepted") {
		t.Fatalf("exit %d: %s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil || len(data) < 1000 {
		t.Errorf("the plot is not a PNG image: %d bytes, %v", len(data), err)
	}
}
