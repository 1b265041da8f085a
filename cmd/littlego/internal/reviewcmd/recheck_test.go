// recheck_test.go: the review of games the arena plays: its records read back, the blunders reported in games of the course's opponents each proved again by a fresh solver, the engine's games without a blunder from move 9.

package reviewcmd

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"

	"littlego/arena"
	"littlego/board"
	"littlego/facts"
	"littlego/lib/racedetect"
	"littlego/opening"
	"littlego/record"
	"littlego/review"
	"littlego/sgf"
	"littlego/solver"
	"littlego/tablebase"
)

// testOptions are quick review options.
func testOptions() review.Options {
	return review.Options{Limit: 100 * time.Millisecond, Jobs: 1, EnginePlayouts: 100}
}

// arenaRecords plays a short match between two of the course's built-in opponents.
func arenaRecords(t *testing.T, a, b string, games int, seed uint64) []record.Record {
	t.Helper()
	recs, err := arena.RunSpecs(context.Background(), a, b, arena.Config{Games: games, Jobs: 1, CPULimit: 10 * time.Second, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// parseOne parses data, which must hold one game.
func parseOne(t testing.TB, name string, data []byte) record.Record {
	t.Helper()
	games, errs := record.Parse(name, data)
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("Parse(%s): %d games, errors %v", name, len(games), errs)
	}
	return games[0]
}

// The arena's records, written as JSON lines and as SGF, read back as the games played.
func TestArenaRecordsReadBack(t *testing.T) {
	for _, r := range arenaRecords(t, "random", "greedy", 4, 9) {
		var js, sg bytes.Buffer
		if err := r.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if err := sgf.Write(&sg, r.SGF("2026-01-01")); err != nil {
			t.Fatal(err)
		}
		var want []board.Point
		for _, m := range r.Moves {
			want = append(want, m.Point)
		}
		for _, g := range []record.Record{parseOne(t, "match.json", js.Bytes()), parseOne(t, "game.sgf", sg.Bytes())} {
			winner, ok := g.Won()
			if !slices.Equal(g.Actions(), want) || g.Black != r.Black || g.White != r.White || !ok || winner != r.Winner {
				t.Errorf("%s of arena game %d: %+v; want actions %v, players %s and %s, winner %s",
					g.Name, r.Game, g, want, r.Black, r.White, r.Winner)
			}
		}
	}
}

// gamesOf turns arena records into games to review: their actions alone, named for
// their players.
func gamesOf(recs []record.Record) []record.Record {
	games := make([]record.Record, len(recs))
	for k, r := range recs {
		games[k] = record.Record{Name: r.Black + " vs " + r.White, Black: r.Black, White: r.White}
		for _, m := range r.Moves {
			games[k].Moves = append(games[k].Moves, record.Move{Color: m.Color, Point: m.Point})
		}
	}
	return games
}

// wins reports whether the side to move in pos wins, by the opening table where it
// proves pos (its early positions are beyond a test's time), else proved by s without a
// limit that matters.
// A position of the opening table's levels (moves 1-4) that neither the table nor its
// children decide yet (its build is under way) takes the solver minutes, beyond a test
// under the race detector: there it is logged as not re-proved and taken as claimed.
func wins(t *testing.T, s *solver.Solver, pos board.Position, claimed bool) bool {
	t.Helper()
	if e, ok := opening.Lookup(pos); ok {
		return e.Win
	}
	if win, ok := winsByTheTable(pos); ok {
		return win
	}
	early := tablebase.Level(&pos) <= opening.LastLevel()
	limit := 2 * time.Minute
	if early && racedetect.Enabled {
		limit = 10 * time.Second
	}
	r := s.Solve(pos, solver.Limits{CPU: limit})
	switch {
	case !r.Known && early && racedetect.Enabled:
		t.Logf("move %d not re-proved within %v under the race detector (the opening table's levels)", pos.Move, limit)
		return claimed
	case !r.Known:
		t.Fatalf("the solver did not prove move %d within %v", pos.Move, limit)
	}
	return r.Win
}

// winsByTheTable decides pos from its children in the opening table, where they decide
// it: a child the table proves lost for the opponent wins; every child proved won for the
// opponent (or a finished game it wins) loses. Positions early in the game, whose own
// proof takes the solver minutes, are checked this way one level below the review's.
func winsByTheTable(pos board.Position) (win, ok bool) {
	all := true
	for a := board.Point(0); a < board.NumActions; a++ {
		child := pos
		if !child.Act(a) {
			continue
		}
		if child.Over {
			if child.Winner() == pos.Turn {
				return true, true
			}
			continue
		}
		e, known := opening.Lookup(child)
		switch {
		case known && !e.Win:
			return true, true
		case !known:
			all = false
		}
	}
	return false, all
}

// recheck proves a reported blunder again: the position before it won for the mover
// (by the table, the book or the solver), after it lost, and each winning alternative a
// win.
func recheck(t *testing.T, s *solver.Solver, r *review.GameReview, m *review.MoveReview) {
	t.Helper()
	before, _ := r.Position(m.Number)
	after, _ := r.Position(m.Number + 1)
	switch m.Proof {
	case facts.EmptyBoard:
		if m.Number != 1 || m.Action == facts.WinningFirstMove {
			t.Errorf("%s: move %d %s proved by the empty board", r.Name, m.Number, m.Action)
		}
		return // the after position is the empty board's too, beyond a test's time
	case facts.Table:
		if e, ok := opening.Lookup(before); !ok || !e.Win {
			t.Errorf("%s: move %d: proved by the opening table, which says %+v (holds it: %v)", r.Name, m.Number, e, ok)
		}
	case facts.Book:
		if _, ok := opening.BookMove(before); !ok && !wins(t, s, before, true) {
			t.Errorf("%s: move %d: the book does not hold the position and the solver finds it lost", r.Name, m.Number)
		}
	default:
		if !wins(t, s, before, true) {
			t.Errorf("%s: move %d: the position before the blunder is lost for %s", r.Name, m.Number, m.Color)
		}
	}
	if after.Over && after.Winner() == m.Color || !after.Over && !wins(t, s, after, false) {
		t.Errorf("%s: move %d %s: the opponent does not win after the blunder", r.Name, m.Number, m.Action)
	}
	for _, a := range m.WinningAlternatives {
		child := before
		child.Act(a)
		if child.Over && child.Winner() != m.Color || !child.Over && wins(t, s, child, false) {
			t.Errorf("%s: move %d: the alternative %s does not win", r.Name, m.Number, a)
		}
	}
}

func TestBlundersOfTheCourseOpponentsHoldUp(t *testing.T) {
	recs := append(arenaRecords(t, "aggressive", "alphabeta", 4, 5), arenaRecords(t, "random", "greedy", 4, 6)...)
	if testing.Short() {
		recs = recs[:3]
	}
	rs, err := review.ReviewAll(context.Background(), gamesOf(recs), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(solver.DefaultTableBits)
	blunders := 0
	for k := range rs {
		for i := range rs[k].Moves {
			if m := &rs[k].Moves[i]; m.Blunder {
				blunders++
				recheck(t, s, &rs[k], m)
			}
		}
	}
	if blunders == 0 {
		t.Fatal("no blunder in the course opponents' games: nothing was checked")
	}
	t.Logf("%d blunders in %d games re-proved", blunders, len(rs))
}

func TestEngineMakesNoBlunderFromMove9(t *testing.T) {
	if testing.Short() {
		t.Skip("plays four games with the engine's default budget")
	}
	recs := append(arenaRecords(t, "engine", "aggressive", 2, 7), arenaRecords(t, "engine", "alphabeta", 2, 8)...)
	o := testOptions()
	o.Limit = time.Second
	rs, err := review.ReviewAll(context.Background(), gamesOf(recs), o)
	if err != nil {
		t.Fatal(err)
	}
	proved := 0
	for k := range rs {
		for _, m := range rs[k].Moves {
			if rs[k].Agent(m.Color) != "engine" || m.Number < 9 {
				continue
			}
			if m.Before != facts.Unknown {
				proved++
			}
			if m.Blunder {
				t.Errorf("%s: the engine's blunder at move %d (%s); it had %v", rs[k].Name, m.Number, m.Action, m.WinningAlternatives)
			}
		}
	}
	if proved == 0 {
		t.Fatal("no engine move from move 9 on was judged on a proved position")
	}
	t.Logf("%d engine moves from move 9 on, in proved positions, no blunder", proved)
}
