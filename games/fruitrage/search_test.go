// search_test.go: the alpha-beta search against plain minimax, exact endgames, time limits and allocations.

package fruitrage

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"littlego/lib/cputime"
)

// noClock never stops a search.
func noClock() time.Duration { return 0 }

var unlimited = Limits{Soft: 1 << 62, Hard: 1 << 62}

// TestAlphaBetaEqualsMinimax checks that every complete iteration of the alpha-beta
// search, table and all, returns the plain minimax value of the same depth.
func TestAlphaBetaEqualsMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ab, mm := NewSearcher(14), NewSearcher(10)
	boards := 20
	if testing.Short() {
		boards = 10
	}
	for k := 0; k < boards; k++ {
		b := RandomBoard(3+rng.IntN(5), 2+rng.IntN(4), rng)
		for depth := 1; depth <= 4; depth++ {
			ab.Clear()
			r := ab.Search(&b, noClock, Limits{Soft: 1 << 62, Hard: 1 << 62, MaxDepth: depth})
			want := mm.Minimax(&b, noClock, depth, unlimited)
			if r.Value != want.Value {
				t.Fatalf("board %d depth %d: alpha-beta %d (depth %d), minimax %d (depth %d)", k, depth, r.Value, r.Depth, want.Value, want.Depth)
			}
		}
	}
}

// solve is the exact value of b by full minimax, remembering boards by their rows.
func solve(b *Board, memo map[string]int) int {
	if b.Fruits == 0 {
		return 0
	}
	key := string(AppendRows(nil, b))
	if v, ok := memo[key]; ok {
		return v
	}
	var g Groups
	g.Find(b)
	best := -infinity
	for i := 0; i < g.Count; i++ {
		var c Board
		best = max(best, Play(&c, b, &g, i)-solve(&c, memo))
	}
	memo[key] = best
	return best
}

// TestSearchSolvesEndgames checks that on small boards the search ends with an exact
// result, equal to the value of a full minimax, and that its move achieves that value.
func TestSearchSolvesEndgames(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	s := NewSearcher(16)
	var g Groups
	for k := 0; k < 25; k++ {
		b := RandomBoard(2+rng.IntN(3), 2+rng.IntN(3), rng)
		memo := map[string]int{}
		s.Clear()
		r := s.Search(&b, noClock, unlimited)
		want := solve(&b, memo)
		if !r.Exact || r.Value != want {
			t.Fatalf("board %d: value %d exact %v, want %d exact", k, r.Value, r.Exact, want)
		}
		g.Find(&b)
		var c Board
		if got := Play(&c, &b, &g, g.GroupOf(r.Move)) - solve(&c, memo); got != want {
			t.Fatalf("board %d: move %s is worth %d, the best %d", k, b.Name(r.Move), got, want)
		}
	}
}

// countingClock advances by step every reading: a deterministic clock.
type countingClock struct{ now, step time.Duration }

func (c *countingClock) read() time.Duration { c.now += c.step; return c.now }

// TestSearchStopsAtHardLimit checks that a search cut short still returns a legal move
// and reads the clock past the hard limit only briefly.
func TestSearchStopsAtHardLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	b := RandomBoard(26, 9, rng)
	s := NewSearcher(14)
	for _, hard := range []time.Duration{0, 5 * time.Microsecond, 20 * time.Microsecond} {
		c := &countingClock{step: time.Microsecond}
		r := s.Search(&b, c.read, Limits{Soft: hard / 2, Hard: hard})
		if !b.Legal(r.Move) {
			t.Fatalf("hard %v: illegal move %v", hard, r.Move)
		}
		if c.now > hard+10*time.Microsecond {
			t.Fatalf("hard %v: the clock was read %v times after the limit", hard, (c.now-hard)/time.Microsecond)
		}
		m := s.Minimax(&b, c.read, 3, Limits{Soft: c.now + hard/2, Hard: c.now + hard})
		if !b.Legal(m.Move) {
			t.Fatalf("minimax, hard %v: illegal move %v", hard, m.Move)
		}
	}
}

// TestMinimaxShallowerWhenShort checks that plain minimax gives up depths it cannot
// afford: with a soft limit just above one ply's cost it stays at depth 1.
func TestMinimaxShallowerWhenShort(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	b := RandomBoard(10, 4, rng)
	s := NewSearcher(10)
	c := &countingClock{step: time.Microsecond}
	r := s.Minimax(&b, c.read, 3, Limits{Soft: 30 * time.Microsecond, Hard: time.Hour})
	if r.Depth != 1 || !r.Complete {
		t.Fatalf("depth %d complete %v, want depth 1 complete", r.Depth, r.Complete)
	}
	r = s.Minimax(&b, noClock, 3, unlimited)
	if r.Depth != 3 {
		t.Fatalf("unlimited: depth %d, want 3", r.Depth)
	}
}

// TestSearchAllocatesNothing checks that a search allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	b := RandomBoard(12, 4, rng)
	s := NewSearcher(14)
	allocs := testing.AllocsPerRun(3, func() {
		s.Search(&b, noClock, Limits{Soft: 1 << 62, Hard: 1 << 62, MaxDepth: 3})
		s.Minimax(&b, noClock, 2, unlimited)
	})
	if allocs != 0 {
		t.Fatalf("a search allocates %.1f times", allocs)
	}
}

// BenchmarkFind measures group labelling of a full 26×26 board with 9 types.
func BenchmarkFind(b *testing.B) {
	bd := RandomBoard(26, 9, rand.New(rand.NewPCG(1, 1)))
	var g Groups
	for b.Loop() {
		g.Find(&bd)
	}
}

// BenchmarkSearch measures the search's speed in nodes per CPU second on full boards.
func BenchmarkSearch(b *testing.B) {
	for _, cfg := range []struct{ n, p, depth int }{{10, 4, 5}, {26, 9, 3}} {
		b.Run(fmt.Sprintf("n%d-p%d-depth%d", cfg.n, cfg.p, cfg.depth), func(b *testing.B) {
			bd := RandomBoard(cfg.n, cfg.p, rand.New(rand.NewPCG(2, 2)))
			s := NewSearcher(20)
			var nodes int64
			start := cputime.Process()
			for b.Loop() {
				s.Clear()
				nodes += s.Search(&bd, noClock, Limits{Soft: 1 << 62, Hard: 1 << 62, MaxDepth: cfg.depth}).Nodes
			}
			b.ReportMetric(float64(nodes)/(cputime.Process()-start).Seconds(), "nodes/cpu-s")
		})
	}
}
