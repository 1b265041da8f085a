// game_test.go: moves, genmove, undo, illegal plays, colours out of turn, rules, scoring and the search position.

package gtp

import (
	"fmt"
	"strings"
	"testing"

	"littlego/board"
)

// send runs one command on s through a session of its own and returns the response.
func send(t *testing.T, s *Server, line string) response {
	t.Helper()
	rs := session(t, s, line+"\n")
	if len(rs) != 1 {
		t.Fatalf("%q: %d responses", line, len(rs))
	}
	return rs[0]
}

// mustOK sends line and fails the test unless it succeeds; it returns the text.
func mustOK(t *testing.T, s *Server, line string) string {
	t.Helper()
	r := send(t, s, line)
	if !r.ok {
		t.Fatalf("%q failed: %q", line, r.raw)
	}
	return r.text
}

func TestGenmoveWholeGame(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 300)
	var moves []string
	for n := 0; n < 30 && !s.game.pos.Over; n++ {
		c := "b"
		if n%2 == 1 {
			c = "w"
		}
		before := replay(t, moves...)
		v := mustOK(t, s, "genmove "+c)
		pt, err := board.ParseVertex(v)
		if err != nil || !withTurnPtr(before, c).IsLegal(pt) {
			t.Fatalf("genmove %s = %q, not legal in\n%s", c, v, before.String())
		}
		moves = append(moves, c+" "+v)
		if got, want := s.game.pos.Stones, replay(t, moves...).Stones; got != want {
			t.Fatalf("after %v the server's board is\n%s\nwant\n%s", moves, got, want)
		}
	}
	if !s.game.pos.Over {
		t.Fatalf("game not over after %d moves", len(moves))
	}
	if len(moves) > board.MaxMoves {
		t.Fatalf("%d moves, at most %d under Little-Go rules", len(moves), board.MaxMoves)
	}
	// The game is over: genmove passes without playing, play is illegal.
	hist := len(s.game.history)
	if v := mustOK(t, s, "genmove b"); v != "pass" {
		t.Errorf("genmove after the end = %q, want pass", v)
	}
	if len(s.game.history) != hist {
		t.Errorf("genmove after the end changed the history")
	}
	empty := s.game.pos.Empty()
	if empty != 0 {
		if r := send(t, s, "play b "+board.Vertex(empty.First())); r.raw != "? illegal move" {
			t.Errorf("play after the end: %q", r.raw)
		}
	}
	// final_score agrees with the board's own judgement.
	final := replay(t, moves...)
	score := mustOK(t, s, "final_score")
	if winner := final.Winner(); (winner == board.Black) != strings.HasPrefix(score, "B+") {
		t.Errorf("final_score %q but the board says %v wins (margin %d)", score, winner, final.Margin())
	}
}

// withTurnPtr returns a pointer to pos with the GTP colour c to move.
func withTurnPtr(pos board.Position, c string) *board.Position {
	col, _ := ParseColor(c)
	p := withTurn(pos, col)
	return &p
}

func TestGenmoveIsReproducible(t *testing.T) {
	a, _ := newTestServer(t, LittleGo, 500)
	b, _ := newTestServer(t, LittleGo, 500)
	for _, line := range []string{"play b c3", "play w c4", "genmove b", "genmove w", "genmove b"} {
		if ra, rb := send(t, a, line), send(t, b, line); ra.raw != rb.raw {
			t.Fatalf("%q: %q and %q with the same seed and playouts", line, ra.raw, rb.raw)
		}
	}
}

func TestUndo(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 200)
	if r := send(t, s, "undo"); r.raw != "? cannot undo" {
		t.Fatalf("undo on an empty history: %q", r.raw)
	}
	boards := []string{mustOK(t, s, "showboard")}
	for _, line := range []string{"play b c3", "play w c4", "genmove b", "play w pass", "genmove b"} {
		mustOK(t, s, line)
		boards = append(boards, mustOK(t, s, "showboard"))
	}
	for i := len(boards) - 2; i >= 0; i-- {
		mustOK(t, s, "undo")
		if got := mustOK(t, s, "showboard"); got != boards[i] {
			t.Fatalf("after undo %d the board is\n%s\nwant\n%s", len(boards)-1-i, got, boards[i])
		}
	}
	if r := send(t, s, "undo"); r.raw != "? cannot undo" {
		t.Fatalf("undo past the start: %q", r.raw)
	}
	// clear_board forgets the history.
	mustOK(t, s, "play b a1")
	mustOK(t, s, "clear_board")
	if r := send(t, s, "undo"); r.raw != "? cannot undo" {
		t.Fatalf("undo after clear_board: %q", r.raw)
	}
}

