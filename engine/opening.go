// opening.go: the opening table: every position of the first moves with its proved value (and, for the first few, its exact margin), an embedded table file.

package engine

import (
	_ "embed"
	"os"
	"sync"

	"littlego/board"
	"littlego/tablebase"
)

// openingFile is the opening table (solve table build, merge and join;
// docs/solver.md, "The opening table"): a tablebase file of kind table holding every
// position from the empty board through its last level, one record per symmetry class.
//
//go:embed opening.lgtb
var openingFile []byte

// openingTable returns the decoded opening table, or nil when it was refused (said once
// on stderr).
var openingTable = sync.OnceValue(func() *tablebase.Table {
	return loadEmbedded(openingFile, tablebase.KindTable, "the opening table", os.Stderr)
})

// openingHeader is the embedded table's header; openingTable still vouches for the file.
var openingHeader = sync.OnceValues(func() (tablebase.Header, error) { return tablebase.DecodeHeader(openingFile) })

// Opening returns the opening table's entry for pos (its margin where MarginKnown; Best a
// winning action, or one that keeps the margin) and true when the table proves pos's value.
func Opening(pos board.Position) (tablebase.Entry, bool) {
	none := tablebase.Entry{Best: board.NoPoint}
	if pos.Over || tablebase.Level(&pos) > OpeningLastLevel() {
		return none, false
	}
	t := openingTable()
	if t == nil {
		return none, false
	}
	e, ok := t.Lookup(pos)
	if !ok || !e.Known {
		return none, false
	}
	return e, true
}

// OpeningWinning returns the actions of the side to move in pos that the opening table
// proves winning, and whether the table proves every action of pos.
func OpeningWinning(pos board.Position) (winning []board.Point, complete bool) {
	t := openingTable()
	if pos.Over || tablebase.Level(&pos) >= OpeningLastLevel() || t == nil { // its children lie beyond the table
		return nil, false
	}
	return t.WinningActions(pos)
}

// OpeningLastLevel returns the level of the table's deepest positions (the actions,
// moves and passes, played before them: tablebase.Level), from its header alone (so that a later move decodes nothing), or -1 when the
// header is unreadable.
func OpeningLastLevel() int {
	h, err := openingHeader()
	if err != nil {
		return -1
	}
	return h.LastLevel
}
