// policy_test.go: tests of the policies: rules agree with board move by move, tactics in hand-made positions, no allocations.

package policy

import (
	"math"
	"strings"
	"testing"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/lib/cputime"
)

// diagram builds a position from five rows of X, O and . (boardtest.Diagram).
func diagram(t testing.TB, rows string, turn board.Color, move int) board.Position {
	t.Helper()
	return boardtest.MustDiagram(t, rows, turn, move)
}

// capturesPosition is Black to move at move 13 with captures to choose from: 4,4 takes
// two stones, 0,1 and 3,0 one each.
func capturesPosition(t testing.TB) board.Position {
	t.Helper()
	return diagram(t, `
		O....
		X....
		...XX
		..XOO
		OX.X.`, board.Black, 13)
}

// randomPositions plays n seeded random games with board alone and returns every
// position met on the way (ko and pass states included).
func randomPositions(n int, seed uint64) []board.Position {
	rng := NewRand(seed)
	var out []board.Position
	for range n {
		pos := board.New()
		for !pos.Over {
			out = append(out, pos)
			legal := pos.Legal()
			// Pass now and then so that pass states are covered too.
			if legal == 0 || rng.Intn(12) == 0 {
				pos.Pass()
				continue
			}
			if _, ok := pos.Play(legal.Nth(rng.Intn(legal.Count()))); !ok {
				panic("board.Legal returned an illegal point")
			}
		}
	}
	return out
}

// captureGain returns the stones that playing p captures in pos, and whether p is legal.
func captureGain(pos board.Position, p board.Point) (int, bool) {
	return pos.Play(p)
}

// selfAtari reports whether p (legal in pos) leaves its group of two or more stones
// with a single liberty.
func selfAtari(pos board.Position, p board.Point) bool {
	c := pos.Turn
	if _, ok := pos.Play(p); !ok {
		return false
	}
	grp := board.Group(p.Bit(), pos.Stones[c])
	libs := grp.Neighbours() & pos.Empty()
	return grp != p.Bit() && libs.Count() == 1
}

func TestGameAgreesWithBoard(t *testing.T) {
	for _, pol := range []struct {
		name string
		play func(g *game, rng *Rand) board.Point
	}{
		{"light", (*game).lightPlay},
		{"uniform", (*game).uniformPlay},
	} {
		rng := NewRand(7)
		for _, pos := range randomPositions(300, 1) {
			g := load(&pos)
			p := pol.play(&g, &rng)
			want := pos
			if _, ok := want.Play(p); !ok {
				t.Fatalf("%s chose illegal %v in\n%v", pol.name, p, &pos)
			}
			var got board.Position
			g.store(&got)
			if got != want {
				t.Fatalf("%s: after %v in\n%v\ngame gives %+v\nboard gives %+v", pol.name, p, &pos, got, want)
			}
		}
	}
}

func TestLightChoosesByItsRules(t *testing.T) {
	rng := NewRand(3)
	for _, pos := range randomPositions(300, 2) {
		checkLightChoice(t, pos, Light{}.Move(&pos, &rng))
	}
}

// TestLightRulesHoldThroughPlayouts checks Light's choices at every move of whole
// playouts, where its capture search relies on what it remembered from earlier moves.
func TestLightRulesHoldThroughPlayouts(t *testing.T) {
	rng := NewRand(8)
	starts := append(randomPositions(20, 5), board.New())
	for _, start := range starts {
		for range 10 {
			g := load(&start)
			for !g.over {
				var pos board.Position
				g.store(&pos)
				p := g.lightPlay(&rng)
				checkLightChoice(t, pos, p)
			}
		}
	}
}

// checkLightChoice fails t unless p is what Light's rules allow in pos.
func checkLightChoice(t *testing.T, pos board.Position, p board.Point) {
	t.Helper()
	if !pos.IsLegal(p) {
		t.Fatalf("Light played illegal %v in\n%v", p, &pos)
	}
	bestGain, acceptable := 0, false
	for legal := pos.Legal(); legal != 0; legal &= legal - 1 {
		q := legal.First()
		gain, _ := captureGain(pos, q)
		bestGain = max(bestGain, gain)
		if !selfAtari(pos, q) {
			acceptable = true
		}
	}
	switch {
	case bestGain > 0:
		if gain, _ := captureGain(pos, p); gain != bestGain {
			t.Fatalf("Light played %v capturing %d, but %d could be captured in\n%v", p, gain, bestGain, &pos)
		}
	case p == board.Pass:
		if acceptable {
			t.Fatalf("Light passed with an acceptable placement left in\n%v", &pos)
		}
	default:
		if selfAtari(pos, p) {
			t.Fatalf("Light played self-atari %v in\n%v", p, &pos)
		}
	}
}

