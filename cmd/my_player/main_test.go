// main_test.go: my_player end to end, two processes sharing one folder, driven the way the course host drives them.

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"littlego/board"
	"littlego/cmd/internal/player"
	"littlego/engine"
)

// buildPlayer compiles my_player into a temporary folder and returns its path.
func buildPlayer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "my_player")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// hostGame plays one game between two my_player processes (extra flags per colour) in
// dir, as the host does: a fresh process per move, input.txt without a final newline,
// output.txt removed before each move and its first line parsed. It fails the test on
// any illegal move or bad output and returns the final position and the CPU time
// (user + system, as the host counts it) of each move's process, by move number.
func hostGame(t *testing.T, bin, dir string, flags [2][]string) (board.Position, map[int]time.Duration) {
	t.Helper()
	pos := board.New()
	prev := pos.Stones
	cpu := map[int]time.Duration{}
	for !pos.Over {
		var in bytes.Buffer
		board.FormatInput(&in, pos.Turn, prev, pos.Stones)
		if err := os.WriteFile(filepath.Join(dir, "input.txt"), in.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, "output.txt"))
		cmd := exec.Command(bin, flags[pos.Turn]...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("move %d: my_player failed: %v\n%s", pos.Move, err, stderr.String())
		}
		cpu[int(pos.Move)] = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if strings.Contains(stderr.String(), "helper file") || strings.Contains(stderr.String(), "inconsistent") {
			t.Errorf("move %d: unexpected warning: %s", pos.Move, stderr.String())
		}
		f, err := os.Open(filepath.Join(dir, "output.txt"))
		if err != nil {
			t.Fatalf("move %d: no output.txt: %v", pos.Move, err)
		}
		pt, err := board.ParseOutput(f)
		f.Close()
		if err != nil {
			t.Fatalf("move %d: %v", pos.Move, err)
		}
		before := pos.Stones
		if _, ok := pos.Play(pt); !ok {
			t.Fatalf("move %d: illegal %s on\n%s", pos.Move, pt, pos.String())
		}
		if pt == board.Pass && pos.Move == 2 {
			t.Fatalf("Black passed on move 1 and lost on the spot")
		}
		// The host hands the mover's successor the board before this move as previous;
		// after a pass it sets previous = current.
		prev = before
		if pt == board.Pass {
			prev = pos.Stones
		}
	}
	return pos, cpu
}

func TestHostDrivenGames(t *testing.T) {
	bin := buildPlayer(t)
	dir := t.TempDir()
	games := 2
	if testing.Short() {
		games = 1
	}
	// Half the default budget: small enough for a quick test, large enough that a late
	// move's share (0.22 of it) stays above the process's fixed start-up and exit cost on
	// a slow virtual machine (over 20 ms of CPU measured on one).
	const budget = 250 * time.Millisecond
	flags := [2][]string{{"-budget", "0.25"}, {"-budget", "0.25"}}
	opts := engine.Defaults()
	opts.Budget = budget
	for g := 0; g < games; g++ {
		// The same folder for every game: the helper files must detect each new game.
		end, cpu := hostGame(t, bin, dir, flags)
		// Each side's moves, start-up and exit included, as the host counts them, stay
		// within what the game plan gave that side so far and the game's loan, after every
		// move (a move's proofs may spend what earlier ones left, the bank, and the loan),
		// and no move exceeds MaxBudget.
		closest := time.Duration(-1 << 62)
		var used [2]time.Duration
		for move := 1; move <= board.MaxMoves; move++ {
			c, ok := cpu[move]
			if !ok {
				continue
			}
			side := move % 2
			used[side] += c
			if c > engine.MaxBudget {
				t.Errorf("game %d, move %d: the process used %v of CPU, over MaxBudget", g, move, c)
			}
			if plan := engine.PlanSoFar(opts, move) + engine.PlanLoan(opts); used[side] > plan {
				t.Errorf("game %d, move %d: this side's moves used %v of CPU, over the plan's and the loan's %v", g, move, used[side], plan)
			}
			closest = max(closest, used[side]-engine.PlanSoFar(opts, move))
		}
		t.Logf("game %d: CPU per side %v (Black) and %v (White) of the plan's %v; nearest the plan after a move: %v beyond it",
			g, used[1], used[0], engine.PlanTotal(opts, 1), closest)
		if end.Move != board.MaxMoves+1 && !end.Passed {
			t.Errorf("game %d ended at move %d without two passes", g, end.Move)
		}
		t.Logf("game %d: %s", g, end.String())
	}
	for _, c := range []board.Color{board.Black, board.White} {
		if _, err := os.Stat(filepath.Join(dir, player.StateFileName(c))); err != nil {
			t.Errorf("no helper file for %s: %v", c, err)
		}
	}
}

func TestMissingInput(t *testing.T) {
	bin := buildPlayer(t)
	cmd := exec.Command(bin)
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("my_player without input.txt succeeded: %s", out)
	}
	if lines := strings.Count(strings.TrimSpace(string(out)), "\n") + 1; lines != 1 || !strings.Contains(string(out), "input.txt") {
		t.Errorf("want one clear line naming input.txt, got %q", out)
	}
}

