// engine_test.go: the solver's moves: the same proof in every orientation, and the least refuted move when every move loses.

package engine

import (
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/racedetect"
	"littlego/solver"
)

// lostPositions returns seeded random positions at move, side to move proved lost.
func lostPositions(t *testing.T, move, n int) []board.Position {
	s := solver.New(18)
	var out []board.Position
	for _, pos := range solver.RandomPositions(7, move, 10*n) {
		if r := s.Solve(pos, solver.Limits{}); r.Known && !r.Win {
			out = append(out, pos)
			if len(out) == n {
				break
			}
		}
	}
	if len(out) < n {
		t.Fatalf("%d lost positions at move %d, want %d", len(out), move, n)
	}
	return out
}

// When every move loses, the engine plays one after which the opponent has the fewest
// winning replies, as counted by a separate solver.
func TestGenMovePlaysTheLeastRefutedMoveWhenLost(t *testing.T) {
	o := Defaults()
	o.Plan = false
	o.Budget = 2 * time.Second
	if racedetect.Enabled {
		o.Budget = MaxBudget
	}
	s := solver.New(18)
	for _, pos := range lostPositions(t, 18, 4) {
		e, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		mv, rep := e.GenMove(pos)
		if rep.Method != MethodLost {
			t.Fatalf("method %v, want lost, in\n%s", rep.Method, pos.String())
		}
		fewest, got := 1<<30, -1
		for a := board.Point(0); a < board.NumActions; a++ {
			child := pos
			if a == board.Pass {
				child.Pass()
			} else if _, ok := child.Play(a); !ok {
				continue
			}
			n := 1 // a finished game: lost for the mover, one way
			if !child.Over {
				win, _, known := s.WinningMoves(child, solver.Limits{})
				if !known || len(win) == 0 {
					t.Fatalf("%v is not proved lost in\n%s", a, pos.String())
				}
				n = len(win)
			}
			fewest = min(fewest, n)
			if a == mv {
				got = n
			}
		}
		if got != fewest {
			t.Errorf("played %v with %d winning replies; the fewest is %d, in\n%s", mv, got, fewest, pos.String())
		}
	}
}

// The solver's move does not depend on the orientation of the position.
func TestSolverMoveTurnsWithTheBoard(t *testing.T) {
	o := Defaults()
	o.Book = false
	o.SolveFrom = 12
	o.Plan = false
	o.Budget = MaxBudget
	s := solver.New(18)
	for _, pos := range solver.RandomPositions(3, 15, 6) {
		if r := s.Solve(pos, solver.Limits{}); !r.Known || !r.Win {
			continue
		}
		var want uint64
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			e, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			img := s.Apply(pos)
			mv, rep := e.GenMove(img)
			if rep.Method != MethodSolver {
				t.Fatalf("method %v in a won position, want solver", rep.Method)
			}
			img.Play(mv)
			if key, _ := img.CanonicalKey(); s == 0 {
				want = key
			} else if key != want {
				t.Errorf("under symmetry %d the solver's move %v leads elsewhere", s, mv)
			}
		}
	}
}
