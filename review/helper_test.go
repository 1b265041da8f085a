// helper_test.go: games built for the tests with the solver's help, and the records of the three input formats.

package review

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
	"littlego/sgf"
	"littlego/solver"
)

// testOptions are quick options for the tests: one job, a short limit, a few playouts.
func testOptions() Options {
	return Options{Limit: 100 * time.Millisecond, Jobs: 1, EnginePlayouts: 100}
}

// proof is a decisive blunder a test game was built around, as the solver proved it.
type proof struct {
	move      int           // the blunder's move number
	blunderer board.Color   // who made it
	winning   []board.Point // every winning action in the position before it
	losing    []board.Point // every losing action there
}

// decisiveGame plays seeded random placements from the empty board to move `from` at
// least, then on to the first position whose side to move wins but has a losing action
// too (WinningMoves, no limit). There it plays the first losing action; then the winner
// plays the solver's winning moves and the loser its first legal action, to the end.
func decisiveGame(t testing.TB, seed uint64, from int) ([]board.Point, proof) {
	t.Helper()
	s := solver.New(20)
	rng := rand.New(rand.NewPCG(seed, 7))
	for attempt := 0; attempt < 50; attempt++ {
		pos := board.New()
		var actions []board.Point
		for !pos.Over && pos.Legal() != 0 {
			a := pos.Legal().Nth(rng.IntN(pos.Legal().Count()))
			if int(pos.Move) >= from {
				win, lose, known := s.WinningMoves(pos, solver.Limits{CPU: time.Minute})
				if !known {
					t.Fatalf("the solver did not prove move %d within a minute", pos.Move)
				}
				if len(win) > 0 && len(lose) > 0 {
					p := proof{move: int(pos.Move), blunderer: pos.Turn, winning: win, losing: lose}
					return finish(t, s, pos, append(actions, lose[0]), p), p
				}
			}
			pos.Play(a)
			actions = append(actions, a)
		}
	}
	t.Fatal("no position with a winning and a losing action in 50 random games")
	return nil, proof{}
}

// finish plays the blunder (the last of actions) and the rest of the game.
func finish(t testing.TB, s *solver.Solver, pos board.Position, actions []board.Point, p proof) []board.Point {
	pos.Act(actions[len(actions)-1])
	for !pos.Over {
		a := board.Pass
		if pos.Turn == p.blunderer {
			if legal := pos.Legal(); legal != 0 {
				a = legal.First()
			}
		} else {
			r := s.Solve(pos, solver.Limits{CPU: time.Minute})
			if !r.Known || !r.Win {
				t.Fatalf("after the blunder at move %d, the winner's position at move %d is not a proved win", p.move, pos.Move)
			}
			a = r.Best
		}
		pos.Act(a)
		actions = append(actions, a)
	}
	if pos.Winner() == p.blunderer {
		t.Fatalf("the blunderer %s won the game built around its blunder", p.blunderer)
	}
	return actions
}

// actionList writes actions as an action-list line.
func actionList(actions []board.Point) string {
	parts := make([]string, len(actions))
	for k, a := range actions {
		parts[k] = a.String()
	}
	return strings.Join(parts, " ") + "\n"
}

// sgfRecord writes actions as an SGF game between black and white.
func sgfRecord(t testing.TB, actions []board.Point, black, white string) []byte {
	t.Helper()
	g := sgf.Game{Komi: board.Komi, Black: black, White: white}
	for k, a := range actions {
		g.Moves = append(g.Moves, sgf.Move{Color: board.Color(k % 2), Point: a})
	}
	var b bytes.Buffer
	if err := sgf.Write(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// jsonRecord writes actions as the arena's JSON line of game number game.
func jsonRecord(t testing.TB, actions []board.Point, black, white string, game int) []byte {
	t.Helper()
	pos := board.New()
	r := record.Record{Game: game, Black: black, White: white, Reason: record.EndMoves}
	for _, a := range actions {
		r.Moves = append(r.Moves, record.Move{Color: pos.Turn, Point: a, Measured: true})
		pos.Act(a)
	}
	r.Winner = pos.Winner()
	r.BlackStones, r.WhiteStones = pos.Score()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// parseOne parses data and fails the test unless it holds exactly one game.
func parseOne(t testing.TB, name string, data []byte) record.Record {
	t.Helper()
	games, errs := record.Parse(name, data)
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("Parse(%s): %d games, errors %v", name, len(games), errs)
	}
	return games[0]
}

// listGame returns the record of a list of actions named name, as record.Parse reads one.
func listGame(name string, actions []board.Point) record.Record {
	r := record.Record{Name: name}
	for k, a := range actions {
		r.Moves = append(r.Moves, record.Move{Color: board.Color(k % 2), Point: a})
	}
	return r
}
