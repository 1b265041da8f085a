// alloc_test.go: the hot loops (playouts of every policy, Play, Legal) allocate nothing, and the workload is well formed.

package bench

import (
	"context"
	"math"
	"testing"

	"littlego/board"
	"littlego/engine"
	"littlego/mcts"
	"littlego/policy"
)

func TestPlayoutsAllocateNothing(t *testing.T) {
	starts := Positions()
	for _, name := range policy.Names() {
		pol, err := policy.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		player := pol.NewPlayer()
		rng := policy.NewRand(7)
		var pos board.Position
		var amaf [2]board.Bitboard
		i := 0
		allocs := testing.AllocsPerRun(500, func() {
			pos = starts[i%len(starts)]
			i++
			amaf = [2]board.Bitboard{}
			player.Playout(&pos, &rng, &amaf)
		})
		if allocs != 0 {
			t.Errorf("%s playouts allocate %.2f times each", name, allocs)
		}
		if !pos.Over {
			t.Errorf("%s playout did not end the game", name)
		}
	}
}

func TestPlayAndLegalAllocateNothing(t *testing.T) {
	positions, points := Moves(256)
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		pos := positions[i%len(points)]
		if _, ok := pos.Play(points[i%len(points)]); !ok {
			t.Fatalf("workload move %v is illegal in\n%v", points[i%len(points)], &positions[i%len(points)])
		}
		_ = pos.Legal()
		i++
	})
	if allocs != 0 {
		t.Errorf("Play and Legal allocate %.2f times a call", allocs)
	}
}

func TestWorkloadIsFixedAndPlayable(t *testing.T) {
	a, b := Positions(), Positions()
	if len(a) != 21 || len(a) != len(b) {
		t.Fatalf("Positions returned %d and %d positions, want 21", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("position %d differs between two calls:\n%v\n%v", i, &a[i], &b[i])
		}
		if a[i].Over {
			t.Fatalf("position %d cannot be searched:\n%v", i, &a[i])
		}
		if a[i].Hash != a[i].ComputeHash() {
			t.Fatalf("position %d has a stale hash", i)
		}
	}
	if cfg := SearchConfig(100, 2); cfg.Validate() != nil || cfg.Limit.Validate() != nil {
		t.Fatal(cfg.Validate(), cfg.Limit.Validate())
	}
	if err := (&mcts.Config{}).Validate(); err == nil {
		t.Fatal("the zero Config validates")
	}
	cfg := SearchConfig(100, 1)
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestSearchDefaultAllocatesNothingPerIteration checks that SearchDefault's search (the
// engine's default configuration) allocates the same few times (its result) whatever
// its number of iterations: nothing per iteration.
func TestSearchDefaultAllocatesNothingPerIteration(t *testing.T) {
	allocs := func(iterations int) float64 {
		cfg := SearchConfig(iterations, 1)
		s, err := mcts.NewSearcher(cfg.Config)
		if err != nil {
			t.Fatal(err)
		}
		pos := board.New()
		// The fewest over a few tries: the runtime's own bookkeeping on a loaded machine
		// can add an allocation to one search, while one per iteration adds thousands.
		fewest := math.Inf(1)
		for range 5 {
			fewest = min(fewest, testing.AllocsPerRun(3, func() {
				if _, err := s.Search(context.Background(), pos, cfg.Limit, cfg.Seed); err != nil {
					t.Fatal(err)
				}
			}))
		}
		return fewest
	}
	short, long := allocs(500), allocs(5000)
	if long != short {
		t.Fatalf("a search of 500 iterations allocates %.0f times, one of 5000 %.0f times", short, long)
	}
	if short > 16 {
		t.Fatalf("a search allocates %.0f times", short)
	}
}

// TestSearchConfigIsTheEngineDefault checks that SearchConfig is the search the engine
// runs with engine.Defaults(), but for the fixed iterations.
func TestSearchConfigIsTheEngineDefault(t *testing.T) {
	o := engine.Defaults()
	cfg := SearchConfig(1000, 1)
	want := mcts.DefaultConfig()
	if cfg.Policy.Name() != o.Policy || cfg.C != o.C || cfg.RAVE != o.RAVE ||
		cfg.Expand != o.Expand || cfg.Priors != o.Priors || cfg.Workers != o.Workers ||
		cfg.TreeNodes != want.TreeNodes || cfg.Seed != o.Seed {
		t.Fatalf("SearchConfig %+v differs from the engine defaults %+v", cfg, o)
	}
	if cfg.Limit != (mcts.Limit{Playouts: 1000}) {
		t.Fatalf("SearchConfig is not a fixed amount of work: %+v", cfg)
	}
}
