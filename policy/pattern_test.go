// pattern_test.go: tests of the pattern policy: incremental state equals a fresh load, legality, tactics in hand-made positions, symmetry, no allocations.

package policy

import (
	"testing"

	"littlego/board"
	"littlego/lib/cputime"
)

// patGames plays n seeded random games with board alone (a pass now and then) and
// returns every position met with the action that led to it (board.NoPoint first).
func patGames(n int, seed uint64) (positions []board.Position, prevs []board.Point) {
	rng := NewRand(seed)
	for range n {
		pos := board.New()
		prev := board.NoPoint
		for !pos.Over {
			positions = append(positions, pos)
			prevs = append(prevs, prev)
			legal := pos.Legal()
			if legal == 0 || rng.Intn(12) == 0 {
				pos.Pass()
				prev = board.Pass
				continue
			}
			prev = legal.Nth(rng.Intn(legal.Count()))
			if _, ok := pos.Play(prev); !ok {
				panic("board.Legal returned an illegal point")
			}
		}
	}
	return positions, prevs
}

// testPatternWeights are varied gammas, so that a wrong level or code shows in the
// weights: every pattern seen in a few random games gets a gamma of its own.
func testPatternWeights() *PatternWeights {
	w := learnedPatternWeights()
	w.Patterns = nil
	seen := map[uint32]bool{}
	positions, prevs := patGames(20, 99)
	var acts []PatternAction
	for i := range positions {
		acts, _ = PatternActions(&positions[i], prevs[i], acts[:0])
		for _, a := range acts {
			if code := a.Levels[FeaturePattern]; code != 0 && !seen[code-1] {
				seen[code-1] = true
				w.Patterns = append(w.Patterns, PatternGamma{Code: code - 1, Gamma: float32(1 + len(seen)%7)})
			}
		}
	}
	w.Unseen = 0.5
	for l := range w.Gammas[FeaturePoint] {
		w.Gammas[FeaturePoint][l] = 1 + float32(l)/3
	}
	w.Gammas[FeatureCapture] = []float32{1, 20, 8, 40, 60}
	w.Gammas[FeatureEscape] = []float32{1, 5, 9}
	w.Gammas[FeatureExtend] = []float32{1, 3}
	w.Gammas[FeatureSelfAtari] = []float32{1, 0.5, 0.05, 0.01}
	w.Gammas[FeatureAtari] = []float32{1, 2, 4}
	w.Gammas[FeatureLast] = []float32{1, 3, 2}
	w.Gammas[FeaturePass] = []float32{1, 0.2, 0.02, 0.3, 0.03, 0.5, 0.05, 0.9, 0.09}
	return w
}

// freshWeights returns the weights of both colours computed from scratch in pos.
func freshWeights(t *patternTable, pos *board.Position, prev board.Point) [2][board.NumPoints]uint32 {
	q := patternPlayer{t: t}
	q.load(pos, prev)
	q.refresh(board.Black)
	q.refresh(board.White)
	return q.weight
}

