// fit.go: the fit subcommand: competitions from the engine's moves, Coulom's minorisation-maximisation, the generated weights file.

package trainpatterns

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"littlego/board"
	"littlego/lib/atomicfile"
	"littlego/policy"
)

// sample is one move of the strong player: the position, the opponent's last action
// and the action chosen.
type sample struct {
	pos    board.Position
	last   board.Point
	chosen board.Point
	game   int
	// verdict and winning are the exact solver's findings (solveSamples).
	verdict verdict
	winning [board.NumActions]bool
}

// samples replays the records and returns the engine's moves (the random opening
// actions left out), split into training and held-out games: game k is held out when
// k mod holdout == 0 (holdout 0: none).
func samples(recs []record, holdout int) (train, test []sample) {
	for k, r := range recs {
		pos := board.New()
		last := board.NoPoint
		for i, a := range r.actions {
			if i >= r.random {
				s := sample{pos: pos, last: last, chosen: a, game: k}
				if holdout > 0 && k%holdout == 0 {
					test = append(test, s)
				} else {
					train = append(train, s)
				}
			}
			pos.Play(a)
			last = a
		}
	}
	return train, test
}

// competition is one choice of the strong player among teams (the actions the policy
// rates), each team the gammas of its feature levels (Coulom's generalised
// Bradley-Terry model: a team's strength is the product of its members' gammas).
type competition struct {
	first, end int32 // teams[first:end]
	winner     int32 // index into teams
}

// team is the list of gamma indices of one action: members[first:end].
type team struct {
	first, end int32
}

// model holds the gammas being fitted and the data.
type model struct {
	// names[i] describes gamma i; group[i] is its feature.
	names []string
	group []int
	gamma []float64
	// level[f][l] is the gamma index of level l of the tactical feature f (-1: the
	// fixed gamma 1 of level 0); pattern[code] that of a canonical code.
	level   [policy.NumPatternFeatures][]int
	pattern map[uint32]int
	unseen  int

	comps   []competition
	teams   []team
	members []int32
	wins    []float64
}

// newModel creates the gammas: one per level of every feature but the "absent"
// levels, one per pattern code met at least minCount times among the candidate actions
// of the training samples, and one for the other codes.
func newModel(train []sample, minCount int) *model {
	m := &model{pattern: map[uint32]int{}}
	add := func(f int, name string) int {
		m.names = append(m.names, name)
		m.group = append(m.group, f)
		m.gamma = append(m.gamma, 1)
		return len(m.gamma) - 1
	}
	counts := map[uint32]int{}
	var acts []policy.PatternAction
	for i := range train {
		acts, _ = policy.PatternActions(&train[i].pos, train[i].last, acts[:0])
		for _, a := range acts {
			if c := a.Levels[policy.FeaturePattern]; c != 0 {
				counts[c-1]++
			}
		}
	}
	codes := make([]uint32, 0, len(counts))
	for c, n := range counts {
		if n >= minCount {
			codes = append(codes, c)
		}
	}
	slices.Sort(codes)
	for _, c := range codes {
		m.pattern[c] = add(policy.FeaturePattern, fmt.Sprintf("pattern %05x", c))
	}
	m.unseen = add(policy.FeaturePattern, "pattern (rare)")
	for f := policy.FeaturePoint; f < policy.NumPatternFeatures; f++ {
		m.level[f] = make([]int, policy.NumLevels(f))
		m.level[f][0] = -1
		for l := 1; l < policy.NumLevels(f); l++ {
			m.level[f][l] = add(f, fmt.Sprintf("%s %d", policy.FeatureName(f), l))
		}
	}
	m.wins = make([]float64, len(m.gamma))
	return m
}

// members appends the gamma indices of the action a to out.
func (m *model) membersOf(a *policy.PatternAction, out []int32) []int32 {
	if c := a.Levels[policy.FeaturePattern]; c != 0 {
		i, ok := m.pattern[c-1]
		if !ok {
			i = m.unseen
		}
		out = append(out, int32(i))
	}
	for f := policy.FeaturePoint; f < policy.NumPatternFeatures; f++ {
		if l := a.Levels[f]; l != 0 {
			out = append(out, int32(m.level[f][l]))
		}
	}
	return out
}

