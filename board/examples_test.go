// examples_test.go: the worked examples of the assignment (seeds/little-go-2022.txt) and the end-of-game and scoring rules, checked on board and on the reference.

package board

import (
	"strings"
	"testing"
)

// picture reads a board drawn as five rows of X (Black), O (White) and . (empty).
func picture(t testing.TB, rows [5]string) (Stones, refBoard) {
	t.Helper()
	var s Stones
	var b refBoard
	for i, row := range rows {
		if len(row) != Size {
			t.Fatalf("picture row %d %q is not 5 long", i, row)
		}
		for j := 0; j < Size; j++ {
			switch row[j] {
			case 'X':
				s[Black] |= PointAt(i, j).Bit()
				b[i][j] = refBlack
			case 'O':
				s[White] |= PointAt(i, j).Bit()
				b[i][j] = refWhite
			case '.':
			default:
				t.Fatalf("picture row %d %q: bad character %q", i, row, row[j])
			}
		}
	}
	return s, b
}

// setup returns the position drawn in rows with turn to play move (of the right
// parity), and the same game for the reference. The history is unknown: no ko, and a
// pass does not end the game (the reference's previous board is the empty board).
func setup(t testing.TB, rows [5]string, turn Color, move int) (Position, refGame) {
	t.Helper()
	s, b := picture(t, rows)
	if (move%2 == 1) != (turn == Black) {
		t.Fatalf("move %d is not %v's", move, turn)
	}
	p := Position{Stones: s, Move: uint8(move), Last: MaxMoves, Turn: turn}
	p.Hash = p.ComputeHash()
	g := refGame{board: b, move: move, turn: refColor(turn)}
	return p, g
}

// action reads "i,j" or "PASS".
func action(t testing.TB, s string) Point {
	t.Helper()
	pt, err := ParseOutput(strings.NewReader(s))
	if err != nil {
		t.Fatalf("bad action %q: %v", s, err)
	}
	return pt
}

// playBoth plays an action that must be legal on board and on the reference and returns
// the stones it captured (after checking that both agree).
func playBoth(t testing.TB, p *Position, g *refGame, s string) int {
	t.Helper()
	pt := action(t, s)
	if pt == Pass {
		p.Pass()
		g.pass()
		return 0
	}
	captured, ok := p.Play(pt)
	if !ok {
		t.Fatalf("%s refused by board in\n%s", s, p.String())
	}
	v, refCaptured := g.play(pt.Row(), pt.Col())
	if v != refLegal {
		t.Fatalf("%s refused by the reference (%v)", s, v)
	}
	if captured != refCaptured {
		t.Fatalf("%s captured %d, the reference %d", s, captured, refCaptured)
	}
	if p.Stones != refToStones(g.board) {
		t.Fatalf("after %s board\n%s\nreference\n%v", s, p.Stones, g.board)
	}
	if p.Hash != p.ComputeHash() {
		t.Fatalf("after %s Hash %#x, ComputeHash %#x", s, p.Hash, p.ComputeHash())
	}
	return captured
}

type exampleCase struct {
	name     string
	board    [5]string
	turn     Color
	moves    []string // actions played in order; each must be legal
	captured []int    // the stones each of them captures
	after    [5]string
	refused  map[string]refVerdict // placements refused at the end, with the reason
	allowed  []string              // placements allowed at the end
}

