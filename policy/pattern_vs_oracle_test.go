// pattern_vs_oracle_test.go: the incremental pattern player against the oracle: the same features, probabilities, playouts from the same seeds, priors and move distributions, and a perturbed table is caught.

package policy

import (
	"fmt"
	"math"
	"testing"

	"littlego/board"
	"littlego/lib/racedetect"
)

// oracleSize returns full, or a quarter of it (at least 2) under -short and the race
// detector. CI runs the full size without the race detector:
// go test -count=1 -run Oracle ./policy.
func oracleSize(full int) int {
	if testing.Short() || racedetect.Enabled {
		return max(2, full/4)
	}
	return full
}

// oracleCase is a pattern policy and the oracle of the same gammas as fitted.
type oracleCase struct {
	name string
	pt   Pattern
	o    *oracle
}

func oracleCases() []oracleCase {
	w := testPatternWeights()
	return []oracleCase{
		{"built-in", Pattern{}, newOracle(learnedPatternWeights())},
		{"varied", NewPattern(w), newOracle(w)},
	}
}

// lastMoves returns the last actions a position is rated after: unknown, and the one
// that led to it.
func lastMoves(prev board.Point) [2]board.Point { return [2]board.Point{board.NoPoint, prev} }

// compareProbabilities returns an error unless pt's Probabilities equal the oracle's
// exactly in every position, with and without the last action.
func compareProbabilities(pt Pattern, o *oracle, positions []board.Position, prevs []board.Point) error {
	for i := range positions {
		pos := positions[i]
		if pos.Over {
			continue
		}
		for _, last := range lastMoves(prevs[i]) {
			var got [board.NumActions]float64
			pt.Probabilities(&pos, last, &got)
			r := o.rate(&pos, last)
			if want := r.probabilities(); got != want {
				return fmt.Errorf("after %v in\n%v\nprobabilities %v\noracle        %v\noracle weights %v", last, &pos, got, want, r.weight)
			}
		}
	}
	return nil
}

// comparePlayouts returns an error unless pt's playouts from positions (every step-th)
// end exactly as the oracle's from the same seed: the same final position, AMAF sets
// and random state.
func comparePlayouts(pt Pattern, o *oracle, positions []board.Position, prevs []board.Point, step int) error {
	p := pt.NewPlayer().(*patternPlayer)
	rngP, rngO := NewRand(3), NewRand(3)
	for i := 0; i < len(positions); i += step {
		for _, last := range lastMoves(prevs[i]) {
			a, b := positions[i], positions[i]
			var amafA, amafB [2]board.Bitboard
			p.playout(&a, last, &rngP, &amafA)
			if !b.Over {
				o.playout(&b, last, &rngO, &amafB)
			}
			if a != b || amafA != amafB || rngP != rngO {
				return fmt.Errorf("playouts from\n%v\n(last %v) differ:\nplayer %+v %v\noracle %+v %v", &positions[i], last, a, amafA, b, amafB)
			}
		}
	}
	return nil
}

func TestOracleFeaturesEqualPatternActions(t *testing.T) {
	positions, prevs := patGames(oracleSize(40), 41)
	o := newOracle(learnedPatternWeights())
	var acts []PatternAction
	for i := range positions {
		pos := positions[i]
		if pos.Over {
			continue
		}
		for _, last := range lastMoves(prevs[i]) {
			var forced board.Point
			acts, forced = PatternActions(&pos, last, acts[:0])
			r := o.rate(&pos, last)
			if r.forced != (forced == board.Pass) || forced == board.Pass && len(acts) != 0 {
				t.Fatalf("in\n%v\nPatternActions forced %v with %d actions, oracle forced %v", &pos, forced, len(acts), r.forced)
			}
			if r.forced {
				continue
			}
			var want []PatternAction
			for b := r.legal; b != 0; b &= b - 1 {
				want = append(want, PatternAction{Action: b.First(), Levels: r.levels[b.First()]})
			}
			if r.legal == 0 || !pos.Passed && pos.Move != pos.Last {
				var pass PatternAction
				pass.Action = board.Pass
				pass.Levels[FeaturePass] = oraclePassLevel(&pos)
				want = append(want, pass)
			}
			if fmt.Sprint(acts) != fmt.Sprint(want) {
				t.Fatalf("after %v in\n%v\nPatternActions %v\noracle         %v", last, &pos, acts, want)
			}
		}
	}
}

func TestOracleProbabilitiesEqualPattern(t *testing.T) {
	positions, prevs := patGames(oracleSize(60), 42)
	for _, tc := range oracleCases() {
		if err := compareProbabilities(tc.pt, tc.o, positions, prevs); err != nil {
			t.Fatalf("%s weights: %v", tc.name, err)
		}
	}
}

func TestOracleReplaysPatternPlayouts(t *testing.T) {
	positions, prevs := patGames(oracleSize(60), 21)
	for _, tc := range oracleCases() {
		if err := comparePlayouts(tc.pt, tc.o, positions, prevs, 1); err != nil {
			t.Fatalf("%s weights: %v", tc.name, err)
		}
	}
}