func TestIllegalPlays(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 200)
	illegal := func(line string) {
		t.Helper()
		before := s.game.pos
		if r := send(t, s, line); r.raw != "? illegal move" {
			t.Errorf("%q: %q, want ? illegal move", line, r.raw)
		}
		if s.game.pos != before {
			t.Errorf("%q changed the position", line)
		}
	}
	// Suicide: a Black stone in the corner between two White stones.
	mustOK(t, s, "play w a4")
	mustOK(t, s, "play w b5") // White twice: GTP allows it
	illegal("play b a5")
	illegal("play b A4") // occupied
	illegal("play b e6") // off the board
	illegal("play w z1")
	mustOK(t, s, "clear_board")
	// Ko: Black captures at C4; White may not retake at B4 at once.
	for _, m := range []string{"b a4", "w b4", "b b5", "w c5", "b b3", "w c3", "b e1", "w d4", "b c4"} {
		mustOK(t, s, "play "+m)
	}
	if got := s.game.pos.Stones[board.White].Has(mustVertex(t, "B4")); got {
		t.Fatal("C4 did not capture B4")
	}
	illegal("play w b4")
	mustOK(t, s, "play w a1")
	mustOK(t, s, "play b e2")
	mustOK(t, s, "play w b4") // the ko may be retaken after an exchange elsewhere
	if s.game.pos.Stones[board.Black].Has(mustVertex(t, "C4")) {
		t.Fatal("B4 did not capture C4")
	}
}

func mustVertex(t *testing.T, v string) board.Point {
	t.Helper()
	p, err := board.ParseVertex(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestColorsOutOfTurn(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 200)
	mustOK(t, s, "play b a1")
	mustOK(t, s, "play b b1")
	if n := s.game.pos.Stones[board.Black].Count(); n != 2 {
		t.Fatalf("%d Black stones after two Black plays, want 2", n)
	}
	if s.game.pos.Move != 3 {
		t.Fatalf("move number %d after two actions, want 3", s.game.pos.Move)
	}
	if s.game.pos.Hash != s.game.pos.ComputeHash() {
		t.Fatal("hash out of date after a turn change")
	}
	// White plays twice through genmove.
	for range 2 {
		before := s.game.pos
		v := mustOK(t, s, "genmove w")
		pt := mustVertex(t, v)
		if !withTurnPtr(before, "w").IsLegal(pt) {
			t.Fatalf("genmove w = %s, not legal", v)
		}
		if pt != board.Pass && !s.game.pos.Stones[board.White].Has(pt) {
			t.Fatalf("genmove w = %s, but no White stone there", v)
		}
	}
	// The ko restriction binds only the side that was to move.
	mustOK(t, s, "clear_board")
	for _, m := range []string{"b a4", "w b4", "b b5", "w c5", "b b3", "w c3", "b e1", "w d4", "b c4"} {
		mustOK(t, s, "play "+m)
	}
	mustOK(t, s, "play b b4") // Black fills the ko instead of White retaking
}

func TestAreaRules(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 200)
	if r := send(t, s, "littlego-rules area"); r.raw != "= " {
		t.Fatalf("littlego-rules area: %q", r.raw)
	}
	if got := mustOK(t, s, "littlego-rules"); got != "area" {
		t.Fatalf("rules %q, want area", got)
	}
	// Black fills 13 points while White passes: 25 moves, past the course's 24.
	var v []string
	for p := board.Point(0); p < 13; p++ {
		v = append(v, board.Vertex(p))
	}
	for i, vx := range v {
		mustOK(t, s, "play b "+vx)
		if i < len(v)-1 {
			mustOK(t, s, "play w pass")
		}
	}
	if s.game.pos.Over {
		t.Fatal("game over after 25 moves under area rules")
	}
	// Black's 13 stones surround the 12 empty points: 25 points to 0, komi 2.5.
	if got := mustOK(t, s, "final_score"); got != "B+22.5" {
		t.Fatalf("area final_score %q, want B+22.5", got)
	}
	gm := mustOK(t, s, "genmove w")
	if pt := mustVertex(t, gm); pt != board.Pass && !s.game.pos.Stones[board.White].Has(pt) {
		t.Fatalf("genmove w = %s under area rules did not play", gm)
	}
	// Two passes end the game.
	mustOK(t, s, "play b pass")
	mustOK(t, s, "play w pass")
	if !s.game.pos.Over {
		t.Fatal("two passes did not end the game")
	}
	// Back to Little-Go: the same 13 Black stones, no territory.
	mustOK(t, s, "littlego-rules littlego")
	mustOK(t, s, "komi 2.5")
	for i, vx := range v {
		if i > 0 {
			mustOK(t, s, "play w pass")
		}
		if i == 12 {
			// Move 25 does not exist in a course game.
			if r := send(t, s, "play b "+vx); r.raw != "? illegal move" {
				t.Fatalf("move 25 under Little-Go rules: %q", r.raw)
			}
			break
		}
		mustOK(t, s, "play b "+vx)
	}
	if got := mustOK(t, s, "final_score"); got != "B+9.5" {
		t.Fatalf("Little-Go final_score %q, want B+9.5 (12 stones to 0, komi 2.5)", got)
	}
}