var exampleCases = []exampleCase{
	// Capturing (seed, Rule 1, examples 1-4).
	{
		name:  "example 1: a single stone",
		board: [5]string{".....", "..X..", ".XOX.", ".....", "....."},
		turn:  Black, moves: []string{"3,2"}, captured: []int{1},
		after: [5]string{".....", "..X..", ".X.X.", "..X..", "....."},
		// Not a ko: the capturing stone has other liberties, so White's stone would die alone.
		refused: map[string]refVerdict{"2,2": refSuicide},
	},
	{
		name:  "example 2: a group of 3 stones",
		board: [5]string{".....", ".XXX.", "XOOOX", ".XX..", "....."},
		turn:  Black, moves: []string{"3,3"}, captured: []int{3},
		after: [5]string{".....", ".XXX.", "X...X", ".XXX.", "....."},
	},
	{
		name:  "example 3: two groups at once",
		board: [5]string{".XX..", "XOOX.", ".X.OX", "...X.", "....."},
		turn:  Black, moves: []string{"2,2"}, captured: []int{3},
		after: [5]string{".XX..", "X..X.", ".XX.X", "...X.", "....."},
	},
	{
		name:  "example 4: the capturing stone has no liberty until the captured stones go",
		board: [5]string{".OX..", "OX...", "X....", ".....", "....."},
		turn:  Black, moves: []string{"0,0"}, captured: []int{2},
		after: [5]string{"X.X..", ".X...", "X....", ".....", "....."},
	},
	{
		name:  "example 4 on the edge: White captures three single stones",
		board: [5]string{"O....", "XO...", ".XO..", "XO...", "O...."},
		turn:  White, moves: []string{"2,0"}, captured: []int{3},
		after: [5]string{"O....", ".O...", "O.O..", ".O...", "O...."},
	},
	{
		name:    "suicide: a lone stone without liberty that captures nothing",
		board:   [5]string{".O...", "O....", ".....", ".....", "....."},
		turn:    Black,
		after:   [5]string{".O...", "O....", ".....", ".....", "....."},
		refused: map[string]refVerdict{"0,0": refSuicide, "0,1": refOccupied},
	},
	{
		name:    "suicide: filling the last liberty of the own group",
		board:   [5]string{"XX.O.", "OOXO.", "..OO.", ".....", "....."},
		turn:    Black,
		after:   [5]string{"XX.O.", "OOXO.", "..OO.", ".....", "....."},
		refused: map[string]refVerdict{"0,2": refSuicide},
		allowed: []string{"2,0", "4,4"},
	},
	{
		name:    "not suicide: filling an own liberty that leaves one more",
		board:   [5]string{"X..O.", "OX.O.", "..OO.", ".....", "....."},
		turn:    Black,
		after:   [5]string{"X..O.", "OX.O.", "..OO.", ".....", "....."},
		allowed: []string{"0,1", "0,2", "1,2"},
	},
	// Ko (seed, Rule 2): the retake is refused at once, allowed after a move pair.
	{
		name:  "ko in the centre: White captures, Black may not retake",
		board: [5]string{".....", "..XO.", ".X.XO", "..XO.", "....."},
		turn:  White, moves: []string{"2,2"}, captured: []int{1},
		after:   [5]string{".....", "..XO.", ".XO.O", "..XO.", "....."},
		refused: map[string]refVerdict{"2,3": refKo},
		allowed: []string{"0,0"},
	},
	{
		name:  "ko in the centre: Black retakes after a move pair, then White may not",
		board: [5]string{".....", "..XO.", ".X.XO", "..XO.", "....."},
		turn:  White, moves: []string{"2,2", "0,0", "4,4", "2,3"}, captured: []int{1, 0, 0, 1},
		after:   [5]string{"X....", "..XO.", ".X.XO", "..XO.", "....O"},
		refused: map[string]refVerdict{"2,2": refKo},
	},
	{
		name:  "ko on the side: Black captures, White may not retake",
		board: [5]string{".XOX.", ".O.O.", "..O..", ".....", "....."},
		turn:  Black, moves: []string{"1,2"}, captured: []int{1},
		after:   [5]string{".X.X.", ".OXO.", "..O..", ".....", "....."},
		refused: map[string]refVerdict{"0,2": refKo},
	},
	{
		name:  "ko on the side: White retakes after a move pair",
		board: [5]string{".XOX.", ".O.O.", "..O..", ".....", "....."},
		turn:  Black, moves: []string{"1,2", "4,0", "4,4", "0,2"}, captured: []int{1, 0, 0, 1},
		after: [5]string{".XOX.", ".O.O.", "..O..", ".....", "O...X"},
	},
	{
		name:  "ko in the corner: Black captures, White may not retake",
		board: [5]string{"O.O..", "XO...", ".....", ".....", "....."},
		turn:  Black, moves: []string{"0,1"}, captured: []int{1},
		after:   [5]string{".XO..", "XO...", ".....", ".....", "....."},
		refused: map[string]refVerdict{"0,0": refKo},
	},
	{
		name:  "ko in the corner: White retakes after a move pair",
		board: [5]string{"O.O..", "XO...", ".....", ".....", "....."},
		turn:  Black, moves: []string{"0,1", "4,4", "3,3", "0,0"}, captured: []int{1, 0, 0, 1},
		after: [5]string{"O.O..", "XO...", ".....", "...X.", "....O"},
	},
	{
		name:  "ko in the corner: a pass by White also lets the retake come later",
		board: [5]string{"O.O..", "XO...", ".....", ".....", "....."},
		turn:  Black, moves: []string{"0,1", "PASS", "4,4", "0,0"}, captured: []int{1, 0, 0, 1},
		after: [5]string{"O.O..", "XO...", ".....", ".....", "....X"},
	},
	{
		name:  "not ko: a capture of two stones may be answered at once",
		board: [5]string{"OO.O.", "XXO..", ".....", ".....", "....."},
		turn:  Black, moves: []string{"0,2", "0,1"}, captured: []int{2, 1},
		after: [5]string{".O.O.", "XXO..", ".....", ".....", "....."},
	},
	{
		name:  "not ko: a one-stone capture by a stone that joins a group may be answered at once",
		board: [5]string{"O.XO.", "XOO..", ".....", ".....", "....."},
		turn:  Black, moves: []string{"0,1", "0,0"}, captured: []int{1, 2},
		after: [5]string{"O..O.", "XOO..", ".....", ".....", "....."},
	},
}

