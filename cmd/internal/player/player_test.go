package player

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/internal/cputime"
)

const emptyBoard = "00000\n00000\n00000\n00000\n00000"

// testOptions are fast, reproducible engine options for a turn.
func testOptions() engine.Options {
	o := engine.Defaults()
	o.Budget = 20 * time.Millisecond
	o.Playouts = 200
	return o
}

// runIn writes input (if not nil) and the helper files into a new folder, plays one turn
// (changed by edit, if not nil) and returns the exit status, the log, the folder and the
// output (empty if none).
func runIn(t *testing.T, input *string, helper map[string]string, edit func(*Invocation)) (int, string, string, string) {
	t.Helper()
	dir := t.TempDir()
	if input != nil {
		if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(*input), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range helper {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	turn := Invocation{Options: testOptions(), Dir: dir, Log: &log}
	if edit != nil {
		edit(&turn)
	}
	code := turn.Run()
	out, _ := os.ReadFile(filepath.Join(dir, "output.txt"))
	return code, log.String(), dir, string(out)
}

func ptr(s string) *string { return &s }

func TestPlayerBadInput(t *testing.T) {
	cases := []struct {
		name  string
		input *string
		move  int    // Invocation.Move
		code  int    // expected exit status
		warn  string // expected in the log ("" = no check)
	}{
		{"missing input", nil, 0, 1, "input.txt"},
		{"empty input", ptr(""), 0, 1, "empty"},
		{"bad colour", ptr("3\n" + emptyBoard + "\n" + emptyBoard), 0, 1, "line 1"},
		{"colour word", ptr("black\n" + emptyBoard + "\n" + emptyBoard), 0, 1, "line 1"},
		{"current truncated", ptr("1\n" + emptyBoard + "\n00000\n00000"), 0, 1, "line 9"},
		{"current bad digit", ptr("1\n" + emptyBoard + "\n00000\n00300\n00000\n00000\n00000"), 0, 1, "line 8"},
		{"previous bad digit still plays", ptr("2\n00x00\n00000\n00000\n00000\n00000\n00000\n00000\n00100\n00000\n00000"), 0, 0, "line 2"},
		{"previous short row still plays", ptr("1\n0000\n00000\n00000\n00000\n00000\n" + emptyBoard), 0, 0, "line 2"},
		{"inconsistent boards still play", ptr("1\n11111\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n00000\n22222"), 0, 0, "inconsistent"},
		{"two new stones still play", ptr("1\n" + emptyBoard + "\n22000\n00000\n00000\n00000\n00000"), 0, 0, "inconsistent"},
		{"CRLF and trailing newline", ptr(strings.ReplaceAll("1\n"+emptyBoard+"\n"+emptyBoard+"\n", "\n", "\r\n")), 0, 0, ""},
		{"CR-only line ends", ptr(strings.ReplaceAll("2\n"+emptyBoard+"\n00000\n00000\n00100\n00000\n00000", "\n", "\r")), 0, 0, ""},
		{"a byte-order mark", ptr("\ufeff2\n" + emptyBoard + "\n00000\n00000\n00100\n00000\n00000\n"), 0, 0, ""},
		{"move of the wrong colour", ptr("1\n" + emptyBoard + "\n" + emptyBoard), 4, 2, "Black"},
		{"11 lines then junk past 4 KiB still plays", ptr("2\n" + emptyBoard + "\n00000\n00000\n00100\n00000\n00000\n" + strings.Repeat("junk\n", 2000)), 0, 0, "longer than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stderr, _, out := runIn(t, c.input, nil, func(tn *Invocation) { tn.Move = c.move })
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.code, stderr)
			}
			if c.warn != "" && !strings.Contains(stderr, c.warn) {
				t.Errorf("stderr %q does not mention %q", stderr, c.warn)
			}
			if code != 0 {
				if out != "" {
					t.Errorf("failed run wrote output.txt %q", out)
				}
				return
			}
			in, err := board.ParseInput(strings.NewReader(*c.input))
			if !in.HaveCurrent || !in.HaveColor {
				t.Fatalf("test input unreadable: %v", err)
			}
			pt, err := board.ParseOutput(strings.NewReader(out))
			if err != nil {
				t.Fatalf("output %q: %v", out, err)
			}
			pos := in.Position(int(board.FixMoveNumber(in.Color, 1)))
			if pt != board.Pass && !pos.Legal().Has(pt) {
				t.Errorf("illegal output %s on\n%s", pt, pos.String())
			}
		})
	}
}

