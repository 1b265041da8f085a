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
