// builtin_test.go: the built-in opponents: their games are legal under an independent rules check, each chooses as its description says, and matches are reproducible.

package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"littlego/board"
	"littlego/record"
)

// The independent rules check: plain arrays and flood fill, following RULES.md's checks
// in order, sharing no code with package board.

type grid [5][5]int // 0 empty, 1 Black, 2 White

// liberties reports whether the group at (i, j) has a liberty, and the group's points.
func (g *grid) group(i, j int) (members [][2]int, hasLiberty bool) {
	color := g[i][j]
	var seen [5][5]bool
	stack := [][2]int{{i, j}}
	seen[i][j] = true
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		members = append(members, q)
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			a, b := q[0]+d[0], q[1]+d[1]
			if a < 0 || a > 4 || b < 0 || b > 4 || seen[a][b] {
				continue
			}
			switch g[a][b] {
			case 0:
				hasLiberty = true
			case color:
				seen[a][b] = true
				stack = append(stack, [2]int{a, b})
			}
		}
	}
	return members, hasLiberty
}

// refMove applies colour's stone at (i, j) to cur, with before the board before the
// opponent's last action and lastCaptured the stones that action captured. It returns
// the new board, the stones captured, and "" or why the move is illegal.
func refMove(cur, before grid, lastCaptured, color, i, j int) (grid, int, string) {
	if i < 0 || i > 4 || j < 0 || j > 4 {
		return cur, 0, "off the board"
	}
	if cur[i][j] != 0 {
		return cur, 0, "occupied"
	}
	next := cur
	next[i][j] = color
	captured := 0
	for a := 0; a < 5; a++ {
		for b := 0; b < 5; b++ {
			if next[a][b] == 3-color {
				if members, lib := next.group(a, b); !lib {
					for _, m := range members {
						next[m[0]][m[1]] = 0
						captured++
					}
				}
			}
		}
	}
	if _, lib := next.group(i, j); !lib {
		return cur, 0, "suicide"
	}
	if lastCaptured > 0 && next == before {
		return cur, 0, "ko"
	}
	return next, captured, ""
}

// checkLegal replays a record under the reference rules and board.Position.IsLegal,
// and checks the end of the game and the final stones against the record.
func checkLegal(t *testing.T, rec *record.Record) {
	t.Helper()
	var cur, before grid
	lastCaptured, passes := 0, 0
	pos := board.New()
	for k, m := range rec.Moves {
		if m.Fault {
			t.Fatalf("game %d: move %d is a fault: %s", rec.Game, k+1, rec.Detail)
		}
		color := 1 + k%2
		if int(m.Color)+1 != color {
			t.Fatalf("game %d: move %d by %s out of turn", rec.Game, k+1, m.Color)
		}
		if !pos.IsLegal(m.Point) {
			t.Fatalf("game %d: move %d at %s illegal for board.Position", rec.Game, k+1, m.Point)
		}
		pos.Play(m.Point)
		if m.Point == board.Pass {
			before, lastCaptured = cur, 0
			passes++
			if passes == 2 && k != len(rec.Moves)-1 {
				t.Fatalf("game %d: play went on after two passes", rec.Game)
			}
			continue
		}
		passes = 0
		next, captured, why := refMove(cur, before, lastCaptured, color, m.Point.Row(), m.Point.Col())
		if why != "" {
			t.Fatalf("game %d: move %d at %s is illegal for the reference: %s", rec.Game, k+1, m.Point, why)
		}
		before, cur, lastCaptured = cur, next, captured
	}
	black, white := 0, 0
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			switch cur[i][j] {
			case 1:
				black++
			case 2:
				white++
			}
		}
	}
	if black != rec.BlackStones || white != rec.WhiteStones {
		t.Errorf("game %d: reference board has %d-%d stones, record %d-%d", rec.Game, black, white, rec.BlackStones, rec.WhiteStones)
	}
	winner := board.White
	if float64(black) > float64(white)+2.5 {
		winner = board.Black
	}
	if winner != rec.Winner {
		t.Errorf("game %d: winner %s, reference %s", rec.Game, rec.Winner, winner)
	}
	if len(rec.Moves) != board.MaxMoves && passes != 2 && !(len(rec.Moves) == 1 && passes == 1) {
		t.Errorf("game %d ended after %d moves without two passes (%s)", rec.Game, len(rec.Moves), rec.Reason)
	}
}

