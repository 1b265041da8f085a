// agreement_test.go: facts against independent computations on the positions of every source (factstest): the solver run directly, host-judged solved positions, the rule of the score counted by hand, and the minimax relation between a position and its moves.

package facts_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/facts"
	"littlego/facts/factstest"
	"littlego/lib/racedetect"
	"littlego/solver"
)

// solveLimit bounds the direct solver's work on one position of factstest (the book's
// move-8 position, the dearest, takes about 2.5 CPU-seconds).
const solveLimit = 60 * time.Second

func TestFactsAgreeWithIndependentChecks(t *testing.T) {
	positions := factstest.MustPositions(t)
	sv := solver.New(solver.MoveTableBits)
	for _, p := range positions {
		if (testing.Short() || racedetect.Enabled) && (p.Kind == factstest.Book || p.Kind == factstest.Solver) && p.Pos.Move < 13 {
			continue // seconds of solving each, ten times that under the race detector
		}
		t.Run(p.Name, func(t *testing.T) {
			known := facts.Known(p.Pos)
			switch p.Kind {
			case factstest.Table:
				checkTable(t, p.Pos, known)
			case factstest.Book:
				checkBook(t, p.Pos, known, sv)
			case factstest.Solver:
				checkSolver(t, p.Pos, known, sv)
			case factstest.End:
				checkEnd(t, p.Pos, known)
			case factstest.Unknown:
				checkUnknown(t, p.Pos, known)
			}
		})
	}
}

// checkTable: the table's position is proved with its exact margin, and agrees with
// its moves where the table proves them all: the best of their margins, the winning
// ones those that keep the win (the minimax relation, computed here from the moves).
func checkTable(t *testing.T, pos board.Position, f facts.Fact) {
	m, exact := f.Margin()
	if f.Value == facts.Unknown || f.Source != facts.Table && f.Source != facts.EmptyBoard || !exact {
		t.Fatalf("Known: %+v", f)
	}
	moves := facts.Moves(pos, f, facts.Known)
	best, all := 0, true
	var winning []board.Point
	for k, mv := range moves {
		cm, ok := mv.After.Margin()
		if !ok {
			all = false
			continue
		}
		if k == 0 || pos.Turn == board.Black && cm > best || pos.Turn == board.White && cm < best {
			best = cm
		}
		if (cm >= board.BlackMargin) == (pos.Turn == board.Black) {
			winning = append(winning, mv.Action)
		}
	}
	if !all {
		return // the table's last level: its moves are beyond it
	}
	if best != m || !slices.Equal(winning, f.Winning) || !f.Complete {
		t.Errorf("margin %d, winning %v (complete %v); its moves: best margin %d, winning %v", m, f.Winning, f.Complete, best, winning)
	}
}

// checkBook: the book's value is the solver's, run directly; a Black position's book
// move keeps the win.
func checkBook(t *testing.T, pos board.Position, f facts.Fact, sv *solver.Solver) {
	if f.Source != facts.Book || f.Value == facts.Unknown {
		t.Fatalf("Known: %+v", f)
	}
	r := sv.Solve(pos, solver.Limits{CPU: solveLimit})
	if !r.Known {
		t.Skip("the solver did not finish within its limit")
	}
	if (r.Win) != (f.Value == facts.Win) {
		t.Errorf("Known %v; the solver: win %v", f.Value, r.Win)
	}
	for _, a := range f.Winning {
		child := pos
		child.Act(a)
		if c := sv.Solve(child, solver.Limits{CPU: solveLimit}); c.Known && c.Win {
			t.Errorf("the book's move %v loses by the solver", a)
		}
	}
}

