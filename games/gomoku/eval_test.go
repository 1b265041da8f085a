// eval_test.go: every evaluation category on a hand-drawn board, the edge and overline rules, and a coordinate-based reference on random boards.

package gomoku

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// evalDrawn evaluates the move marked X on a hand-drawn board (rows of 'b', 'w', '.'
// and one 'X') for the mover.
func evalDrawn(t *testing.T, rows []string, mover Stone) (int, bool) {
	t.Helper()
	move := -1
	clean := make([]string, len(rows))
	for i, r := range rows {
		if j := strings.IndexByte(r, 'X'); j >= 0 {
			if move >= 0 {
				t.Fatalf("board has two X")
			}
			move = Index(i, j)
			r = r[:j] + "." + r[j+1:]
		}
		clean[i] = r
	}
	if move < 0 {
		t.Fatalf("board has no X")
	}
	b, err := NewBoard(clean)
	if err != nil {
		t.Fatal(err)
	}
	return Evaluate(b, move, mover)
}

// swapColours exchanges 'b' and 'w' on a drawn board.
func swapColors(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.Map(func(c rune) rune {
			switch c {
			case 'b':
				return 'w'
			case 'w':
				return 'b'
			}
			return c
		}, r)
	}
	return out
}

// line9 draws a 9x9 board whose middle row is row and every other point empty.
func line9(row string) []string {
	rows := make([]string, 9)
	for i := range rows {
		rows[i] = "........."
	}
	rows[4] = row
	return rows
}

func TestEvaluateCategories(t *testing.T) {
	cases := []struct {
		name  string
		board []string // black moves at X
		value int
		win   bool
	}{
		{"lone stone", line9("....X...."), 0, false},
		{"createOpenTwo", line9("...bX...."), CreateOpenTwo, false},
		{"createClosedTwo", line9("..wbX...."), CreateClosedTwo, false},
		{"two closed at both ends", line9("..wbXw..."), 0, false},
		{"createOpenThree", line9("..bbX...."), CreateOpenThree, false},
		{"createOpenThree, stone in the middle", line9("...bXb..."), CreateOpenThree, false},
		{"createClosedThree", line9(".wbbX...."), CreateClosedThree, false},
		{"createOpenFour", line9(".bbbX...."), CreateOpenFour, false},
		{"createOpenFour, split", line9("..bXbb..."), CreateOpenFour, false},
		{"createClosedFour", line9("wbbbX...."), CreateClosedFour, false},
		{"four closed at both ends", line9("wbbbXw..."), 0, false},
		{"win, five", line9(".bbbbX..."), Win, true},
		{"win, five split", line9("..bbXbb.."), Win, true},
		{"win, five closed at both ends", line9("wbbbbXw.."), Win, true},
		{"overline: six wins", line9(".bbbXbb.."), Win, true},
		{"overline: seven wins", line9("bbbXbbb.."), Win, true},
		{"blockOpenThree", line9("..Xwww..."), BlockOpenThree, false},
		{"blockClosedThree", line9("..Xwwwb.."), BlockClosedThree, false},
		{"blockClosedFour", line9(".Xwwwwb.."), BlockClosedFour, false},
		{"blocking four with the far end empty is worth nothing", line9(".Xwwww..."), 0, false},
		{"blocking two is worth nothing", line9("...Xww..."), 0, false},
		{"blocking five is worth nothing", line9("Xwwwww..."), 0, false},
		{"block three on both sides", line9(".wwwXwww."), 2 * BlockOpenThree, false},
		{"create and block on one line (GOMOKU.md: b b X w w w .)", line9(".bbXwww.."), CreateClosedThree + BlockOpenThree, false},
		{"create and block closed four on one line", line9(".bbXwwwwb"), CreateClosedThree + BlockClosedFour, false},
		{"block three whose far end is one of ours behind a gap counts open", line9("Xwww.b..."), BlockOpenThree, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, win := evalDrawn(t, c.board, Black)
			if v != c.value || win != c.win {
				t.Errorf("black: value %d win %v, want %d %v", v, win, c.value, c.win)
			}
			v, win = evalDrawn(t, swapColors(c.board), White)
			if v != c.value || win != c.win {
				t.Errorf("colours swapped, white: value %d win %v, want %d %v", v, win, c.value, c.win)
			}
		})
	}
}

