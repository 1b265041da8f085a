// book.go: Black's proved opening book: the exact solver's winning moves for the first moves, an embedded table file looked up under the eight symmetries.

package engine

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"sync"

	"littlego/board"
	"littlego/tablebase"
)

//go:generate go run ../cmd/solve -book book.lgtb -book-first 2,2 -book-last 9 -workers 2 -tt 24

// bookFile is the book (cmd/solve -book): a tablebase file of kind book, one record per
// position in canonical orientation with Black to move, holding its winning action.
//
//go:embed book.lgtb
var bookFile []byte

var (
	bookOnce  sync.Once
	bookTable *tablebase.Table // nil when the embedded file was refused
)

// theBook returns the decoded book, or nil when it was refused (said once on stderr).
func theBook() *tablebase.Table {
	bookOnce.Do(func() { bookTable = loadBook(bookFile, os.Stderr) })
	return bookTable
}

// loadBook decodes a book file; a file it cannot vouch for (truncated, of another
// version, with a wrong checksum, not a book) is refused with one line on warn, and the
// engine then plays without it.
func loadBook(data []byte, warn io.Writer) *tablebase.Table {
	t, err := tablebase.Decode(data)
	if err == nil && t.Header.Kind != tablebase.KindBook {
		err = fmt.Errorf("a %v file, not a book", t.Header.Kind)
	}
	if err != nil {
		fmt.Fprintf(warn, "engine: the opening book is refused (%v); the solver and the search play without it\n", err)
		return nil
	}
	return t
}

// BookMove returns the opening book's move for pos and true when pos is in the book:
// a proved winning move for Black (Black's game-theoretic win is kept by it whatever
// White does next; the book answers every White reply up to BookLastMove). The book
// holds the exact solver's answers for every position reachable from the empty board by
// Black following the book (cmd/solve -book). Lookups after the first allocate nothing.
func BookMove(pos board.Position) (board.Point, bool) {
	if pos.Over || pos.Turn != board.Black || int(pos.Move) > BookLastMove() {
		return board.NoPoint, false
	}
	b := theBook()
	if b == nil {
		return board.NoPoint, false
	}
	e, ok := b.Lookup(pos)
	if !ok || !e.Known || !e.Win || !pos.IsLegal(e.Best) {
		return board.NoPoint, false
	}
	return e.Best, true
}

// BookLastMove returns the number of the last Black move the book covers (0 when its header is unreadable).
// It reads the header alone, so that a move past the book costs no decoding (a process
// runs once per move, and the whole book takes milliseconds to check).
func BookLastMove() int {
	h, err := bookHeader()
	if err != nil {
		return 0
	}
	return h.LastLevel + 1
}

// bookHeader is the embedded book's header; theBook still vouches for the whole file.
var bookHeader = sync.OnceValues(func() (tablebase.Header, error) { return tablebase.DecodeHeader(bookFile) })
