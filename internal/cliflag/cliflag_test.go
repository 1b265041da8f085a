package cliflag

import (
	"flag"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		args       []string
		status     int
		ok         bool
		wantStderr []string
	}{
		{[]string{"-n", "3", "x"}, StatusOK, true, nil},
		{[]string{"-h"}, StatusOK, false, []string{"usage: cmd [-n N]\n", "-n int"}},
		{[]string{"-bogus"}, StatusUsage, false, []string{"cmd: flag provided but not defined: -bogus (usage: cmd [-n N]; cmd -h for the flags)\n"}},
		{[]string{"-n", "x"}, StatusUsage, false, []string{"cmd: invalid value \"x\" for flag -n: want an integer (usage: cmd [-n N]; cmd -h for the flags)\n"}},
		{[]string{"-n", "99999999999999999999"}, StatusUsage, false, []string{"for flag -n: want an integer in range (usage"}},
		{[]string{"-x", "2.5.1"}, StatusUsage, false, []string{"for flag -x: want a number (usage"}},
		{[]string{"-b=maybe"}, StatusUsage, false, []string{"for -b: want true or false (usage"}},
		{[]string{"-d", "3"}, StatusUsage, false, []string{"for flag -d: want a duration such as 1.5s or 500ms (usage"}},
	} {
		fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
		n := fs.Int("n", 1, "a number")
		fs.Float64("x", 1, "a real number")
		fs.Bool("b", false, "a switch")
		fs.Duration("d", 0, "a time")
		var stderr strings.Builder
		status, ok := Parse(fs, c.args, &stderr, "usage: cmd [-n N]\n\nDoes things.\n\n")
		if status != c.status || ok != c.ok {
			t.Errorf("%q: status %d, ok %v; want %d, %v", c.args, status, ok, c.status, c.ok)
		}
		for _, w := range c.wantStderr {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("%q: stderr %q lacks %q", c.args, stderr.String(), w)
			}
		}
		if c.status == StatusUsage && (strings.Count(stderr.String(), "\n") != 1 || strings.Contains(stderr.String(), "Does things")) {
			t.Errorf("%q: stderr %q; want one line, not the usage", c.args, stderr.String())
		}
		if c.ok && (*n != 3 || fs.NArg() != 1 || stderr.Len() != 0) {
			t.Errorf("%q: n %d, %d arguments, stderr %q", c.args, *n, fs.NArg(), stderr.String())
		}
	}
}

func TestFail(t *testing.T) {
	var stderr strings.Builder
	if got := Fail(&stderr, "cmd")("-n %d: want 1..%d", 0, 9); got != StatusUsage {
		t.Errorf("Fail returned %d, want %d", got, StatusUsage)
	}
	if want := "cmd: -n 0: want 1..9\n"; stderr.String() != want {
		t.Errorf("Fail wrote %q, want %q", stderr.String(), want)
	}
}

// countValue is a flag.Value of a count, as a command puts in place of a shared flag's
// own to check its range (review's -jobs).
type countValue struct{ p *int }

func (v countValue) String() string   { return "" }
func (v countValue) Set(string) error { return nil }

// The shared flags name their value in -h ("-jobs number"), even where a command
// replaces their Value by one of its own ("-jobs value" said nothing).
func TestSharedFlagsNameTheirValue(t *testing.T) {
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	var jobs, threads, n int
	Jobs(fs, &jobs, 0, "positions at once")
	Threads(fs, &threads, 1, "per position")
	Count(fs, &n, 10, "games")
	fs.Lookup("jobs").Value = countValue{&jobs}
	var out strings.Builder
	fs.SetOutput(&out)
	fs.PrintDefaults()
	for _, want := range []string{"-jobs number", "-threads number", "-n number", "the number of games"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-h says %q: no %q", out.String(), want)
		}
	}
}
