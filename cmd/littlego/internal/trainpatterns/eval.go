// eval.go: the eval subcommand: how often the pattern and light policies choose the strong player's move on held-out games.

package trainpatterns

import (
	"fmt"
	"io"

	"littlego/board"
	"littlego/policy"
	"littlego/solver"
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
// often the pattern policy pat, the light policy and a uniformly random
// choice agree with the strong player: top-1 (the policy's most likely action, ties
// split evenly) and the mean probability of the strong player's action. Light plays a
// capture or a uniformly random acceptable move, so its top-1 equals its mean
// probability; it is estimated from lightSamples draws per position.
func report(w io.Writer, label string, ss []sample, pat policy.Pattern) {
	light := policy.Light{}.NewPlayer()
	rng := policy.NewRand(1)
	var accPat, accLight, accUniform [len(phases)]accuracy
	var winPat, winLight, winUniform accuracy // critical positions: a winning action
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
		if s.critical() {
			winPat.addWinning(&prob, s.winningActions())
			winLight.addWinning(&lp, s.winningActions())
			winUniform.addWinning(&up, s.winningActions())
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
	if winPat.n > 0 {
		fmt.Fprintf(w, "%s, positions the solver found critical (some actions win, some lose): a winning action (top-1, probability)\n", label)
		fmt.Fprintf(w, "  %-12s %6d  %s  %s  %s\n", "critical", winPat.n, &winPat, &winLight, &winUniform)
	}
}

// addWinning scores a distribution prob against the set of winning actions: top1 is
// the share of the most likely actions (ties split evenly) that win, prob the
// probability of choosing a winning action.
func (a *accuracy) addWinning(prob *[board.NumActions]float64, winning *[board.NumActions]bool) {
	best, ties, wins := 0.0, 0, 0
	for act, p := range prob {
		switch {
		case p > best:
			best, ties, wins = p, 1, 0
			if winning[act] {
				wins = 1
			}
		case p == best && p > 0:
			ties++
			if winning[act] {
				wins++
			}
		}
	}
	if ties > 0 {
		a.top1 += float64(wins) / float64(ties)
	}
	for act, p := range prob {
		if winning[act] {
			a.prob += p
		}
	}
	a.n++
}

// evalSettings are eval's flags.
type evalSettings struct {
	data, weights                     string
	holdout, solveFrom                int
	solveNodes                        int64
	valuePlayouts, valueFrom, valueTo int
}

// eval reports on stdout how the pattern policy (the built-in weights, or those of the
// file s.weights) and the light policy do on the held-out games of s.data.
func eval(s evalSettings, stdout io.Writer) error {
	recs, err := readRecords(s.data)
	if err != nil {
		return err
	}
	_, test := samples(recs, s.holdout)
	solveSamples(test, s.solveFrom, s.solveNodes)
	pat, label := policy.Pattern{}, "held out (built-in weights)"
	if s.weights != "" {
		w, err := readWeights(s.weights)
		if err != nil {
			return err
		}
		pat, label = policy.NewPattern(w), "held out ("+s.weights+")"
	}
	report(stdout, label, test, pat)
	if s.valuePlayouts > 0 {
		valueReport(stdout, test, s.valueFrom, s.valueTo, s.solveNodes, s.valuePlayouts,
			[]policy.Policy{policy.Light{}, pat})
	}
	return nil
}

// valueReport measures how well the playouts of each policy judge positions: for the
// samples at move numbers from..to that the solver proves (within nodes), the mean
// result of n playouts from the position, for the side to move, against the exact
// result (1 a win, 0 a loss): the mean squared error and the share of positions on the
// right side of one half. A playout policy is there to judge positions, so this is
// its direct measure, apart from speed.
func valueReport(w io.Writer, ss []sample, from, to int, nodes int64, n int, policies []policy.Policy) {
	s := solver.New(solver.DefaultTableBits)
	type score struct {
		sqErr, right float64
		bias         [2]float64 // mean result - truth, by the side to move
	}
	var byColor [2]int
	scores := make([]score, len(policies))
	players := make([]policy.Player, len(policies))
	for i, p := range policies {
		players[i] = p.NewPlayer()
	}
	rng := policy.NewRand(5)
	count := 0
	for i := range ss {
		pos := ss[i].pos
		if pos.Over || int(pos.Move) < from || int(pos.Move) > to {
			continue
		}
		r := s.Solve(pos, solver.Limits{Nodes: nodes})
		if !r.Known {
			continue
		}
		truth := 0.0
		if r.Win {
			truth = 1
		}
		count++
		byColor[pos.Turn]++
		for k, pl := range players {
			wins := 0
			for range n {
				q := pos
				var amaf [2]board.Bitboard
				pl.Playout(&q, &rng, &amaf)
				if q.Winner() == pos.Turn {
					wins++
				}
			}
			mean := float64(wins) / float64(n)
			scores[k].sqErr += (mean - truth) * (mean - truth)
			scores[k].bias[pos.Turn] += mean - truth
			if (mean > 0.5) == (truth == 1) {
				scores[k].right++
			}
		}
	}
	fmt.Fprintf(w, "playout judgement, %d proved positions at moves %d-%d, %d playouts each: mean squared error, right side of 1/2, bias (mean result - truth) with Black / White to move\n", count, from, to, n)
	for k, p := range policies {
		fmt.Fprintf(w, "  %-8s %.4f  %5.1f%%  %+.3f / %+.3f\n", p.Name(), scores[k].sqErr/float64(max(count, 1)), 100*scores[k].right/float64(max(count, 1)),
			scores[k].bias[0]/float64(max(byColor[0], 1)), scores[k].bias[1]/float64(max(byColor[1], 1)))
	}
}
