// hostile_test.go: a damaged previous board never leads to a ko retake, and input.txt or
// a helper file that is not a small regular file never blocks, floods or crashes a turn.

package player

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"littlego/board"
)

// koInput and koHelper are a position where Black has just captured a White stone at
// 0,1 in a ko: White retaking at 0,1 would bring back the previous board. Line 2 of
// koInput (the previous board) is damaged; koHelper holds the true previous board.
const koInput = "2\n0212x\n21020\n00000\n00100\n01000\n10120\n21020\n00000\n00100\n01000"

var koHelper = stateText("0212021020000000010001000")

// stateText returns White's helper file after move 8 with the board cells (25 digits,
// row by row), as WriteState writes it.
func stateText(cells string) string {
	var after board.Stones
	for p, c := range cells {
		switch c {
		case '1':
			after[board.Black] |= board.Point(p).Bit()
		case '2':
			after[board.White] |= board.Point(p).Bit()
		}
	}
	var b strings.Builder
	WriteState(&b, State{Color: board.White, Move: 8, After: after})
	return b.String()
}

// playedPoint parses a turn's output.txt, failing the test if there is none.
func playedPoint(t *testing.T, out, log string) board.Point {
	t.Helper()
	pt, err := board.ParseOutput(strings.NewReader(out))
	if err != nil {
		t.Fatalf("output.txt %q: %v; log: %s", out, err, log)
	}
	return pt
}

func TestDamagedPreviousBoardNeverRetakesAKo(t *testing.T) {
	retake := board.PointAt(0, 1)
	for _, c := range []struct {
		name   string
		helper map[string]string
		warn   string
	}{
		{"the helper file vouches for the previous board", map[string]string{StateFileName(board.White): koHelper}, "taking the previous board"},
		{"no helper file", nil, "line 2"},
		{"a helper file for another board", map[string]string{StateFileName(board.White): stateText("1212021020000000010001000")}, "line 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, log, _, out := runIn(t, ptr(koInput), c.helper, nil)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, log)
			}
			if pt := playedPoint(t, out, log); pt == retake {
				t.Fatalf("retook the ko at %s; log: %s", pt, log)
			}
			if !strings.Contains(log, c.warn) {
				t.Errorf("log %q does not mention %q", log, c.warn)
			}
		})
	}
}

// damage replaces the first digit of line 2 (the previous board) by x.
func damage(input string) string {
	return input[:2] + "x" + input[3:]
}

// TestDamagedPreviousBoardSweep plays random games to positions just after a ko capture
// and checks that a turn with the previous board damaged plays a move legal under the
// true previous board, with the helper file vouching for it and without one.
func TestDamagedPreviousBoardSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	want := 30
	if testing.Short() {
		want = 8
	}
	found := 0
	for found < want {
		pos, prev, ok := positionAfterKoCapture(rng)
		if !ok {
			continue
		}
		found++
		var in bytes.Buffer
		board.FormatInput(&in, pos.Turn, prev, pos.Stones)
		var helper strings.Builder
		WriteState(&helper, State{Color: pos.Turn, Move: int(pos.Move) - 2, After: prev})
		for _, files := range []map[string]string{nil, {StateFileName(pos.Turn): helper.String()}} {
			code, log, _, out := runIn(t, ptr(damage(in.String())), files, func(tn *Invocation) { tn.Options.Solve = false })
			if code != 0 {
				t.Fatalf("exit %d: %s", code, log)
			}
			if pt := playedPoint(t, out, log); !pos.IsLegal(pt) {
				t.Fatalf("played %s, illegal (ko at %s) on\n%s\nhelper file: %v; log: %s", pt, pos.Ko.First(), pos.String(), files != nil, log)
			}
		}
	}
}

