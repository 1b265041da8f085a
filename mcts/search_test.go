// search_test.go: tests of the search: tactical positions with a known answer, proofs against brute force, reproducibility, budget, allocations.

package mcts

import (
	"context"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/board/boardtest"
	"littlego/lib/cputime"
	"littlego/policy"
)

// tactic is a position whose winning actions are computed by brute force.
type tactic struct {
	name string
	pos  board.Position
	// want is the set the brute force must find, to be sure the test is about what
	// it says; nil means "at least one winning action, any".
	want []board.Point
	// proven asks that the search also prove the win.
	proven bool
}

func tactics(t *testing.T) []tactic {
	pt := board.PointAt
	return []tactic{
		{
			// Black is one stone up before move 23. Taking the two White stones at
			// 0,4 leaves Black four up, three after White's last move; any other
			// move leaves Black at most two up.
			name: "capture decides the game",
			pos: diagram(t, `
				.XOO.
				.XXX.
				.....
				X..OO
				.X.O.`, board.Black, 23),
			want:   []board.Point{pt(0, 4)},
			proven: true,
		},
		{
			// Black is four up at move 24: only the capture at 1,0 brings White
			// below three; passing or a quiet move loses.
			name: "White must capture on the last move",
			pos: diagram(t, `
				XO...
				.....
				..XX.
				..XX.
				.....`, board.White, 24),
			want:   []board.Point{pt(1, 0)},
			proven: true,
		},
		{
			// Black is two up before move 23. The ko capture at 1,2 makes it four;
			// White may not retake at 1,1 on move 24, so Black ends three up.
			// Anything else ends two up.
			name: "ko capture that cannot be retaken",
			pos: diagram(t, `
				XXO..
				XO.O.
				XXO..
				XX...
				X..OO`, board.Black, 23),
			want:   []board.Point{pt(1, 2)},
			proven: true,
		},
		{
			// White to play move 22 and one stone behind in stones, Black one up:
			// filling either eye of the White group lets Black take ten stones,
			// while after a pass Black can only pass (its own eye fill would be
			// captured), ending the game one up: passing is the only winning move.
			name: "passing is the only winning move",
			pos: diagram(t, `
				O.O.O
				OOOOO
				OOXXX
				XXXXX
				X.X.X`, board.White, 22),
			want:   []board.Point{board.Pass},
			proven: true,
		},
	}
}

func TestTacticsHaveTheIntendedAnswers(t *testing.T) {
	for _, tc := range tactics(t) {
		got := winningActions(tc.pos)
		want := map[board.Point]bool{}
		for _, p := range tc.want {
			want[p] = true
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: brute force finds winning actions %v, the test expects %v\n%v", tc.name, got, want, &tc.pos)
		}
	}
}

func TestSearchFindsTheWinningMove(t *testing.T) {
	for _, tc := range tactics(t) {
		res, err := search(context.Background(), tc.pos, fixedConfig(5000))
		if err != nil {
			t.Fatal(err)
		}
		winning := winningActions(tc.pos)
		if !winning[res.Move] {
			t.Errorf("%s: search played %v, winning actions are %v\n%v", tc.name, res.Move, winning, &tc.pos)
		}
		if tc.proven && res.Proof != Win {
			t.Errorf("%s: search did not prove the win (proof %v after %d iterations)", tc.name, res.Proof, res.Iterations)
		}
		if res.Proof == Win && res.Stop != StopProven {
			t.Errorf("%s: proven root, but the search stopped for %v", tc.name, res.Stop)
		}
	}
}

func TestBlackNeverPassesOnMoveOne(t *testing.T) {
	res, err := search(context.Background(), board.New(), fixedConfig(3000))
	if err != nil {
		t.Fatal(err)
	}
	if res.Move == board.Pass {
		t.Fatal("Black passed on move 1, which ends the game and loses")
	}
	for _, m := range res.Moves {
		if m.Move == board.Pass && m.Proof != Loss {
			t.Fatalf("Black's pass on move 1 should be proven lost, got %v", m.Proof)
		}
	}
	if len(res.Moves) != board.NumActions {
		t.Fatalf("the empty board has %d actions, result lists %d", board.NumActions, len(res.Moves))
	}
}