func TestBuiltinGamesLegal(t *testing.T) {
	kinds := []string{"random", "greedy", "aggressive", "alphabeta"}
	games := 12
	if testing.Short() {
		games = 4
	}
	for _, ka := range kinds {
		for _, kb := range kinds {
			t.Run(ka+"-"+kb, func(t *testing.T) {
				a, _ := ParseAgent(ka)
				b, _ := ParseAgent(kb)
				recs, err := Run(context.Background(), a, b, Config{Games: games, Jobs: 2, CPULimit: board.HostCPULimit, Seed: 7})
				if err != nil {
					t.Fatal(err)
				}
				for k := range recs {
					if recs[k].Reason.Forfeit() {
						t.Fatalf("game %d forfeited: %s", recs[k].Game, recs[k].Detail)
					}
					checkLegal(t, &recs[k])
				}
			})
		}
	}
}

func TestRefMoveAgreesWithJudge(t *testing.T) {
	// The reference check itself, on the referee's scripted ko and suicide cases.
	var g grid
	g[0][1], g[1][0], g[2][1] = 1, 1, 1
	g[0][2], g[1][1], g[1][3], g[2][2] = 2, 2, 2, 2
	next, captured, why := refMove(g, grid{}, 0, 1, 1, 2)
	if why != "" || captured != 1 || next[1][1] != 0 {
		t.Fatalf("capture into ko: %q, %d captured", why, captured)
	}
	if _, _, why := refMove(next, g, 1, 2, 1, 1); why != "ko" {
		t.Errorf("immediate retake: %q, want ko", why)
	}
	var s grid
	s[0][1], s[1][0] = 1, 1
	if _, _, why := refMove(s, grid{}, 0, 2, 0, 0); why != "suicide" {
		t.Errorf("corner suicide: %q", why)
	}
}

// randomPosition plays n random legal placements from the empty board.
func randomPosition(rng *rand.Rand, n int) board.Position {
	pos := board.New()
	for k := 0; k < n && !pos.Over; k++ {
		legal := pos.Legal()
		if legal == 0 {
			pos.Pass()
			continue
		}
		pos.Play(legal.Nth(rng.IntN(legal.Count())))
	}
	return pos
}

func captures(pos board.Position, pt board.Point) int {
	c, _ := pos.Play(pt)
	return c
}

func TestGreedyCapturesMost(t *testing.T) {
	// White's pair 0,0-0,1 has one liberty at 0,2; White's stone at 4,4 one at 4,3.
	in := board.Input{Color: board.Black}
	in.Current[board.Black] = p(1, 0).Bit() | p(1, 1).Bit() | p(3, 4).Bit()
	in.Current[board.White] = p(0, 0).Bit() | p(0, 1).Bit() | p(4, 4).Bit()
	in.Previous = in.Current
	pos := in.Position(7)
	for seed := uint64(0); seed < 20; seed++ {
		if mv := newBuiltin(KindGreedy, seed).Choose(pos); mv != p(0, 2) {
			t.Fatalf("seed %d: greedy played %s, want the double capture at 0,2", seed, mv)
		}
	}
	// On random positions, the move chosen captures as many stones as any legal move.
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 300; k++ {
		pos := randomPosition(rng, rng.IntN(20))
		if pos.Over {
			continue
		}
		most := 0
		for rest := pos.Legal(); rest != 0; rest &= rest - 1 {
			most = max(most, captures(pos, rest.First()))
		}
		mv := newBuiltin(KindGreedy, uint64(k)).Choose(pos)
		if pos.Legal() == 0 {
			if mv != board.Pass {
				t.Fatalf("no legal placement, greedy played %s", mv)
			}
			continue
		}
		if !pos.Legal().Has(mv) || captures(pos, mv) != most {
			t.Fatalf("greedy played %s capturing %d; the most is %d\n%s", mv, captures(pos, mv), most, pos.String())
		}
	}
}