// runIn runs the command in process on a folder holding input and returns the exit
// status, stdout and stderr.
func runIn(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"-dir", dir, "-playouts", "100"}, args...), strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestFlags(t *testing.T) {
	const empty = "1\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000"
	cases := []struct {
		args  []string
		code  int
		lines int    // lines on stderr (0: no check)
		has   string // in stderr
	}{
		{[]string{"-h"}, 0, 0, "usage: my_player"},
		{[]string{"-nonsense"}, 2, 0, "-nonsense"},
		{[]string{"-budget", "0"}, 2, 1, "budget"},
		{[]string{"-budget", "-1"}, 2, 1, "budget"},
		{[]string{"-budget", "11"}, 2, 1, "budget"},
		{[]string{"-workers", "0"}, 2, 1, "workers"},
		{[]string{"-move", "25"}, 2, 1, "-move"},
		{[]string{"-move", "4"}, 2, 1, "Black"},
		{[]string{"-policy", "best"}, 2, 1, "policy"},
		{[]string{"now"}, 2, 1, "unexpected"},
		{nil, 0, 0, ""},
	}
	for _, c := range cases {
		code, stdout, stderr := runIn(t, empty, c.args...)
		if code != c.code || stdout != "" || !strings.Contains(stderr, c.has) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q on stderr", c.args, code, stdout, stderr, c.code, c.has)
		}
		if n := strings.Count(stderr, "\n"); c.lines > 0 && n != c.lines {
			t.Errorf("%v: %d lines on stderr, want %d: %q", c.args, n, c.lines, stderr)
		}
	}
}

// TestReproductions runs the built command on inputs that once gave an illegal move or a
// hang: each gives a legal move, or one line and exit 1, within a second of CPU and
// without blocking.
func TestReproductions(t *testing.T) {
	bin := buildPlayer(t)
	koInput := "2\n0212x\n21020\n00000\n00100\n01000\n10120\n21020\n00000\n00100\n01000"
	var helper strings.Builder
	// White's helper file after move 8: the true previous board of koInput.
	ko := board.Stones{board.PointAt(0, 2).Bit() | board.PointAt(1, 1).Bit() | board.PointAt(3, 2).Bit() | board.PointAt(4, 1).Bit(),
		board.PointAt(0, 1).Bit() | board.PointAt(0, 3).Bit() | board.PointAt(1, 0).Bit() | board.PointAt(1, 3).Bit()}
	player.WriteState(&helper, player.State{Color: board.White, Move: 8, After: ko})
	koHelper := helper.String()
	cases := []struct {
		name   string
		setup  func(dir string) error
		code   int
		forbid string // an output that must not be played
	}{
		{"ko retake with a damaged previous board and the true one in the helper file", func(dir string) error {
			return errors.Join(os.WriteFile(filepath.Join(dir, "input.txt"), []byte(koInput), 0o644),
				os.WriteFile(filepath.Join(dir, player.StateFileName(board.White)), []byte(koHelper), 0o644))
		}, 0, "0,1\n"},
		{"ko retake with a damaged previous board alone", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "input.txt"), []byte(koInput), 0o644)
		}, 0, "0,1\n"},
		{"input.txt a link to /dev/zero", func(dir string) error { return os.Symlink("/dev/zero", filepath.Join(dir, "input.txt")) }, 1, ""},
		{"input.txt a FIFO", func(dir string) error { return syscall.Mkfifo(filepath.Join(dir, "input.txt"), 0o644) }, 1, ""},
		{"input.txt a sparse 2 GiB file", func(dir string) error {
			return errors.Join(os.WriteFile(filepath.Join(dir, "input.txt"), nil, 0o644), os.Truncate(filepath.Join(dir, "input.txt"), 2<<30))
		}, 1, ""},
		{"the helper file a FIFO", func(dir string) error {
			return errors.Join(os.WriteFile(filepath.Join(dir, "input.txt"), []byte(strings.Replace(koInput, "x", "0", 1)), 0o644),
				syscall.Mkfifo(filepath.Join(dir, player.StateFileName(board.White)), 0o644))
		}, 0, "0,1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := c.setup(dir); err != nil {
				t.Skipf("setup: %v", err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin)
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if ctx.Err() != nil {
				t.Fatal("my_player blocked")
			}
			if cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(); cpu > time.Second {
				t.Errorf("took %v of CPU", cpu)
			}
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			out, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
			if code != c.code || stdout.Len() != 0 || strings.Contains(stderr.String(), "goroutine ") {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d", code, stdout.String(), stderr.String(), c.code)
			}
			if code != 0 {
				if strings.Count(stderr.String(), "\n") != 1 || len(out) != 0 {
					t.Errorf("want one line on stderr and no output.txt, got %q and %q", stderr.String(), out)
				}
				return
			}
			if _, err := board.ParseOutput(bytes.NewReader(out)); err != nil || string(out) == c.forbid {
				t.Errorf("output.txt %q (%v); stderr %s", out, err, stderr.String())
			}
		})
	}
}

func TestVersion(t *testing.T) {
	var stdout, stderr strings.Builder
	if status := run([]string{"-version"}, strings.NewReader(""), &stdout, &stderr); status != 0 || !strings.HasPrefix(stdout.String(), "my_player ") || stderr.Len() != 0 {
		t.Errorf("-version: exit %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
}
