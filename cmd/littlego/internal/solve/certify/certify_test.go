// certify_test.go: the certificate finds a losing move, passes a winning one, and its -short subset passes with the engine.

package certify

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"littlego/board"
	"littlego/engine"
	"littlego/lib/clitest"
	"littlego/lib/racedetect"
)

// moveSeven is a move-7 position after 2,2 where only an exact point keeps Black's win:
// Black at 0,1 1,3 2,2, White at 0,0 2,1 2,3; 3,2 wins and 1,2 loses.
func moveSeven(t *testing.T) certNode {
	pos := board.New()
	var prev board.Stones
	for _, pt := range []board.Point{board.PointAt(2, 2), board.PointAt(0, 0), board.PointAt(0, 1), board.PointAt(2, 1),
		board.PointAt(1, 3), board.PointAt(2, 3)} {
		prev = pos.Stones
		if _, ok := pos.Play(pt); !ok {
			t.Fatalf("%v illegal", pt)
		}
	}
	return certNode{pos: pos, prev: prev}
}

func TestCertifyCatchesALosingMove(t *testing.T) {
	if testing.Short() || racedetect.Enabled {
		t.Skip("proofs at move 8: seconds, tens of seconds under the race detector")
	}
	for _, tc := range []struct {
		move board.Point
		ok   bool
	}{{board.PointAt(3, 2), true}, {board.PointAt(1, 2), false}} {
		c := newCertifier(certifyConfig{ttBits: 20}, engine.Defaults(), &strings.Builder{})
		c.choose = func(board.Position) (board.Point, engine.Method, error) { return tc.move, engine.MethodSearch, nil }
		if _, ok := c.check(moveSeven(t)); ok != tc.ok || (len(c.slips) == 0) != tc.ok {
			t.Errorf("%v: check = %v with slips %q, want %v", tc.move, ok, c.slips, tc.ok)
		}
	}
	// An illegal move is a slip too.
	c := newCertifier(certifyConfig{ttBits: 16}, engine.Defaults(), &strings.Builder{})
	c.choose = func(board.Position) (board.Point, engine.Method, error) {
		return board.PointAt(2, 2), engine.MethodSearch, nil
	}
	if _, ok := c.check(moveSeven(t)); ok {
		t.Error("an occupied point passed the check")
	}
}

// The -short certificate: the engine at its defaults, as my_player, on a seeded subset
// of the book's lines and a few random games. Under -short or the race detector, only
// the walk through move 3.
func TestCertifyShort(t *testing.T) {
	args := []string{"-short"}
	if testing.Short() || racedetect.Enabled {
		args = []string{"-through", "3", "-games", "0"}
	}
	code, out, stderr := clitest.Call(run, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	if !strings.Contains(out, ", 0 slips\n") || !strings.Contains(out, "by book") {
		t.Errorf("unexpected report:\n%s", out)
	}
	t.Logf("\n%s", out)
}

// TestCertifySkip: -skip passes over the first positions of the last level only, so two
// runs with complementary skips check the level once between them.
func TestCertifySkip(t *testing.T) {
	for _, c := range []struct {
		skip int
		want string
	}{
		{0, "move  3:      6 positions checked (of 6 up to symmetry)"},
		{2, "move  3:      4 positions checked (of 6 up to symmetry)"},
		{9, "move  3:      0 positions checked (of 6 up to symmetry)"},
	} {
		args := []string{"-through", "3", "-games", "0", "-skip", strconv.Itoa(c.skip)}
		code, out, stderr := clitest.Call(run, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s", args, code, stderr)
		}
		// The level's line counts this run's positions by method: they add up to its count.
		var checked, book, rule int
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "move  3:") {
				fmt.Sscanf(line, "move  3: %d positions", &checked)
				if i := strings.Index(line, "by book "); i >= 0 {
					fmt.Sscanf(line[i:], "by book %d", &book)
				}
				if i := strings.Index(line, "by rule "); i >= 0 {
					fmt.Sscanf(line[i:], "by rule %d", &rule)
				}
			}
		}
		if book+rule != checked {
			t.Errorf("-skip %d: %d by book and %d by rule for %d checked:\n%s", c.skip, book, rule, checked, out)
		}
		if !strings.Contains(out, c.want) || !strings.Contains(out, "move  1:      1 positions checked") {
			t.Errorf("-skip %d: want %q and move 1 checked in\n%s", c.skip, c.want, out)
		}
	}
}

func TestCertifyFlagsChecked(t *testing.T) {
	for _, args := range [][]string{
		{"-through", "4"},
		{"-through", "0"},
		{"-games", "-1"},
		{"-n", "-2"},
		{"-skip", "-3"},
	} {
		if code, _, stderr := clitest.Call(run, args...); code != 2 || !strings.Contains(stderr, "littlego solve certify: -") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the flag named", args, code, stderr)
		}
	}
}