func TestGreedyTieBreakIsSeeded(t *testing.T) {
	pos := board.New()
	seen := map[board.Point]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		a := newBuiltin(KindGreedy, seed).Choose(pos)
		if b := newBuiltin(KindGreedy, seed).Choose(pos); a != b {
			t.Fatalf("seed %d chose %s then %s", seed, a, b)
		}
		seen[a] = true
	}
	if len(seen) < 10 {
		t.Errorf("50 seeds chose only %d different first moves among 25 equal ones", len(seen))
	}
}

func TestAggressiveMaximisesNetCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 200; k++ {
		pos := randomPosition(rng, 4+rng.IntN(16))
		if pos.Over || pos.Legal() == 0 {
			continue
		}
		net := func(pt board.Point) int {
			q := pos
			c, _ := q.Play(pt)
			worst := 0
			for r := 0; r < board.NumPoints; r++ {
				if q.IsLegal(board.Point(r)) {
					worst = max(worst, captures(q, board.Point(r)))
				}
			}
			return c - worst
		}
		best := -100
		for rest := pos.Legal(); rest != 0; rest &= rest - 1 {
			best = max(best, net(rest.First()))
		}
		mv := newBuiltin(KindAggressive, uint64(k)).Choose(pos)
		if !pos.Legal().Has(mv) || net(mv) != best {
			t.Fatalf("aggressive played %s worth %d; the best is %d\n%s", mv, net(mv), best, pos.String())
		}
	}
}

func TestAlphaBetaDepthAndBranching(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sawFull := false
	for k := 0; k < 150; k++ {
		pos := randomPosition(rng, rng.IntN(22))
		if pos.Over {
			continue
		}
		ab := &AlphaBetaPlayer{rng: newRNG(uint64(k))}
		full := &AlphaBetaPlayer{rng: newRNG(uint64(k)), noPrune: true}
		mv := ab.Choose(pos)
		want := full.Choose(pos)
		if ab.maxPly > ABDepth || ab.maxBranch > ABBranching || full.maxPly > ABDepth || full.maxBranch > ABBranching {
			t.Fatalf("searched %d plies and %d actions at a node; limits %d and %d", ab.maxPly, ab.maxBranch, ABDepth, ABBranching)
		}
		if full.leaves > ABBranching*ABBranching {
			t.Fatalf("%d leaves without pruning; at most %d", full.leaves, ABBranching*ABBranching)
		}
		if pos.Legal().Count() >= ABBranching {
			sawFull = true
			if full.maxBranch != ABBranching {
				t.Errorf("%d legal placements but only %d actions tried", pos.Legal().Count(), full.maxBranch)
			}
		}
		if ab.leaves > full.leaves {
			t.Errorf("pruning scored more leaves (%d) than the full search (%d)", ab.leaves, full.leaves)
		}
		if mv != want || ab.value != full.value {
			t.Fatalf("pruned search chose %s (%d), full minimax %s (%d)\n%s", mv, ab.value, want, full.value, pos.String())
		}
		if !pos.IsLegal(mv) {
			t.Fatalf("alphabeta played illegal %s", mv)
		}
	}
	if !sawFull {
		t.Error("no position with 10 or more legal placements was tried")
	}
}

