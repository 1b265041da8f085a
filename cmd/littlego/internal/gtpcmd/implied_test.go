package gtpcmd

import (
	"regexp"
	"strings"
	"testing"
)

// After D5 (0,3) the opening table proves White's C3 (2,2) wins: after D5 C3, every
// move of Black's is a proved loss, and kata-analyze's line says so of each (win rate 0),
// even when the next command stops it at once.
func TestAProvedMoveProvesEveryReply(t *testing.T) {
	out, errs, code := runGTP(t, "play b d5\nplay w c3\nkata-analyze 10\nquit\n")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	var line string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "info move ") {
			line = l
		}
	}
	entries := strings.Split(line, "info move ")[1:]
	if len(entries) < 20 {
		t.Fatalf("kata-analyze's last line has %d moves:\n%s", len(entries), out)
	}
	winrate := regexp.MustCompile(`winrate ([0-9.]+)`)
	for _, e := range entries {
		if m := winrate.FindStringSubmatch(e); m == nil || m[1] != "0.000000" {
			t.Errorf("after D5 C3, %s: winrate %v; every move loses", strings.Fields(e)[0], m)
		}
	}
}