func TestUniformPassesOnlyWithoutLegalMoves(t *testing.T) {
	rng := NewRand(4)
	for _, pos := range randomPositions(200, 3) {
		p := Uniform{}.Move(&pos, &rng)
		if (p == board.Pass) != (pos.Legal() == 0) {
			t.Fatalf("Uniform chose %v with legal points %b in\n%v", p, pos.Legal(), &pos)
		}
	}
}

func TestUniformIsUniform(t *testing.T) {
	// White to move: 3,0 (suicide) and the occupied points are excluded.
	pos := diagram(t, `
		.....
		.....
		.....
		X....
		.X...`, board.White, 6)
	legal := pos.Legal()
	if legal.Has(board.PointAt(4, 0)) {
		t.Fatal("4,0 should be suicide for White")
	}
	const draws = 46000
	var count [board.NumActions]int
	rng := NewRand(5)
	for range draws {
		count[Uniform{}.Move(&pos, &rng)]++
	}
	n := legal.Count()
	expected := float64(draws) / float64(n)
	chi2 := 0.0
	for p := board.Point(0); p < board.NumActions; p++ {
		if !legal.Has(p) {
			if count[p] != 0 {
				t.Fatalf("Uniform played %v, which is not legal, %d times", p, count[p])
			}
			continue
		}
		d := float64(count[p]) - expected
		chi2 += d * d / expected
	}
	// 22 degrees of freedom: the 99.99th percentile is about 56.
	if chi2 > 56 {
		t.Fatalf("chi-square %.1f over %d legal points: not uniform (counts %v)", chi2, n, count)
	}
}

func TestLightCapturesTheBiggestGroup(t *testing.T) {
	// Black to move. White 0,0 is in atari (liberty 0,1) and so are White 3,3-3,4
	// (liberty 4,4): Light must take the two stones.
	pos := diagram(t, `
		O....
		X....
		...XX
		..XOO
		...X.`, board.Black, 11)
	rng := NewRand(1)
	for range 50 {
		if p := (Light{}).Move(&pos, &rng); p != board.PointAt(4, 4) {
			t.Fatalf("Light played %v, want the two-stone capture at 4,4", p)
		}
	}
	// With only the single stone in atari, Light takes it.
	pos = diagram(t, `
		O....
		X....
		.....
		.....
		.....`, board.Black, 3)
	for range 20 {
		if p := (Light{}).Move(&pos, &rng); p != board.PointAt(0, 1) {
			t.Fatalf("Light played %v, want the capture at 0,1", p)
		}
	}
}

func TestLightRespectsKo(t *testing.T) {
	// White just took a ko at 1,1; Black may not retake at 1,2 this move, and there is
	// no other capture: Light must play elsewhere, never the ko point.
	pos := diagram(t, `
		.XO..
		X.XO.
		.XO..
		.....
		.....`, board.White, 8)
	if _, ok := pos.Play(board.PointAt(1, 1)); !ok {
		t.Fatal("White's ko capture should be legal")
	}
	if pos.Ko != board.PointAt(1, 2).Bit() {
		t.Fatalf("expected ko at 1,2, got %b\n%v", pos.Ko, &pos)
	}
	rng := NewRand(2)
	for range 200 {
		p := Light{}.Move(&pos, &rng)
		if p == board.PointAt(1, 2) {
			t.Fatal("Light retook the ko")
		}
		if !pos.IsLegal(p) {
			t.Fatalf("Light played illegal %v", p)
		}
	}
}

func TestLightAvoidsSelfAtari(t *testing.T) {
	// Black to move. Black 0,0-0,1 has the single liberty 0,2; playing there makes a
	// three-stone group whose only liberty is 0,3: a self-atari, never played. Every
	// other empty point is acceptable (0,3 and 4,3 have two liberties; 1,3, 4,2 and 4,4
	// are lone stones with one liberty, which Light allows).
	pos := diagram(t, `
		XX..O
		OOO.O
		OOOOO
		OOOOO
		OO...`, board.Black, 17)
	rng := NewRand(9)
	seen := map[board.Point]bool{}
	for range 400 {
		p := Light{}.Move(&pos, &rng)
		seen[p] = true
		if p == board.PointAt(0, 2) {
			t.Fatal("Light played the self-atari 0,2")
		}
	}
	for _, p := range []board.Point{board.PointAt(0, 3), board.PointAt(1, 3), board.PointAt(4, 2), board.PointAt(4, 3), board.PointAt(4, 4)} {
		if !seen[p] {
			t.Fatalf("Light never played the acceptable point %v (saw %v)", p, seen)
		}
	}
}

