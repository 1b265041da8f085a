// waiting_test.go: the waiting game's playout move (an experiment of the referee), the boards the agent searches shallow, and Decide's modes.

package fruitrage

import (
	"math/rand/v2"
	"strings"
	"testing"

	"littlego/lib/cputime"
)

func boardOf(t *testing.T, rows ...string) Board {
	t.Helper()
	in, err := ParseInput(strings.NewReader("3\n3\n1\n" + strings.Join(rows, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return in.Board
}

// TestSafeGroup: the largest group is taken when the board it leaves has only smaller
// ones, and a smallest group waits when taking it would merge a larger one.
func TestSafeGroup(t *testing.T) {
	var g, ng Groups
	var next Board
	safe := boardOf(t, "010", "010", "111") // the 1s (5) leave two pairs of 0s
	g.Find(&safe)
	if i := SafeGroup(&safe, &g, &next, &ng); g.Size[i] != 5 {
		t.Fatalf("took a group of %d, want the 5 ones", g.Size[i])
	}
	merge := boardOf(t, "101", "000", "111") // the 0s (4) drop the top 1s onto a group of 5
	g.Find(&merge)
	if i := SafeGroup(&merge, &g, &next, &ng); g.Size[i] != 1 {
		t.Fatalf("took a group of %d, want a single fruit that waits", g.Size[i])
	}
	last := boardOf(t, "***", "***", "*0*")
	g.Find(&last)
	if i := SafeGroup(&last, &g, &next, &ng); i != 0 {
		t.Fatalf("took group %d of the last fruit", i)
	}
}

// TestShallowBoards: the agent searches at most ShallowDepth plies on large boards of
// few types only, and Decide's other mode keeps the searcher's own settings.
func TestShallowBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	var g Groups
	s := NewSearcher(12)
	// No start-up cost: 1 s leaves a search of tens of milliseconds, not a greedy move.
	cal := Calibration{NodesPerSecond: DefaultCalibration.NodesPerSecond}
	for _, c := range []struct {
		n, p int
		want bool
	}{{26, 2, true}, {26, 3, false}, {18, 2, true}, {14, 2, false}, {26, 4, false}, {26, 9, false}, {8, 2, false}} {
		b := RandomBoard(c.n, c.p, rng)
		g.Find(&b)
		if got := ShallowBoard(b.N, b.Fruits, g.Count); got != c.want {
			t.Errorf("%dx%d p=%d (%d fruits, %d groups): ShallowBoard %v", c.n, c.n, c.p, b.Fruits, g.Count, got)
		}
		s.Playout, s.Safe = 5, true // ModeAuto resets them
		in := Input{Board: b, Types: c.p, Remaining: 1}
		clock := Clock(cputime.Process)
		if c.want {
			clock = noClock // time never runs: only the cap ends the search
		}
		m, res, plan := Decide(&in, s, clock, clock(), cal, ModeAuto)
		if !b.Legal(m) || plan.Greedy || s.Playout != 1 || s.Safe {
			t.Errorf("%dx%d p=%d: move %v, greedy %v, searcher playout %d safe %v", c.n, c.n, c.p, m, plan.Greedy, s.Playout, s.Safe)
		}
		if c.want && (res.Depth != ShallowDepth || !res.Complete) {
			t.Errorf("%dx%d p=%d: depth %d (complete %v) on a shallow board, want %d", c.n, c.n, c.p, res.Depth, res.Complete, ShallowDepth)
		}
		// A small board of two types is solved: deeper than the shallow cap.
		if c.n == 8 && !(res.Depth > ShallowDepth || res.Exact) {
			t.Errorf("8x8 p=2: depth %d, exact %v", res.Depth, res.Exact)
		}
	}
	s.Playout, s.Safe, s.MaxDepth = 3, true, 2
	in := Input{Board: RandomBoard(26, 2, rng), Types: 2, Remaining: 1}
	_, res, _ := Decide(&in, s, cputime.Process, cputime.Process(), cal, ModeSearcher)
	if s.Playout != 3 || !s.Safe || res.Depth > 2 {
		t.Errorf("ModeSearcher: playout %d safe %v depth %d, want the searcher's 3, true, at most 2", s.Playout, s.Safe, res.Depth)
	}
}

// TestWaitingSearchAllocatesNothing checks that a search with the waiting game's
// playout allocates nothing.
func TestWaitingSearchAllocatesNothing(t *testing.T) {
	b := RandomBoard(26, 2, rand.New(rand.NewPCG(29, 30)))
	s := NewSearcher(14)
	s.Playout, s.Safe = MaxCells, true
	allocs := testing.AllocsPerRun(2, func() {
		s.Search(&b, noClock, Limits{Soft: 1 << 62, Hard: 1 << 62, MaxDepth: 2})
	})
	if allocs != 0 {
		t.Fatalf("a search allocates %.1f times", allocs)
	}
}
