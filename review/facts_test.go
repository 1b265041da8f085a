// facts_test.go: the review shows what package facts proves, on its test positions of every source (table, book, solver, end, unknown).

package review

import (
	"context"
	"fmt"
	"testing"
	"time"

	"littlego/facts"
	"littlego/facts/factstest"
	"littlego/lib/racedetect"
	"littlego/record"
)

func TestReviewShowsTheFactsOfEverySource(t *testing.T) {
	if racedetect.Enabled {
		// One job, no concurrency to race; the solver runs about ten times slower under
		// the detector, beyond the limits that keep this test short.
		t.Skip("the agreement is checked without the race detector")
	}
	positions := factstest.MustPositions(t)
	var games []record.Record
	for _, p := range positions {
		games = append(games, listGame(p.Name, p.Actions))
	}
	// Limits that prove the solver's positions on a quiet machine (late book-line
	// positions: the margin at move 11 takes about 0.1 s) and not the unknown one (move
	// 4, minutes). How much the review proves within them depends on the machine's
	// speed; the verdict does not: what it proves is checked, what it leaves is logged.
	o := Options{Limit: 50 * time.Millisecond, MarginLimit: 300 * time.Millisecond, Jobs: 1}
	rs, err := ReviewAll(context.Background(), games, o)
	if err != nil {
		t.Fatal(err)
	}
	prover := facts.NewProver(facts.NewCache())
	for k, p := range positions {
		r := &rs[k]
		last := len(r.positions) - 1
		problems, notes := disagreements(p, r.values[last], r.margins[last], prover)
		for _, msg := range problems {
			t.Error(msg)
		}
		for _, msg := range notes {
			t.Log(msg)
		}
		if p.Kind == factstest.End && r.Result != "W+0.5" {
			t.Errorf("%s: result %q, want W+0.5", p.Name, r.Result)
		}
	}
}

// disagreements compares what a review says of p's position (got, Black's value, and
// margin, the exact margin or nil) with the facts: what facts.Known proves it must
// show, on any machine; what it proved beyond that within its CPU limits (more on a
// faster machine) must agree with prover, given far more. It returns the disagreements,
// and notes of what was not checked.
func disagreements(p factstest.Position, got facts.Value, margin *int, prover *facts.Prover) (problems, notes []string) {
	known := facts.Known(p.Pos)
	km, kexact := known.Margin()
	if kv := known.BlackValue(); kv != facts.Unknown && got != kv {
		problems = append(problems, fmt.Sprintf("%s (%s): the review's value for Black %s, facts' %s", p.Name, p.Kind, got, kv))
	}
	if kexact && (margin == nil || *margin != km) {
		problems = append(problems, fmt.Sprintf("%s (%s): the review's margin %s, facts' %d (exact)", p.Name, p.Kind, intOrNil(margin), km))
	}
	if got == known.BlackValue() && (margin == nil || kexact) {
		if p.Kind == factstest.Solver {
			notes = append(notes, p.Name+": the review proved no more than facts.Known within its limits on this machine")
		}
		return problems, notes
	}
	truth := prover.Margin(context.Background(), p.Pos, facts.Limits{CPU: 30 * time.Second})
	tm, texact := truth.Margin()
	if tv := truth.BlackValue(); tv == facts.Unknown {
		notes = append(notes, fmt.Sprintf("%s (%s): the review's value %s, margin %s not checked: the test's prover proved nothing", p.Name, p.Kind, got, intOrNil(margin)))
	} else if got != facts.Unknown && got != tv {
		problems = append(problems, fmt.Sprintf("%s (%s): the review's value for Black %s, but the position is %s", p.Name, p.Kind, got, tv))
	}
	if margin != nil && texact && *margin != tm {
		problems = append(problems, fmt.Sprintf("%s (%s): the review's margin %d, but the exact margin is %d", p.Name, p.Kind, *margin, tm))
	}
	return problems, notes
}

// A review that proves more than facts.Known within its limits (a fast machine proves
// the exact margin of the book line at move 9, where facts.Known has bounds) is right
// where it agrees with the facts, and wrong where it does not, whatever the machine.
func TestAStrongerProvedAnswerIsRightWhereItAgrees(t *testing.T) {
	if racedetect.Enabled {
		t.Skip("a check of the comparison alone, whose proof takes seconds under the race detector")
	}
	positions := factstest.MustPositions(t)
	prover := facts.NewProver(facts.NewCache())
	for _, p := range positions {
		if p.Name != "the book line, move 9 to play" {
			continue
		}
		truth := prover.Margin(context.Background(), p.Pos, facts.Limits{CPU: 30 * time.Second})
		m, exact := truth.Margin()
		if _, knownExact := facts.Known(p.Pos).Margin(); knownExact || !exact {
			t.Skipf("%s: facts.Known's margin exact %v, the prover's %v: not the case this test is about", p.Name, knownExact, exact)
		}
		if problems, _ := disagreements(p, truth.BlackValue(), &m, prover); len(problems) > 0 {
			t.Errorf("the exact margin %d: %v", m, problems)
		}
		wrong := m + 2
		if problems, _ := disagreements(p, truth.BlackValue(), &wrong, prover); len(problems) != 1 {
			t.Errorf("a wrong exact margin %d (the true one is %d): %v, want one disagreement", wrong, m, problems)
		}
		return
	}
	t.Fatal("no test position at move 9 of the book line")
}