func TestLightAllowsLoneStoneSelfAtariButPassesWhenOnlyBadMovesRemain(t *testing.T) {
	// White to move. White 3,3-4,4 has the liberties 2,3 and 2,4; filling either leaves
	// the group in atari, Black's group has two liberties (nothing to capture), and
	// there is no other empty point: White passes.
	pos := diagram(t, `
		XXXXX
		XXXXX
		XXX..
		XXXOO
		XXXOO`, board.White, 22)
	rng := NewRand(1)
	for range 20 {
		if p := (Light{}).Move(&pos, &rng); p != board.Pass {
			t.Fatalf("Light played %v, want Pass (no acceptable placement)\n%v", p, &pos)
		}
	}
	// A lone stone with one liberty is allowed: White may play 2,2 or 2,3 (each a lone
	// stone in atari); 4,4 is suicide and Black's group has three liberties.
	pos = diagram(t, `
		XXXXX
		XXXXX
		XX..X
		XXXXX
		XXXX.`, board.White, 20)
	seen := map[board.Point]bool{}
	for range 100 {
		seen[Light{}.Move(&pos, &rng)] = true
	}
	if !seen[board.PointAt(2, 2)] || !seen[board.PointAt(2, 3)] || len(seen) != 2 {
		t.Fatalf("White should play the lone stones at 2,2 or 2,3 only, saw %v", seen)
	}
}

func TestPlayoutsAreLegalAndEnd(t *testing.T) {
	for _, pol := range []Policy{Light{}, Uniform{}} {
		player := pol.NewPlayer()
		rng := NewRand(11)
		starts := randomPositions(40, 4)
		for i, start := range starts {
			if i%5 != 0 {
				continue
			}
			pos := start
			var amaf [2]board.Bitboard
			player.Playout(&pos, &rng, &amaf)
			if !pos.Over {
				t.Fatalf("%s: playout did not end", pol.Name())
			}
			if pos.Hash != pos.ComputeHash() {
				t.Fatalf("%s: final hash is stale", pol.Name())
			}
			if amaf[0]&amaf[1] != 0 {
				t.Fatalf("%s: a point is in both AMAF sets", pol.Name())
			}
			for c := board.Black; c <= board.White; c++ {
				if added := pos.Stones[c] &^ start.Stones[c]; added&^(amaf[0]|amaf[1]) != 0 {
					t.Fatalf("%s: new stones %b missing from AMAF sets", pol.Name(), added)
				}
			}
			// Replay the same playout action by action on board.Position.
			replay, g := start, load(&start)
			for !g.over {
				var p board.Point
				if pol.Name() == "light" {
					p = g.lightPlay(&rng)
				} else {
					p = g.uniformPlay(&rng)
				}
				if _, ok := replay.Play(p); !ok {
					t.Fatalf("%s: illegal %v in playout from\n%v", pol.Name(), p, &start)
				}
			}
			if !replay.Over || int(replay.Move) > int(replay.Last)+1 {
				t.Fatalf("%s: replay did not end properly: %+v", pol.Name(), replay)
			}
		}
	}
}

// TestPlayoutEqualsSteps checks that a playout in one call and the same playout one
// action at a time (state saved and restored between actions) agree exactly.
func TestPlayoutEqualsSteps(t *testing.T) {
	for i, start := range append(randomPositions(30, 6), board.New()) {
		r1 := NewRand(uint64(i))
		r2 := r1
		whole := start
		var amaf1, amaf2 [2]board.Bitboard
		Light{}.Playout(&whole, &r1, &amaf1)
		g := load(&start)
		for !g.over {
			g.lightRun(&r2, &amaf2, 1)
		}
		var steps board.Position
		g.store(&steps)
		if start.Over {
			steps = start
		}
		if whole != steps || amaf1 != amaf2 {
			t.Fatalf("one call gives %+v %v, steps give %+v %v", whole, amaf1, steps, amaf2)
		}
	}
}

func TestPlayoutAllocatesNothing(t *testing.T) {
	for _, pol := range []Policy{Light{}, Uniform{}, Pattern{}} {
		if allocs := playoutAllocs(pol.NewPlayer()); allocs != 0 {
			t.Fatalf("%#v playout allocates %.1f times", pol, allocs)
		}
	}
}

// playoutAllocs returns the allocations of one playout from the empty board by player.
func playoutAllocs(player Player) float64 {
	rng := NewRand(1)
	start := board.New()
	var pos board.Position
	var amaf [2]board.Bitboard
	return testing.AllocsPerRun(200, func() {
		pos = start
		amaf = [2]board.Bitboard{}
		player.Playout(&pos, &rng, &amaf)
	})
}

