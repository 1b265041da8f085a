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
		{[]string{"-n", "x"}, StatusUsage, false, []string{"cmd: invalid value \"x\" for flag -n: parse error (usage: cmd [-n N]; cmd -h for the flags)\n"}},
	} {
		fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
		n := fs.Int("n", 1, "a number")
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
