// proof_test.go: the solver's check of the search's candidates, and the bank: what was proved, and what it may cost.

package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/lib/cputime"
	"littlego/lib/racedetect"
)

// wonAtMove7 is a position at move 7 (input.txt's format) where Black wins with 7 of its 20
// actions (solver.WinningMoves: 12.7 s of CPU), the search alone at a 0.5 s budget played
// the losing 3,2 with four seeds of six, and the search may rank two losses first (3,2, refuted in 0.6 s of CPU, and 1,1, refuted only in 3 s): proving a
// winning move costs 1.3-3.3 s, refuting a losing one 0.2-3 s.
const wonAtMove7 = "1\n00002\n20001\n00100\n00000\n10000\n20002\n20001\n00100\n00000\n10000"

var wonAtMove7Wins = []string{"0,3", "1,2", "1,3", "2,1", "2,3", "2,4", "3,1"}

// With a bank that tops the move up to MaxBudget (a game where earlier moves left time),
// the engine keeps Black's win in wonAtMove7 with every one of six seeds: the candidates are
// proved in rounds of growing limits, so the long refutation of a favourite cannot use up
// the proofs' time while a cheap proof of another move waits. The Report says what was
// proved and for how long, within the CPU offered.
func TestCheckKeepsTheWinWithABank(t *testing.T) {
	if testing.Short() || racedetect.Enabled {
		t.Skip("six moves of up to 6 s of CPU each")
	}
	budget := PlanBudget(Defaults(), 7)
	if kept := keepsTheWin(t, budget, MaxBudget-budget); kept < 6 {
		t.Errorf("the win kept with %d seeds of 6, want 6", kept)
	}
}

// keepsTheWin plays wonAtMove7 with six seeds within budget and bank, checks each move's
// report against the proved values and the CPU offered, and returns how many seeds kept the
// win.
func keepsTheWin(t *testing.T, budget, bank time.Duration) (kept int) {
	t.Helper()
	in, err := board.ParseInput(strings.NewReader(wonAtMove7))
	if err != nil {
		t.Fatal(err)
	}
	pos := in.Position(7)
	o := Defaults()
	for seed := uint64(1); seed <= 6; seed++ {
		o.Seed = seed
		e, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		start := cputime.Process()
		mv, rep := e.GenMoveTurn(pos, Turn{Budget: budget, Bank: bank, Seed: seed})
		used := cputime.Process() - start
		if slices.Contains(wonAtMove7Wins, mv.String()) {
			kept++
		} else {
			t.Logf("seed %d: %s (%s) gives the win away; proofs %v", seed, mv, rep.Method, rep.Proofs)
		}
		checkProofReport(t, seed, mv, rep)
		// The search's overshoot of its deadline is at most a few milliseconds.
		if used > budget+bank+10*time.Millisecond {
			t.Errorf("seed %d: used %v of CPU, offered %v and a bank of %v", seed, used, budget, bank)
		}
		t.Logf("seed %d: %s by %s, %v of CPU, bank spent %v, %d proofs", seed, mv, rep.Method, used.Round(time.Millisecond),
			rep.BankSpent.Round(time.Millisecond), len(rep.Proofs))
	}
	return kept
}

// checkProofReport checks a move's proofs against wonAtMove7's proved values.
func checkProofReport(t *testing.T, seed uint64, mv board.Point, rep Report) {
	t.Helper()
	for _, p := range rep.Proofs {
		if p.Of == mv && p.Known && !p.Win {
			t.Errorf("seed %d: played %s, proved to lose", seed, mv)
		}
		if p.Known && p.Win != slices.Contains(wonAtMove7Wins, p.Of.String()) {
			t.Errorf("seed %d: %s reported proved to win %v", seed, p.Of, p.Win)
		}
	}
	if len(rep.Proofs) == 0 || rep.Search == nil {
		t.Errorf("seed %d: no search or no proof reported: %+v", seed, rep)
	}
	if rep.Method == MethodSolver && rep.Proofs[len(rep.Proofs)-1].Of != mv {
		t.Errorf("seed %d: method solver, but the last proof is of %s, not %s", seed, rep.Proofs[len(rep.Proofs)-1].Of, mv)
	}
}

// Without a bank (a fresh folder), the move has only the game plan's budget for move 7,
// less than any proof of a winning move costs: the proofs refute the search's cheap losses
// and the engine plays the best move not proved to lose. How often that keeps the win is
// measured here, not promised: docs/my_player.md has the figures.
func TestCheckWithoutABank(t *testing.T) {
	if testing.Short() || racedetect.Enabled {
		t.Skip("six moves of the plan's budget")
	}
	kept := keepsTheWin(t, PlanBudget(Defaults(), 7), 0)
	t.Logf("the win kept with %d seeds of 6 without a bank", kept)
}

// The bank pays for proofs only: a book move leaves it untouched, and in fixed-playout
// mode there is none.
func TestBankIsForProofsOnly(t *testing.T) {
	o := Defaults()
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	pos := board.New()
	if _, rep := e.GenMoveTurn(pos, Turn{Budget: 50 * time.Millisecond, Bank: time.Second, Seed: o.Seed}); rep.Method != MethodBook || rep.BankSpent != 0 || rep.Bank != time.Second {
		t.Errorf("move 1: %s, bank %v, spent %v; want the book and the bank untouched", rep.Method, rep.Bank, rep.BankSpent)
	}
	o.Playouts = 100
	if e, err = New(o); err != nil {
		t.Fatal(err)
	}
	pos.Play(board.PointAt(0, 0))
	if _, rep := e.GenMoveTurn(pos, Turn{Budget: 50 * time.Millisecond, Bank: time.Second, Seed: o.Seed}); rep.Bank != 0 || len(rep.Proofs) != 0 {
		t.Errorf("fixed-playout mode: bank %v, proofs %v; want none", rep.Bank, rep.Proofs)
	}
}

// The plan gives each side at most 12 budgets over a game, never more than MaxBudget
// to a move, and most to moves 5-10.
func TestPlan(t *testing.T) {
	for _, b := range []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, time.Second, MaxBudget} {
		o := Defaults()
		o.Budget = b
		for _, first := range []int{1, 2} {
			total := PlanTotal(o, first)
			if total > 12*b+time.Microsecond {
				t.Errorf("budget %v: side of move %d gets %v, over 12 budgets", b, first, total)
			}
			var sum time.Duration
			for m := first; m <= board.MaxMoves; m += 2 {
				sum += PlanBudget(o, m)
				if PlanBudget(o, m) > MaxBudget {
					t.Errorf("budget %v, move %d: %v over MaxBudget", b, m, PlanBudget(o, m))
				}
				if PlanSoFar(o, m) != sum {
					t.Errorf("budget %v: PlanSoFar(%d) = %v, want %v", b, m, PlanSoFar(o, m), sum)
				}
			}
			if sum != total {
				t.Errorf("budget %v: PlanTotal %v, the moves add up to %v", b, total, sum)
			}
		}
	}
	o := Defaults()
	if PlanBudget(o, 7) <= PlanBudget(o, 3) || PlanBudget(o, 7) <= PlanBudget(o, 15) {
		t.Errorf("move 7 gets %v, no more than moves 3 (%v) or 15 (%v)", PlanBudget(o, 7), PlanBudget(o, 3), PlanBudget(o, 15))
	}
}