func TestPlayerHelperFile(t *testing.T) {
	// Black to play move 5 after: B 2,2 / W 1,1 / B 2,1 / W 3,3.
	prev := "00000\n02000\n01100\n00000\n00000"
	cur := "00000\n02000\n01100\n00020\n00000"
	input := "1\n" + prev + "\n" + cur
	after := board.Stones{board.PointAt(2, 1).Bit() | board.PointAt(2, 2).Bit(), board.PointAt(1, 1).Bit()}
	file := func(move int, after board.Stones) string {
		var b strings.Builder
		WriteState(&b, State{Color: board.Black, Move: move, After: after, Planned: engine.PlanSoFar(testOptions(), move)})
		return b.String()
	}
	good := file(3, after)
	cases := []struct {
		name   string
		helper string
		warn   string
	}{
		{"good", good, ""},
		{"missing", "", "no usable helper file"},
		{"corrupt", "garbage\x00\xff", "ignoring"},
		{"damaged", strings.Replace(good, "move 3", "move 5", 1), "does not match"},
		{"stale", file(17, after), ""},
		{"wrong board", file(3, board.Stones{after[board.Black] | 1, after[board.White]}), "stale"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			helper := map[string]string{}
			if c.helper != "" {
				helper[StateFileName(board.Black)] = c.helper
			}
			code, stderr, dir, out := runIn(t, ptr(input), helper, nil)
			if code != 0 || out == "" {
				t.Fatalf("exit %d, output %q, stderr %s", code, out, stderr)
			}
			if c.warn == "" && stderr != "" {
				t.Errorf("unexpected warning %q", stderr)
			}
			if c.warn != "" && !strings.Contains(stderr, c.warn) {
				t.Errorf("stderr %q does not mention %q", stderr, c.warn)
			}
			f, err := os.Open(filepath.Join(dir, StateFileName(board.Black)))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			st, err := ReadState(f)
			if err != nil {
				t.Fatalf("helper file written badly: %v", err)
			}
			want := 5
			if c.name == "stale" {
				want = 19 // the helper's count is trusted when its board matches
			}
			if st.Move != want {
				t.Errorf("helper file says move %d, want %d", st.Move, want)
			}
		})
	}
}

func TestStateRoundTrip(t *testing.T) {
	st := State{Color: board.White, Move: 12, After: board.Stones{board.PointAt(0, 0).Bit(), board.PointAt(4, 4).Bit() | board.PointAt(2, 3).Bit()},
		Planned: 1500 * time.Millisecond, Spent: 250 * time.Millisecond}
	var b strings.Builder
	if err := WriteState(&b, st); err != nil {
		t.Fatal(err)
	}
	got, err := ReadState(strings.NewReader(b.String()))
	if err != nil || got != st {
		t.Fatalf("round trip: %+v, %v; want %+v", got, err, st)
	}
	for _, bad := range []string{"", "littlego-state 1\n", strings.Replace(b.String(), "move 12", "move 13", 1),
		strings.Replace(b.String(), "colour 2", "colour 3", 1), strings.Replace(b.String(), "board 1", "board 9", 1),
		strings.Replace(b.String(), "move 12", "move 26", 1), b.String() + "extra\n",
		strings.Replace(b.String(), "cpu 1500000", "cpu 9500000", 1), strings.Replace(b.String(), "board 1", "board 2", 1),
		strings.Replace(b.String(), "cpu 1500000 250000", "cpu 1500000 -1", 1), "littlego-state 1\ncolour 2\nmove 12\nboard " +
			strings.Repeat("0", 25) + "\n"} {
		if _, err := ReadState(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadState accepted %q", bad)
		}
	}
}

