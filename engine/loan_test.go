// loan_test.go: a measurement, run by hand: does the game's loan keep the wins the plan alone throws away at the engine's first move off the tables?

package engine

import (
	"os"
	"strconv"
	"testing"
	"time"

	"littlego/board"
	"littlego/internal/cputime"
	"littlego/internal/splitmix"
	"littlego/solver"
	"littlego/tablebase"
)

// TestLoanKeepsFirstMoveWins measures, on LITTLEGO_LOAN_SAMPLE seeded positions at move 5
// that the opening table proves won for the side to move without naming a winning move
// (the level the levels above imply: a fresh my_player's first move off the tables after
// an imposed four-move opening), or, with LITTLEGO_LOAN_MOVE=M (6-12), at move M after
// seeded random moves, proved won by the solver within a minute, how many of LITTLEGO_LOAN_SEEDS seeds (default 6) keep
// the win with the plan's budget alone and with the loan for proofs as my_player offers it
// in a fresh folder, and the CPU a move takes; each move is judged by the solver (a
// minute at most). It costs minutes of CPU, so it runs only when asked:
//
//	LITTLEGO_LOAN_SAMPLE=20 go test -run TestLoanKeepsFirstMoveWins -v -timeout 2h ./engine
func TestLoanKeepsFirstMoveWins(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("LITTLEGO_LOAN_SAMPLE"))
	if n <= 0 {
		t.Skip("a measurement of minutes: set LITTLEGO_LOAN_SAMPLE to the number of positions")
	}
	seeds, err := strconv.Atoi(os.Getenv("LITTLEGO_LOAN_SEEDS"))
	if err != nil || seeds <= 0 {
		seeds = 6
	}
	judge := solver.New(22)
	move, _ := strconv.Atoi(os.Getenv("LITTLEGO_LOAN_MOVE"))
	var positions []board.Position
	if move > 5 {
		positions = wonAfterRandomMoves(t, n, move, judge)
	} else {
		move, positions = 5, impliedWinsAtMove5(t, n)
	}
	o := Defaults()
	plan := PlanBudget(o, move)
	verdicts := map[uint64]bool{}
	keeps := func(pos board.Position, mv board.Point) (kept, known bool) {
		child := pos
		child.Act(mv)
		k, _ := child.CanonicalKey()
		if v, ok := verdicts[k]; ok {
			return v, true
		}
		r := judge.Solve(child, solver.Limits{CPU: time.Minute})
		if !r.Known {
			return false, false
		}
		verdicts[k] = !r.Win
		return !r.Win, true
	}
	for _, variant := range []struct {
		name string
		bank time.Duration
	}{{"the plan alone", 0}, {"the plan and the loan", min(PlanLoan(o), MaxBudget-plan)}} {
		kept, tried, unjudged := 0, 0, 0
		var most, total time.Duration
		for i, pos := range positions {
			for seed := 1; seed <= seeds; seed++ {
				o.Seed = uint64(seed)
				e, err := New(o)
				if err != nil {
					t.Fatal(err)
				}
				start := cputime.Process()
				mv, rep := e.GenMoveBanked(pos, plan, variant.bank)
				used := cputime.Process() - start
				most, total, tried = max(most, used), total+used, tried+1
				ok, known := keeps(pos, mv)
				switch {
				case !known:
					unjudged++
				case ok:
					kept++
				default:
					t.Logf("%s: position %d, seed %d: %s by %s gives the win away (%v of CPU)", variant.name, i, seed, mv, rep.Method, used.Round(time.Millisecond))
				}
			}
		}
		t.Logf("%s (budget %v, bank %v): %d of %d moves keep the win (%d not judged within a minute); CPU a move: mean %v, largest %v",
			variant.name, plan, variant.bank, kept, tried, unjudged, (total / time.Duration(tried)).Round(time.Millisecond), most.Round(time.Millisecond))
	}
}

// impliedWinsAtMove5 returns n positions at move 5 (level 4), drawn in a seeded order,
// that the opening table proves won for the side to move without a best move.
func impliedWinsAtMove5(t *testing.T, n int) []board.Position {
	t.Helper()
	levels, err := tablebase.Levels(board.New(), 4)
	if err != nil {
		t.Fatal(err)
	}
	var won []board.Position
	for _, p := range levels[4] {
		if e, ok := Opening(p); ok && e.Win && e.Best == board.NoPoint {
			won = append(won, p)
		}
	}
	if len(won) < n {
		t.Fatalf("the table has %d such positions, %d asked", len(won), n)
	}
	state := uint64(53)
	for i := len(won) - 1; i > 0; i-- { // a seeded shuffle
		j := int(splitmix.Next(&state) % uint64(i+1))
		won[i], won[j] = won[j], won[i]
	}
	return won[:n]
}

// wonAfterRandomMoves returns n positions at move number move, each after move-1 seeded
// random legal moves from the empty board, that judge proves won for the side to move
// within a minute (those it does not prove are skipped).
func wonAfterRandomMoves(t *testing.T, n, move int, judge *solver.Solver) []board.Position {
	t.Helper()
	state := uint64(move)
	var out []board.Position
	for tries := 0; len(out) < n && tries < 50*n; tries++ {
		pos := board.New()
		for int(pos.Move) < move && !pos.Over {
			legal := pos.Legal()
			k := int(splitmix.Next(&state) % uint64(legal.Count()))
			p := legal.First()
			for ; k > 0; k-- {
				legal &= legal - 1
				p = legal.First()
			}
			pos.Play(p)
		}
		if pos.Over || int(pos.Move) != move {
			continue
		}
		if r := judge.Solve(pos, solver.Limits{CPU: time.Minute}); r.Known && r.Win {
			out = append(out, pos)
		}
	}
	if len(out) < n {
		t.Fatalf("%d won positions at move %d found, %d asked", len(out), move, n)
	}
	return out
}
