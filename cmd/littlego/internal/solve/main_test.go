// main_test.go: the solve command on a solved position, on bad input and under a tiny budget.

package solve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"littlego/board"
	"littlego/cmd/internal/player"
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/clitest"
	"littlego/opening"
)

// writeInput writes text to input.txt in a fresh directory and returns its path.
func writeInput(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "input.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A position of board/boardtest/testdata/solved.jsonl: White to play move 18
// loses whatever it does.
const lostForWhite = "2\n02202\n21110\n12122\n02100\n01001\n12202\n01110\n12122\n02100\n01001"

// And one where Black, to play move 17, wins only with 1,4 (row 1, column 4).
const wonForBlack = "1\n00011\n00020\n02010\n10122\n01012\n00011\n00020\n02010\n10122\n01202"

func TestHelpAndUnknownFlag(t *testing.T) {
	clitest.CheckUsage(t, run, append(clitest.HelpAndUnknownFlag("usage: littlego solve"),
		clitest.Case{Args: []string{"-tt", "x"}, Status: 2, Stderr: "invalid value"})...)
}

func TestSolveFile(t *testing.T) {
	code, out, errs := clitest.Call(run, "-move", "18", "-margin", writeInput(t, lostForWhite))
	if code != 0 {
		t.Fatalf("exit %d (stderr %q)", code, errs)
	}
	want := "White to play move 18: LOSS for White [solver]\nwinning: (none)\nlosing: 0,3 1,4 3,0 3,3 3,4 4,0 4,2 4,3 PASS\n"
	if !strings.HasPrefix(out, want) || !strings.Contains(out, "\nmargin: +") {
		t.Errorf("output\n%s\nwant it to start with\n%s", out, want)
	}
}

func TestSolveWinningMoves(t *testing.T) {
	code, out, errs := clitest.Call(run, "-move", "17", writeInput(t, wonForBlack))
	if code != 0 {
		t.Fatalf("exit %d (stderr %q)", code, errs)
	}
	if !strings.Contains(out, "WIN for Black") || !strings.Contains(out, "winning: 1,4\n") {
		t.Errorf("output\n%s", out)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		name, text string
		args       []string
		code       int
		want       string
	}{
		{"no move", lostForWhite, nil, 2, "-move is required"},
		{"wrong parity", lostForWhite, []string{"-move", "17"}, 2, "is a Black move"},
		{"out of range", lostForWhite, []string{"-move", "30"}, 2, "must be in 1..24"},
		{"bad colour", "3\n00000", []string{"-move", "3"}, 1, "colour"},
		{"inconsistent", "1\n11111\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000", []string{"-move", "3"}, 1, "do not follow"},
		{"bad budget", lostForWhite, []string{"-move", "18", "-cpu", "-1"}, 2, "-cpu"},
	}
	for _, c := range cases {
		code, out, errs := clitest.Call(run, append(c.args, writeInput(t, c.text))...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", c.name, code, errs, c.code, c.want)
		}
		if out != "" {
			t.Errorf("%s: printed %q on bad input", c.name, out)
		}
	}
	if code, _, _ := clitest.Call(run, filepath.Join(t.TempDir(), "missing.txt")); code != 1 {
		t.Errorf("a missing file: exit %d, want 1", code)
	}
}

// The empty board's move number comes from its boards, and what facts knows of it costs
// no search: answered within 50 ms. A position whose value the book proves, under a
// budget too small to sort its moves, is proved all the same: exit status 0. A position facts does not know, under a budget too small for its
// proof, is unknown, exit status 3.
func TestFirstMoveInferredAndBudget(t *testing.T) {
	empty := "1\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000"
	code, out, errs := clitest.Call(run, "-cpu", "0.05", writeInput(t, empty))
	if code != 0 || !strings.HasPrefix(out, "Black to play move 1: WIN for Black [opening table]\nwinning: 2,2\n") {
		t.Fatalf("the empty board in 50 ms: exit %d\n%s%s", code, out, errs)
	}
	// 2,2 1,1: Black's win is the book's (or the table's, through level 2): proved, exit
	// status 0, whether or not its 24 moves are sorted within a tenth of 50 ms (a table
	// through level 3 sorts them at once; without it they take minutes, and are listed
	// as not sorted).
	afterTwo := "1\n00000\n00000\n00100\n00000\n00000\n00000\n02000\n00100\n00000\n00000"
	code, out, errs = clitest.Call(run, "-cpu", "0.05", "-move", "3", writeInput(t, afterTwo))
	if code != 0 || !strings.HasPrefix(out, "Black to play move 3: WIN for Black [") {
		t.Fatalf("a move-3 position of the book in 50 ms: exit %d\n%s%s; want 0 and the value", code, out, errs)
	}
	// 2,2 1,1 0,0 4,4 0,4 4,0: off the book after move 3, beyond the opening table:
	// nothing proves Black's move 7 without search.
	afterSix := "1\n10001\n02000\n00100\n00000\n00002\n10001\n02000\n00100\n00000\n20002"
	code, out, errs = clitest.Call(run, "-cpu", "0.05", "-move", "7", writeInput(t, afterSix))
	if code != base.StatusUnknown || out != "" || !strings.Contains(errs, "the budget of 50ms CPU ran out") {
		t.Fatalf("a move-7 position no fact proves, in 50 ms: exit %d, stdout %q, stderr %q; want %d, an unknown result", code, out, errs, base.StatusUnknown)
	}
}

// After 0,3 the opening table proves White's 2,2 wins by W+4.5 (its best reply, which
// keeps the margin): the position after 0,3 2,2 is Black's loss by W+4.5, said at once as
// implied by it, every move a loss, exit status 0, within a budget far too small for a
// search.
func TestProvedByTheMoveBeforeAtOnce(t *testing.T) {
	afterTwo := "1\n00010\n00000\n00000\n00000\n00000\n00010\n00000\n00200\n00000\n00000"
	code, out, errs := clitest.Call(run, "-cpu", "0.05", "-move", "3", "-margin", writeInput(t, afterTwo))
	source := "implied by the opening table's 2,2"
	pos := board.New()
	pos.Play(board.PointAt(0, 3))
	pos.Play(board.PointAt(2, 2))
	if _, held := opening.Lookup(pos); held {
		source = "opening table" // a table through level 2 proves it itself
	}
	want := "Black to play move 3: LOSS for Black [" + source + "]\nwinning: (none)\nlosing: "
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "margin: -2, W+4.5") || strings.Contains(out, "not sorted") {
		t.Fatalf("after 0,3 2,2: exit %d\n%s%s\nwant 0 and\n%s... margin: -2, W+4.5", code, out, errs, want)
	}
	if !strings.Contains(errs, "proved with 0 nodes") {
		t.Errorf("searched: %q", errs)
	}
}