func TestAlphaBetaChoices(t *testing.T) {
	// It takes the double capture.
	in := board.Input{Color: board.Black}
	in.Current[board.Black] = p(1, 0).Bit() | p(1, 1).Bit() | p(3, 4).Bit()
	in.Current[board.White] = p(0, 0).Bit() | p(0, 1).Bit() | p(4, 4).Bit()
	in.Previous = board.Stones{in.Current[board.Black], in.Current[board.White] &^ p(4, 4).Bit()} // White just played 4,4
	pos := in.Position(7)
	if mv := newBuiltin(KindAlphaBeta, 1).Choose(pos); mv != p(0, 2) {
		t.Errorf("alphabeta played %s, want the double capture at 0,2", mv)
	}
	// White, ahead on the board after Black's pass, passes to end the game with a win.
	in = board.Input{Color: board.White}
	in.Current[board.Black] = p(2, 2).Bit()
	in.Current[board.White] = p(1, 1).Bit()
	in.Previous = in.Current
	if pos := in.Position(4); newBuiltin(KindAlphaBeta, 1).Choose(pos) != board.Pass {
		t.Error("alphabeta did not pass to win")
	}
	// Black never passes on move 1, which would lose at once.
	for seed := uint64(0); seed < 10; seed++ {
		if newBuiltin(KindAlphaBeta, seed).Choose(board.New()) == board.Pass {
			t.Fatal("alphabeta passed on move 1")
		}
	}
}

func TestMatchesAreReproducible(t *testing.T) {
	a, _ := ParseAgent("alphabeta")
	b, _ := ParseAgent("random")
	moves := func(seed uint64, jobs int) string {
		recs, err := Run(context.Background(), a, b, Config{Games: 4, Jobs: jobs, CPULimit: board.HostCPULimit, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := ""
		for _, r := range recs {
			for _, m := range r.Moves {
				s += m.Point.String() + " "
			}
			s += fmt.Sprintf("| %s %d-%d\n", r.Winner, r.BlackStones, r.WhiteStones)
		}
		return s
	}
	first := moves(11, 1)
	if again := moves(11, 2); again != first {
		t.Errorf("same seed, different games:\n%s\n%s", first, again)
	}
	if other := moves(12, 1); other == first {
		t.Error("a different seed played the same games")
	}
}

// benchPositions are positions from random games, the same on every run.
func benchPositions() []board.Position {
	rng := rand.New(rand.NewPCG(9, 9))
	var out []board.Position
	for len(out) < 64 {
		if pos := randomPosition(rng, rng.IntN(20)); !pos.Over {
			out = append(out, pos)
		}
	}
	return out
}

func TestBuiltinsDoNotAllocate(t *testing.T) {
	positions := benchPositions()
	for _, k := range []Kind{KindRandom, KindGreedy, KindAggressive, KindAlphaBeta} {
		c := newBuiltin(k, 1)
		n := 0
		if allocs := testing.AllocsPerRun(100, func() {
			c.Choose(positions[n%len(positions)])
			n++
		}); allocs != 0 {
			t.Errorf("%s allocates %.1f times per move", k, allocs)
		}
	}
}

func BenchmarkBuiltinMove(b *testing.B) {
	positions := benchPositions()
	for _, k := range []Kind{KindRandom, KindGreedy, KindAggressive, KindAlphaBeta} {
		b.Run(string(k), func(b *testing.B) {
			c := newBuiltin(k, 1)
			n := 0
			for b.Loop() {
				c.Choose(positions[n%len(positions)])
				n++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/1000, "µs/move")
		})
	}
}

func TestEngineAgentReusedAndReproducible(t *testing.T) {
	// With a fixed number of playouts and one worker the engine is reproducible from its
	// seed, so games must not depend on which idle engine a game was given.
	moves := func(jobs int) string {
		a, err := ParseAgent("engine:playouts=60")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ParseAgent("random")
		recs, err := Run(context.Background(), a, b, Config{Games: 4, Jobs: jobs, CPULimit: board.HostCPULimit, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.engines) > 2*jobs {
			t.Errorf("%d idle engines after a match on %d jobs", len(a.engines), jobs)
		}
		s := ""
		for k := range recs {
			if recs[k].Reason.Forfeit() {
				t.Fatalf("game %d: %s", recs[k].Game, recs[k].Detail)
			}
			checkLegal(t, &recs[k])
			for _, m := range recs[k].Moves {
				s += m.Point.String() + " "
			}
			s += "\n"
		}
		return s
	}
	one := moves(1)
	if two := moves(2); two != one {
		t.Errorf("engine games differ between -jobs 1 and -jobs 2:\n%s\n%s", one, two)
	}
}