func TestTerritory(t *testing.T) {
	cases := []struct {
		rows   string
		tb, tw int
	}{
		{"00000 00000 00000 00000 00000", 0, 0},
		{"01000 10000 00000 00000 00000", 23, 0}, // A5 and the 22 other points touch Black only
		{"12000 00000 00000 00000 00000", 0, 0},  // one region touching both
		{"00120 00120 00120 00120 00120", 10, 5}, // walls: columns A-B Black's, E White's
	}
	for _, c := range cases {
		st := stonesFromRows(c.rows)
		if tb, tw := territory(st); tb != c.tb || tw != c.tw {
			t.Errorf("%s: territory %d, %d; want %d, %d", c.rows, tb, tw, c.tb, c.tw)
		}
	}
	// Random boards against an independent flood fill.
	rng := uint64(12345)
	for n := 0; n < 2000; n++ {
		var st board.Stones
		for p := board.Point(0); p < board.NumPoints; p++ {
			rng ^= rng << 13
			rng ^= rng >> 7
			rng ^= rng << 17
			switch rng % 3 {
			case 1:
				st[board.Black] |= p.Bit()
			case 2:
				st[board.White] |= p.Bit()
			}
		}
		tb, tw := territory(st)
		if wb, ww := wantTerritory(st); tb != wb || tw != ww {
			t.Fatalf("board\n%s\nterritory %d, %d; flood fill %d, %d", st, tb, tw, wb, ww)
		}
	}
}

// stonesFromRows reads five space-separated rows of digits (0 empty, 1 Black, 2 White).
func stonesFromRows(rows string) board.Stones {
	var st board.Stones
	for i, row := range strings.Fields(rows) {
		for j, ch := range row {
			switch ch {
			case '1':
				st[board.Black] |= board.PointAt(i, j).Bit()
			case '2':
				st[board.White] |= board.PointAt(i, j).Bit()
			}
		}
	}
	return st
}

// wantTerritory counts territory point by point with a flood fill over the board
// package's neighbour lists, independently of territory's bitboard regions.
func wantTerritory(st board.Stones) (black, white int) {
	empty := st.Empty()
	seen := board.Bitboard(0)
	for p := board.Point(0); p < board.NumPoints; p++ {
		if !empty.Has(p) || seen.Has(p) {
			continue
		}
		region, stack := []board.Point{p}, []board.Point{p}
		seen |= p.Bit()
		touch := [2]bool{}
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				i, j := q.Row()+d[0], q.Col()+d[1]
				if i < 0 || j < 0 || i >= board.Size || j >= board.Size {
					continue
				}
				n := board.PointAt(i, j)
				switch {
				case st[board.Black].Has(n):
					touch[board.Black] = true
				case st[board.White].Has(n):
					touch[board.White] = true
				case !seen.Has(n):
					seen |= n.Bit()
					region = append(region, n)
					stack = append(stack, n)
				}
			}
		}
		switch {
		case touch[board.Black] && !touch[board.White]:
			black += len(region)
		case touch[board.White] && !touch[board.Black]:
			white += len(region)
		}
	}
	return black, white
}

