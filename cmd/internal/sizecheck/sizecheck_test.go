// sizecheck_test.go: the checker finds the long files and functions of the fixtures under testdata/repo, skips tests, generated files and testdata, and exits as documented.

package main

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testLimits are small limits for the fixtures.
var testLimits = Limits{FileLines: 40, FuncLines: 10, Whole: 1}

// describe turns offences into comparable lines.
func describe(offs []Offence) []string {
	var out []string
	for _, o := range offs {
		out = append(out, fmt.Sprintf("%s:%d %s %d %v", filepath.ToSlash(o.Pos.Filename), o.Pos.Line, o.What, o.Lines, o.Whole))
	}
	return out
}

func TestCheckFindsTheLongFilesAndFunctions(t *testing.T) {
	rep, err := Check("testdata/repo", testLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"testdata/repo/over/long_file.go:1 file 45 false",
		"testdata/repo/over/long_func.go:4 LongFunc 12 false",
		"testdata/repo/over/long_func.go:21 (*T).Kept 12 true",
		"testdata/repo/whole/whole.go:7 (G).Kept 12 true",
	}
	if got := describe(rep.Offences); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("offences\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// clean.go, long_file.go, long_func.go, whole.go: not gen.go, long_test.go or
	// testdata/ignored.go.
	if rep.Files != 4 {
		t.Fatalf("%d files checked, want 4", rep.Files)
	}
}

func TestFailedCountsTheFunctionsKeptWhole(t *testing.T) {
	for _, tc := range []struct {
		dir   string
		whole int
		fail  bool
	}{
		{"testdata/repo/clean", 0, false},
		{"testdata/repo/whole", 1, false}, // one kept whole, one allowed
		{"testdata/repo/whole", 0, true},  // one kept whole, none allowed
		{"testdata/repo/over", 4, true},   // a long file and a long function
	} {
		lim := testLimits
		lim.Whole = tc.whole
		rep, err := Check(tc.dir, lim)
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Failed(lim); got != tc.fail {
			t.Errorf("%s with %d kept whole allowed: failed %v, want %v (%v)", tc.dir, tc.whole, got, tc.fail, describe(rep.Offences))
		}
	}
}

func TestFileLinesCountsALastLineWithoutNewline(t *testing.T) {
	for src, want := range map[string]int{"package p\n": 1, "package p": 1, "package p\n\nvar x = 1\n": 3, "package p\n\nvar x = 1": 3} {
		fset := token.NewFileSet()
		tf := fset.AddFile("p.go", -1, len(src))
		tf.SetLinesForContent([]byte(src))
		if got := fileLines(tf); got != want {
			t.Errorf("%q: %d lines, want %d", src, got, want)
		}
	}
}

func TestRunExitStatuses(t *testing.T) {
	lim := []string{"-file-lines", "40", "-func-lines", "10", "-whole", "1"}
	for _, tc := range []struct {
		args   []string
		status int
		out    string // in stdout
		errOut string // in stderr
	}{
		{[]string{"-h"}, 0, "", "usage: sizecheck"},
		{[]string{"-bogus"}, 2, "", "flag provided but not defined"},
		{[]string{"-func-lines", "0", "."}, 2, "", "positive"},
		{[]string{"testdata/repo/none"}, 2, "", "not a directory"},
		{[]string{"a", "b"}, 2, "", "at most one directory"},
		{append(lim, "testdata/repo/clean"), 0, "within the limits", ""},
		{append(lim, "testdata/repo/over"), 1, "long_func.go:4: LongFunc has 12 lines (limit 10", ""},
		{append(lim, "testdata/repo/over"), 1, "long_file.go: file of 45 lines (limit 40)", ""},
		{append(lim, "testdata/repo/over"), 1, "(*T).Kept has 12 lines, kept whole by its doc comment (1 of at most 1)", ""},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String(), tc.out) || !strings.Contains(stderr.String(), tc.errOut) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d with %q, %q", tc.args, status, stdout.String(), stderr.String(), tc.status, tc.out, tc.errOut)
		}
	}
}

func TestCheckReportsAParseError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.go"), []byte("package p\nfunc {"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Check(dir, testLimits); err == nil {
		t.Fatal("a file that does not parse was accepted")
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{dir}, &stdout, &stderr); status != 1 || !strings.Contains(stderr.String(), "bad.go") {
		t.Fatalf("status %d, stderr %q", status, stderr.String())
	}
}
