// main_test.go: the profile command writes both profiles and a summary, and rejects bad flags.

package profile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunWritesProfilesAndSummary(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := run([]string{"-playouts", "300", "-repeat", "1", "-o", dir, "-top", "5", "-reference"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	if fi, err := os.Stat(filepath.Join(dir, "reference-cpu.pprof")); err != nil || fi.Size() == 0 {
		t.Fatalf("no reference CPU profile: %v", err)
	}
	heaps, _ := filepath.Glob(filepath.Join(dir, "heap-*.pprof"))
	if len(heaps) != 1 {
		t.Fatalf("heap profiles %v, want one", heaps)
	}
	text := out.String()
	for _, want := range []string{"workload: 21 searches of 300 playouts", "playouts", "tree", "rest", "top 5 by flat time", "top 5 by cumulative time"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-policy", "nonsense"}, {"-top", "0"}, {"-playouts", "0"}, {"extra"}, {"-bogus"}} {
		var out, errOut bytes.Buffer
		if code := run(append(args, "-o", t.TempDir()), nil, &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a reason", args, code, errOut.String())
		}
	}
}

func TestHelpPrintsUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-h"}, nil, &out, &errOut); code != 0 || out.Len() != 0 {
		t.Fatalf("-h: exit %d, stdout %q; want 0 and nothing", code, out.String())
	}
	for _, want := range []string{"usage: littlego profile", "-playouts", "-policy", "-reference"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errOut.String())
		}
	}
}
