// main_test.go: the agent as the course runs it: a fresh process per move on every shared test case, and at 1.3 s and 0.5 s left, charged by the child's rusage.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"littlego/games/fruitrage"
	"littlego/lib/clitest"
)

// TestMain runs the command itself when the test binary is started with FRUITRAGE_MAIN=1.
func TestMain(m *testing.M) {
	if os.Getenv("FRUITRAGE_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// runAgent runs the agent in dir with args and returns its exit status, stderr and CPU time.
func runAgent(t *testing.T, dir string, args ...string) (int, string, time.Duration) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FRUITRAGE_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("cannot run the agent: %v", err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return cmd.ProcessState.ExitCode(), stderr.String(), time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// check reads dir's output.txt and checks it against the board of in: 1+n lines, a
// legal move, and exactly the board that move leaves.
func check(t *testing.T, name string, in *fruitrage.Input, dir string) {
	t.Helper()
	out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b := &in.Board
	m, rows, err := fruitrage.ParseOutput(bytes.NewReader(out), b.N)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if bytes.Count(out, []byte{'\n'}) != 1+b.N || !bytes.HasSuffix(out, []byte{'\n'}) || bytes.Contains(out, []byte{'\r'}) {
		t.Fatalf("%s: output.txt is not exactly 1+%d LF lines:\n%s", name, b.N, out)
	}
	if !b.Legal(m) {
		t.Fatalf("%s: %s names no fruit", name, b.Name(m))
	}
	var g fruitrage.Groups
	var after fruitrage.Board
	g.Find(b)
	fruitrage.Play(&after, b, &g, g.GroupOf(m))
	if want := fruitrage.AppendRows(nil, &after); !bytes.Equal(rows, want) {
		t.Fatalf("%s: after %s output.txt shows\n%swant\n%s", name, b.Name(m), rows, want)
	}
}

const caseDir = "../../fruitrage/testdata"

// setClock returns the input file with its time line replaced.
func setClock(data []byte, seconds string) []byte {
	lines := strings.SplitN(string(data), "\n", 4)
	lines[2] = seconds
	return []byte(strings.Join(lines, "\n"))
}

// TestCases runs the agent as a fresh process on the cases with the most to
// search (the full 26×26 boards, the 23×23 one and the assignment's 10×10 example) with
// its time cut to 1.3 s and 0.5 s, checks the output, and checks that the process's CPU
// time, start-up included, stayed inside the clock. (Package fruitrage's
// TestAgentOnEveryCase plays every case in process.)
func TestCases(t *testing.T) {
	var inputs []string
	for _, name := range []string{"student-evanpaul-26x26-p9", "student-evanpaul-26x26-binary", "student-shrutika-26x26-binary", "student-neelamy-23x23", "official-pdf-ex5"} {
		inputs = append(inputs, filepath.Join(caseDir, name, "input.txt"))
	}
	if _, err := os.Stat(inputs[0]); err != nil {
		t.Fatalf("no Fruit Rage test data in %s: %v", caseDir, err)
	}
	for _, path := range inputs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, clock := range []string{"1.3", "0.5"} {
			name := fmt.Sprintf("%s at %s s", filepath.Base(filepath.Dir(path)), clock)
			dir := t.TempDir()
			input := setClock(data, clock)
			if err := os.WriteFile(filepath.Join(dir, "input.txt"), input, 0o644); err != nil {
				t.Fatal(err)
			}
			in, err := fruitrage.ParseInput(bytes.NewReader(input))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			code, stderr, cpu := runAgent(t, dir)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", name, code, stderr)
			}
			check(t, name, &in, dir)
			if cpu.Seconds() >= in.Remaining {
				t.Fatalf("%s: the process used %v of CPU", name, cpu)
			}
		}
	}
}

// TestCalibrate writes calibration.txt, which the agent then reads.
func TestCalibrate(t *testing.T) {
	dir := t.TempDir()
	if code, stderr, _ := runAgent(t, dir, "-calibrate", "-calibrate-seconds", "0.2"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(filepath.Join(dir, "calibration.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cal := fruitrage.ParseCalibration(f); cal == fruitrage.DefaultCalibration {
		t.Fatalf("calibration.txt holds the defaults")
	}
}

// TestBadInput checks one error line, a non-zero exit and no output.txt.
func TestBadInput(t *testing.T) {
	for _, input := range []string{"", "3\n1\n5\n00\n", "2\n1\n5\n**\n**\n"} {
		dir := t.TempDir()
		if input != "" {
			os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644)
		}
		code, stderr, _ := runAgent(t, dir)
		if code != 1 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.HasPrefix(stderr, "fruitrage: ") {
			t.Errorf("input %q: exit %d, stderr %q", input, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "output.txt")); err == nil {
			t.Errorf("input %q: output.txt written", input)
		}
	}
	for _, args := range [][]string{{"extra"}, {"-calibrate-seconds", "0"}, {"-nosuchflag"}} {
		if code, _, _ := runAgent(t, t.TempDir(), args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, clitest.HelpAndUnknownFlag("usage: fruitrage")...)
}
