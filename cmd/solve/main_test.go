// main_test.go: the solve command on a solved position, on bad input and under a tiny budget.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/cmd/internal/clitest"
)

// writeInput writes text to input.txt in a fresh directory and returns its path.
func writeInput(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "input.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A position of internal/testpos/testdata/solved.jsonl: White to play move 18
// loses whatever it does.
const lostForWhite = "2\n02202\n21110\n12122\n02100\n01001\n12202\n01110\n12122\n02100\n01001"

// And one where Black, to play move 17, wins only with 1,4 (row 1, column 4).
const wonForBlack = "1\n00011\n00020\n02010\n10122\n01012\n00011\n00020\n02010\n10122\n01202"

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, append(clitest.HelpAndUnknownFlag("usage: solve"),
		clitest.Case{Args: []string{"-tt", "x"}, Status: 2, Stderr: "invalid value"})...)
}

func TestSolveFile(t *testing.T) {
	code, out, errs := clitest.Call(run, "-move", "18", "-margin", writeInput(t, lostForWhite))
	if code != 0 {
		t.Fatalf("exit %d (stderr %q)", code, errs)
	}
	want := "White to play move 18: LOSS for White\nwinning: (none)\nlosing: 0,3 1,4 3,0 3,3 3,4 4,0 4,2 4,3 PASS\n"
	if !strings.HasPrefix(out, want) || !strings.Contains(out, "\nmargin: +") {
		t.Errorf("output\n%s\nwant it to start with\n%s", out, want)
	}
}

func TestSolveWinningMoves(t *testing.T) {
	code, out, errs := clitest.Call(run, "-move", "17", writeInput(t, wonForBlack))
	if code != 0 {
		t.Fatalf("exit %d (stderr %q)", code, errs)
	}
	if !strings.Contains(out, "WIN for Black") || !strings.Contains(out, "winning: 1,4\n") {
		t.Errorf("output\n%s", out)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		name, text string
		args       []string
		code       int
		want       string
	}{
		{"no move", lostForWhite, nil, 2, "-move is required"},
		{"wrong parity", lostForWhite, []string{"-move", "17"}, 2, "is a Black move"},
		{"out of range", lostForWhite, []string{"-move", "30"}, 2, "must be in 1..24"},
		{"bad colour", "3\n00000", []string{"-move", "3"}, 1, "colour"},
		{"inconsistent", "1\n11111\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000", []string{"-move", "3"}, 1, "do not follow"},
		{"bad budget", lostForWhite, []string{"-move", "18", "-budget", "-1"}, 2, "-budget"},
	}
	for _, c := range cases {
		code, out, errs := clitest.Call(run, append(c.args, writeInput(t, c.text))...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", c.name, code, errs, c.code, c.want)
		}
		if out != "" {
			t.Errorf("%s: printed %q on bad input", c.name, out)
		}
	}
	if code, _, _ := clitest.Call(run, filepath.Join(t.TempDir(), "missing.txt")); code != 1 {
		t.Errorf("a missing file: exit %d, want 1", code)
	}
}

func TestFirstMoveInferredAndBudget(t *testing.T) {
	empty := "1\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000"
	code, _, errs := clitest.Call(run, "-budget", "0.05", writeInput(t, empty))
	if code != statusUnknown || !strings.Contains(errs, "unknown: the budget") {
		t.Fatalf("the empty board in 50 ms: exit %d, stderr %q; want %d, an unknown result", code, errs, statusUnknown)
	}
}

// TestTableBoundedByMemory: a -tt table larger than half the machine's memory is bad
// usage that says how much the table needs.
func TestTableBoundedByMemory(t *testing.T) {
	saved := memTotal
	defer func() { memTotal = saved }()
	memTotal = func() (int64, bool) { return 1 << 30, true } // 1 GiB
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-tt", "26", "-move", "18", writeInput(t, lostForWhite)}, "-tt 26: the table needs 1.0 GiB, more than half of this machine's 1.0 GiB of memory; use -tt 25 or less"},
		{[]string{"-tt", "30", "-bench-positions"}, "-tt 30: the table needs 16.0 GiB"},
		{[]string{"-tt", "25", "-book", filepath.Join(t.TempDir(), "b.go"), "-workers", "2"}, "-tt 25: the 2 tables (one per -workers) need 1.0 GiB"},
	} {
		code, out, errs := clitest.Call(run, c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	// Within the bound the position is solved.
	if code, _, errs := clitest.Call(run, "-tt", "20", "-move", "18", writeInput(t, lostForWhite)); code != 0 {
		t.Errorf("-tt 20 with 1 GiB: exit %d, %s", code, errs)
	}
	if n, ok := parseMemTotal(strings.NewReader("MemFree: 5 kB\nMemTotal:       24684096 kB\n")); !ok || n != 24684096<<10 {
		t.Errorf("parseMemTotal: %d, %v", n, ok)
	}
	if _, ok := parseMemTotal(strings.NewReader("MemTotal: lots\n")); ok {
		t.Error("parseMemTotal read a bad line")
	}
}

func TestBenchPositions(t *testing.T) {
	code, out, errs := clitest.Call(run, "-bench-positions", "-moves", "18,16", "-n", "3", "-tt", "16")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[2], "3/3") {
		t.Errorf("bench output:\n%s", out)
	}
	if code, _, _ := clitest.Call(run, "-bench-positions", "-moves", "x"); code != 2 {
		t.Errorf("-moves x: exit %d, want 2", code)
	}
	code, out, errs = clitest.Call(run, "-bench-positions", "-moves", "16", "-n", "3", "-tt", "16", "-jobs", "2", "-margin")
	if code != 0 || !strings.Contains(out, "2 threads") || !strings.Contains(out, "3/3") {
		t.Errorf("-jobs 2: exit %d, output:\n%s%s", code, out, errs)
	}
	if code, _, _ := clitest.Call(run, "-bench-positions", "-jobs", "0"); code != 2 {
		t.Errorf("-jobs 0: exit %d, want 2", code)
	}
}
