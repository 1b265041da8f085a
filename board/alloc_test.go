// alloc_test.go: the hot operations (Play, Pass, Legal, keys, whole random playouts) allocate nothing, and benchmarks of their speed.

package board

import (
	"math/rand/v2"
	"testing"
)

// midGame returns a position after a few random moves, with captures possible.
func midGame() Position {
	p := New()
	rng := rand.New(rand.NewPCG(7, 7))
	for k := 0; k < 12; k++ {
		legal := p.Legal()
		p.Play(legal.Nth(rng.IntN(legal.Count())))
	}
	return p
}

// randomPlayout plays uniformly random legal placements (a pass when there is none)
// until the game ends and returns the final margin.
func randomPlayout(rng *rand.Rand) int {
	p := New()
	for !p.Over {
		legal := p.Legal()
		if legal == 0 {
			p.Pass()
			continue
		}
		p.Play(legal.Nth(rng.IntN(legal.Count())))
	}
	return p.Margin()
}

var sinkInt int
var sinkKey uint64
var sinkBits Bitboard

func TestHotPathsDoNotAllocate(t *testing.T) {
	base := midGame()
	legal := base.Legal()
	if legal == 0 {
		t.Fatal("no legal move in the test position")
	}
	pt := legal.First()
	rng := rand.New(rand.NewPCG(1, 1))
	cases := []struct {
		name string
		f    func()
	}{
		{"Play", func() { q := base; n, _ := q.Play(pt); sinkInt += n }},
		{"Play illegal", func() { q := base; n, _ := q.Play(base.Stones[Black].First()); sinkInt += n }},
		{"Pass", func() { q := base; q.Pass(); sinkInt += int(q.Move) }},
		{"Legal", func() { sinkBits |= base.Legal() }},
		{"IsLegal", func() {
			if base.IsLegal(pt) {
				sinkInt++
			}
		}},
		{"Key and ComputeHash", func() { sinkKey ^= base.Key() ^ base.ComputeHash() }},
		{"CanonicalKey", func() { k, _ := base.CanonicalKey(); sinkKey ^= k }},
		{"random playout", func() { sinkInt += randomPlayout(rng) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(200, c.f); n != 0 {
			t.Errorf("%s allocates %.1f times per call", c.name, n)
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	base := midGame()
	pts := base.Legal()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		q := base
		q.Play(pts.Nth(i % pts.Count()))
	}
}

func BenchmarkLegal(b *testing.B) {
	base := midGame()
	b.ReportAllocs()
	for b.Loop() {
		sinkBits |= base.Legal()
	}
}

func BenchmarkRandomPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		sinkInt += randomPlayout(rng)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
}