func TestOracleMovesAndPriorsEqualPattern(t *testing.T) {
	positions, prevs := patGames(oracleSize(20), 22)
	for _, tc := range oracleCases() {
		p := tc.pt.NewPlayer().(*patternPlayer)
		rngP, rngO := NewRand(4), NewRand(4)
		for i := range positions {
			pos := positions[i]
			if pos.Over {
				continue
			}
			r := tc.o.rate(&pos, board.NoPoint)
			if x, y := p.Move(&pos, &rngP), r.choose(&rngO); x != y {
				t.Fatalf("%s: Move in\n%v\nplayer %v, oracle %v", tc.name, &pos, x, y)
			}
			var got [board.NumActions]Prior
			p.priors(&pos, prevs[i], &got)
			r = tc.o.rate(&pos, prevs[i])
			want := r.priors()
			for a := range got {
				if got[a].Visits != want[a].Visits || math.Abs(float64(got[a].Wins-want[a].Wins)) > 1e-4 {
					t.Fatalf("%s: priors after %v in\n%v\nplayer %v\noracle %v", tc.name, prevs[i], &pos, got, want)
				}
			}
		}
	}
}

// chiSquareZ returns the Wilson-Hilferty normal deviate of a chi-square statistic with
// df degrees of freedom: about N(0,1) when the statistic follows the chi-square law.
func chiSquareZ(chi float64, df int) float64 {
	k := float64(df)
	return (math.Cbrt(chi/k) - (1 - 2/(9*k))) / math.Sqrt(2/(9*k))
}

// TestOracleMoveDistributionEqualsPattern draws many moves from each position of a
// corpus with the player and the oracle (independent random streams) and compares the
// two histograms by Pearson's chi-square test of homogeneity, position by position and
// summed over the corpus. The seeds are fixed, so the test is deterministic; the limits
// (z 4.5 for one position, 3.5 for the sum) are far beyond chance.
func TestOracleMoveDistributionEqualsPattern(t *testing.T) {
	games, draws := 12, 20000
	if testing.Short() || racedetect.Enabled {
		games, draws = 3, 4000
	}
	starts, _ := patGames(games, 23)
	p := Pattern{}.NewPlayer()
	o := newOracle(learnedPatternWeights())
	rngP, rngO := NewRand(101), NewRand(202)
	sumChi, sumDF, tested := 0.0, 0, 0
	for i := range starts {
		pos := starts[i]
		if pos.Over || i%2 != 0 {
			continue
		}
		r := o.rate(&pos, board.NoPoint)
		var hp, ho [board.NumActions]int
		for range draws {
			hp[p.Move(&pos, &rngP)]++
			ho[r.choose(&rngO)]++
		}
		chi, k := 0.0, 0
		for a := range hp {
			if n := hp[a] + ho[a]; n > 0 {
				d := float64(hp[a] - ho[a])
				chi += d * d / float64(n)
				k++
			}
		}
		if k < 2 {
			continue // a single possible move: nothing to compare
		}
		tested++
		sumChi += chi
		sumDF += k - 1
		if z := chiSquareZ(chi, k-1); z > 4.5 {
			t.Errorf("position %d: chi-square %.1f with %d degrees of freedom (z %.1f)\n%v\nplayer %v\noracle %v", i, chi, k-1, z, &pos, hp, ho)
		}
	}
	if tested < 10 {
		t.Fatalf("only %d positions tested", tested)
	}
	if z := chiSquareZ(sumChi, sumDF); z > 3.5 {
		t.Errorf("over %d positions: chi-square %.1f with %d degrees of freedom (z %.1f)", tested, sumChi, sumDF, z)
	}
	t.Logf("%d positions, %d draws each: chi-square %.1f with %d degrees of freedom (z %.2f)", tested, draws, sumChi, sumDF, chiSquareZ(sumChi, sumDF))
}

// TestOracleCatchesAPerturbedTable changes one entry of the player's compiled table at
// a time and checks that the comparisons with the oracle (of the unchanged gammas)
// fail: they can tell a wrong table from a right one.
func TestOracleCatchesAPerturbedTable(t *testing.T) {
	positions, prevs := patGames(oracleSize(20), 31)
	o := newOracle(learnedPatternWeights())
	perturbations := []struct {
		name     string
		change   func(*patternTable)
		playouts bool // the playouts must show it too
	}{
		{"the gamma of the code with eight empty neighbours", func(t *patternTable) {
			t.pattern[keyIndex(0)] ^= 1 // one step of about 6.5%
		}, true},
		{"the gamma of capturing one stone", func(t *patternTable) {
			t.tactics[packLevels(&[NumPatternFeatures]uint32{FeatureCapture: 1}).index()] *= 1.07
		}, true},
		{"the orthogonal last-move gamma", func(t *patternTable) { t.lastMul[1] += 8 }, true},
		{"an early pass gamma", func(t *patternTable) { t.pass[1] += 8 }, false},
	}
	if err := compareProbabilities(Pattern{}, o, positions, prevs); err != nil {
		t.Fatalf("the built-in table already differs: %v", err)
	}
	for _, pc := range perturbations {
		tab := *compilePattern(learnedPatternWeights())
		pc.change(&tab)
		pt := Pattern{table: &tab}
		if compareProbabilities(pt, o, positions, prevs) == nil {
			t.Errorf("%s changed: the probabilities still equal the oracle's", pc.name)
		}
		if pc.playouts && comparePlayouts(pt, o, positions, prevs, 3) == nil {
			t.Errorf("%s changed: the playouts still equal the oracle's", pc.name)
		}
	}
}