func TestPatternIncrementalStateEqualsFreshLoad(t *testing.T) {
	tab := compilePattern(testPatternWeights())
	starts, _ := patGames(60, 1)
	rng := NewRand(5)
	p := patternPlayer{t: tab}
	for i, start := range starts {
		if i%3 != 0 || start.Over {
			continue
		}
		p.load(&start, board.NoPoint)
		replay := start
		for !p.over {
			x := p.step(&rng)
			if _, ok := replay.Play(x); !ok {
				t.Fatalf("illegal %v after\n%v", x, &replay)
			}
			var got board.Position
			p.store(&got)
			if got != replay {
				t.Fatalf("after %v: player state %+v, board %+v", x, got, replay)
			}
			var fresh patState
			fresh.loadBoard(replay.Stones)
			if !fresh.sameAs(&p.s) {
				t.Fatalf("after %v in\n%v\nincremental libs1 %b libs2 %b abs %v\nfresh libs1 %b libs2 %b abs %v",
					x, &replay, p.s.libs1, p.s.libs2, p.s.abs, fresh.libs1, fresh.libs2, fresh.abs)
			}
			p.refresh(board.Black)
			p.refresh(board.White)
			want := freshWeights(tab, &replay, x)
			q := patternPlayer{t: tab}
			q.load(&replay, x)
			q.refresh(board.Black)
			q.refresh(board.White)
			if p.poor != q.poor {
				t.Fatalf("after %v in\n%v\nincremental poor %b, fresh %b", x, &replay, p.poor, q.poor)
			}
			if p.weight != want {
				t.Fatalf("after %v in\n%v\nincremental weights %v\nfresh weights %v", x, &replay, p.weight, want)
			}
			for c := range 2 {
				var positive board.Bitboard
				for x, v := range p.weight[c] {
					if v > 0 {
						positive |= board.Point(x).Bit()
					}
				}
				if positive != p.legal[c] {
					t.Fatalf("colour %d: points of positive weight %b, legal set %b", c, positive, p.legal[c])
				}
			}
		}
	}
}

func TestPatternWeightIsPositiveExactlyForLegalPlacements(t *testing.T) {
	tab := compilePattern(testPatternWeights())
	positions, prevs := patGames(100, 2)
	for i, pos := range positions {
		w := freshWeights(tab, &pos, prevs[i])
		for c := board.Black; c <= board.White; c++ {
			q := pos
			q.Turn, q.Ko = c, 0
			legal := q.Legal()
			for x := board.Point(0); x < board.NumPoints; x++ {
				if (w[c][x] > 0) != legal.Has(x) {
					t.Fatalf("%v for %v: weight %d, legal %v in\n%v", x, c, w[c][x], legal.Has(x), &q)
				}
			}
		}
	}
}

func TestPatternPlayoutsAreLegalAndEnd(t *testing.T) {
	for _, pol := range []Pattern{{}, NewPattern(testPatternWeights())} {
		player := pol.NewPlayer()
		rng := NewRand(11)
		starts, _ := patGames(40, 4)
		for i, start := range starts {
			if i%4 != 0 {
				continue
			}
			pos := start
			var amaf [2]board.Bitboard
			r := rng
			player.Playout(&pos, &rng, &amaf)
			if !pos.Over || pos.Hash != pos.ComputeHash() {
				t.Fatalf("playout did not end properly: %+v", pos)
			}
			if amaf[0]&amaf[1] != 0 {
				t.Fatal("a point is in both AMAF sets")
			}
			for c := board.Black; c <= board.White; c++ {
				if added := pos.Stones[c] &^ start.Stones[c]; added&^(amaf[0]|amaf[1]) != 0 {
					t.Fatalf("new stones %b missing from the AMAF sets", added)
				}
			}
			// The same playout, action by action, on board.Position.
			p := patternPlayer{t: pol.tables()}
			p.load(&start, board.NoPoint)
			replay := start
			for !p.over {
				x := p.step(&r)
				if _, ok := replay.Play(x); !ok {
					t.Fatalf("illegal %v in a playout from\n%v", x, &start)
				}
			}
			if replay != pos {
				t.Fatalf("playout gives %+v, replay %+v", pos, replay)
			}
		}
	}
}

func TestPatternMoveLeavesPositionAndIsLegal(t *testing.T) {
	player := Pattern{}.NewPlayer()
	rng := NewRand(8)
	positions, _ := patGames(30, 6)
	for _, pos := range positions {
		before := pos
		x := player.Move(&pos, &rng)
		if pos != before {
			t.Fatal("Move changed the position")
		}
		if !pos.IsLegal(x) {
			t.Fatalf("Move chose illegal %v in\n%v", x, &pos)
		}
	}
	over := board.New()
	over.Pass()
	if !over.Over || player.Move(&over, &rng) != board.NoPoint {
		t.Fatal("Move in a finished game should be NoPoint")
	}
}

