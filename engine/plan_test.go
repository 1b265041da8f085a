package engine

import (
	"testing"
	"time"
)

// PlanTurn is its definition: the plan's budget less the overhead and any overspending,
// the bank (with the loan when offered) capped so that budget and bank fit MaxBudget,
// and the options' seed.
func TestPlanTurnIsItsDefinition(t *testing.T) {
	ms := time.Millisecond
	for _, plan := range []bool{true, false} {
		for _, playouts := range []int{0, 200} {
			o := Defaults()
			o.Plan, o.Playouts, o.Seed = plan, playouts, 42
			for move := 1; move <= 24; move++ {
				for _, a := range []Account{
					{},
					{Loan: true},
					{Planned: 900 * ms, Spent: 400 * ms},
					{Planned: 900 * ms, Spent: 400 * ms, Loan: true, Overhead: 30 * ms},
					{Planned: 400 * ms, Spent: 900 * ms, Overhead: 30 * ms},
					{Planned: 400 * ms, Spent: 9 * time.Second, Loan: true, Overhead: 30 * ms},
					{Planned: 20 * time.Second, Loan: true},
				} {
					p := PlanBudget(o, move)
					bank := a.Planned - a.Spent
					if a.Loan {
						bank += PlanLoan(o)
					}
					want := Turn{Budget: p - a.Overhead, Bank: bank, Seed: 42}
					if bank < 0 {
						want.Budget += bank
					}
					if want.Bank > MaxBudget-p {
						want.Bank = MaxBudget - p
					}
					if got := PlanTurn(o, move, a); got != want {
						t.Errorf("plan %v, playouts %d, move %d, %+v: %+v, want %+v", plan, playouts, move, a, got, want)
					}
				}
			}
		}
	}
}

// A move with no history gets the plan's budget and nothing more; the loan is offered
// only under the plan and the CPU budget, and never takes a move past MaxBudget.
func TestPlanTurnBounds(t *testing.T) {
	o := Defaults()
	for move := 1; move <= 24; move++ {
		if got := PlanTurn(o, move, Account{}); got != (Turn{Budget: PlanBudget(o, move), Seed: o.Seed}) {
			t.Errorf("move %d, no history: %+v, want the plan's %v alone", move, got, PlanBudget(o, move))
		}
		got := PlanTurn(o, move, Account{Loan: true})
		if got.Bank <= 0 || got.Budget+got.Bank > MaxBudget {
			t.Errorf("move %d with the loan: %+v, want a bank within MaxBudget", move, got)
		}
	}
	o.Plan = false
	if got := PlanTurn(o, 7, Account{Loan: true}); got.Bank != 0 || got.Budget != o.Budget {
		t.Errorf("no plan: %+v, want the budget and no loan", got)
	}
}

// SameSettings ignores exactly what PlanTurn reads: the budget, the plan and the seed.
func TestSameSettings(t *testing.T) {
	o := Defaults()
	p := o
	p.Budget, p.Plan, p.Seed = 2*time.Second, false, 99
	if !SameSettings(o, p) {
		t.Error("options differing in budget, plan and seed are not the same settings")
	}
	for name, edit := range map[string]func(*Options){
		"workers":  func(q *Options) { q.Workers = 2 },
		"playouts": func(q *Options) { q.Playouts = 100 },
		"book":     func(q *Options) { q.Book = false },
		"c":        func(q *Options) { q.C = 0.5 },
		"verbose":  func(q *Options) { q.Verbose = true },
	} {
		q := o
		edit(&q)
		if SameSettings(o, q) {
			t.Errorf("options differing in %s are the same settings", name)
		}
	}
}
