// pattern_priors_test.go: the pattern policy's priors follow its probabilities, and PatternPriors plays Light's playouts with those priors.

package policy

import (
	"math"
	"testing"

	"littlego/board"
)

func TestPatternPriorsFollowTheProbabilities(t *testing.T) {
	pos := capturesPosition(t)
	p := NewPattern(testPatternWeights()).NewPlayer().(*patternPlayer)
	var pr [board.NumActions]Prior
	p.Priors(&pos, &pr)
	var prob [board.NumActions]float64
	p.load(&pos, board.NoPoint)
	p.probabilities(&prob)
	legal := pos.Legal()
	for a := board.Point(0); a < board.NumActions; a++ {
		if (a == board.Pass || legal.Has(a)) != (pr[a].Visits > 0) {
			t.Fatalf("%v: prior %+v, legal %v", a, pr[a], legal.Has(a))
		}
		for b := board.Point(0); b < board.NumActions; b++ {
			if pr[a].Visits > 0 && pr[b].Visits > 0 && prob[a] > prob[b] && !(pr[a].Wins > pr[b].Wins) {
				t.Fatalf("%v is likelier than %v (%v > %v) but its prior is not higher (%v, %v)", a, b, prob[a], prob[b], pr[a], pr[b])
			}
		}
		if pr[a].Visits == 0 {
			continue
		}
		if r := pr[a].Wins / pr[a].Visits; r < 0.5-patternPriorSpread || r > 0.5+patternPriorSpread || math.IsNaN(float64(r)) {
			t.Fatalf("%v: prior win rate %v out of range", a, r)
		}
	}
	// The two-stone capture 4,4 is the favourite.
	if best := board.PointAt(4, 4); pr[best].Wins <= pr[board.PointAt(2, 2)].Wins {
		t.Fatalf("two-stone capture prior %+v not above a quiet move's %+v", pr[best], pr[board.PointAt(2, 2)])
	}
}

func TestPatternPriorsPolicy(t *testing.T) {
	pp := PatternPriors{}
	if pp.Name() != "pattern-priors" {
		t.Fatalf("name %q", pp.Name())
	}
	player := pp.NewPlayer()
	// Its playouts are Light's, draw for draw.
	positions, _ := patGames(10, 8)
	for i, start := range positions {
		if i%7 != 0 {
			continue
		}
		a, b := start, start
		r1, r2 := NewRand(uint64(i)), NewRand(uint64(i))
		var amaf1, amaf2 [2]board.Bitboard
		player.Playout(&a, &r1, &amaf1)
		Light{}.Playout(&b, &r2, &amaf2)
		if a != b || amaf1 != amaf2 {
			t.Fatal("pattern-priors playout differs from Light's")
		}
	}
	// Its priors are Pattern's.
	pos := capturesPosition(t)
	var got, want [board.NumActions]Prior
	player.(Priorer).Priors(&pos, &got)
	Pattern{}.NewPlayer().(Priorer).Priors(&pos, &want)
	if got != want {
		t.Fatalf("priors %v, want Pattern's %v", got, want)
	}
	if allocs := testing.AllocsPerRun(100, func() {
		a := pos
		var amaf [2]board.Bitboard
		r := NewRand(1)
		player.Playout(&a, &r, &amaf)
		player.(Priorer).Priors(&pos, &got)
	}); allocs != 0 {
		t.Fatalf("pattern-priors allocates %.1f times", allocs)
	}
}

// BenchmarkPatternPriors measures the priors of a new tree node (Light's and the
// pattern policy's) on 64 positions at move 9.
func BenchmarkPatternPriors(b *testing.B) {
	mid := move9Positions()
	for _, pol := range []Policy{Light{}, Pattern{}} {
		b.Run(pol.Name(), func(b *testing.B) {
			pr := pol.NewPlayer().(Priorer)
			var out [board.NumActions]Prior
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				pr.Priors(&mid[i&63], &out)
				i++
			}
		})
	}
}

func TestPatternPriorsMatchTheProbabilities(t *testing.T) {
	positions, prevs := patGames(40, 12)
	for _, pol := range []Pattern{{}, NewPattern(testPatternWeights())} {
		p := pol.NewPlayer().(*patternPlayer)
		for i := range positions {
			pos := positions[i]
			if pos.Over {
				continue
			}
			var pr [board.NumActions]Prior
			p.priors(&pos, prevs[i], &pr)
			var prob [board.NumActions]float64
			pol.Probabilities(&pos, prevs[i], &prob)
			legal := pos.Legal()
			n := float64(legal.Count() + 1)
			for a := board.Point(0); a < board.NumActions; a++ {
				if a != board.Pass && !legal.Has(a) {
					if pr[a] != (Prior{}) {
						t.Fatalf("illegal %v has prior %v", a, pr[a])
					}
					continue
				}
				rel := prob[a] * n
				want := patternPriorVisits * (0.5 + patternPriorSpread*(rel-1)/(rel+1))
				if pr[a].Visits != patternPriorVisits || math.Abs(float64(pr[a].Wins)-want) > 1e-3 {
					t.Fatalf("%v: prior %v, want %v wins of %v in\n%v", a, pr[a], want, patternPriorVisits, &pos)
				}
			}
		}
	}
}
