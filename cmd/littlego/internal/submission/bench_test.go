package submission

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// startupInput is White's first move after Black's 2,2: no book move, no solver, so
// with -playouts 1 the engine's run is almost all fixed cost.
const startupInput = "2\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00100\n00000\n00000"

// startupBookInput is Black's move 3 after 2,2 and White's 1,1: a book move, so the run
// also builds the book's lookup table.
const startupBookInput = "1\n00000\n00000\n00100\n00000\n00000\n00000\n02000\n00100\n00000\n00000"

// BenchmarkStartup measures the fixed CPU cost of one move as the host counts it
// (the child's user + system time from wait4), in CPU milliseconds per move: the
// launcher running the engine with -playouts 1 (Python's start-up, os.execv, the
// engine's start-up and one playout), the engine run directly with the same flags, the
// engine playing a book move (its lookup table built), the bare interpreter (python3 -c pass), and the launcher's pure-Python fallback with
// the engine removed.
func BenchmarkStartup(b *testing.B) {
	canRunEngine(b)
	py := needPython(b)
	dist := filepath.Join(b.TempDir(), "dist")
	if _, err := buildFolder(context.Background(), dist, []string{"-playouts", "1"}, os.Environ()); err != nil {
		b.Fatal(err)
	}
	noEngine := filepath.Join(b.TempDir(), "dist")
	if _, err := buildFolder(context.Background(), noEngine, []string{"-playouts", "1"}, os.Environ()); err != nil {
		b.Fatal(err)
	}
	if err := os.Remove(filepath.Join(noEngine, engineName)); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name  string
		argv  []string
		input string
	}{
		{"launcher+engine", []string{py, filepath.Join(dist, launcherName)}, startupInput},
		{"engine", []string{filepath.Join(dist, engineName), "-playouts", "1"}, startupInput},
		{"engine-book-move", []string{filepath.Join(dist, engineName), "-playouts", "1"}, startupBookInput},
		{"python", []string{py, "-c", "pass"}, startupInput},
		{"launcher-fallback", []string{py, filepath.Join(noEngine, launcherName)}, startupInput},
	} {
		b.Run(bc.name, func(b *testing.B) {
			game := b.TempDir()
			if err := os.WriteFile(filepath.Join(game, "input.txt"), []byte(bc.input), 0o644); err != nil {
				b.Fatal(err)
			}
			var total time.Duration
			for b.Loop() {
				os.Remove(filepath.Join(game, "littlego_state_white.txt"))
				os.Remove(filepath.Join(game, "littlego_state_black.txt"))
				os.Remove(filepath.Join(game, "output.txt"))
				cmd := exec.Command(bc.argv[0], bc.argv[1:]...)
				cmd.Dir = game
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", bc.argv, err, out)
				}
				total += childCPU(cmd.ProcessState)
				if bc.name != "python" {
					if _, err := os.Stat(filepath.Join(game, "output.txt")); err != nil {
						b.Fatalf("%v wrote no output.txt", bc.argv)
					}
				}
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "cpu-ms/move")
		})
	}
}
