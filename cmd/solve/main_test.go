// main_test.go: the solve command on a solved position, on bad input and under a tiny budget.

package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestSolveFile(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-move", "18", "-margin", writeInput(t, lostForWhite)}, &out, &errs); err != nil {
		t.Fatalf("run: %v (stderr %q)", err, errs.String())
	}
	want := "White to play move 18: LOSS for White\nwinning: (none)\nlosing: 0,3 1,4 3,0 3,3 3,4 4,0 4,2 4,3 PASS\n"
	if got := out.String(); !strings.HasPrefix(got, want) || !strings.Contains(got, "\nmargin: +") {
		t.Errorf("output\n%s\nwant it to start with\n%s", got, want)
	}
}

func TestSolveWinningMoves(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-move", "17", writeInput(t, wonForBlack)}, &out, &errs); err != nil {
		t.Fatalf("run: %v", err)
	}
	if got := out.String(); !strings.Contains(got, "WIN for Black") || !strings.Contains(got, "winning: 1,4\n") {
		t.Errorf("output\n%s", got)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		name, text string
		args       []string
		want       string
	}{
		{"no move", lostForWhite, nil, "-move is required"},
		{"wrong parity", lostForWhite, []string{"-move", "17"}, "is a Black move"},
		{"out of range", lostForWhite, []string{"-move", "30"}, "must be in 1..24"},
		{"bad colour", "3\n00000", []string{"-move", "3"}, "colour"},
		{"inconsistent", "1\n11111\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000", []string{"-move", "3"}, "do not follow"},
		{"bad budget", lostForWhite, []string{"-move", "18", "-budget", "-1"}, "-budget"},
	}
	for _, c := range cases {
		var out, errs bytes.Buffer
		err := run(append(c.args, writeInput(t, c.text)), &out, &errs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: printed %q on bad input", c.name, out.String())
		}
	}
	var out, errs bytes.Buffer
	if err := run([]string{filepath.Join(t.TempDir(), "missing.txt")}, &out, &errs); err == nil {
		t.Error("a missing file is no error")
	}
}

func TestFirstMoveInferredAndBudget(t *testing.T) {
	empty := "1\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000"
	var out, errs bytes.Buffer
	err := run([]string{"-budget", "0.05", writeInput(t, empty)}, &out, &errs)
	var u unknownError
	if !errors.As(err, &u) {
		t.Fatalf("the empty board in 50 ms: %v, want an unknown result", err)
	}
}

func TestBenchPositions(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-bench-positions", "-moves", "18,16", "-n", "3", "-tt", "16"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[2], "3/3") {
		t.Errorf("bench output:\n%s", out.String())
	}
	if err := run([]string{"-bench-positions", "-moves", "x"}, &out, &errs); err == nil {
		t.Error("-moves x accepted")
	}
}