func TestLastMoveSituations(t *testing.T) {
	// White to play move 24.
	cases := []struct {
		name   string
		rows   string
		noPass bool
	}{
		// Black is three up: any placement wins, passing loses.
		{"passing loses", `
			XX...
			X....
			.....
			.....
			.....`, true},
		// White is ahead: everything wins, passing included.
		{"White ahead", `
			X...O
			.....
			.....
			.....
			.....`, false},
	}
	for _, tc := range cases {
		pos := diagram(t, tc.rows, board.White, 24)
		if winning := winningActions(pos); winning[board.Pass] == tc.noPass || len(winning) == 0 {
			t.Fatalf("%s: brute force finds winning actions %v", tc.name, winning)
		}
		res, err := search(context.Background(), pos, fixedConfig(2000))
		if err != nil {
			t.Fatal(err)
		}
		if res.Proof != Win {
			t.Errorf("%s: the win is not proven (%v)", tc.name, res.Proof)
		}
		if tc.noPass && res.Move == board.Pass {
			t.Errorf("%s: White passed", tc.name)
		}
	}
	// Black to play move 23, two up, nothing to capture: every action loses.
	pos := diagram(t, `
		XX...
		.....
		.....
		.....
		.....`, board.Black, 23)
	if len(winningActions(pos)) != 0 {
		t.Fatal("the test position should be lost for Black")
	}
	res, err := search(context.Background(), pos, fixedConfig(5000))
	if err != nil {
		t.Fatal(err)
	}
	if res.Proof != Loss {
		t.Errorf("a lost position should be proven lost, got %v", res.Proof)
	}
}

// TestProofsAgreeWithBruteForce checks MCTS-Solver against plain minimax on random
// positions three or fewer moves from the end.
func TestProofsAgreeWithBruteForce(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	proved := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		pos := randomPosition(seed, 22+int(seed%3))
		if pos.Over {
			continue
		}
		res, err := search(context.Background(), pos, fixedConfig(20000))
		if err != nil {
			t.Fatal(err)
		}
		winning := winningActions(pos)
		switch res.Proof {
		case Win:
			proved++
			if !winning[res.Move] {
				t.Fatalf("seed %d: proven win with %v, but brute force says it loses\n%v", seed, res.Move, &pos)
			}
		case Loss:
			proved++
			if len(winning) > 0 {
				t.Fatalf("seed %d: proven loss, but %v win\n%v", seed, winning, &pos)
			}
		default:
			t.Errorf("seed %d: not proven after %d iterations\n%v", seed, res.Iterations, &pos)
		}
		for _, m := range res.Moves {
			if (m.Proof == Win && !winning[m.Move]) || (m.Proof == Loss && winning[m.Move]) {
				t.Fatalf("seed %d: %v marked %v, brute force disagrees\n%v", seed, m.Move, m.Proof, &pos)
			}
		}
	}
	if proved == 0 {
		t.Fatal("no position was proven")
	}
}

// TestSolvedPositions plays the host-judged solved positions (moves 13-18) that have a
// winning action and checks the search picks one of them.
func TestSolvedPositions(t *testing.T) {
	cases := boardtest.MustLoadSolved(t)
	tried, right, proven := 0, 0, 0
	for _, c := range cases {
		if len(c.Winning) == 0 {
			continue
		}
		winning := c.WinningSet()
		res, err := search(context.Background(), c.Pos, fixedConfig(10000))
		if err != nil {
			t.Fatal(err)
		}
		tried++
		if res.Proof == Win {
			proven++
		}
		if winning[res.Move] {
			right++
		} else {
			t.Logf("move %d: search plays %v (%.2f, %v), winning %v", c.Pos.Move, res.Move, res.WinRate, res.Proof, winning)
		}
		if res.Proof == Win && !winning[res.Move] {
			t.Fatalf("proved a win with a losing move %v\n%v", res.Move, &c.Pos)
		}
		if res.Proof == Loss {
			t.Fatalf("proved a loss in a won position\n%v", &c.Pos)
		}
	}
	t.Logf("%d of %d solved positions played right, %d proven", right, tried, proven)
	if right*10 < tried*9 {
		t.Fatalf("only %d of %d solved positions played right", right, tried)
	}
}

func TestReproducibleWithSeed(t *testing.T) {
	pos := randomPosition(5, 8)
	cfg := fixedConfig(4000)
	a, err := search(context.Background(), pos, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSearcher(cfg.Config)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // a fresh Searcher, then the same one reused
		b, err := s.Search(context.Background(), pos, cfg.Limit, cfg.Seed)
		if err != nil {
			t.Fatal(err)
		}
		a.CPU, a.Wall, b.CPU, b.Wall = 0, 0, 0, 0
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("same seed, different results:\n%+v\n%+v", a, b)
		}
	}
	cfg.Seed = 99
	c, _ := search(context.Background(), pos, cfg)
	if reflect.DeepEqual(a.Moves, c.Moves) {
		t.Fatal("a different seed gave the same statistics")
	}
}

