// book.go: Black's proved opening book: the exact solver's winning moves for the first moves, looked up under the eight symmetries.

package engine

import (
	"sync"

	"littlego/board"
)

//go:generate go run ../cmd/solve -book book_data.go -book-first 2,2 -book-last 5 -workers 2 -tt 24

// bookRecord is one book position in canonical orientation (the least Key of its eight
// images) with Black to move, and the move that keeps Black's win.
type bookRecord struct {
	black, white, ko uint32
	move             uint8
	passed           bool
	best             board.Point
}

// position rebuilds the record's position.
func (r *bookRecord) position() board.Position {
	p := board.Position{Move: r.move, Last: board.MaxMoves, Turn: board.Black, Passed: r.passed}
	p.Stones[board.Black] = board.Bitboard(r.black)
	p.Stones[board.White] = board.Bitboard(r.white)
	p.Ko = board.Bitboard(r.ko)
	p.Hash = p.ComputeHash()
	return p
}

var (
	bookOnce  sync.Once
	bookMoves map[uint64]board.Point
)

// BookMove returns the opening book's move for pos and true when pos is in the book:
// a proved winning move for Black (Black's game-theoretic win is kept by it whatever
// White does next; the book answers every White reply up to the move it was built
// for). The empty board is the only White-loses-everywhere position Black starts from;
// the book holds the exact solver's answers for every position reachable from it by
// Black following the book (cmd/solve -book).
func BookMove(pos board.Position) (board.Point, bool) {
	if pos.Over || pos.Turn != board.Black {
		return board.NoPoint, false
	}
	bookOnce.Do(func() {
		bookMoves = make(map[uint64]board.Point, len(bookEntries))
		for i := range bookEntries {
			p := bookEntries[i].position()
			bookMoves[p.Key()] = bookEntries[i].best
		}
	})
	key, sym := pos.CanonicalKey()
	best, ok := bookMoves[key]
	if !ok {
		return board.NoPoint, false
	}
	mv := sym.Inverse().Point(best)
	if !pos.IsLegal(mv) {
		return board.NoPoint, false
	}
	return mv, true
}
