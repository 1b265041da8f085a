// verify.go: solve table verify: a seeded sample of a table's records proved again by the solver.

package table

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cputime"
	"littlego/solver"
	"littlego/tablebase"
)

// verifyTable proves again, with a solver table cleared for each, a seeded sample of count
// known records of the table file at path (0: all of them), of level only when level is 0
// or more: the value, the margin where the record has one, and that the best action
// keeps them. It fails on any disagreement.
func verifyTable(stdout, stderr io.Writer, path string, count int, seed uint64, ttBits, level int) error {
	if count < 0 {
		return base.Usagef("-n %d: must be 0 (all) or positive", count)
	}
	if err := base.CheckTT(ttBits, 1); err != nil {
		return err
	}
	t, err := readTable(path)
	if err != nil {
		return err
	}
	recs := t.Records()
	var known []int
	unknown := 0
	for i, r := range recs {
		switch {
		case level >= 0 && r.Level() != level:
		case r.Entry().Known:
			known = append(known, i)
		default:
			unknown++
		}
	}
	order := rand.New(rand.NewPCG(seed, 0x7461626c65)).Perm(len(known))
	if count > 0 && count < len(order) {
		order = order[:count]
	}
	s := solver.New(ttBits)
	bad := 0
	var cpu time.Duration
	for k, j := range order {
		i := known[j]
		pos, e := recs[i].Position(), recs[i].Entry()
		start := cputime.Process()
		why := reprove(s, pos, e)
		took := cputime.Process() - start
		cpu += took
		verdict := "agrees"
		if why != "" {
			bad++
			verdict = "DISAGREES: " + why
			if bad <= 10 {
				fmt.Fprintf(stdout, "record %d (level %d): %s\n%s\n", i, recs[i].Level(), why, pos.String())
			}
		}
		fmt.Fprintf(stderr, "%d/%d record %d (level %d, %s): %s, %.1f CPU-s\n", k+1, len(order), i, recs[i].Level(), entryWords(e), verdict, took.Seconds())
	}
	of := ""
	if level >= 0 {
		of = fmt.Sprintf(" of level %d", level)
	}
	fmt.Fprintf(stdout, "%s (%v, %d records): %d known records%s sampled (seed %d), %d unknown in the table, %d disagree with the solver; %.1f CPU-s\n",
		path, t.Header.Kind, len(recs), len(order), of, seed, unknown, bad, cpu.Seconds())
	if bad > 0 {
		return fmt.Errorf("%d of %d records disagree with the solver", bad, len(order))
	}
	return nil
}

// reprove checks one known entry against the solver, over a table cleared first, and
// says what disagrees ("" when nothing does). A record with a margin has its margin
// proved again (its value follows: Decode refuses a value its margin contradicts), one
// without its value; then the best action, over the same table (whose entries are
// proved bounds, so the second proof is as exact and mostly done).
func reprove(s *solver.Solver, pos board.Position, e tablebase.Entry) string {
	s.Clear()
	if e.MarginKnown {
		if m := s.Margin(pos, solver.Limits{}); m.Margin != e.Margin {
			return fmt.Sprintf("the table's margin is %+d, the solver's %+d", e.Margin, m.Margin)
		}
	} else if r := s.Solve(pos, solver.Limits{}); r.Win != e.Win {
		return fmt.Sprintf("the table says %s, the solver %s", entryWords(e), entryWords(tablebase.Entry{Known: true, Win: r.Win}))
	}
	if e.Best == board.NoPoint {
		return ""
	}
	after := pos
	if !after.Act(e.Best) {
		return fmt.Sprintf("the best action %v is illegal", e.Best)
	}
	if e.MarginKnown {
		if m := s.Margin(after, solver.Limits{}); m.Margin != e.Margin {
			return fmt.Sprintf("after the best action %v the margin is %+d, not %+d", e.Best, m.Margin, e.Margin)
		}
	} else if r := s.Solve(after, solver.Limits{}); e.Win && r.Win {
		return fmt.Sprintf("the winning action %v loses", e.Best)
	}
	return ""
}
