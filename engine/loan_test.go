// loan_test.go: a measurement, run by hand: does the game's loan keep the wins the plan alone throws away at the engine's first move off the tables?

package engine

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/opening"
	"littlego/solver"
)

// TestLoanKeepsFirstMoveWins measures, on LITTLEGO_LOAN_SAMPLE seeded positions at moves
// 5-8 (a quarter at each) reached from random four-move openings and won for the side to
// move, how many of LITTLEGO_LOAN_SEEDS seeds (default 6) keep the win with the plan's
// budget alone and with the loan for proofs as my_player offers it in a fresh folder, and
// the CPU a move takes, by move number. A position is known won from the opening table
// (move 5), from the table's loss one move before it (move 6: every move from a lost
// position leads to a won one), or from the solver within LITTLEGO_LOAN_JUDGE (default
// 60 s); the others are skipped (at moves 5 and 6, where the solver takes up to a
// minute, a position the table decides is drawn when one turns up in 200 draws). A move is kept when the engine proved it (the book, the
// table or the solver chose it), and otherwise judged by the solver within the same limit.
// LITTLEGO_LOAN_VERDICTS names a file of verdicts (position key, won for the side to move)
// that a run reads and extends, so that the measurement can run in stretches. It costs
// about 40 minutes at 100 positions and six seeds, so it runs only when asked:
//
//	LITTLEGO_LOAN_SAMPLE=100 LITTLEGO_LOAN_VERDICTS=/tmp/verdicts go test -run TestLoanKeepsFirstMoveWins -v -timeout 10h ./engine
func TestLoanKeepsFirstMoveWins(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("LITTLEGO_LOAN_SAMPLE"))
	if n <= 0 {
		t.Skip("a measurement of minutes: set LITTLEGO_LOAN_SAMPLE to the number of positions")
	}
	seeds, err := strconv.Atoi(os.Getenv("LITTLEGO_LOAN_SEEDS"))
	if err != nil || seeds <= 0 {
		seeds = 6
	}
	limit := time.Minute
	if s, err := time.ParseDuration(os.Getenv("LITTLEGO_LOAN_JUDGE")); err == nil && s > 0 {
		limit = s
	}
	j := newLoanJudge(t, os.Getenv("LITTLEGO_LOAN_VERDICTS"), limit)
	defer j.close()
	positions := firstMovePositions(t, n, j)
	o := Defaults()
	for _, loan := range []bool{false, true} {
		name := "the plan alone"
		if loan {
			name = "the plan and the loan"
		}
		var byMove [25]struct{ kept, tried, proved, unjudged int }
		var most, total time.Duration
		for i, pos := range positions {
			tally := &byMove[pos.Move]
			for seed := 1; seed <= seeds; seed++ {
				o.Seed = uint64(seed)
				e, err := New(o)
				if err != nil {
					t.Fatal(err)
				}
				start := cputime.Process()
				mv, rep := e.GenMoveTurn(pos, PlanTurn(o, int(pos.Move), Account{Loan: loan}))
				used := cputime.Process() - start
				most, total, tally.tried = max(most, used), total+used, tally.tried+1
				if rep.Method == MethodBook || rep.Method == MethodTable || rep.Method == MethodSolver {
					tally.kept++
					tally.proved++
					continue
				}
				child := pos
				child.Act(mv)
				switch won, known := j.wonForMover(child); {
				case !known:
					tally.unjudged++
				case !won:
					tally.kept++
				default:
					t.Logf("%s: position %d (move %d), seed %d: %s by %s gives the win away (%v of CPU)",
						name, i, pos.Move, seed, mv, rep.Method, used.Round(time.Millisecond))
				}
			}
		}
		tried := 0
		for m, c := range byMove {
			if c.tried > 0 {
				tried += c.tried
				t.Logf("%s, move %d: %d of %d moves keep the win (%d proved by the engine, %d not judged within %v)",
					name, m, c.kept, c.tried, c.proved, c.unjudged, limit)
			}
		}
		t.Logf("%s: CPU a move: mean %v, largest %v", name, (total / time.Duration(tried)).Round(time.Millisecond), most.Round(time.Millisecond))
	}
}

// firstMovePositions returns n positions, a quarter each at moves 5, 6, 7 and 8 (the
// move about to be played), each after a seeded random four-move opening and further
// random moves, that j knows won for the side to move.
func firstMovePositions(t *testing.T, n int, j *loanJudge) []board.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(53, 5))
	var out []board.Position
	for k := 0; k < n; k++ {
		move := 5 + k%4
		for tries := 0; ; tries++ {
			if tries == 400 {
				t.Fatalf("no won position at move %d in 400 tries", move)
			}
			before, ok := randomLine(r, move-2)
			if !ok {
				continue
			}
			pos := before
			if _, ok := pos.Play(pos.Legal().Nth(r.IntN(max(pos.Legal().Count(), 1)))); !ok || pos.Over {
				continue
			}
			if e, ok := opening.Lookup(pos); ok && e.Win {
				out = append(out, pos)
				break
			}
			if e, ok := opening.Lookup(before); ok && !e.Win {
				out = append(out, pos) // every move from a lost position leads to a won one
				break
			}
			if tries < 200 && move <= 6 {
				continue // the first 200 draws at moves 5 and 6 wait for one the table decides
			}
			if won, known := j.wonForMover(pos); known && won {
				out = append(out, pos)
				break
			}
		}
	}
	return out
}

// randomLine plays plies uniformly random placements from the empty board; false when
// the game ends first.
func randomLine(r *rand.Rand, plies int) (board.Position, bool) {
	pos := board.New()
	for range plies {
		legal := pos.Legal()
		if legal == 0 {
			return pos, false
		}
		if _, ok := pos.Play(legal.Nth(r.IntN(legal.Count()))); !ok || pos.Over {
			return pos, false
		}
	}
	return pos, true
}

// loanJudge says whether positions are won for the side to move, from the opening table
// where it decides them and otherwise from the solver within a limit, remembering its
// verdicts (in a file, when named).
type loanJudge struct {
	t        *testing.T
	solver   *solver.Solver
	limit    time.Duration
	verdicts map[uint64]bool
	file     *os.File
}

func newLoanJudge(t *testing.T, path string, limit time.Duration) *loanJudge {
	j := &loanJudge{t: t, solver: solver.New(22), limit: limit, verdicts: map[uint64]bool{}}
	if path == "" {
		return j
	}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var key uint64
			var won bool
			if _, err := fmt.Sscan(sc.Text(), &key, &won); err == nil {
				j.verdicts[key] = won
			}
		}
		f.Close()
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	j.file = f
	return j
}

func (j *loanJudge) close() {
	if j.file != nil {
		j.file.Close()
	}
}

// wonForMover reports whether pos is won for the side to move, and whether that is known.
func (j *loanJudge) wonForMover(pos board.Position) (won, known bool) {
	key, _ := pos.CanonicalKey()
	if v, ok := j.verdicts[key]; ok {
		return v, true
	}
	if e, ok := opening.Lookup(pos); ok {
		return e.Win, true
	}
	r := j.solver.Solve(pos, solver.Limits{CPU: j.limit})
	if !r.Known {
		return false, false
	}
	j.verdicts[key] = r.Win
	if j.file != nil {
		fmt.Fprintln(j.file, key, r.Win)
	}
	return r.Win, true
}