func TestPatternPriorsAllocateNothing(t *testing.T) {
	pr := Pattern{}.NewPlayer().(Priorer)
	start := board.New()
	var out [board.NumActions]Prior
	if allocs := testing.AllocsPerRun(100, func() { pr.Priors(&start, &out) }); allocs != 0 {
		t.Fatalf("pattern priors allocate %.1f times", allocs)
	}
}

// levelsOf returns the feature levels PatternActions gives the action a in pos.
func levelsOf(t *testing.T, pos *board.Position, last, a board.Point) [NumPatternFeatures]uint32 {
	t.Helper()
	acts, forced := PatternActions(pos, last, nil)
	if forced != board.NoPoint {
		t.Fatalf("forced %v in\n%v", forced, pos)
	}
	for _, act := range acts {
		if act.Action == a {
			return act.Levels
		}
	}
	t.Fatalf("%v is not among the actions of\n%v", a, pos)
	return [NumPatternFeatures]uint32{}
}

func TestPatternTacticalFeatures(t *testing.T) {
	at := board.PointAt
	cases := []struct {
		name    string
		rows    string
		turn    board.Color
		last, a board.Point
		feature int
		level   uint32
	}{
		{"capture one stone", `
			.OX..
			.X...
			.....
			.....
			.....`, board.Black, board.NoPoint, at(0, 0), FeatureCapture, 1},
		{"capture two stones", `
			.OOX.
			.XX..
			.....
			.....
			.....`, board.Black, board.NoPoint, at(0, 0), FeatureCapture, 3},
		{"capture three stones", `
			.OOOX
			.XXX.
			.....
			.....
			.....`, board.Black, board.NoPoint, at(0, 0), FeatureCapture, 4},
		{"ko capture", `
			.OX..
			O.OX.
			.OX..
			.....
			.....`, board.Black, board.NoPoint, at(1, 1), FeatureCapture, 2},
		{"escape a lone stone", `
			.XO..
			..X..
			.....
			.....
			.....`, board.White, board.NoPoint, at(0, 3), FeatureEscape, 1},
		{"escape a group", `
			..XX.
			.XOO.
			..XX.
			.....
			.....`, board.White, board.NoPoint, at(1, 4), FeatureEscape, 2},
		{"a failed escape is a self-atari", `
			..XX.
			.XOO.
			..XXX
			.....
			.....`, board.White, board.NoPoint, at(1, 4), FeatureSelfAtari, 2},
		{"a failed escape is no escape", `
			..XX.
			.XOO.
			..XXX
			.....
			.....`, board.White, board.NoPoint, at(1, 4), FeatureEscape, 0},
		{"extend a two-liberty group", `
			.XO..
			.XO..
			..X..
			.....
			.....`, board.White, board.NoPoint, at(1, 3), FeatureExtend, 1},
		{"self-atari of a lone stone", `
			..X..
			.X...
			.....
			.....
			.....`, board.White, board.NoPoint, at(0, 1), FeatureSelfAtari, 1},
		{"self-atari of four stones", `
			OOO..
			XXXX.
			.....
			.....
			.....`, board.White, board.NoPoint, at(0, 3), FeatureSelfAtari, 3},
		{"no self-atari with two liberties", `
			.X...
			.....
			.....
			.....
			.....`, board.White, board.NoPoint, at(0, 2), FeatureSelfAtari, 0},
		{"atari on a lone stone", `
			.....
			.XO..
			..X..
			.....
			.....`, board.Black, board.NoPoint, at(0, 2), FeatureAtari, 1},
		{"atari on two stones", `
			.....
			.XOOX
			..XX.
			.....
			.....`, board.Black, board.NoPoint, at(0, 2), FeatureAtari, 2},
		{"next to the last move", `
			.....
			.....
			..O..
			.....
			.....`, board.Black, at(2, 2), at(2, 3), FeatureLast, 1},
		{"diagonal to the last move", `
			.....
			.....
			..O..
			.....
			.....`, board.Black, at(2, 2), at(1, 1), FeatureLast, 2},
		{"far from the last move", `
			.....
			.....
			..O..
			.....
			.....`, board.Black, at(2, 2), at(0, 0), FeatureLast, 0},
	}
	for _, tc := range cases {
		pos := diagram(t, tc.rows, tc.turn, 10)
		if got := levelsOf(t, &pos, tc.last, tc.a)[tc.feature]; got != tc.level {
			t.Errorf("%s: %v has level %d of feature %d, want %d\n%v", tc.name, tc.a, got, tc.feature, tc.level, &pos)
		}
	}
}