// TestTableBoundedByMemory: a -tt table larger than half the machine's memory is bad
// usage that says how much the table needs.
func TestTableBoundedByMemory(t *testing.T) {
	saved := base.MemTotal
	defer func() { base.MemTotal = saved }()
	base.MemTotal = func() (int64, bool) { return 1 << 30, true } // 1 GiB
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-tt", "26", "-move", "18", writeInput(t, lostForWhite)}, "-tt 26: the table needs 1.0 GiB, more than half of this machine's 1.0 GiB of memory; use -tt 25 or less"},
		{[]string{"bench", "positions", "-tt", "30"}, "-tt 30: the table needs 16.0 GiB"},
		{[]string{"book", "-tt", "25", filepath.Join(t.TempDir(), "b.go"), "-jobs", "2"}, "-tt 25: the 2 tables (one per -jobs) need 1.0 GiB"},
	} {
		code, out, errs := clitest.Call(run, c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	// Within the bound the position is solved.
	if code, _, errs := clitest.Call(run, "-tt", "20", "-move", "18", writeInput(t, lostForWhite)); code != 0 {
		t.Errorf("-tt 20 with 1 GiB: exit %d, %s", code, errs)
	}
}

func TestBenchPositions(t *testing.T) {
	code, out, errs := clitest.Call(run, "bench", "positions", "-moves", "18,16", "-n", "3", "-tt", "16")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[2], "3/3") {
		t.Errorf("bench output:\n%s", out)
	}
	if code, _, _ := clitest.Call(run, "bench", "positions", "-moves", "x"); code != 2 {
		t.Errorf("-moves x: exit %d, want 2", code)
	}
	code, out, errs = clitest.Call(run, "bench", "positions", "-moves", "16", "-n", "3", "-tt", "16", "-threads", "2", "-margin")
	if code != 0 || !strings.Contains(out, "2 threads") || !strings.Contains(out, "3/3") {
		t.Errorf("-jobs 2: exit %d, output:\n%s%s", code, out, errs)
	}
	if code, _, _ := clitest.Call(run, "bench", "positions", "-threads", "0"); code != 2 {
		t.Errorf("-jobs 0: exit %d, want 2", code)
	}
}

