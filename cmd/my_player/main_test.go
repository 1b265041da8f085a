// main_test.go: my_player end to end, two processes sharing one folder, driven the way the course host drives them.

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/internal/player"
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
	const budget = 50 * time.Millisecond
	flags := [2][]string{{"-budget", "0.05"}, {"-budget", "0.05"}}
	opts := engine.Defaults()
	opts.Budget = budget
	for g := 0; g < games; g++ {
		// The same folder for every game: the helper files must detect each new game.
		end, cpu := hostGame(t, bin, dir, flags)
		// Every move's process stays within the game plan's budget for it, start-up and
		// exit included, as the host counts it.
		closest := time.Duration(-1 << 62)
		for move, used := range cpu {
			plan := engine.PlanBudget(opts, move)
			if used > plan {
				t.Errorf("game %d, move %d: the process used %v of CPU, over its budget %v", g, move, used, plan)
			}
			closest = max(closest, used-plan)
		}
		t.Logf("game %d: the move closest to its budget used %v of CPU beyond it", g, closest)
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