func TestPlayoutEndsAtMoveLimitOrTwoPasses(t *testing.T) {
	rng := NewRand(12)
	for range 500 {
		pos := board.New()
		var amaf [2]board.Bitboard
		Light{}.Playout(&pos, &rng, &amaf)
		if !pos.Over || pos.Move > board.MaxMoves+1 {
			t.Fatalf("bad final state %+v", pos)
		}
		if pos.Move <= board.MaxMoves && !pos.Passed {
			t.Fatalf("game ended early at move %d without passes", pos.Move)
		}
	}
}

func TestLightPriors(t *testing.T) {
	// Black to move: 4,4 captures two stones; 0,1 and 3,0 capture one each.
	pos := capturesPosition(t)
	var pr [board.NumActions]Prior
	Light{}.Priors(&pos, &pr)
	rate := func(p board.Point) float64 {
		if pr[p].Visits == 0 {
			return math.NaN()
		}
		return float64(pr[p].Wins / pr[p].Visits)
	}
	capture1, capture2 := board.PointAt(0, 1), board.PointAt(4, 4)
	quiet := board.PointAt(2, 2)
	if !(rate(capture2) > rate(capture1) && rate(capture1) > rate(quiet)) {
		t.Fatalf("prior win rates: two-stone capture %.2f, one-stone %.2f, quiet %.2f", rate(capture2), rate(capture1), rate(quiet))
	}
	if rate(board.Pass) >= rate(quiet) {
		t.Fatalf("passing with moves left should be rated below a quiet move: %.2f vs %.2f", rate(board.Pass), rate(quiet))
	}
	if pr[board.PointAt(0, 0)].Visits != 0 || pr[board.PointAt(1, 0)].Visits != 0 {
		t.Fatal("occupied points must get the zero prior")
	}
	// The self-atari 0,2 of TestLightAvoidsSelfAtari is rated below the quiet 4,4.
	pos = diagram(t, `
		XX..O
		OOO.O
		OOOOO
		OOOOO
		OO...`, board.Black, 17)
	Light{}.Priors(&pos, &pr)
	if rate(board.PointAt(0, 2)) >= rate(board.PointAt(4, 4)) {
		t.Fatalf("self-atari 0,2 rated %.2f, quiet 4,4 rated %.2f", rate(board.PointAt(0, 2)), rate(board.PointAt(4, 4)))
	}
}

func TestByName(t *testing.T) {
	for _, name := range []string{"light", "uniform"} {
		p, err := ByName(name)
		if err != nil || p.Name() != name {
			t.Fatalf("ByName(%q) = %v, %v", name, p, err)
		}
	}
	if _, err := ByName("nonsense"); err == nil || !strings.Contains(err.Error(), "light") {
		t.Fatalf("ByName(nonsense) should fail and list the known names, got %v", err)
	}
}

func TestRand(t *testing.T) {
	a, b := NewRand(42), NewRand(42)
	for range 100 {
		if a.Uint64() != b.Uint64() {
			t.Fatal("equal seeds gave different streams")
		}
	}
	c, d := NewRand(1), NewRand(2)
	same := 0
	for range 100 {
		if c.Uint64() == d.Uint64() {
			same++
		}
	}
	if same > 0 {
		t.Fatal("seeds 1 and 2 gave overlapping streams")
	}
	var hist [7]int
	r := NewRand(0)
	for range 70000 {
		n := r.Intn(7)
		if n < 0 || n >= 7 {
			t.Fatalf("Intn(7) = %d", n)
		}
		hist[n]++
	}
	for _, h := range hist {
		if h < 9500 || h > 10500 {
			t.Fatalf("Intn(7) histogram %v is not uniform", hist)
		}
	}
	if f := r.Float64(); f < 0 || f >= 1 {
		t.Fatalf("Float64 = %v", f)
	}
}

func BenchmarkPlayout(b *testing.B) {
	for _, pol := range []Policy{Light{}, Uniform{}} {
		b.Run(pol.Name(), func(b *testing.B) {
			player := pol.NewPlayer()
			rng := NewRand(1)
			start := board.New()
			var pos board.Position
			var amaf [2]board.Bitboard
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				pos = start
				amaf = [2]board.Bitboard{}
				player.Playout(&pos, &rng, &amaf)
			}
			cpu = cputime.Process() - cpu
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(b.N)/cpu.Seconds(), "playouts/cpu-s")
		})
	}
}
