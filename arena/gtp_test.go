// gtp_test.go: the gtp: agent against a fake GTP engine (this test binary) and, when installed, GNU Go.

package arena

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
)

func TestParseGenmove(t *testing.T) {
	for q := board.Point(0); q < board.NumPoints; q++ {
		v := board.Vertex(q)
		for _, s := range []string{v, strings.ToLower(v), " " + v + "\t"} {
			got, resigned, off, err := parseGenmove(s)
			if got != q || resigned || off || err != nil {
				t.Errorf("parseGenmove(%q) = %s, %v, %v, %v; want %s", s, got, resigned, off, err, q)
			}
		}
	}
	for _, s := range []string{"PASS", "pass", "Pass"} {
		if got, resigned, _, err := parseGenmove(s); got != board.Pass || resigned || err != nil {
			t.Errorf("parseGenmove(%q) = %s, %v, %v", s, got, resigned, err)
		}
	}
	for _, s := range []string{"resign", "RESIGN", " Resign "} {
		if got, resigned, _, err := parseGenmove(s); got != board.Pass || !resigned || err != nil {
			t.Errorf("parseGenmove(%q): %s %v %v", s, got, resigned, err)
		}
	}
	for _, s := range []string{"F1", "a6", "A0", "T19", "j3"} {
		if _, _, off, err := parseGenmove(s); !off || err != nil {
			t.Errorf("parseGenmove(%q): off=%v err=%v; want off the board", s, off, err)
		}
	}
	for _, s := range []string{"", "3", "I3", "A", "AA", "A+1", "A-1", "A1x", "xyz"} {
		if _, _, off, err := parseGenmove(s); err == nil || off {
			t.Errorf("parseGenmove(%q) accepted (off=%v)", s, off)
		}
	}
}

func TestGTPAgentPlays(t *testing.T) {
	for _, mode := range []string{"", "lower"} {
		fake := helperSpec(t, "gtp", "gtp", mode)
		for _, opp := range []string{"random", "greedy"} {
			other, _ := ParseAgent(opp)
			for _, order := range [][2]*Agent{{fake, other}, {other, fake}} {
				rec := playOne(t, order[0], order[1], Config{})
				if rec.Reason.Forfeit() {
					t.Fatalf("mode %q: %s vs %s: %s", mode, order[0].Name, order[1].Name, rec.Detail)
				}
				// The fake plays on its own board from the play commands, so any missed or
				// wrong command would show up as an illegal move or a refused play.
				checkLegal(t, &rec)
			}
		}
	}
}

func TestGTPAgentFaults(t *testing.T) {
	random, _ := ParseAgent("random")
	cases := []struct {
		mode   string
		cfg    Config
		reason record.Reason
		detail string
	}{
		{"illegal", Config{}, record.IllegalOccupied, "occupied"},
		{"offboard", Config{}, record.IllegalOffBoard, "F3"},
		{"garbage", Config{}, record.BadOutput, "xyz"},
		{"exit", Config{}, record.AgentError, "exited"},
		{"nosize", Config{}, record.AgentError, "boardsize 5"},
		{"slow", Config{WallLimit: time.Second}, record.Timeout, "genmove"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			fake := helperSpec(t, "gtp", "gtp", c.mode)
			rec := playOne(t, random, fake, c.cfg) // the fake plays White
			if rec.Reason != c.reason || rec.Winner != board.Black {
				t.Fatalf("reason %s, winner %s; want %s, Black wins (%s)", rec.Reason, rec.Winner, c.reason, rec.Detail)
			}
			if !strings.Contains(rec.Detail, c.detail) {
				t.Errorf("detail %q does not mention %q", rec.Detail, c.detail)
			}
		})
	}
}

func TestGTPResignCountsAsPass(t *testing.T) {
	fake := helperSpec(t, "gtp", "gtp", "resign")
	greedy, _ := ParseAgent("greedy")
	rec := playOne(t, greedy, fake, Config{})
	if rec.Reason.Forfeit() {
		t.Fatal(rec.Detail)
	}
	if len(rec.Moves) < 2 || rec.Moves[1].Point != board.Pass || !strings.Contains(rec.Moves[1].Note, "resign") {
		t.Fatalf("White's resign on move 2 was not recorded as a noted pass: %+v", rec.Moves)
	}
	checkLegal(t, &rec)
}

// gnugoPath finds GNU Go on $PATH or where Debian's package installs it.
func gnugoPath() string {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/gnugo"); err == nil {
		return "/usr/games/gnugo"
	}
	return ""
}

func TestGTPAgentWithGNUGo(t *testing.T) {
	path := gnugoPath()
	if path == "" {
		t.Skip("gnugo not installed (neither on $PATH nor /usr/games/gnugo); apt-get install gnugo to run this test")
	}
	if testing.Short() {
		t.Skip("plays real GNU Go games; skipped with -short")
	}
	gnugo, err := ParseAgent("gtp:" + path + " --mode gtp --level 1")
	if err != nil {
		t.Fatal(err)
	}
	alphabeta, _ := ParseAgent("alphabeta")
	recs, err := Run(context.Background(), gnugo, alphabeta, Config{Games: 2, Jobs: 2, CPULimit: board.HostCPULimit, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for k := range recs {
		rec := &recs[k]
		if rec.Reason == record.AgentError || rec.Reason == record.BadOutput || rec.Reason == record.Timeout {
			t.Fatalf("game %d: %s", rec.Game, rec.Detail)
		}
		if rec.Reason.Forfeit() {
			// GNU Go does not know Little-Go's rules, but it plays legal Go: only the 24-move
			// end and the scoring differ, so an illegal move here is a bug in the arena.
			t.Fatalf("game %d: GNU Go forfeited: %s", rec.Game, rec.Detail)
		}
		checkLegal(t, rec)
		for _, m := range rec.Moves {
			if (m.Color == board.Black) == rec.ABlack && !m.Measured {
				t.Errorf("game %d: GNU Go's move not timed in CPU time", rec.Game)
			}
		}
	}
}