func TestSeedExamples(t *testing.T) {
	for _, c := range exampleCases {
		t.Run(c.name, func(t *testing.T) {
			move := 9
			if c.turn == White {
				move = 10
			}
			p, g := setup(t, c.board, c.turn, move)
			if len(c.moves) != len(c.captured) {
				t.Fatalf("case has %d moves and %d capture counts", len(c.moves), len(c.captured))
			}
			for k, m := range c.moves {
				if got := playBoth(t, &p, &g, m); got != c.captured[k] {
					t.Errorf("%s captured %d, want %d", m, got, c.captured[k])
				}
			}
			want, _ := picture(t, c.after)
			if p.Stones != want {
				t.Errorf("board\n%s\nwant\n%s", p.Stones, want)
			}
			for m, why := range c.refused {
				pt := action(t, m)
				if p.IsLegal(pt) || p.Legal().Has(pt) {
					t.Errorf("%s allowed; want refused (%v) in\n%s", m, why, p.String())
				}
				if v, _, _ := g.check(pt.Row(), pt.Col()); v != why {
					t.Errorf("reference: %s is %v, want %v", m, v, why)
				}
				if p.Ko.Has(pt) != (why == refKo) {
					t.Errorf("Ko %s; %s refused for %v", pointList(p.Ko), m, why)
				}
			}
			for _, m := range c.allowed {
				pt := action(t, m)
				if !p.IsLegal(pt) || !p.Legal().Has(pt) {
					t.Errorf("%s refused; want allowed in\n%s", m, p.String())
				}
				if v, _, _ := g.check(pt.Row(), pt.Col()); v != refLegal {
					t.Errorf("reference: %s is %v, want legal", m, v)
				}
			}
		})
	}
}

func TestBlackPassOnMoveOneEndsTheGame(t *testing.T) {
	p, g := New(), newRefGame()
	playBoth(t, &p, &g, "PASS")
	if !p.Over || !g.over {
		t.Fatalf("over = %v (reference %v) after a Black pass on move 1", p.Over, g.over)
	}
	if p.Winner() != White || g.blackWins() {
		t.Errorf("winner %v (reference Black wins=%v), want White (0 to 0+2.5)", p.Winner(), g.blackWins())
	}
	if p.Legal() != 0 || p.IsLegal(Pass) || p.MovesLeft() != 0 {
		t.Errorf("a finished game still has actions: Legal %s, IsLegal(Pass) %v, MovesLeft %d",
			pointList(p.Legal()), p.IsLegal(Pass), p.MovesLeft())
	}
	q := p
	if _, ok := q.Play(PointAt(2, 2)); ok || q != p {
		t.Errorf("Play after the end: ok=%v, position changed=%v", ok, q != p)
	}
	q.Pass()
	if q != p {
		t.Error("Pass after the end changed the position")
	}
}

func TestPasses(t *testing.T) {
	cases := []struct {
		actions []string
		over    bool
	}{
		{[]string{"2,2", "PASS"}, false},                // White's first-turn pass: the boards differed
		{[]string{"2,2", "PASS", "PASS"}, true},         // two passes in a row
		{[]string{"2,2", "PASS", "1,1", "PASS"}, false}, // passes apart
		{[]string{"2,2", "PASS", "1,1", "PASS", "PASS"}, true},
		{[]string{"2,2", "1,1", "PASS", "PASS"}, true},
		{[]string{"2,2", "1,1", "PASS", "0,0", "PASS", "PASS"}, true},
	}
	for _, c := range cases {
		p, g := New(), newRefGame()
		for k, a := range c.actions {
			playBoth(t, &p, &g, a)
			last := k == len(c.actions)-1
			if p.Over != (c.over && last) || g.over != p.Over {
				t.Errorf("%v: after action %d over=%v (reference %v)", c.actions, k+1, p.Over, g.over)
			}
		}
	}
}

