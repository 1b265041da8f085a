// eval.go: the eval subcommand: how often the pattern and light policies choose the strong player's move on held-out games.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"littlego/board"
	"littlego/policy"
)

// lightSamples is the number of Light moves drawn to estimate its probabilities.
const lightSamples = 400

// phases split the game by move number for the report.
var phases = [...]struct {
	name     string
	from, to uint8
}{{"moves 1-8", 1, 8}, {"moves 9-16", 9, 16}, {"moves 17-24", 17, 24}, {"all", 1, 24}}

// accuracy accumulates one policy's agreement with the strong player.
type accuracy struct {
	top1, prob float64
	n          int
}

func (a *accuracy) String() string {
	if a.n == 0 {
		return "     -          -   "
	}
	return fmt.Sprintf("%5.1f%%   %5.1f%%", 100*a.top1/float64(a.n), 100*a.prob/float64(a.n))
}

// add scores a distribution prob against the chosen action: top1 is 1/k when chosen is
// one of the k most likely actions, prob is its probability.
func (a *accuracy) add(prob *[board.NumActions]float64, chosen board.Point) {
	best, ties := 0.0, 0
	for _, p := range prob {
		switch {
		case p > best:
			best, ties = p, 1
		case p == best && p > 0:
			ties++
		}
	}
	if prob[chosen] == best && best > 0 {
		a.top1 += 1 / float64(ties)
	}
	a.prob += prob[chosen]
	a.n++
}

// report prints, for the positions of ss in which the side to move has a choice, how
// often the pattern policy with weights w, the light policy and a uniformly random
// choice agree with the strong player: top-1 (the policy's most likely action, ties
// split evenly) and the mean probability of the strong player's action. Light plays a
// capture or a uniformly random acceptable move, so its top-1 equals its mean
// probability; it is estimated from lightSamples draws per position.
func report(w io.Writer, label string, ss []sample, weights *policy.PatternWeights) {
	pat := policy.NewPattern(weights)
	light := policy.Light{}.NewPlayer()
	rng := policy.NewRand(1)
	var accPat, accLight, accUniform [len(phases)]accuracy
	for i := range ss {
		s := &ss[i]
		legal := s.pos.Legal()
		if legal == 0 {
			continue // only Pass
		}
		var prob, lp, up [board.NumActions]float64
		pat.Probabilities(&s.pos, s.last, &prob)
		for range lightSamples {
			lp[light.Move(&s.pos, &rng)] += 1.0 / lightSamples
		}
		n := float64(legal.Count() + 1)
		for a := board.Point(0); a < board.NumActions; a++ {
			if a == board.Pass || legal.Has(a) {
				up[a] = 1 / n
			}
		}
		for k, ph := range phases {
			if s.pos.Move >= ph.from && s.pos.Move <= ph.to {
				accPat[k].add(&prob, s.chosen)
				accLight[k].add(&lp, s.chosen)
				accUniform[k].add(&up, s.chosen)
			}
		}
	}
	fmt.Fprintf(w, "%s: agreement with the strong player's move (top-1 with ties split, mean probability)\n", label)
	fmt.Fprintf(w, "  %-12s %6s  %-17s %-17s %-17s\n", "", "moves", "pattern", "light", "uniform")
	for k, ph := range phases {
		fmt.Fprintf(w, "  %-12s %6d  %s  %s  %s\n", ph.name, accPat[k].n, &accPat[k], &accLight[k], &accUniform[k])
	}
}

// runEval is the eval subcommand: the built-in weights on the held-out games.
func runEval(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "policy/testdata/patterns/selfplay.txt", "games written by gen")
	holdout := fs.Int("holdout", 5, "evaluate on game k when k mod holdout == 0 (as fit held them out)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *holdout < 1 {
		return errors.New("-holdout must be positive")
	}
	recs, err := readRecords(*data)
	if err != nil {
		return err
	}
	_, test := samples(recs, *holdout)
	report(stdout, "held out (built-in weights)", test, policy.BuiltinPatternWeights())
	return nil
}
