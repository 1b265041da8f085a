// main_test.go: the gomoku command end to end through run: the official cases, bad inputs, usage errors.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/lib/clitest"
)

// officialDir holds the official cases, relative to this package.
const officialDir = "../../gomoku/testdata"

// dirFiles lists the names of the files in dir.
func dirFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestOfficialCasesEndToEnd(t *testing.T) {
	entries, err := os.ReadDir(officialDir)
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		ran++
		t.Run(e.Name(), func(t *testing.T) {
			caseDir, err := filepath.Abs(filepath.Join(officialDir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			work := t.TempDir()
			var stdout, stderr bytes.Buffer
			if code := runIn(work, []string{filepath.Join(caseDir, "input.txt")}, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			if stdout.Len() != 0 || stderr.Len() != 0 {
				t.Errorf("unexpected output: stdout %q, stderr %q", stdout.String(), stderr.String())
			}
			for _, name := range []string{nextStateFile, logFile} {
				want, err := os.ReadFile(filepath.Join(caseDir, name))
				if os.IsNotExist(err) {
					if _, err := os.Stat(filepath.Join(work, name)); !os.IsNotExist(err) {
						t.Errorf("%s written, the case has none", name)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(filepath.Join(work, name))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the official file (%d bytes, want %d)", name, len(got), len(want))
				}
			}
			for _, name := range dirFiles(t, work) {
				if name != nextStateFile && name != logFile {
					t.Errorf("stray file %s left in the directory", name)
				}
			}
		})
	}
	if ran != 6 {
		t.Errorf("ran %d official cases, want 6", ran)
	}
}

// board15 is a legal 15x15 board with two stones in the middle.
var board15 = strings.Repeat("...............\n", 7) + ".......bw......\n" + strings.Repeat("...............\n", 7)

func TestRelativeInputAndVerbose(t *testing.T) {
	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "in.txt"), []byte("3\n1\n2\n15\n"+board15), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runIn(work, []string{"-v", "in.txt"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if !strings.HasPrefix(stderr.String(), "Alpha-Beta: move ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("-v printed %q, want one line starting with the task and the move", stderr.String())
	}
	log, err := os.ReadFile(filepath.Join(work, logFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(log, []byte("Move,Depth,Value,Alpha,Beta\nroot,0,-Infinity,-Infinity,Infinity\n")) {
		t.Errorf("log starts %q", log[:min(len(log), 80)])
	}
	state, err := os.ReadFile(filepath.Join(work, nextStateFile))
	if err != nil {
		t.Fatal(err)
	}
	if got := bytes.Count(state, []byte{'b'}); got != 2 {
		t.Errorf("next state has %d black stones, want 2 (one played)", got)
	}
}

func TestBadInputsLeaveNoFiles(t *testing.T) {
	bad := map[string]string{
		"empty file":         "",
		"task 4":             "4\n1\n2\n15\n" + board15,
		"task not a number":  "x\n1\n2\n15\n" + board15,
		"player 3":           "2\n3\n2\n15\n" + board15,
		"depth 0":            "2\n1\n0\n15\n" + board15,
		"depth 5":            "3\n1\n5\n15\n" + board15,
		"size 14":            "2\n1\n2\n14\n" + board15,
		"size 26":            "2\n1\n2\n26\n" + board15,
		"one row missing":    "2\n1\n2\n15\n" + board15[16:],
		"one row too many":   "2\n1\n2\n15\n" + board15 + "...............\n",
		"short row":          "2\n1\n2\n15\n" + board15[:len(board15)-2] + "\n",
		"bad character":      "2\n1\n2\n15\n" + strings.Replace(board15, "bw", "bx", 1),
		"upper case stone":   "2\n1\n2\n15\n" + strings.Replace(board15, "bw", "Bw", 1),
		"empty board":        "2\n1\n2\n15\n" + strings.Repeat("...............\n", 15),
		"header only":        "2\n1\n2\n",
		"blank line in rows": "2\n1\n2\n15\n" + strings.Replace(board15, "...............\n", "\n", 1),
	}
	for name, input := range bad {
		t.Run(name, func(t *testing.T) {
			work := t.TempDir()
			in := filepath.Join(t.TempDir(), "input.txt")
			if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := runIn(work, []string{in}, &stdout, &stderr)
			if code == 0 {
				t.Fatalf("exit 0 on bad input")
			}
			msg := stderr.String()
			if !strings.HasPrefix(msg, "gomoku: ") || strings.Count(msg, "\n") != 1 || stdout.Len() != 0 {
				t.Errorf("want one error line on stderr, got stderr %q stdout %q", msg, stdout.String())
			}
			if files := dirFiles(t, work); len(files) != 0 {
				t.Errorf("bad input left files %v", files)
			}
			t.Log(strings.TrimSpace(msg))
		})
	}
}

func TestUsageAndMissingFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"no argument", nil, 2},
		{"two arguments", []string{"a.txt", "b.txt"}, 2},
		{"unknown flag", []string{"-x", "a.txt"}, 2},
		{"missing file", []string{"does-not-exist.txt"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := t.TempDir()
			var stdout, stderr bytes.Buffer
			if code := runIn(work, tc.args, &stdout, &stderr); code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if msg := stderr.String(); !strings.HasPrefix(msg, "gomoku: ") || strings.Count(msg, "\n") != 1 {
				t.Errorf("want one error line, got %q", msg)
			}
			if files := dirFiles(t, work); len(files) != 0 {
				t.Errorf("left files %v", files)
			}
		})
	}
}

func TestWriteFailureLeavesNoFiles(t *testing.T) {
	// The outputs go to a directory that does not exist: creating the temporary file
	// fails, and nothing may be left behind in the parent.
	parent := t.TempDir()
	in := filepath.Join(parent, "in.txt")
	if err := os.WriteFile(in, []byte("2\n1\n2\n15\n"+board15), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runIn(filepath.Join(parent, "missing"), []string{in}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1 (stderr %q)", code, stderr.String())
	}
	if files := dirFiles(t, parent); len(files) != 1 {
		t.Errorf("left files %v, want only the input", files)
	}
}

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, clitest.HelpAndUnknownFlag("usage: gomoku [-v] INPUTFILE")...)
}