// The commands' dispatch: help, unknown commands, flags before a command's name, the
// mode flags of old, and flags of another command are refused with a line that says so.
func TestCommandsAndRefusals(t *testing.T) {
	clitest.CheckUsage(t, run,
		clitest.Case{Args: []string{"help"}, Status: 0, Stderr: "table      build, merge, join, verify and follow the build of the opening table"},
		clitest.Case{Args: []string{"help", "table", "build"}, Status: 0, Stderr: "usage: littlego solve table build -level K"},
		clitest.Case{Args: []string{"table", "-h"}, Status: 0, Stderr: "verify     prove a table's records again"},
		clitest.Case{Args: []string{"table", "verify", "-h"}, Status: 0, Stderr: "-seed"},
		clitest.Case{Args: []string{"help", "nothing"}, Status: 2, Stderr: `unknown command "nothing"`},
		clitest.Case{Args: []string{"tabel", "build"}, Status: 2, Stderr: `unknown command "tabel"`},
		clitest.Case{Args: []string{"table"}, Status: 2, Stderr: `"littlego solve table" needs a command`},
		clitest.Case{Args: []string{"table", "biuld"}, Status: 2, Stderr: `unknown command "biuld" in "littlego solve table"`},
		clitest.Case{Args: []string{"table", "-o", "x", "merge"}, Status: 2, Stderr: "flag -o before the command"},
		clitest.Case{Args: []string{"-tt", "16", "table", "build"}, Status: 2, Stderr: `"table" is a command: flags follow the command's name (littlego solve table build -tt 16)`},
		clitest.Case{Args: []string{"-table-verify", "F", "-table-join", "a", "-o", "b"}, Status: 2, Stderr: "-table-verify is now a command: littlego solve table verify"},
		clitest.Case{Args: []string{"-table", "-level", "3"}, Status: 2, Stderr: "-table is now a command: littlego solve table build"},
		clitest.Case{Args: []string{"table", "verify", "F", "-o", "b"}, Status: 2, Stderr: "flag provided but not defined: -o"},
		clitest.Case{Args: []string{"table", "join", "-margin", "a", "b"}, Status: 2, Stderr: "flag provided but not defined: -margin"},
		clitest.Case{Args: []string{"table", "merge", "-o", "x.lgtb", "a", "b"}, Status: 2, Stderr: "takes one folder of shards, got 2"},
		clitest.Case{Args: []string{"table", "verify"}, Status: 2, Stderr: "takes one table file, got 0"},
		clitest.Case{Args: []string{"certify", "extra"}, Status: 2, Stderr: "certify takes no arguments"},
		clitest.Case{Args: []string{"bench", "book", "-n", "-1"}, Status: 2, Stderr: "littlego solve bench book: -n -1"},
		clitest.Case{Args: []string{"bench", "positions", "-moves", "x"}, Status: 2, Stderr: "littlego solve bench positions: -moves"},
	)
}

// Without -move, the move number comes from my_player's helper file beside input.txt
// when its board is the previous board, and a helper file that does not fit is said.
func TestMoveFromTheHelperFile(t *testing.T) {
	path := writeInput(t, lostForWhite)
	dir := filepath.Dir(path)
	in, err := board.ParseInput(strings.NewReader(lostForWhite))
	if err != nil {
		t.Fatal(err)
	}
	var st strings.Builder
	if err := player.WriteState(&st, player.State{Color: board.White, Move: 16, After: in.Previous}); err != nil {
		t.Fatal(err)
	}
	helper := filepath.Join(dir, player.StateFileName(board.White))
	if err := os.WriteFile(helper, []byte(st.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := clitest.Call(run, path)
	if code != 0 || !strings.HasPrefix(out, "White to play move 18: LOSS for White [solver]\n") {
		t.Errorf("with the helper file: exit %d\n%s%s", code, out, errs)
	}
	st.Reset()
	if err := player.WriteState(&st, player.State{Color: board.White, Move: 16, After: in.Current}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(helper, []byte(st.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := clitest.Call(run, path); code != 2 || !strings.Contains(errs, "-move is required: helper file is stale") {
		t.Errorf("with a stale helper file: exit %d, %q", code, errs)
	}
}

// A flag's error sends the user to "littlego solve -h": it lists the plain solve's
// flags, and so does "littlego solve help solve", each number-valued flag named alike.
func TestTheHelpAnErrorNamesListsTheFlags(t *testing.T) {
	_, _, errs := clitest.Call(run, "-move", "x")
	if !strings.Contains(errs, "littlego solve -h for the flags") {
		t.Fatalf("a bad -move says %q; the test follows where it points", errs)
	}
	for _, args := range [][]string{{"-h"}, {"help", "solve"}} {
		_, out, errs := clitest.Call(run, args...)
		help := out + errs
		for _, flag := range []string{"-move number", "-cpu seconds", "-margin", "-sort", "-threads number", "-tt number"} {
			if !strings.Contains(help, "\n  "+flag+"\n") {
				t.Errorf("littlego solve %s does not list %s:\n%s", strings.Join(args, " "), flag, help)
			}
		}
		if strings.Contains(help, " int\n") {
			t.Errorf("littlego solve %s names a flag's value int beside number:\n%s", strings.Join(args, " "), help)
		}
	}
}