func TestTwoWorkers(t *testing.T) {
	cfg := fixedConfig(6000)
	cfg.Workers = 2
	res, err := search(context.Background(), randomPosition(3, 6), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != cfg.Playouts {
		t.Fatalf("ran %d iterations, want %d", res.Iterations, cfg.Playouts)
	}
	total := 0
	for _, m := range res.Moves {
		total += m.Visits
	}
	if total != cfg.Playouts {
		t.Fatalf("merged root visits %d, want %d", total, cfg.Playouts)
	}
	if res.Stop != StopPlayouts {
		t.Fatalf("stopped for %v", res.Stop)
	}
}

func TestFixedPlayoutsRunExactly(t *testing.T) {
	res, err := search(context.Background(), board.New(), fixedConfig(1234))
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 1234 || res.Stop != StopPlayouts {
		t.Fatalf("ran %d iterations, stop %v; want 1234, playouts", res.Iterations, res.Stop)
	}
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		t.Fatalf("principal variation %v does not start with the move %v", res.PV, res.Move)
	}
	q := board.New()
	for _, p := range res.PV {
		if _, ok := q.Play(p); !ok {
			t.Fatalf("principal variation %v has an illegal move %v", res.PV, p)
		}
	}
}

func TestIterationAllocatesNothing(t *testing.T) {
	cfg := fixedConfig(1)
	s, err := NewSearcher(cfg.Config)
	if err != nil {
		t.Fatal(err)
	}
	tr := s.trees[0]
	tr.reset(board.New(), 1)
	for range 2000 {
		tr.iterate()
	}
	if allocs := testing.AllocsPerRun(2000, tr.iterate); allocs != 0 {
		t.Fatalf("an iteration allocates %.2f times", allocs)
	}
}

