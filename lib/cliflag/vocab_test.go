package cliflag

import (
	"flag"
	"strings"
	"testing"
	"time"
)

func TestParseCPU(t *testing.T) {
	for in, want := range map[string]time.Duration{"2": 2 * time.Second, "2.5": 2500 * time.Millisecond, "500ms": 500 * time.Millisecond, "0": 0, "1m": time.Minute} {
		if got, err := ParseCPU(in); err != nil || got != want {
			t.Errorf("ParseCPU(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"-1", "-2s", "x", "NaN", "Inf", "1e300", ""} {
		if got, err := ParseCPU(in); err == nil {
			t.Errorf("ParseCPU(%q) = %v, want an error", in, got)
		}
	}
}

// The shared flags have their one name, and an old name is answered with the new one.
func TestVocabularyAndRenames(t *testing.T) {
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	var cpu time.Duration
	var jobs, threads, n int
	var out string
	var js, v, q bool
	CPU(fs, &cpu, time.Second, "per move")
	Jobs(fs, &jobs, 1, "games")
	Threads(fs, &threads, 1, "the search")
	Output(fs, &out, "", "the games")
	JSON(fs, &js, "the result")
	Count(fs, &n, 3, "games")
	Verbose(fs, &v, "more")
	Quiet(fs, &q, "less")
	Renamed(fs, map[string]string{"budget": "cpu"})
	var stderr strings.Builder
	if _, ok := Parse(fs, []string{"-cpu", "500ms", "-jobs", "2", "-threads", "3", "-o", "f", "-json", "-n", "4", "-v", "-q"}, &stderr, "usage: cmd\n"); !ok {
		t.Fatalf("parse: %s", stderr.String())
	}
	if cpu != 500*time.Millisecond || jobs != 2 || threads != 3 || out != "f" || !js || n != 4 || !v || !q {
		t.Errorf("parsed %v %d %d %q %v %d %v %v", cpu, jobs, threads, out, js, n, v, q)
	}
	stderr.Reset()
	if status, ok := Parse(fs, []string{"-budget", "2"}, &stderr, "usage: cmd\n"); ok || status != StatusUsage || !strings.Contains(stderr.String(), "-budget is now -cpu") {
		t.Errorf("-budget: status %d, stderr %q", status, stderr.String())
	}
}