// TestMove24EndsTheGame plays full games of placements and of passes mixed in: the game
// ends exactly when move 24 has been played, White moving last.
func TestMove24EndsTheGame(t *testing.T) {
	for _, passEvery := range []int{0, 2, 3, 5} {
		p, g := New(), newRefGame()
		for k := 1; k <= MaxMoves; k++ {
			if p.Over || int(p.Move) != k || p.MovesLeft() != MaxMoves-k+1 {
				t.Fatalf("pass every %d: before action %d: over=%v move=%d left=%d", passEvery, k, p.Over, p.Move, p.MovesLeft())
			}
			if (p.Turn == White) != (k%2 == 0) {
				t.Fatalf("move %d played by %v", k, p.Turn)
			}
			a := "PASS"
			// White passes every passEvery-th move; Black never passes, so no two passes meet.
			if p.Turn == Black || passEvery == 0 || k%passEvery != 0 {
				a = p.Legal().First().String()
			}
			playBoth(t, &p, &g, a)
		}
		if !p.Over || !g.over || p.MovesLeft() != 0 {
			t.Errorf("pass every %d: not over after move 24 (reference over=%v)", passEvery, g.over)
		}
		if (p.Winner() == Black) != g.blackWins() {
			t.Errorf("winner %v, reference Black wins=%v", p.Winner(), g.blackWins())
		}
	}
}

func TestScoreAndWinner(t *testing.T) {
	cases := []struct {
		board  [5]string
		black  int
		white  int
		winner Color
	}{
		{[5]string{"XXXXX", "XXXXX", "XXOOO", "OOOOO", "OOOO."}, 12, 12, White}, // no ties: 12 < 12 + 2.5
		{[5]string{"XXXXX", "XXXXX", "XXX..", "OOOOO", "OOOOO"}, 13, 10, Black}, // margin 3
		{[5]string{"XXXXX", "XXXXX", "XX...", "OOOOO", "OOOOO"}, 12, 10, White}, // margin 2
		{[5]string{".....", ".....", ".....", ".....", "....."}, 0, 0, White},
		{[5]string{"XXX..", ".....", ".....", ".....", "....."}, 3, 0, Black},
		{[5]string{"XX...", ".....", ".....", ".....", "....."}, 2, 0, White},
	}
	for _, c := range cases {
		p, g := setup(t, c.board, Black, 23)
		b, w := p.Score()
		if b != c.black || w != c.white || p.Margin() != c.black-c.white {
			t.Errorf("%v: score %d-%d margin %d, want %d-%d", c.board, b, w, p.Margin(), c.black, c.white)
		}
		if p.Winner() != c.winner || g.blackWins() != (c.winner == Black) {
			t.Errorf("%v: winner %v (reference Black wins=%v), want %v", c.board, p.Winner(), g.blackWins(), c.winner)
		}
	}
}

// TestTwelveAllWhiteWins plays a full game without captures: 12 stones each, and White
// wins on komi.
func TestTwelveAllWhiteWins(t *testing.T) {
	p, g := New(), newRefGame()
	// Black fills rows 0-1 and the right column down to row 3, White rows 2-4 but for
	// the right column: both groups keep the last empty point (4,4) as their liberty.
	black := []string{"0,0", "0,1", "0,2", "0,3", "0,4", "1,0", "1,1", "1,2", "1,3", "1,4", "2,4", "3,4"}
	white := []string{"4,0", "4,1", "4,2", "4,3", "3,0", "3,1", "3,2", "3,3", "2,0", "2,1", "2,2", "2,3"}
	for k := range black {
		if playBoth(t, &p, &g, black[k]) != 0 || playBoth(t, &p, &g, white[k]) != 0 {
			t.Fatalf("unexpected capture at pair %d", k)
		}
	}
	if b, w := p.Score(); !p.Over || b != 12 || w != 12 || p.Winner() != White || g.blackWins() {
		t.Errorf("over=%v score %d-%d winner %v (reference Black wins=%v)", p.Over, b, w, p.Winner(), g.blackWins())
	}
}