func TestMoveNumber(t *testing.T) {
	parse := func(s string) board.Input {
		in, err := board.ParseInput(strings.NewReader(s))
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	black1 := parse("1\n" + emptyBoard + "\n" + emptyBoard)
	if m, note := MoveNumber(&black1, &State{Color: board.Black, Move: 21}); m != 1 || note != "" {
		t.Errorf("Black's first turn: move %d (%s), want 1", m, note)
	}
	white2 := parse("2\n" + emptyBoard + "\n00000\n00000\n00100\n00000\n00000")
	if m, _ := MoveNumber(&white2, &State{Color: board.White, Move: 22}); m != 2 {
		t.Errorf("White's first turn: move %d, want 2", m)
	}
	// Black has 3 stones and White 4 on the board: at least 4 moves each were played.
	mid := parse("1\n11100\n22220\n00000\n00000\n00000\n11100\n22220\n00000\n00000\n00000")
	if m, note := MoveNumber(&mid, nil); m != 9 || note == "" {
		t.Errorf("inferred move %d (%q), want 9 with a note", m, note)
	}
	for _, c := range []board.Color{board.Black, board.White} {
		full := board.Input{Color: c, Current: board.Stones{board.Full &^ 1}}
		if m := LeastMoveNumber(&full); m < 23 || m > board.MaxMoves {
			t.Errorf("%s with 24 stones on the board: move %d", c, m)
		}
	}
}

// TestPlayerReplacesReadOnlyOutput checks that a stale output.txt the player may not
// write to does not block the move: output.txt is replaced, not rewritten in place.
func TestPlayerReplacesReadOnlyOutput(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Log("running as root: the read-only bit alone does not stop a write, so this checks the replacement only")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte("1\n"+emptyBoard+"\n"+emptyBoard), 0o644); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, "output.txt")
	if err := os.WriteFile(stale, []byte("PASS\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if code := (Invocation{Options: testOptions(), Dir: dir, Log: &log}).Run(); code != 0 {
		t.Fatalf("exit %d: %s", code, log.String())
	}
	out, err := os.ReadFile(stale)
	if err != nil {
		t.Fatal(err)
	}
	pt, err := board.ParseOutput(bytes.NewReader(out))
	if err != nil || pt == board.Pass {
		t.Fatalf("output.txt %q (%v): want Black's first move, not the stale PASS", out, err)
	}
	if fi, err := os.Stat(stale); err != nil || fi.Mode().Perm()&0o200 == 0 {
		t.Fatalf("output.txt not replaced by a fresh file: %v %v", fi.Mode(), err)
	}
}

// The bank, what earlier moves left unspent of the plan, is taken from a helper file
// only when the file is trusted and its plan is this one; a damaged, missing or foreign
// file means no bank, and the earlier moves are then counted as having spent their plan.
func TestBankFromHelperFile(t *testing.T) {
	// Black to play move 5 after: B 2,2 / W 1,1 / B 2,1 / W 3,3.
	input := "1\n00000\n02000\n01100\n00000\n00000\n00000\n02000\n01100\n00020\n00000"
	after := board.Stones{board.PointAt(2, 1).Bit() | board.PointAt(2, 2).Bit(), board.PointAt(1, 1).Bit()}
	o := testOptions()
	earlier := engine.PlanSoFar(o, 3)
	file := func(planned, spent time.Duration) string {
		var b strings.Builder
		WriteState(&b, State{Color: board.Black, Move: 3, After: after, Planned: planned, Spent: spent})
		return b.String()
	}
	const spent = 7 * time.Millisecond
	good := file(earlier, spent)
	for _, c := range []struct {
		name   string
		helper string
		bank   bool
	}{
		{"trusted", good, true},
		{"damaged", strings.Replace(good, "cpu ", "cpu 1", 1), false},
		{"another plan", file(earlier+time.Millisecond, spent), false},
		{"truncated", good[:len(good)-10], false},
		{"none", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			helper := map[string]string{}
			if c.helper != "" {
				helper[StateFileName(board.Black)] = c.helper
			}
			code, log, dir, _ := runIn(t, ptr(input), helper, func(inv *Invocation) { inv.Options.Verbose = true })
			if code != 0 {
				t.Fatalf("exit %d: %s", code, log)
			}
			if got := strings.Contains(log, "bank: "); got != c.bank {
				t.Errorf("bank offered: %v, want %v; log:\n%s", got, c.bank, log)
			}
			data, err := os.ReadFile(filepath.Join(dir, StateFileName(board.Black)))
			if err != nil {
				t.Fatal(err)
			}
			st, err := ReadState(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("helper file written badly: %v", err)
			}
			if want := engine.PlanSoFar(o, 5).Truncate(time.Microsecond); st.Planned != want {
				t.Errorf("planned %v, want %v", st.Planned, want)
			}
			before := earlier
			if c.bank {
				before = spent
			}
			// The turn ran in this test's process: its CPU counts all of the process so far.
			if move := st.Spent - before; move < exitCost || move > cputime.Process()+exitCost {
				t.Errorf("this move recorded as %v of CPU (spent %v, earlier %v)", move, st.Spent, before)
			}
		})
	}
}