// checkSolver: nothing is known without search; the prover's value, winning moves and
// margin are the solver's, run directly on each move; a fact proved once is then known
// to another prover sharing the cache.
func checkSolver(t *testing.T, pos board.Position, f facts.Fact, sv *solver.Solver) {
	if f.Value != facts.Unknown {
		t.Fatalf("Known without search: %+v", f)
	}
	cache := facts.NewCache()
	p := facts.NewProver(cache)
	ctx := context.Background()
	p.Winning(ctx, pos, facts.Limits{CPU: solveLimit})
	got := p.Margin(ctx, pos, facts.Limits{CPU: solveLimit}) // merged with what Winning proved
	var winning []board.Point
	best := 0
	for k, a := range facts.Actions(pos) {
		child := pos
		child.Act(a)
		r := sv.Margin(child, solver.Limits{CPU: solveLimit})
		if !r.Known {
			t.Skip("the solver did not finish within its limit")
		}
		if k == 0 || pos.Turn == board.Black && r.Margin > best || pos.Turn == board.White && r.Margin < best {
			best = r.Margin
		}
		if (r.Margin >= board.BlackMargin) == (pos.Turn == board.Black) {
			winning = append(winning, a)
		}
	}
	m, exact := got.Margin()
	if got.Source != facts.Solver || !exact || m != best || !got.Complete || !slices.Equal(got.Winning, winning) {
		t.Errorf("the prover: %+v; the solver on each move: margin %d, winning %v", got, best, winning)
	}
	if again := facts.NewProver(cache).Known(pos); again.Value != got.Value || again.Low != got.Low || !slices.Equal(again.Winning, got.Winning) {
		t.Errorf("another prover over the cache: %+v, want %+v", again, got)
	}
}

// checkEnd: the margin is the stones counted point by point, the result after the komi.
func checkEnd(t *testing.T, pos board.Position, f facts.Fact) {
	black, white := 0, 0
	for p := board.Point(0); p < board.NumPoints; p++ {
		switch {
		case pos.Stones[board.Black].Has(p):
			black++
		case pos.Stones[board.White].Has(p):
			white++
		}
	}
	m, exact := f.Margin()
	if !pos.Over || f.Source != facts.End || !exact || m != black-white || !f.Complete || len(f.Winning) != 0 {
		t.Fatalf("Known: %+v; counted: %d - %d", f, black, white)
	}
	if got, want := f.Outcome(), "W+0.5"; got != want {
		t.Errorf("the half-point game: %q, want %q", got, want)
	}
}

// checkUnknown: nothing is claimed: no value, no source, the widest bounds, and a
// prover held to a few nodes proves nothing either.
func checkUnknown(t *testing.T, pos board.Position, f facts.Fact) {
	if f.Value != facts.Unknown || f.Source != facts.None || f.Low != facts.MinMargin || f.High != facts.MaxMargin || len(f.Winning) > 0 {
		t.Fatalf("Known: %+v", f)
	}
	if f.Outcome() != "unknown" || f.String() != "unknown" {
		t.Errorf("said %q, %q", f.Outcome(), f.String())
	}
	g := facts.NewProver(facts.NewCache()).Value(context.Background(), pos, facts.Limits{Nodes: 1000})
	if g.Value != facts.Unknown || g.Source != facts.None {
		t.Errorf("a prover of 1000 nodes: %+v", g)
	}
}

// The prover's winning moves on the host-judged solved positions (boardtest, moves 13-18,
// judged by the course host's rules apart from this code) are theirs.
func TestProverAgreesWithHostJudgedPositions(t *testing.T) {
	p := facts.NewProver(facts.NewCache())
	for _, c := range boardtest.MustLoadSolved(t) {
		f := p.Winning(context.Background(), c.Pos, facts.Limits{CPU: solveLimit})
		want := slices.Clone(c.Winning)
		slices.Sort(want)
		wantValue := facts.Loss
		if len(want) > 0 {
			wantValue = facts.Win
		}
		if !f.Complete || f.Value != wantValue || !slices.Equal(f.Winning, want) {
			t.Errorf("move %d:\n%s\nprover %v winning %v (complete %v); host-judged: %v", c.Move, c.Input, f.Value, f.Winning, f.Complete, want)
		}
	}
}
