// main_test.go: the referee command: exit statuses, the summary, and paired matches.

package main

import (
	"bytes"
	"strings"
	"testing"

	"littlego/lib/clitest"
)

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, clitest.HelpAndUnknownFlag("A PLAYER is one of")...)
}

// TestMainPairs: -pairs N plays 2N games and prints the pair lines; -games with it is
// bad usage.
func TestMainPairs(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-n", "5", "-p", "3", "-pairs", "3", "-v", "minimax3", "random"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	if !strings.Contains(s, "games=6") || !strings.Contains(s, "pairs 3 (") || !strings.Contains(s, "total score difference A-B") {
		t.Fatalf("stdout %q", s)
	}
	if n := strings.Count(errb.String(), "pair "); n != 3 {
		t.Fatalf("want 3 pair lines on stderr, got %d: %q", n, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"-pairs", "2", "-games", "4", "random", "random"}, nil, &out, &errb); code != 2 || errb.Len() == 0 {
		t.Fatalf("-pairs with -games: exit %d, stderr %q", code, errb.String())
	}
}

// TestMainUsage checks the exit statuses and the summary.
func TestMainUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"random"}, {"-n", "27", "random", "random"}, {"-p", "0", "random", "random"}, {"random", "nobody"}, {"-clock", "0", "random", "random"}} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-n", "4", "-p", "3", "-games", "3", "random", "random"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "n=4 p=3 clock=300s games=3") || !strings.Contains(out.String(), "A random: ") || errb.Len() != 0 {
		t.Fatalf("stdout %q stderr %q", out.String(), errb.String())
	}
}