// positionAfterKoCapture plays a random game and returns the first position with a ko
// point, with the board before the capture; ok is false if the game had none.
func positionAfterKoCapture(rng *rand.Rand) (pos board.Position, prev board.Stones, ok bool) {
	pos = board.New()
	for !pos.Over {
		legal := pos.Legal()
		if legal == 0 {
			return pos, prev, false
		}
		for n := rng.IntN(legal.Count()); n > 0; n-- {
			legal &= legal - 1
		}
		prev = pos.Stones
		pos.Play(legal.First())
		if pos.Ko != 0 && !pos.Over {
			return pos, prev, true
		}
	}
	return pos, prev, false
}

// hostileFile makes name in dir something other than a small regular file.
type hostileFile struct {
	name string
	make func(path string) error
}

var hostileFiles = []hostileFile{
	{"a symbolic link to /dev/zero", func(path string) error { return os.Symlink("/dev/zero", path) }},
	{"a FIFO", func(path string) error { return syscall.Mkfifo(path, 0o644) }},
	{"a folder", func(path string) error { return os.Mkdir(path, 0o755) }},
	{"a sparse 2 GiB file of zero bytes", func(path string) error {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return f.Truncate(2 << 30)
	}},
}

// playWithin plays a turn in dir and fails the test if it blocks.
func playWithin(t *testing.T, dir string) (code int, log, out string) {
	t.Helper()
	var buf bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- Invocation{Options: testOptions(), Dir: dir, Log: &buf}.Run() }()
	select {
	case code = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the turn blocked")
	}
	o, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
	return code, buf.String(), string(o)
}

func TestHostileInputFile(t *testing.T) {
	for _, h := range hostileFiles {
		t.Run(h.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := h.make(filepath.Join(dir, "input.txt")); err != nil {
				t.Skipf("cannot make the file: %v", err)
			}
			code, log, out := playWithin(t, dir)
			if code != 1 || out != "" {
				t.Errorf("exit %d, output %q; want exit 1 and no output", code, out)
			}
			if strings.Count(log, "\n") != 1 || !strings.Contains(log, "input.txt") {
				t.Errorf("want one line naming input.txt, got %q", log)
			}
		})
	}
}

func TestHugeInputFileWithAGoodStart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "input.txt")
	if err := os.WriteFile(path, []byte("2\n"+emptyBoard+"\n00000\n00000\n00100\n00000\n00000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 2<<30); err != nil {
		t.Skipf("cannot make a sparse file: %v", err)
	}
	code, log, out := playWithin(t, dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, log)
	}
	if pt := playedPoint(t, out, log); pt == board.PointAt(2, 2) {
		t.Errorf("played on the Black stone at %s", pt)
	}
}

func TestHostileHelperFile(t *testing.T) {
	for _, h := range hostileFiles {
		t.Run(h.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte("1\n"+emptyBoard+"\n"+emptyBoard), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := h.make(filepath.Join(dir, StateFileName(board.Black))); err != nil {
				t.Skipf("cannot make the file: %v", err)
			}
			code, log, out := playWithin(t, dir)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, log)
			}
			playedPoint(t, out, log)
			if !strings.Contains(log, "ignoring "+StateFileName(board.Black)) {
				t.Errorf("log %q does not say the helper file was ignored", log)
			}
		})
	}
}

// TestReadOnlyFolder checks that in a folder that refuses new files, a writable
// output.txt is overwritten in place rather than left holding the previous move.
func TestReadOnlyFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte("1\n"+emptyBoard+"\n"+emptyBoard), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "output.txt"), []byte("PASS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	if f, err := os.CreateTemp(dir, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("this user may create files in a 0555 folder (root): lib/atomicfile's tests inject the failure instead")
	}
	code, log, out := playWithin(t, dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, log)
	}
	if pt := playedPoint(t, out, log); pt == board.Pass {
		t.Fatalf("output.txt still holds the stale PASS; log: %s", log)
	}
	if !strings.Contains(log, "in place") {
		t.Errorf("log %q does not say output.txt was written in place", log)
	}
}