func TestBudgetIsRespected(t *testing.T) {
	// The budget covers the search, not the Searcher's construction (the engine makes
	// one Searcher and counts from the process start when it must), so the trees are
	// allocated and the heap collected before the clock starts.
	cfg := defaultSearch(200 * time.Millisecond)
	cfg.EarlyStop = false
	s, err := NewSearcher(cfg.Config)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	before := cputime.Process()
	res, err := s.Search(context.Background(), board.New(), cfg.Limit, cfg.Seed)
	used := cputime.Process() - before
	if err != nil {
		t.Fatal(err)
	}
	if res.Stop != StopBudget {
		t.Fatalf("stopped for %v, want budget", res.Stop)
	}
	if used > 300*time.Millisecond || used < 200*time.Millisecond {
		t.Fatalf("a 0.2 s budget used %v of process CPU", used)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := defaultSearch(2 * time.Second)
	res, err := search(ctx, board.New(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stop != StopCanceled || res.Iterations > 10*checkEvery {
		t.Fatalf("cancelled search ran %d iterations, stop %v", res.Iterations, res.Stop)
	}
}

func TestEarlyStop(t *testing.T) {
	// White to play move 24, Black four up: only the capture at 1,0 wins, and it is
	// proven at once; with the proof off the table (a position with many equal moves
	// and a clear best) the settled rule applies. Here: a fixed count with early stop.
	pos := diagram(t, `
		XO...
		.....
		..XX.
		..XX.
		.....`, board.White, 24)
	cfg := fixedConfig(100000)
	cfg.EarlyStop = true
	res, err := search(context.Background(), pos, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations >= cfg.Playouts || (res.Stop != StopProven && res.Stop != StopSettled) {
		t.Fatalf("ran %d of %d iterations, stop %v", res.Iterations, cfg.Playouts, res.Stop)
	}
	// On the empty board nothing is proven, but a huge lead settles the search.
	cfg = fixedConfig(200000)
	cfg.EarlyStop = true
	if testing.Short() {
		cfg.Playouts = 40000
	}
	res, err = search(context.Background(), board.New(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	first, second := res.Moves[0].Visits, res.Moves[1].Visits
	if res.Stop == StopSettled && first-second <= cfg.Playouts-res.Iterations {
		t.Fatalf("settled with a lead of %d and %d iterations left", first-second, cfg.Playouts-res.Iterations)
	}
}

func TestForcedMove(t *testing.T) {
	// White to move with no legal placement: 0,0 and 4,4 are suicide for White.
	pos := diagram(t, `
		.XXXX
		XXXXX
		XXXXX
		XXXXX
		XXXX.`, board.White, 20)
	res, err := search(context.Background(), pos, fixedConfig(1000))
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != board.Pass || res.Stop != StopForced || res.Iterations != 0 {
		t.Fatalf("forced pass: got %v, stop %v, %d iterations", res.Move, res.Stop, res.Iterations)
	}
}

func TestTinyArena(t *testing.T) {
	cfg := fixedConfig(3000)
	cfg.TreeNodes = TreeNodesRange.Min
	res, err := search(context.Background(), board.New(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 3000 || res.Nodes != TreeNodesRange.Min {
		t.Fatalf("tiny arena: %d iterations, %d nodes", res.Iterations, res.Nodes)
	}
}

func TestBadInput(t *testing.T) {
	over := board.New()
	over.Pass()
	if _, err := search(context.Background(), over, defaultSearch(500*time.Millisecond)); err == nil {
		t.Fatal("searching a finished game should fail")
	}
	bad := board.New()
	bad.Move = 30
	if _, err := search(context.Background(), bad, defaultSearch(500*time.Millisecond)); err == nil {
		t.Fatal("searching move 30 should fail")
	}
}

func TestConfigValidate(t *testing.T) {
	good := DefaultConfig()
	if err := good.Validate(); err != nil {
		t.Fatalf("default config invalid: %v", err)
	}
	cases := []struct {
		field string
		edit  func(*Config)
	}{
		{"C", func(c *Config) { c.C = -1 }},
		{"RAVE", func(c *Config) { c.RAVE = -5 }},
		{"Expand", func(c *Config) { c.Expand = 0 }},
		{"Workers", func(c *Config) { c.Workers = 0 }},
		{"Workers", func(c *Config) { c.Workers = WorkersRange.Max + 1 }},
		{"Policy", func(c *Config) { c.Policy = nil }},
		{"TreeNodes", func(c *Config) { c.TreeNodes = 3 }},
	}
	for _, tc := range cases {
		c := DefaultConfig()
		tc.edit(&c)
		err := c.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: want an error naming it, got %v", tc.field, err)
		}
		if _, err := NewSearcher(c); err == nil {
			t.Errorf("%s: NewSearcher accepted a bad config", tc.field)
		}
	}
}

// A limit out of range is refused where it is passed: by the search, before any work.
func TestLimitValidate(t *testing.T) {
	if err := (Limit{CPU: MaxBudget}).Validate(); err != nil {
		t.Fatalf("a limit of MaxBudget is invalid: %v", err)
	}
	s, err := NewSearcher(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field string
		lim   Limit
	}{
		{"Playouts", Limit{Playouts: -1}},
		{"CPU", Limit{CPU: HardCeiling + time.Second}},
		{"CPU", Limit{CPU: -time.Second, Playouts: 10}},
		{"no limit", Limit{}},
	} {
		err := tc.lim.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: want an error naming it, got %v", tc.field, err)
		}
		if _, err := s.Search(context.Background(), board.New(), tc.lim, 1); err == nil {
			t.Errorf("%s: Search accepted a bad limit", tc.field)
		}
		if _, err := Search(context.Background(), board.New(), DefaultConfig(), tc.lim, 1); err == nil {
			t.Errorf("%s: Search accepted a bad limit", tc.field)
		}
	}
}

func TestUniformPolicyAndNoPriorsNoRAVE(t *testing.T) {
	// The search works with every combination of its switches.
	for _, variant := range []func(*Config){
		func(c *Config) { c.Policy = policy.Uniform{} },
		func(c *Config) { c.Priors = false },
		func(c *Config) { c.RAVE = 0 },
		func(c *Config) { c.C = 0 },
		func(c *Config) { c.Priors, c.RAVE = false, 0 },
		func(c *Config) { c.Expand = 1 },
	} {
		cfg := fixedConfig(3000)
		variant(&cfg.Config)
		tc := tactics(t)[0]
		res, err := search(context.Background(), tc.pos, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if res.Move != tc.want[0] {
			t.Errorf("config %+v: played %v, want %v", cfg, res.Move, tc.want[0])
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[workers], func(b *testing.B) {
			cfg := fixedConfig(100000 * workers)
			cfg.Workers = workers
			cfg.TreeNodes = 1 << 20
			s, err := NewSearcher(cfg.Config)
			if err != nil {
				b.Fatal(err)
			}
			iterations := 0
			cpu := time.Duration(0)
			b.ReportAllocs()
			for b.Loop() {
				res, err := s.Search(context.Background(), board.New(), cfg.Limit, cfg.Seed)
				if err != nil {
					b.Fatal(err)
				}
				iterations += res.Iterations
				cpu += res.CPU
			}
			b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
			b.ReportMetric(float64(iterations)/cpu.Seconds(), "iterations/cpu-s")
		})
	}
}