func TestPatternKoPointIsNotPlayed(t *testing.T) {
	// White took a stone at 1,2; Black may not retake at 1,1 at once.
	pos := diagram(t, `
		.OX..
		OX.X.
		.OX..
		.....
		.....`, board.White, 10)
	if _, ok := pos.Play(board.PointAt(1, 2)); !ok || pos.Ko != board.PointAt(1, 1).Bit() {
		t.Fatalf("setting up the ko failed: %+v", pos)
	}
	var prob [board.NumActions]float64
	NewPattern(testPatternWeights()).Probabilities(&pos, board.PointAt(1, 2), &prob)
	if prob[board.PointAt(1, 1)] != 0 {
		t.Fatalf("the ko point has probability %v", prob[board.PointAt(1, 1)])
	}
	acts, _ := PatternActions(&pos, board.PointAt(1, 2), nil)
	for _, a := range acts {
		if a.Action == board.PointAt(1, 1) {
			t.Fatal("PatternActions lists the ko point")
		}
	}
}

func TestPatternPassRules(t *testing.T) {
	var prob [board.NumActions]float64
	pol := NewPattern(testPatternWeights())
	// White is ahead on the board (komi) after Black's pass: passing wins.
	pos := diagram(t, `
		.X...
		.....
		...O.
		.....
		.....`, board.White, 9)
	pos.Passed = true
	pol.Probabilities(&pos, board.Pass, &prob)
	if prob[board.Pass] != 1 {
		t.Fatalf("a winning pass after a pass has probability %v", prob[board.Pass])
	}
	// Black, behind, after White's pass: passing would lose at once.
	pos.Turn = board.Black
	pol.Probabilities(&pos, board.Pass, &prob)
	if prob[board.Pass] != 0 {
		t.Fatalf("a losing pass after a pass has probability %v", prob[board.Pass])
	}
	// On move 1 Black never passes (it would end the game, lost).
	start := board.New()
	pol.Probabilities(&start, board.NoPoint, &prob)
	if prob[board.Pass] != 0 {
		t.Fatalf("a pass on move 1 has probability %v", prob[board.Pass])
	}
	// On the last move White places a stone rather than pass.
	pos = diagram(t, `
		.X...
		.....
		...O.
		.....
		.....`, board.White, board.MaxMoves)
	pol.Probabilities(&pos, board.NoPoint, &prob)
	if prob[board.Pass] != 0 {
		t.Fatalf("a pass on the last move has probability %v", prob[board.Pass])
	}
}

func TestPatternPlayoutsPassOnlyWithoutAcceptablePlacements(t *testing.T) {
	w := testPatternWeights()
	for l := range w.Gammas[FeaturePass] {
		w.Gammas[FeaturePass][l] = 1000 // the model would pass almost always
	}
	pol := NewPattern(w)
	player := pol.NewPlayer()
	rng := NewRand(3)
	positions, _ := patGames(40, 13)
	for _, pos := range positions {
		if pos.Over || pos.Passed {
			continue
		}
		// Acceptable: legal and not a self-atari of two or more stones.
		acceptable := false
		for b := pos.Legal(); b != 0; b &= b - 1 {
			if !selfAtariOfTwo(pos, b.First()) {
				acceptable = true
			}
		}
		var prob [board.NumActions]float64
		pol.Probabilities(&pos, board.NoPoint, &prob)
		for range 5 {
			x := player.Move(&pos, &rng)
			if acceptable && x == board.Pass {
				t.Fatalf("the playout passed with an acceptable placement in\n%v", &pos)
			}
		}
		if acceptable && pos.Move != pos.Last && prob[board.Pass] < 0.1 {
			t.Fatalf("the model should rate Pass at 1000 high: %v", prob[board.Pass])
		}
	}
}

