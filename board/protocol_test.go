// protocol_test.go: input.txt parsing and consistency checks on malformed and inconsistent files, the ko read from files, and output.txt as the host reads it.

package board

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// inputFile joins a colour line and board rows with LF, with no final newline, as the
// host writes input.txt.
func inputFile(color string, rows ...string) string {
	return strings.Join(append([]string{color}, rows...), "\n")
}

// boardRows returns the five rows of a board given as a few rows followed by empty ones.
func boardRows(top ...string) []string {
	rows := append([]string(nil), top...)
	for len(rows) < Size {
		rows = append(rows, "00000")
	}
	return rows
}

// twoBoards returns the ten board lines of input.txt.
func twoBoards(previous, current []string) []string {
	return append(boardRows(previous...), boardRows(current...)...)
}

var validEmpty = inputFile("1", twoBoards(nil, nil)...)

type inputCase struct {
	name string
	text string
	// errLine is the line the error names: -1 for no error, 0 for the file as a whole.
	errLine int
	errHas  string
	have    [3]bool // HaveColor, HavePrevious, HaveCurrent
	color   Color
	// consistency is a substring of the Consistency error, or "" for nil; it is checked
	// when all three parts were read.
	consistency string
}

var all3 = [3]bool{true, true, true}

var inputCases = []inputCase{
	// Accepted forms.
	{name: "host format, no final newline", text: validEmpty, errLine: -1, have: all3},
	{name: "final newline", text: validEmpty + "\n", errLine: -1, have: all3},
	{name: "CRLF line ends", text: strings.ReplaceAll(validEmpty, "\n", "\r\n"), errLine: -1, have: all3},
	{name: "CRLF with a final CRLF", text: strings.ReplaceAll(validEmpty+"\n", "\n", "\r\n"), errLine: -1, have: all3},
	{name: "trailing spaces", text: strings.ReplaceAll(validEmpty, "\n", "  \n") + " ", errLine: -1, have: all3},
	{name: "tabs around lines", text: strings.ReplaceAll(validEmpty, "\n", "\t\n\t"), errLine: -1, have: all3},
	{name: "blank trailing lines", text: validEmpty + "\n\n\n", errLine: -1, have: all3},
	{name: "blank trailing lines with spaces", text: validEmpty + "\n  \n\t\r\n", errLine: -1, have: all3},
	{name: "colour 2 with spaces", text: inputFile(" 2 ", twoBoards(nil, []string{"00100"})...), errLine: -1, have: all3, color: White},
	// The file as a whole.
	{name: "empty file", text: "", errLine: 0, errHas: "empty"},
	{name: "only newlines", text: "\n\n\r\n", errLine: 0, errHas: "empty"},
	{name: "only spaces", text: "   ", errLine: 0, errHas: "empty"},
	{name: "colour only", text: "1", errLine: 2, errHas: "missing", have: [3]bool{true, false, false}},
	{name: "colour and previous board only", text: inputFile("2", boardRows()...), errLine: 7, errHas: "missing", have: [3]bool{true, true, false}, color: White},
	{name: "10 lines", text: inputFile("1", twoBoards(nil, nil)[:9]...), errLine: 11, errHas: "missing", have: [3]bool{true, true, false}},
	{name: "12 lines: both boards read, the extra line named", text: inputFile("1", append(twoBoards(nil, nil), "00000")...), errLine: 0, errHas: "has 12 lines", have: all3},
	{name: "a blank line between the boards", text: inputFile("1", append(append(boardRows(), ""), boardRows()...)...), errLine: 0, errHas: "has 12 lines", have: [3]bool{true, true, false}},
	{name: "a blank first line", text: "\n" + validEmpty, errLine: 1, errHas: "colour", have: [3]bool{false, false, true}},
	{name: "longer than MaxInputBytes", text: validEmpty + strings.Repeat(" ", MaxInputBytes), errLine: 0, errHas: "longer than", have: all3},
	{name: "11 valid lines, then junk past MaxInputBytes", text: validEmpty + "\n" + strings.Repeat("junk junk\n", MaxInputBytes), errLine: 0, errHas: "longer than", have: all3},
	{name: "11 valid lines, then a short junk line", text: validEmpty + "\nhello", errLine: 0, errHas: "has 12 lines", have: all3},
	// The colour line.
	{name: "colour 0", text: inputFile("0", twoBoards(nil, nil)...), errLine: 1, errHas: `got "0"`, have: [3]bool{false, true, true}},
	{name: "colour 3", text: inputFile("3", twoBoards(nil, nil)...), errLine: 1, errHas: `got "3"`, have: [3]bool{false, true, true}},
	{name: "colour x", text: inputFile("x", twoBoards(nil, nil)...), errLine: 1, errHas: `got "x"`, have: [3]bool{false, true, true}},
	{name: "colour 12", text: inputFile("12", twoBoards(nil, nil)...), errLine: 1, errHas: `got "12"`, have: [3]bool{false, true, true}},
	{name: "colour 01", text: inputFile("01", twoBoards(nil, nil)...), errLine: 1, have: [3]bool{false, true, true}},
	{name: "colour -1", text: inputFile("-1", twoBoards(nil, nil)...), errLine: 1, have: [3]bool{false, true, true}},
	{name: "a byte-order mark before the colour", text: "\ufeff" + validEmpty, errLine: -1, have: all3},
	{name: "a byte-order mark inside the colour line", text: inputFile("1\ufeff", twoBoards(nil, nil)...), errLine: 1, have: [3]bool{false, true, true}},
	{name: "bad colour and a short file: the colour is named first", text: "7\n00000", errLine: 1, have: [3]bool{false, false, false}},
	{name: "lone CR line ends", text: strings.ReplaceAll(validEmpty, "\n", "\r"), errLine: -1, have: all3},
	{name: "lone CR line ends and a BOM", text: "\ufeff" + strings.ReplaceAll(validEmpty+"\n", "\n", "\r"), errLine: -1, have: all3},
	// Board lines.
	{name: "letter in the previous board", text: inputFile("1", twoBoards([]string{"00000", "00000", "00a00"}, nil)...), errLine: 4, errHas: "column 2", have: [3]bool{true, false, true}},
	{name: "digit 3 in the current board", text: inputFile("1", twoBoards(nil, []string{"00000", "00000", "00300"})...), errLine: 9, errHas: "column 2", have: [3]bool{true, true, false}},
	{name: "X and O instead of digits", text: inputFile("1", twoBoards([]string{"X0000"}, nil)...), errLine: 2, have: [3]bool{true, false, true}},
	{name: "row too long", text: inputFile("1", twoBoards([]string{"000000"}, nil)...), errLine: 2, errHas: "6 characters", have: [3]bool{true, false, true}},
	{name: "row too short", text: inputFile("1", twoBoards(nil, []string{"00000", "00000", "00000", "00000", "0000"})...), errLine: 11, errHas: "4 characters", have: [3]bool{true, true, false}},
	{name: "spaces between digits", text: inputFile("1", twoBoards([]string{"0 0 0"}, nil)...), errLine: 2, errHas: "column 1", have: [3]bool{true, false, true}},
	{name: "negative digit", text: inputFile("1", twoBoards(nil, []string{"-1000"})...), errLine: 7, have: [3]bool{true, true, false}},
	{name: "NUL byte in a row", text: inputFile("1", twoBoards(nil, []string{"0\x00000"})...), errLine: 7, have: [3]bool{true, true, false}},
	{name: "errors on both boards: the first is named", text: inputFile("1", twoBoards([]string{"00000", "0000"}, []string{"9"})...), errLine: 3, have: [3]bool{true, false, false}},
	{name: "a tab inside a row", text: inputFile("1", twoBoards(nil, []string{"00\t00"})...), errLine: 7, errHas: "column 2", have: [3]bool{true, true, false}},
	{name: "a non-ASCII character in a row", text: inputFile("1", twoBoards(nil, []string{"0000\u00e9"})...), errLine: 7, errHas: "6 characters", have: [3]bool{true, true, false}},
	{name: "colour 1.0", text: inputFile("1.0", twoBoards(nil, nil)...), errLine: 1, errHas: `got "1.0"`, have: [3]bool{false, true, true}},
	{name: "a trailing text line", text: validEmpty + "\nhello", errLine: 0, errHas: "has 12 lines", have: all3},
	{name: "empty board line", text: inputFile("1", twoBoards([]string{"00000", "00000", "", "00000", "00000"}, nil)...), errLine: 4, errHas: "0 characters", have: [3]bool{true, false, true}},
	// Consistency: what can follow from the previous board by one opponent action.
	{name: "Black's first turn", text: validEmpty, errLine: -1, have: all3},
	{name: "White's first turn", text: inputFile("2", twoBoards(nil, []string{"00000", "00000", "00100"})...), errLine: -1, have: all3, color: White},
	{name: "the opponent passed", text: inputFile("1", twoBoards([]string{"12000"}, []string{"12000"})...), errLine: -1, have: all3},
	{name: "White's first turn with two Black stones", text: inputFile("2", twoBoards(nil, []string{"11000"})...), errLine: -1, have: all3, color: White, consistency: "2 Black stones appeared"},
	{name: "White's first turn with a White stone", text: inputFile("2", twoBoards(nil, []string{"20000"})...), errLine: -1, have: all3, color: White, consistency: "placed no stone"},
	{name: "one of my stones appeared", text: inputFile("1", twoBoards(nil, []string{"10000", "02000"})...), errLine: -1, have: all3, consistency: "Black stones appeared at (0,0)"},
	{name: "an opponent stone vanished", text: inputFile("1", twoBoards([]string{"22100"}, []string{"02100", "00000", "00000", "00000", "00002"})...), errLine: -1, have: all3, consistency: "White stones vanished at (0,0)"},
	{name: "two new opponent stones", text: inputFile("1", twoBoards([]string{"10000"}, []string{"10000", "00022", "00000"})...), errLine: -1, have: all3, consistency: "2 White stones appeared"},
	{name: "my stone vanished without an opponent move", text: inputFile("2", twoBoards([]string{"12000"}, []string{"10000"})...), errLine: -1, have: all3, color: White, consistency: "placed no stone"},
	{name: "a stone captured that had liberties", text: inputFile("1", twoBoards([]string{"10000"}, []string{"00000", "00000", "00000", "00000", "00002"})...), errLine: -1, have: all3, consistency: "should capture none"},
	{name: "a capture missing", text: inputFile("1", twoBoards([]string{"12000"}, []string{"12000", "20000"})...), errLine: -1, have: all3, consistency: "should capture (0,0)"},
	{name: "a stone placed on an occupied point", text: inputFile("1", twoBoards([]string{"00000", "00000", "00100"}, []string{"00000", "00000", "00200"})...), errLine: -1, have: all3, consistency: "occupied"},
	{name: "the opponent's move is suicide", text: inputFile("1", twoBoards([]string{"01000", "10000"}, []string{"21000", "10000"})...), errLine: -1, have: all3, consistency: "suicide"},
	{name: "a group without liberties after a pass", text: inputFile("1", twoBoards([]string{"12000", "20000"}, []string{"12000", "20000"})...), errLine: -1, have: all3, consistency: "has no liberty"},
	{name: "a ko capture", text: inputFile("2", twoBoards([]string{"20200", "12000"}, []string{"01200", "12000"})...), errLine: -1, have: all3, color: White},
	{name: "a two-stone capture", text: inputFile("2", twoBoards([]string{"22020", "11200"}, []string{"00120", "11200"})...), errLine: -1, have: all3, color: White},
}