// addSamples turns the samples into competitions. A sample is skipped when the policy
// has nothing to choose (a forced pass, a single action) or does not rate the chosen
// action (a pass that the policy never makes), and, when filter is set, when the
// solver found the position decided or the chosen action losing; skipped returns how
// many.
func (m *model) addSamples(ss []sample, filter bool) (skipped int) {
	var acts []policy.PatternAction
	for i := range ss {
		if filter && (ss[i].verdict == decided || ss[i].verdict == chosenLoses) {
			skipped++
			continue
		}
		var forced board.Point
		acts, forced = policy.PatternActions(&ss[i].pos, ss[i].last, acts[:0])
		if forced != board.NoPoint || len(acts) < 2 {
			skipped++
			continue
		}
		winner := slices.IndexFunc(acts, func(a policy.PatternAction) bool { return a.Action == ss[i].chosen })
		if winner < 0 {
			skipped++
			continue
		}
		c := competition{first: int32(len(m.teams)), winner: int32(len(m.teams) + winner)}
		for k := range acts {
			t := team{first: int32(len(m.members))}
			m.members = m.membersOf(&acts[k], m.members)
			t.end = int32(len(m.members))
			m.teams = append(m.teams, t)
			if k == winner {
				for _, g := range m.members[t.first:t.end] {
					m.wins[g]++
				}
			}
		}
		c.end = int32(len(m.teams))
		m.comps = append(m.comps, c)
	}
	return skipped
}

// strength returns the product of the gammas of team t.
func (m *model) strength(t team) float64 {
	s := 1.0
	for _, g := range m.members[t.first:t.end] {
		s *= m.gamma[g]
	}
	return s
}

// logLikelihood returns the mean log-probability of the winners.
func (m *model) logLikelihood() float64 {
	var ll float64
	for _, c := range m.comps {
		var total float64
		for _, t := range m.teams[c.first:c.end] {
			total += m.strength(t)
		}
		ll += math.Log(m.strength(m.teams[c.winner]) / total)
	}
	return ll / float64(max(len(m.comps), 1))
}

// update runs one minorisation-maximisation step on the gammas of feature f (Hunter
// 2004, Coulom 2007): gamma_i = W_i / sum_j C_ij/E_j, W_i the wins of the teams holding
// i, E_j the total strength of competition j and C_ij the strength of i's team in j
// without i. Every gamma also gets Coulom's prior: one virtual win and one virtual loss
// against a virtual opponent of gamma 1.
func (m *model) update(f int) {
	denom := make([]float64, len(m.gamma))
	for _, c := range m.comps {
		teams := m.teams[c.first:c.end]
		var total float64
		for _, t := range teams {
			total += m.strength(t)
		}
		for _, t := range teams {
			s := m.strength(t) / total
			for _, g := range m.members[t.first:t.end] {
				if m.group[g] == f {
					denom[g] += s / m.gamma[g]
				}
			}
		}
	}
	for g := range m.gamma {
		if m.group[g] == f {
			m.gamma[g] = (m.wins[g] + 1) / (denom[g] + 2/(m.gamma[g]+1))
		}
	}
}

// fit runs MM sweeps over every feature until the training log-likelihood gains less
// than tol in a sweep, or for at most sweeps sweeps; it reports progress to log.
func (m *model) fit(sweeps int, tol float64, log io.Writer) {
	prev := m.logLikelihood()
	for s := 1; s <= sweeps; s++ {
		for f := range policy.NumPatternFeatures {
			m.update(f)
		}
		ll := m.logLikelihood()
		if log != nil && (s%10 == 0 || s == 1) {
			fmt.Fprintf(log, "sweep %d: mean log-likelihood %.5f\n", s, ll)
		}
		if ll-prev < tol {
			if log != nil {
				fmt.Fprintf(log, "converged after %d sweeps: mean log-likelihood %.5f\n", s, ll)
			}
			return
		}
		prev = ll
	}
}

