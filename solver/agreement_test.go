// agreement_test.go: the solver agrees with the previous solver (reference_test.go) on the value, the margin and the moves of seeded positions from move 6 to 22.

package solver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
)

// raceEnabled is set when the race detector is on (race_test.go).
var raceEnabled bool

// agreementCounts returns how many positions the agreement test checks at each move
// number from 6 to 22: the full 10,000 with LITTLEGO_SOLVER_AGREE=full, a few seconds'
// worth by default, fewer under -short
// or the race detector. Early moves cost the reference seconds each,
// so they get fewer positions.
func agreementCounts() map[int]int {
	counts := map[int]int{}
	switch {
	case os.Getenv("LITTLEGO_SOLVER_AGREE") == "full":
		for m := 6; m <= 22; m++ {
			counts[m] = 900
		}
		counts[6], counts[7], counts[8], counts[9], counts[10] = 16, 30, 60, 120, 274
	case testing.Short() || raceEnabled:
		for m := 15; m <= 22; m++ {
			counts[m] = 4
		}
	default:
		for m := 14; m <= 22; m++ {
			counts[m] = 30
		}
		counts[12], counts[13] = 5, 10
	}
	return counts
}

// agreementPositions returns n seeded positions with move `move` about to be played:
// two in three by uniformly random placements (RandomPositions), one in three by random
// play with passes, so that pass states and ko occur.
func agreementPositions(move, n int) []board.Position {
	out := RandomPositions(uint64(1000+move), move, n-n/3)
	rng := rand.New(rand.NewPCG(uint64(move), 77))
	for len(out) < n {
		if pos, ok := randomPlay(rng, move, 0.08); ok {
			out = append(out, pos)
		}
	}
	return out
}

// TestAgreesWithReference checks Solve's value and move, Margin's margin and move, on
// seeded positions from move 6 to 22, against the previous solver (refSolver).
//
//	LITTLEGO_SOLVER_AGREE=full go test -run TestAgreesWithReference -timeout 4h ./solver
//
// LITTLEGO_SOLVER_AGREE_MOVES=lo-hi checks only those move numbers' positions (the same
// seeded positions as the whole run), so the full run can be done in parts, in turn or
// on several machines.
func TestAgreesWithReference(t *testing.T) {
	lo, hi, err := agreementMoves(os.Getenv("LITTLEGO_SOLVER_AGREE_MOVES"))
	if err != nil {
		t.Fatal(err)
	}
	ref := newRefSolver(20)
	s := New(20)
	total := 0
	for move := lo; move <= hi; move++ {
		n := agreementCounts()[move]
		for i, pos := range agreementPositions(move, n) {
			checkAgainstReference(t, s, ref, pos, i)
			total++
		}
		if n > 0 && testing.Verbose() {
			t.Logf("move %d: %d positions agree", move, n)
		}
	}
	t.Logf("%d positions agree", total)
}

// checkAgainstReference compares s's answers on pos (not over) with ref's.
func checkAgainstReference(t *testing.T, s *Solver, ref *refSolver, pos board.Position, i int) {
	t.Helper()
	wantWin := ref.wins(pos)
	wantMargin, _ := ref.margin(pos)
	r := s.Solve(pos, Limits{})
	if !r.Known || r.Win != wantWin {
		t.Fatalf("move %d #%d: Solve %+v, reference win=%v\n%s", pos.Move, i, r, wantWin, pos.String())
	}
	if r.Win && childMargin(ref, pos, r.Best) >= board.BlackMargin != (pos.Turn == board.Black) {
		t.Fatalf("move %d #%d: Solve's move %v does not win\n%s", pos.Move, i, r.Best, pos.String())
	}
	m := s.Margin(pos, Limits{})
	if !m.Known || m.Margin != wantMargin {
		t.Fatalf("move %d #%d: Margin %+v, reference %d\n%s", pos.Move, i, m, wantMargin, pos.String())
	}
	if got := childMargin(ref, pos, m.Best); got != wantMargin {
		t.Fatalf("move %d #%d: Margin's move %v gives %d, not %d\n%s", pos.Move, i, m.Best, got, wantMargin, pos.String())
	}
}

// childMargin returns the reference's exact margin after action a in pos (-100 when a
// is illegal).
func childMargin(ref *refSolver, pos board.Position, a board.Point) int {
	if !pos.Act(a) {
		return -100
	}
	if pos.Over {
		return pos.Margin()
	}
	m, _ := ref.margin(pos)
	return m
}

// TestParallelAgrees checks a solver with two workers over one small shared table (so
// that entries are replaced while both write) against brute force and the reference,
// and that a budget stops both workers.
func TestParallelAgrees(t *testing.T) {
	s := New(10)
	s.SetWorkers(2)
	rng := rand.New(rand.NewPCG(31, 32))
	want := 60
	if testing.Short() || raceEnabled {
		want = 15
	}
	for done := 0; done < want; {
		pos, ok := densePosition(rng, 3+rng.IntN(5), 6+rng.IntN(10), 0.05)
		if ok && checkAgainstBrute(t, s, pos, 200_000) {
			done++
		}
	}
	ref := newRefSolver(16)
	for i, pos := range agreementPositions(14, want/3) {
		checkAgainstReference(t, s, ref, pos, i)
	}
	hard := RandomPositions(11, 4, 1)[0]
	if r := s.Solve(hard, Limits{Nodes: 20_000}); r.Known || r.Nodes > 20_000+2*checkInterval {
		t.Errorf("two workers under a node limit of 20,000: %+v", r)
	}
	if r := s.Solve(hard, Limits{CPU: 30 * time.Millisecond}); r.Known || r.CPU > time.Second {
		t.Errorf("two workers under a CPU limit of 30 ms: %+v", r)
	}
}

// agreementMoves reads LITTLEGO_SOLVER_AGREE_MOVES ("lo-hi", or one move number): the
// moves of the agreement run to check, 6-22 when empty.
func agreementMoves(spec string) (lo, hi int, err error) {
	if spec == "" {
		return 6, 22, nil
	}
	a, b, found := strings.Cut(spec, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 6 || hi > 22 || lo > hi {
		return 0, 0, fmt.Errorf("LITTLEGO_SOLVER_AGREE_MOVES=%q: want lo-hi within 6-22", spec)
	}
	return lo, hi, nil
}