func TestParseInputTable(t *testing.T) {
	if len(inputCases) < 40 {
		t.Fatalf("only %d input cases", len(inputCases))
	}
	for _, c := range inputCases {
		t.Run(c.name, func(t *testing.T) {
			in, err := ParseInput(strings.NewReader(c.text))
			if c.errLine < 0 {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
			} else {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("error %v (%T), want an *InputError", err, err)
				}
				if ie.Line != c.errLine {
					t.Errorf("error %q names line %d, want %d", err, ie.Line, c.errLine)
				}
				if c.errLine > 0 && !strings.Contains(err.Error(), fmt.Sprintf("line %d:", c.errLine)) {
					t.Errorf("error %q does not say line %d", err, c.errLine)
				}
				if !strings.Contains(err.Error(), c.errHas) {
					t.Errorf("error %q does not mention %q", err, c.errHas)
				}
			}
			if got := [3]bool{in.HaveColor, in.HavePrevious, in.HaveCurrent}; got != c.have {
				t.Errorf("HaveColor, HavePrevious, HaveCurrent = %v, want %v", got, c.have)
			}
			if in.HaveColor && in.Color != c.color {
				t.Errorf("colour %v, want %v", in.Color, c.color)
			}
			if c.have != all3 {
				return
			}
			cerr := in.Consistency()
			switch {
			case c.consistency == "" && cerr != nil:
				t.Errorf("Consistency: %v", cerr)
			case c.consistency != "" && cerr == nil:
				t.Errorf("Consistency nil, want an error mentioning %q", c.consistency)
			case c.consistency != "" && !strings.Contains(cerr.Error(), c.consistency):
				t.Errorf("Consistency %q does not mention %q", cerr, c.consistency)
			}
		})
	}
}

