// bench_test.go: what the facts of a position's moves cost without search, as the analysis asks for them after every step.

package facts

import (
	"testing"

	"littlego/board"
)

// BenchmarkMovesKnown reads what is known of every move after 2,2 1,1 (Black to move
// in the book: each move's position is White's, checked reply by reply).
func BenchmarkMovesKnown(b *testing.B) {
	pos := board.New()
	pos.Play(WinningFirstMove)
	pos.Play(board.PointAt(1, 1))
	p := NewProver(NewCache())
	parent := p.Known(pos)
	b.ReportAllocs()
	for b.Loop() {
		Moves(pos, parent, p.Known)
	}
}

// BenchmarkKnownImplied reads what is known of the position after 0,3 2,2, which the
// opening table proves only through its parent (the table's 2,2 after 0,3), and whose
// children its next level holds.
func BenchmarkKnownImplied(b *testing.B) {
	pos := board.New()
	pos.Play(board.PointAt(0, 3))
	pos.Play(WinningFirstMove)
	b.ReportAllocs()
	for b.Loop() {
		Known(pos)
	}
}

// BenchmarkMovesKnownLate reads what is known of every move of a move-17 position over a
// cache that holds a proof (as an analysis's does), beyond the table and the book: each
// move's position asks the cache of its own neighbours.
func BenchmarkMovesKnownLate(b *testing.B) {
	pos := board.New()
	for _, p := range []board.Point{12, 7, 11, 13, 17, 8, 6, 16, 18, 14, 2, 22, 21, 3, 10, 1} {
		pos.Play(p)
	}
	p := NewProver(NewCache())
	p.Learn(pos, Proof(pos.Turn, Win, Solver))
	parent := p.Known(pos)
	b.ReportAllocs()
	for b.Loop() {
		Moves(pos, parent, p.Known)
	}
}
