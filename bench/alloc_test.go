// alloc_test.go: the hot loops (playouts of every policy, Play, Legal) allocate nothing, and the workload is well formed.

package bench

import (
	"testing"

	"littlego/board"
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
	if cfg := SearchConfig(100, 2); cfg.Validate() != nil {
		t.Fatal(cfg.Validate())
	}
	if err := (&mcts.Config{}).Validate(); err == nil {
		t.Fatal("the zero Config validates")
	}
	cfg := SearchConfig(100, 1)
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
}