// TestParseInputBoards checks what a valid file's boards hold, and that parts read before
// an error are kept.
func TestParseInputBoards(t *testing.T) {
	text := inputFile("2", twoBoards([]string{"10000", "02000"}, []string{"10000", "02000", "00100"})...)
	in, err := ParseInput(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if in.Color != White || in.Previous.String() != "10000\n02000\n00000\n00000\n00000" ||
		in.Current.String() != "10000\n02000\n00100\n00000\n00000" {
		t.Fatalf("read %v\n%s\n%s", in.Color, in.Previous, in.Current)
	}
	if !in.Current[Black].Has(PointAt(2, 2)) || !in.Current[White].Has(PointAt(1, 1)) {
		t.Error("stones at the wrong points")
	}
	// A damaged previous board leaves the current board usable.
	text = inputFile("1", twoBoards([]string{"1x000"}, []string{"10000", "00002"})...)
	in, err = ParseInput(strings.NewReader(text))
	if err == nil || in.HavePrevious || !in.HaveCurrent || in.Current.String() != "10000\n00002\n00000\n00000\n00000" {
		t.Errorf("damaged previous: err %v, have %v/%v, current\n%s", err, in.HavePrevious, in.HaveCurrent, in.Current)
	}
	// A reader that fails.
	if _, err := ParseInput(iotest.ErrReader(errors.New("disk on fire"))); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("failing reader: %v", err)
	}
	// A reader that returns the file a byte at a time.
	if _, err := ParseInput(iotest.OneByteReader(strings.NewReader(validEmpty))); err != nil {
		t.Errorf("one byte at a time: %v", err)
	}
}

