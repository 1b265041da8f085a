// book.go: Black's proved opening book: the exact solver's winning moves for the first moves, an embedded table file looked up under the eight symmetries.

package opening

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"sync"

	"littlego/board"
	"littlego/tablebase"
)

//go:generate go run ../cmd/littlego solve book -first 2,2 -last 9 -jobs 2 -tt 24 book.lgtb

// bookFile is the book (solve book): a tablebase file of kind book, one record per
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
	bookOnce.Do(func() { bookTable = loadEmbedded(bookFile, tablebase.KindBook, "the opening book", os.Stderr) })
	return bookTable
}

// loadEmbedded decodes an embedded table file of kind; a file it cannot vouch for
// (truncated, of another version, with a wrong checksum, of another kind) is refused
// with one line on warn naming it, and the engine then plays without it.
func loadEmbedded(data []byte, kind tablebase.Kind, name string, warn io.Writer) *tablebase.Table {
	t, err := tablebase.Decode(data)
	if err == nil && t.Header.Kind != kind {
		err = fmt.Errorf("a %v file, not a %v", t.Header.Kind, kind)
	}
	if err != nil {
		fmt.Fprintf(warn, "engine: %s is refused (%v); the solver and the search play without it\n", name, err)
		return nil
	}
	return t
}

// BookMove returns the opening book's move for pos and true when pos is in the book:
// a proved winning move for Black (Black's game-theoretic win is kept by it whatever
// White does next; the book answers every White reply up to BookLastMove). The book
// holds the exact solver's answers for every position reachable from the empty board by
// Black following the book (solve book). Lookups after the first allocate nothing.
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