// A new game starts a new account, whatever the helper file says of the last one.
func TestBankResetsAtANewGame(t *testing.T) {
	o := testOptions()
	var b strings.Builder
	WriteState(&b, State{Color: board.Black, Move: 23, Planned: engine.PlanSoFar(o, 23), Spent: time.Millisecond})
	_, log, dir, _ := runIn(t, ptr("1\n"+emptyBoard+"\n"+emptyBoard), map[string]string{StateFileName(board.Black): b.String()},
		func(inv *Invocation) { inv.Options.Verbose = true })
	if strings.Contains(log, "bank: ") {
		t.Errorf("a bank at move 1: %s", log)
	}
	data, _ := os.ReadFile(filepath.Join(dir, StateFileName(board.Black)))
	st, err := ReadState(bytes.NewReader(data))
	if err != nil || st.Move != 1 || st.Planned != engine.PlanBudget(o, 1).Truncate(time.Microsecond) || st.Spent > cputime.Process()+exitCost {
		t.Errorf("helper file after move 1: %+v, %v", st, err)
	}
}

// The game's loan (engine.PlanLoan) is offered for proofs beside the bank: whole in a
// fresh folder, less what earlier moves spent beyond their plan in a trusted one; in
// fixed-playout mode none.
func TestLoanForProofs(t *testing.T) {
	// Black to play move 5 after: B 2,2 / W 1,1 / B 2,1 / W 3,3.
	input := "1\n00000\n02000\n01100\n00000\n00000\n00000\n02000\n01100\n00020\n00000"
	after := board.Stones{board.PointAt(2, 1).Bit() | board.PointAt(2, 2).Bit(), board.PointAt(1, 1).Bit()}
	o := testOptions()
	o.Playouts = 0
	loan := engine.PlanLoan(o)
	if want := time.Duration(11 * float64(o.Budget)); loan != want {
		t.Fatalf("PlanLoan %v, want 11 budgets (%v)", loan, want)
	}
	earlier := engine.PlanSoFar(o, 3)
	overspent := 100 * time.Millisecond
	var b strings.Builder
	WriteState(&b, State{Color: board.Black, Move: 3, After: after, Planned: earlier, Spent: earlier + overspent})
	for _, c := range []struct {
		name   string
		helper map[string]string
		left   time.Duration
	}{
		{"a fresh folder", nil, loan},
		{"after moves that overspent", map[string]string{StateFileName(board.Black): b.String()}, loan - overspent},
	} {
		code, log, _, _ := runIn(t, ptr(input), c.helper, func(inv *Invocation) { inv.Options, inv.Options.Verbose = o, true })
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, log)
		}
		want := fmt.Sprintf("loan: %v of the game's %v left", c.left.Round(time.Millisecond), loan.Round(time.Millisecond))
		if !strings.Contains(log, want) || !strings.Contains(log, fmt.Sprintf(", bank %v (spent", c.left.Round(time.Millisecond))) {
			t.Errorf("%s: want %q and the bank offered to the engine; log:\n%s", c.name, want, log)
		}
	}
	o.Playouts = 200
	if engine.PlanLoan(o) != 0 {
		t.Errorf("a loan in fixed-playout mode")
	}
}