func TestFormatInput(t *testing.T) {
	prev, _ := picture(t, [5]string{"X....", ".O...", ".....", ".....", "....."})
	cur, _ := picture(t, [5]string{"X....", ".O...", "..X..", ".....", "....."})
	var buf bytes.Buffer
	if err := FormatInput(&buf, White, prev, cur); err != nil {
		t.Fatal(err)
	}
	want := "2\n10000\n02000\n00000\n00000\n00000\n10000\n02000\n00100\n00000\n00000"
	if buf.String() != want {
		t.Fatalf("FormatInput wrote %q, want %q", buf.String(), want)
	}
	in, err := ParseInput(&buf)
	if err != nil || in.Color != White || in.Previous != prev || in.Current != cur {
		t.Fatalf("round trip: %v %+v", err, in)
	}
	if err := FormatInput(failWriter{}, Black, prev, cur); err == nil {
		t.Error("FormatInput to a failing writer returned nil")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("write failed") }

// TestInputPosition checks the position built from a file: the ko point found as the
// host finds it, the pass state, the move number and the hash.
func TestInputPosition(t *testing.T) {
	cases := []struct {
		name   string
		text   string
		move   int
		ko     Bitboard
		passed bool
	}{
		{"first move", validEmpty, 1, 0, true},
		{"ko in the corner", inputFile("2", twoBoards([]string{"20200", "12000"}, []string{"01200", "12000"})...), 10, PointAt(0, 0).Bit(), false},
		{"ko in the centre", inputFile("1", twoBoards([]string{"00000", "00120", "01012", "00120"}, []string{"00000", "00120", "01202", "00120"})...), 11, PointAt(2, 3).Bit(), false},
		{"ko on the side", inputFile("2", twoBoards([]string{"01210", "02020", "00200"}, []string{"01010", "02120", "00200"})...), 12, PointAt(0, 2).Bit(), false},
		{"two stones captured: no ko", inputFile("2", twoBoards([]string{"22020", "11200"}, []string{"00120", "11200"})...), 10, 0, false},
		{"one stone captured by a stone with liberties: no ko", inputFile("2", twoBoards([]string{"00000", "00100", "01210"}, []string{"00000", "00100", "01010", "00100"})...), 8, 0, false},
		{"one stone captured by a stone joined to a group: no ko", inputFile("2", twoBoards([]string{"20120", "12200"}, []string{"01120", "12200"})...), 10, 0, false},
		{"the opponent passed after a ko capture of mine", inputFile("2", twoBoards([]string{"01200", "12000"}, []string{"01200", "12000"})...), 10, 0, true},
	}
	for _, c := range cases {
		in, err := ParseInput(strings.NewReader(c.text))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := in.Consistency(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p := in.Position(c.move)
		if p.Ko != c.ko || p.Passed != c.passed || int(p.Move) != c.move || p.Turn != in.Color || p.Over {
			t.Errorf("%s: ko %s passed %v move %d turn %v, want ko %s passed %v move %d\n%s",
				c.name, pointList(p.Ko), p.Passed, p.Move, p.Turn, pointList(c.ko), c.passed, c.move, p.String())
		}
		if p.Hash != p.ComputeHash() || p.Stones != in.Current {
			t.Errorf("%s: hash or stones wrong", c.name)
		}
		if p.Legal()&c.ko != 0 || p.IsLegal(c.ko.First()) && c.ko != 0 {
			t.Errorf("%s: the ko point is legal", c.name)
		}
	}
}

func TestFixMoveNumber(t *testing.T) {
	cases := []struct {
		color      Color
		move, want int
	}{
		{Black, 1, 1}, {Black, 0, 1}, {Black, -7, 1}, {Black, 2, 3}, {Black, 23, 23}, {Black, 24, 23}, {Black, 99, 23},
		{White, 2, 2}, {White, 1, 2}, {White, 0, 2}, {White, 3, 4}, {White, 24, 24}, {White, 25, 24}, {White, 1000, 24},
	}
	for _, c := range cases {
		if got := FixMoveNumber(c.color, c.move); got != c.want {
			t.Errorf("FixMoveNumber(%v, %d) = %d, want %d", c.color, c.move, got, c.want)
		}
	}
	in, _ := ParseInput(strings.NewReader(validEmpty))
	if p := in.Position(40); p.Move != 23 {
		t.Errorf("Position(40) for Black gave move %d", p.Move)
	}
}

func TestParseOutput(t *testing.T) {
	ok := func(i, j int) Point { return PointAt(i, j) }
	cases := []struct {
		text string
		want Point // NoPoint: an error
	}{
		{"PASS", Pass},
		{"PASS\n", Pass},
		{" PASS \r\n", Pass},
		{"PASS,x", Pass},
		{"PASS\n2,3", Pass},
		{"pass", NoPoint},
		{"Pass", NoPoint},
		{"PASSx", NoPoint},
		{"2,3", ok(2, 3)},
		{"2,3\n", ok(2, 3)},
		{"2,3\r\n", ok(2, 3)},
		{" 2 , 3 ", ok(2, 3)},
		{"\t2,3\t\n", ok(2, 3)},
		{"2,3,4", ok(2, 3)},
		{"2,3,x", ok(2, 3)},
		{"2,3\nPASS", ok(2, 3)},
		{"0,0", ok(0, 0)},
		{"4,4", ok(4, 4)},
		{"02,03", ok(2, 3)},
		{"+2,3", ok(2, 3)},
		{"", NoPoint},
		{"\n", NoPoint},
		{"\n2,3", NoPoint},
		{"   ", NoPoint},
		{"2", NoPoint},
		{"2,", NoPoint},
		{",3", NoPoint},
		{"2,,3", NoPoint},
		{"2;3", NoPoint},
		{"2 3", NoPoint},
		{"a,b", NoPoint},
		{"2.0,3", NoPoint},
		{"5,0", NoPoint},
		{"0,5", NoPoint},
		{"-1,2", NoPoint},
		{"2,-1", NoPoint},
		{"99999999999999999999,1", NoPoint},
		// The host reads output.txt in Python's text mode, where a lone CR also ends a line.
		{"PASS\r2,3", Pass},
		{"2,3\r4,4", ok(2, 3)},
		{"2\r,3", NoPoint},
	}
	for _, c := range cases {
		got, err := ParseOutput(strings.NewReader(c.text))
		if c.want == NoPoint {
			if err == nil {
				t.Errorf("ParseOutput(%q) = %s, want an error", c.text, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseOutput(%q) = %s, %v; want %s", c.text, got, err, c.want)
		}
	}
	if _, err := ParseOutput(iotest.ErrReader(errors.New("gone"))); err == nil {
		t.Error("failing reader: no error")
	}
}

func TestWriteOutput(t *testing.T) {
	for pt := Point(0); pt <= Pass; pt++ {
		var buf bytes.Buffer
		if err := WriteOutput(&buf, pt); err != nil {
			t.Fatal(err)
		}
		want := "PASS\n"
		if pt != Pass {
			want = fmt.Sprintf("%d,%d\n", pt.Row(), pt.Col())
		}
		if buf.String() != want {
			t.Errorf("WriteOutput(%d) wrote %q, want %q", pt, buf.String(), want)
		}
		back, err := ParseOutput(&buf)
		if err != nil || back != pt {
			t.Errorf("round trip of %s gave %s, %v", pt, back, err)
		}
	}
	for _, bad := range []Point{NoPoint, NumActions, -5, 100} {
		var buf bytes.Buffer
		if err := WriteOutput(&buf, bad); err == nil || buf.Len() != 0 {
			t.Errorf("WriteOutput(%d): err %v, wrote %q", bad, err, buf.String())
		}
	}
	if err := WriteOutput(failWriter{}, Pass); err == nil {
		t.Error("failing writer: no error")
	}
	var _ io.Writer = failWriter{}
}

// koRetakesRef is KoRetakes computed on a plain grid, sharing no code with the board
// package: p is a possible retake when every neighbour of p is an opponent stone and
// playing p captures exactly one stone, itself alone in its group.
func koRetakesRef(color int, cells [NumPoints]int) map[int]bool {
	neighbours := func(p int) []int {
		var out []int
		r, c := p/Size, p%Size
		if r > 0 {
			out = append(out, p-Size)
		}
		if r < Size-1 {
			out = append(out, p+Size)
		}
		if c > 0 {
			out = append(out, p-1)
		}
		if c < Size-1 {
			out = append(out, p+1)
		}
		return out
	}
	// group returns the stones of the group at p and whether it has a liberty other than skip.
	group := func(p, skip int) (stones map[int]bool, free bool) {
		stones = map[int]bool{p: true}
		stack := []int{p}
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, n := range neighbours(q) {
				switch {
				case cells[n] == 0 && n != skip:
					free = true
				case cells[n] == cells[p] && !stones[n]:
					stones[n] = true
					stack = append(stack, n)
				}
			}
		}
		return stones, free
	}
	opp := 3 - color
	out := map[int]bool{}
	for p := 0; p < NumPoints; p++ {
		if cells[p] != 0 {
			continue
		}
		captured := map[int]bool{}
		surrounded := true
		for _, n := range neighbours(p) {
			if cells[n] != opp {
				surrounded = false
				break
			}
			if stones, free := group(n, p); !free {
				for s := range stones {
					captured[s] = true
				}
			}
		}
		if surrounded && len(captured) == 1 {
			out[p] = true
		}
	}
	return out
}

// TestKoRetakes checks KoRetakes against koRetakesRef on every position of random games
// long enough to hold many kos, and checks that it includes the ko of every position
// reached by a capture.
func TestKoRetakes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games, kos := 400, 0
	if testing.Short() {
		games = 100
	}
	for g := 0; g < games; g++ {
		pos := New()
		pos.Last = 120
		for !pos.Over {
			var cells [NumPoints]int
			for p := Point(0); p < NumPoints; p++ {
				switch {
				case pos.Stones[Black].Has(p):
					cells[p] = 1
				case pos.Stones[White].Has(p):
					cells[p] = 2
				}
			}
			got := KoRetakes(pos.Turn, pos.Stones)
			want := koRetakesRef(int(pos.Turn)+1, cells)
			for p := Point(0); p < NumPoints; p++ {
				if got.Has(p) != want[int(p)] {
					t.Fatalf("game %d, %s to play: KoRetakes has %s = %v, the reference says %v on\n%s",
						g, pos.Turn, p, got.Has(p), want[int(p)], pos.String())
				}
			}
			if pos.Ko&^got != 0 {
				t.Fatalf("game %d: the ko %s of the game is not among the possible retakes %s", g, pointList(pos.Ko), pointList(got))
			}
			if got != 0 {
				kos++
			}
			legal := pos.Legal()
			if legal == 0 || rng.IntN(20) == 0 {
				pos.Pass()
				continue
			}
			for n := rng.IntN(legal.Count()); n > 0; n-- {
				legal &= legal - 1
			}
			pos.Play(legal.First())
		}
	}
	if kos < 100 {
		t.Errorf("only %d positions with a possible ko retake: the sweep does not test much", kos)
	}
	t.Logf("%d positions with a possible ko retake", kos)
}
