// book.go: Black's proved opening book: the exact solver's winning moves for the first moves, looked up under the eight symmetries.

package engine

import (
	"sync"

	"littlego/board"
)

//go:generate go run ../cmd/solve -book book_data.go -book-first 2,2 -book-last 9 -workers 2 -tt 24

// BookRecord is one book position in canonical orientation (the least Key of its eight
// images) with Black to move, and the move that keeps Black's win, packed in 64 bits:
//
//	bits  0-24  Black's stones          bits 50-54  the ko point, BookPassed, or BookNoKo
//	bits 25-49  White's stones          bits 55-58  (move number - 1) / 2
//	                                    bits 59-63  the winning action (board.Pass: 25)
//
// A pass clears the ko, so one field holds both.
type BookRecord uint64

// Special values of a BookRecord's ko field.
const (
	BookPassed = 25 // White's last action was a pass (Position.Passed)
	BookNoKo   = 31 // no ko point, and the last action was not a pass
)

// PackBookRecord packs pos (Black to move) and its winning action best.
func PackBookRecord(pos board.Position, best board.Point) BookRecord {
	ko := uint64(BookNoKo)
	switch {
	case pos.Passed:
		ko = BookPassed
	case pos.Ko != 0:
		ko = uint64(pos.Ko.First())
	}
	return BookRecord(uint64(pos.Stones[board.Black]) | uint64(pos.Stones[board.White])<<25 | ko<<50 |
		uint64(pos.Move-1)/2<<55 | uint64(best)<<59)
}

// Move returns the number of the move about to be played.
func (r BookRecord) Move() int { return int(r>>55&0xf)*2 + 1 }

// Best returns the book's action.
func (r BookRecord) Best() board.Point { return board.Point(r >> 59) }

// Position rebuilds the record's position.
func (r BookRecord) Position() board.Position {
	const stones = 1<<board.NumPoints - 1
	p := board.Position{Move: uint8(r.Move()), Last: board.MaxMoves, Turn: board.Black}
	p.Stones[board.Black] = board.Bitboard(r & stones)
	p.Stones[board.White] = board.Bitboard(r >> 25 & stones)
	switch ko := int(r >> 50 & 0x1f); {
	case ko == BookPassed:
		p.Passed = true
	case ko < board.NumPoints:
		p.Ko = board.Point(ko).Bit()
	}
	p.Hash = p.ComputeHash()
	return p
}

var (
	bookOnce  sync.Once
	bookMoves map[uint64]board.Point
)

// BookMove returns the opening book's move for pos and true when pos is in the book:
// a proved winning move for Black (Black's game-theoretic win is kept by it whatever
// White does next; the book answers every White reply up to BookLastMove). The book
// holds the exact solver's answers for every position reachable from the empty board by
// Black following the book (cmd/solve -book). Lookups after the first allocate nothing.
func BookMove(pos board.Position) (board.Point, bool) {
	if pos.Over || pos.Turn != board.Black || int(pos.Move) > bookLastMove {
		return board.NoPoint, false // after the book's last move, the table is not even built
	}
	bookOnce.Do(func() { bookMoves = buildBookTable() })
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

// buildBookTable maps the canonical key of each book position to its move.
func buildBookTable() map[uint64]board.Point {
	table := make(map[uint64]board.Point, len(bookEntries))
	for _, r := range bookEntries {
		p := r.Position()
		table[p.Key()] = r.Best()
	}
	return table
}

// BookLastMove returns the number of the last Black move the book covers.
func BookLastMove() int { return bookLastMove }

// bookLastMove is the largest move number among bookEntries.
var bookLastMove = func() int {
	last := 0
	for _, r := range bookEntries {
		last = max(last, r.Move())
	}
	return last
}()