// weights returns the fitted gammas as the policy's weights, the pattern gammas
// divided by their geometric mean (weighted by how often each was met) and the other
// features' gammas so that the product model is unchanged: a pattern gamma above 1
// then means "better than the typical pattern".
func (m *model) weights() policy.PatternWeights {
	var w policy.PatternWeights
	// Every placement has one pattern gamma: dividing them all by scale, and Pass
	// too, leaves every probability as it was.
	var sumLog, n float64
	seen := make([]float64, len(m.gamma))
	for _, t := range m.teams {
		for _, g := range m.members[t.first:t.end] {
			seen[g]++
		}
	}
	codes := make([]uint32, 0, len(m.pattern))
	for c := range m.pattern {
		codes = append(codes, c)
	}
	slices.Sort(codes) // a fixed order of summation: the same file every time
	for _, c := range codes {
		g := m.pattern[c]
		sumLog += seen[g] * math.Log(m.gamma[g])
		n += seen[g]
	}
	sumLog += seen[m.unseen] * math.Log(m.gamma[m.unseen])
	n += seen[m.unseen]
	scale := math.Exp(sumLog / max(n, 1))
	for _, c := range codes {
		w.Patterns = append(w.Patterns, policy.PatternGamma{Code: c, Gamma: float32(m.gamma[m.pattern[c]] / scale)})
	}
	w.Unseen = float32(m.gamma[m.unseen] / scale)
	get := func(f, l int) float32 {
		if i := m.level[f][l]; i >= 0 {
			return float32(m.gamma[i])
		}
		return 1
	}
	for f := policy.FeaturePoint; f < policy.NumPatternFeatures; f++ {
		w.Gammas[f] = make([]float32, policy.NumLevels(f))
		for l := range w.Gammas[f] {
			w.Gammas[f][l] = get(f, l)
			if f == policy.FeaturePass && l > 0 { // Pass has no pattern gamma to share the scale
				w.Gammas[f][l] = float32(float64(w.Gammas[f][l]) / scale)
			}
		}
	}
	return w
}

// fitSettings are fit's flags.
type fitSettings struct {
	data, out                 string
	holdout, minCount, sweeps int
	solveFrom                 int
	solveNodes                int64
	tol                       float64
}

// fit fits the gammas to the games of s.data, reports the fit on stdout and writes the
// weights to s.out when it is set.
func fit(s fitSettings, stdout, stderr io.Writer) error {
	recs, err := readRecords(s.data)
	if err != nil {
		return err
	}
	train, test := samples(recs, s.holdout)
	counts := solveSamples(train, s.solveFrom, s.solveNodes)
	solveSamples(test, s.solveFrom, s.solveNodes)
	m := newModel(train, s.minCount)
	skipped := m.addSamples(train, s.solveFrom > 0)
	fmt.Fprintf(stdout, "%d games, %d training moves (%d left out), %d held-out moves; %d gammas (%d patterns)\n",
		len(recs), len(train), skipped, len(test), len(m.gamma), len(m.pattern))
	if s.solveFrom > 0 {
		var parts []string
		for v, n := range counts {
			parts = append(parts, fmt.Sprintf("%s %d", verdictNames[v], n))
		}
		fmt.Fprintf(stdout, "solver on the training moves from move %d: %s\n", s.solveFrom, strings.Join(parts, ", "))
	}
	m.fit(s.sweeps, s.tol, stderr)
	w := m.weights()
	for f := policy.FeaturePoint; f < policy.NumPatternFeatures; f++ {
		var parts []string
		for l := 1; l < len(m.level[f]); l++ {
			parts = append(parts, fmt.Sprintf("%d:%.3g", l, w.Gammas[f][l]))
		}
		fmt.Fprintf(stdout, "  %-10s %s\n", policy.FeatureName(f), strings.Join(parts, " "))
	}
	fmt.Fprintf(stdout, "  %-10s rare %.3g\n", "pattern", w.Unseen)
	if len(test) > 0 {
		report(stdout, "held out", test, policy.NewPattern(&w))
	}
	if s.out == "" {
		return nil
	}
	w.Source = fmt.Sprintf("fitted by `train-patterns fit -data %s -holdout %d -min-count %d -sweeps %d -tol %g -solve-from %d -solve-nodes %d`"+
		" to the %d moves of the engine in the training part of %d self-play games (first game seed %d;"+
		" the games were made by train-patterns gen, whose command line heads the data file)",
		s.data, s.holdout, s.minCount, s.sweeps, s.tol, s.solveFrom, s.solveNodes, len(train), len(recs), recs[0].seed)
	return writeWeights(s.out, &w)
}

// writeWeights writes w to the weights file path (policy.EncodePatternWeights).
func writeWeights(path string, w *policy.PatternWeights) error {
	data, err := policy.EncodePatternWeights(w)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

// readWeights reads a weights file written by writeWeights.
func readWeights(path string) (*policy.PatternWeights, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	w, err := policy.DecodePatternWeights(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return w, nil
}