// selfAtariOfTwo reports whether the legal placement p leaves its group of two or more
// stones with a single liberty.
func selfAtariOfTwo(pos board.Position, p board.Point) bool {
	c := pos.Turn
	pos.Play(p)
	grp := board.Group(p.Bit(), pos.Stones[c])
	return grp != p.Bit() && (grp.Neighbours()&pos.Empty()).Count() == 1
}

func TestPatternSymmetricPositionsGetSymmetricWeights(t *testing.T) {
	for _, pol := range []Pattern{{}, NewPattern(testPatternWeights())} {
		positions, prevs := patGames(40, 3)
		for i, pos := range positions {
			if pos.Over || i%2 != 0 {
				continue
			}
			var prob, img [board.NumActions]float64
			pol.Probabilities(&pos, prevs[i], &prob)
			for s := board.Symmetry(1); s < board.NumSymmetries; s++ {
				q := s.Apply(pos)
				pol.Probabilities(&q, s.Point(prevs[i]), &img)
				for a := board.Point(0); a < board.NumActions; a++ {
					if prob[a] != img[s.Point(a)] {
						t.Fatalf("symmetry %d: %v has %v, its image %v has %v in\n%v", s, a, prob[a], s.Point(a), img[s.Point(a)], &q)
					}
				}
			}
		}
	}
}

func TestPatternCodeSymmetries(t *testing.T) {
	rng := NewRand(4)
	for range 2000 {
		code := uint32(rng.Uint64()) & (1<<patternCodeBits - 1)
		canon := canonicalPatternCode(code)
		for s := board.Symmetry(0); s < board.NumSymmetries; s++ {
			img := patternCodeImage(code, s)
			if patternCodeImage(img, s.Inverse()) != code {
				t.Fatalf("symmetry %d is not undone by its inverse on %x", s, code)
			}
			if canonicalPatternCode(img) != canon {
				t.Fatalf("images of %x have different canonical codes", code)
			}
		}
	}
}

// move9Positions returns 64 positions at move 9, reached by seeded light playouts:
// closer to where a search starts its playouts than the empty board.
func move9Positions() []board.Position {
	var mid []board.Position
	rng := NewRand(77)
	for len(mid) < 64 {
		pos := board.New()
		for !pos.Over && pos.Move < 9 {
			pos.Play(Light{}.Move(&pos, &rng))
		}
		if !pos.Over {
			mid = append(mid, pos)
		}
	}
	return mid
}

// BenchmarkPatternPlayout measures whole playouts of the light and pattern policies
// from the empty board ("empty") and from 64 positions at move 9 ("move9", reached by
// seeded light playouts: closer to where a search starts its playouts).
func BenchmarkPatternPlayout(b *testing.B) {
	mid := move9Positions()
	for _, start := range []struct {
		name      string
		positions []board.Position
	}{{"empty", []board.Position{board.New()}}, {"move9", mid}} {
		for _, pol := range []struct {
			name string
			Policy
		}{{"light", Light{}}, {"pattern", Pattern{}}} {
			b.Run(start.name+"/"+pol.name, func(b *testing.B) {
				player := pol.NewPlayer()
				rng := NewRand(1)
				var pos board.Position
				var amaf [2]board.Bitboard
				b.ReportAllocs()
				cpu := cputime.Process()
				i := 0
				for b.Loop() {
					pos = start.positions[i&(len(start.positions)-1)]
					i++
					amaf = [2]board.Bitboard{}
					player.Playout(&pos, &rng, &amaf)
				}
				cpu = cputime.Process() - cpu
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "playouts/cpu-s")
			})
		}
	}
}
