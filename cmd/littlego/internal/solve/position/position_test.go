// position_test.go: the plain solve asks facts first (no search where the opening table, the
// empty board or a pass that ends the game knows the answer), prints what it proved when
// the budget runs out, and says what it is proving on a long search.
package position

import (
	"errors"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
)

func after(actions ...board.Point) board.Position {
	pos := board.New()
	for _, a := range actions {
		pos.Act(a)
	}
	return pos
}

// The empty board and the position after 2,2 are known without search: value, every
// action's, and the margin, with no node searched and their source named.
func TestKnownPositionsNeedNoSearch(t *testing.T) {
	for _, c := range []struct {
		pos  board.Position
		want string
	}{
		{board.New(), "Black to play move 1: WIN for Black [opening table]\nwinning: 2,2\n"},
		{after(board.PointAt(2, 2)), "White to play move 2: LOSS for White [opening table]\nwinning: (none)\n"},
	} {
		var out, errs strings.Builder
		if err := solveOne(&out, &errs, c.pos, settings{cache: facts.NewCache(), lim: time.Millisecond, ttBits: 16, threads: 1, margin: true}); err != nil {
			t.Fatalf("%v (stderr %q)", err, errs.String())
		}
		if !strings.HasPrefix(out.String(), c.want) || !strings.Contains(out.String(), "margin: +3, B+0.5") ||
			!strings.Contains(errs.String(), "proved with 0 nodes") {
			t.Errorf("output\n%s%s\nwant it to start with\n%s", out.String(), errs.String(), c.want)
		}
	}
}

// After 2,2 3,3 and Black's pass, White wins by passing: said at once; when the budget runs
// out sorting the other moves, the proved ones are printed, the rest named as not sorted,
// and the value being proved, there is no error, with -sort or without it (a tenth of the
// budget); a long search says on stderr what it is proving.
func TestPassThatEndsTheGameAndProgress(t *testing.T) {
	old := progressEvery
	progressEvery = 20 * time.Millisecond
	defer func() { progressEvery = old }()
	for _, sortAll := range []bool{false, true} {
		var out, errs strings.Builder
		pos := after(board.PointAt(2, 2), board.PointAt(3, 3), board.Pass)
		err := solveOne(&out, &errs, pos, settings{cache: facts.NewCache(), lim: 300 * time.Millisecond, ttBits: 16, threads: 1, sortAll: sortAll})
		if err != nil {
			t.Fatalf("-sort=%v: error %v; the value is proved", sortAll, err)
		}
		o := out.String()
		if winning, _, _ := strings.Cut(strings.TrimPrefix(o, "White to play move 4: WIN for White [end]\n"), "\n"); !strings.HasPrefix(winning, "winning: ") || !strings.HasSuffix(winning, "PASS") {
			t.Errorf("-sort=%v: output\n%s", sortAll, o)
		}
		if !strings.Contains(o, "\nnot sorted: ") {
			continue // sorted within the budget: a table through level 4 proves the moves
		}
		if !strings.Contains(errs.String(), "actions sorted within") {
			t.Errorf("-sort=%v: stderr does not say the sorting stopped: %q", sortAll, errs.String())
		}
		if sortAll && !strings.Contains(errs.String(), "solve: proving move ") {
			t.Errorf("no progress on stderr: %q", errs.String())
		}
	}
}

// With -facts=false the solver proves everything, as a measurement of it: the empty board
// within a tiny budget is then unknown.
func TestWithoutFactsTheSolverProves(t *testing.T) {
	var out, errs strings.Builder
	err := solveOne(&out, &errs, board.New(), settings{lim: 50 * time.Millisecond, ttBits: 16, threads: 1})
	var unknown base.UnknownError
	if !errors.As(err, &unknown) || out.Len() != 0 {
		t.Errorf("the empty board in 50 ms by the solver alone: %v, output %q", err, out.String())
	}
}