func TestEvaluateEdge(t *testing.T) {
	// The board edge closes a run we create like an opponent stone, and an opponent run
	// ending at the edge is far closed when we block it (GOMOKU.md, not reached by the
	// official samples; the assignment's note on boundaries).
	cases := []struct {
		name  string
		board []string
		value int
	}{
		{"createClosedFour against the left edge", line9("bbbX....."), CreateClosedFour},
		{"createClosedFour against the right edge", line9(".....Xbbb"), CreateClosedFour},
		{"createClosedThree against the edge", line9("bbX......"), CreateClosedThree},
		{"createClosedTwo against the edge", line9("bX......."), CreateClosedTwo},
		{"two between the edge and an opponent stone", line9("bXw......"), 0},
		{"four between the edge and an opponent stone", line9("bbbXw...."), 0},
		{"blockClosedFour against the edge", line9("....Xwwww"), BlockClosedFour},
		{"blockClosedThree against the edge", line9(".....Xwww"), BlockClosedThree},
		{"win along the edge", line9("bbbbX...."), Win},
		{"createClosedFour down the top edge (vertical)", []string{
			"b........",
			"b........",
			"b........",
			"X........",
			".........",
			".........",
			".........",
			".........",
			".........",
		}, CreateClosedFour},
		{"blockClosedFour into the bottom-right corner (diagonal)", []string{
			".........",
			".........",
			".........",
			".........",
			"....X....",
			".....w...",
			"......w..",
			".......w.",
			"........w",
		}, BlockClosedFour},
		{"createOpenThree on the anti-diagonal", []string{
			".........",
			".........",
			"......b..",
			".....b...",
			"....X....",
			".........",
			".........",
			".........",
			".........",
		}, CreateOpenThree},
		{"createClosedThree on the anti-diagonal against the bottom-left corner", []string{
			".........",
			".........",
			".........",
			".........",
			".........",
			".........",
			"..X......",
			".b.......",
			"b........",
		}, CreateClosedThree},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, win := evalDrawn(t, c.board, Black)
			if v != c.value || win != (c.value >= Win) {
				t.Errorf("value %d win %v, want %d", v, win, c.value)
			}
		})
	}
}

func TestEvaluateSumsLines(t *testing.T) {
	// Every line through the move counts and every category is summed: two open threes
	// (horizontal and vertical), an open two on the diagonal and a blocked open three
	// on the anti-diagonal.
	rows := []string{
		"...........",
		"...........",
		".......w...",
		"....b.w....",
		"...bbw.....",
		"..bbX......",
		"...........",
		"...........",
		"...........",
		"...........",
		"...........",
	}
	want := CreateOpenThree + // horizontal: . b b X .
		CreateOpenThree + // vertical: b b X
		CreateOpenTwo + // diagonal: b X
		BlockOpenThree // anti-diagonal up-right: X w w w .
	v, win := evalDrawn(t, rows, Black)
	if v != want || win {
		t.Errorf("value %d win %v, want %d", v, win, want)
	}
}

// referenceEvaluate is Evaluate written again on plain row and column coordinates with
// bounds checks, straight from the rules in GOMOKU.md.
func referenceEvaluate(rows [][]byte, r, c int, mover byte) (int, bool) {
	n := len(rows)
	opp := byte('b')
	if mover == 'b' {
		opp = 'w'
	}
	at := func(i, j int) byte {
		if i < 0 || j < 0 || i >= n || j >= n {
			return 'E'
		}
		return rows[i][j]
	}
	total, win := 0, false
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		length, open := 1, 0
		for _, sign := range []int{1, -1} {
			k := 1
			for at(r+sign*k*d[0], c+sign*k*d[1]) == mover {
				k++
			}
			length += k - 1
			if at(r+sign*k*d[0], c+sign*k*d[1]) == '.' {
				open++
			}
			m := 1
			for at(r+sign*m*d[0], c+sign*m*d[1]) == opp {
				m++
			}
			beyond := at(r+sign*m*d[0], c+sign*m*d[1])
			closed := beyond == mover || beyond == 'E'
			switch {
			case m-1 == 4 && closed:
				total += 10000
			case m-1 == 3 && closed:
				total += 100
			case m-1 == 3:
				total += 500
			}
		}
		switch {
		case length >= 5:
			total += 50000
			win = true
		case length >= 2:
			total += [5][3]int{2: {0, 1, 5}, 3: {0, 10, 50}, 4: {0, 1000, 5000}}[length][open]
		}
	}
	return total, win
}

func TestEvaluateAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	boards := 300
	if testing.Short() {
		boards = 60
	}
	for k := 0; k < boards; k++ {
		n := MinSize + rng.IntN(MaxSize-MinSize+1)
		if k%10 == 0 {
			n = 1 + rng.IntN(MaxSize)
		}
		density := 0.2 + 0.6*rng.Float64()
		rows := make([][]byte, n)
		strs := make([]string, n)
		for i := range rows {
			rows[i] = make([]byte, n)
			for j := range rows[i] {
				rows[i][j] = '.'
				if rng.Float64() < density {
					rows[i][j] = "bw"[rng.IntN(2)]
				}
			}
			strs[i] = string(rows[i])
		}
		b, err := NewBoard(strs)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if rows[i][j] != '.' {
					continue
				}
				for _, mover := range []Stone{Black, White} {
					got, gotWin := Evaluate(b, Index(i, j), mover)
					want, wantWin := referenceEvaluate(rows, i, j, mover.Byte())
					if got != want || gotWin != wantWin {
						t.Fatalf("board %d (%dx%d), %c at %s: Evaluate %d %v, reference %d %v\n%s",
							k, n, n, mover.Byte(), Name(Index(i, j), n), got, gotWin, want, wantWin, b.AppendRows(nil))
					}
				}
			}
		}
	}
}