func TestSearchPositionUnderAreaRules(t *testing.T) {
	g := newGame(Area)
	for n := 0; n < 60; n++ {
		for _, c := range []board.Color{board.Black, board.White} {
			sp := g.searchPosition(c)
			left := int(sp.Last) - int(sp.Move) + 1
			switch {
			case sp.Turn != c:
				t.Fatalf("after %d moves: turn %v, want %v", n, sp.Turn, c)
			case sp.Last != board.MaxMoves || sp.Move < 1 || sp.Move > board.MaxMoves:
				t.Fatalf("after %d moves: move %d of %d", n, sp.Move, sp.Last)
			case (sp.Move%2 == 1) != (c == board.Black):
				t.Fatalf("after %d moves: move %d for %v has the wrong parity", n, sp.Move, c)
			case left < areaHorizon:
				t.Fatalf("after %d moves: horizon %d < %d", n, left, areaHorizon)
			case sp.Stones != g.pos.Stones:
				t.Fatalf("stones changed")
			}
		}
		// Alternate stones on empty points and passes, so that the game goes on.
		c := board.Color(n % 2)
		pt := board.Pass
		if n%4 < 2 {
			q := withTurn(g.pos, c)
			legal := q.Legal()
			if legal != 0 {
				pt = legal.First()
			}
		}
		if !g.play(c, pt) {
			t.Fatalf("move %d: %s %s illegal", n, board.ColorLetter(c), board.Vertex(pt))
		}
		if g.pos.Over {
			g.clear()
		}
	}
	// Under Little-Go rules the search gets the game's position itself.
	lg := newGame(LittleGo)
	lg.play(board.Black, board.PointAt(2, 2))
	if sp := lg.searchPosition(board.White); sp != lg.pos {
		t.Fatalf("Little-Go search position differs:\n%s\n%s", sp.String(), lg.pos.String())
	}
}

func TestShowboardOrientation(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 200)
	mustOK(t, s, "play b A5") // board point (0,0): the top-left
	mustOK(t, s, "play w e1") // board point (4,4): the bottom-right
	if !s.game.pos.Stones[board.Black].Has(board.PointAt(0, 0)) || !s.game.pos.Stones[board.White].Has(board.PointAt(4, 4)) {
		t.Fatal("GTP A5/E1 are not board (0,0)/(4,4)")
	}
	text := mustOK(t, s, "showboard")
	lines := strings.Split(text, "\n")
	want := []string{"", "   A B C D E", " 5 X . . . . 5", " 4 . . . . . 4", " 3 . . . . . 3", " 2 . . . . . 2", " 1 . . . . O 1", "   A B C D E"}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Fatalf("showboard line %d = %q, want %q\n%s", i, at(lines, i), w, text)
		}
	}
	if !strings.Contains(text, "komi 2.5; rules littlego") {
		t.Errorf("showboard status: %q", lines[len(lines)-1])
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return fmt.Sprintf("<no line %d>", i)
}

func TestGenmoveWithPlayoutsParam(t *testing.T) {
	s, log := newTestServer(t, LittleGo, 0) // the CPU budget, until set_param
	mustOK(t, s, "littlego-set_param playouts 150")
	mustOK(t, s, "littlego-set_param v true")
	mustOK(t, s, "play b c3")
	before := s.game.pos
	v := mustOK(t, s, "genmove w")
	if pt := mustVertex(t, v); !before.IsLegal(pt) {
		t.Fatalf("genmove w = %s, not legal in\n%s", v, before.String())
	}
	if want := "genmove W: " + v + " by search, 150 iterations"; !strings.Contains(log.String(), want) {
		t.Fatalf("log lacks %q:\n%s", want, log.String())
	}
	if o := s.eng.Options(); o.Playouts != 150 || !o.Verbose {
		t.Fatalf("engine options %v", o)
	}
}
