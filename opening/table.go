// table.go: the opening table: every position of the first moves with its proved value (and, for the first few, its exact margin), an embedded table file.

package opening

import (
	_ "embed"
	"os"
	"sync"

	"littlego/board"
	"littlego/tablebase"
)

// tableFile is the opening table (solve table build, merge and join;
// docs/solver.md, "The opening table"): a tablebase file of kind table holding every
// position from the empty board through its last level, one record per symmetry class.
//
//go:embed opening.lgtb
var tableFile []byte

// theTable returns the decoded opening table, or nil when it was refused (said once
// on stderr).
var theTable = sync.OnceValue(func() *tablebase.Table {
	return loadEmbedded(tableFile, tablebase.KindTable, "the opening table", os.Stderr)
})

// tableHeader is the embedded table's header; theTable still vouches for the file.
var tableHeader = sync.OnceValues(func() (tablebase.Header, error) { return tablebase.DecodeHeader(tableFile) })

// Lookup returns the opening table's entry for pos (its margin where MarginKnown; Best a
// winning action, or one that keeps the margin) and true when the table proves pos's value.
func Lookup(pos board.Position) (tablebase.Entry, bool) {
	none := tablebase.Entry{Best: board.NoPoint}
	if pos.Over || tablebase.Level(&pos) > LastLevel() {
		return none, false
	}
	t := theTable()
	if t == nil {
		return none, false
	}
	e, ok := t.Lookup(pos)
	if !ok || !e.Known {
		return none, false
	}
	return e, true
}

// Winning returns the actions of the side to move in pos that the opening table
// proves winning, and whether the table proves every action of pos.
func Winning(pos board.Position) (winning []board.Point, complete bool) {
	t := theTable()
	if pos.Over || tablebase.Level(&pos) >= LastLevel() || t == nil { // its children lie beyond the table
		return nil, false
	}
	return t.WinningActions(pos)
}

// LastLevel returns the level of the table's deepest positions (the actions, moves and
// passes, played before them: tablebase.Level), from its header alone (so that a later
// move decodes nothing), or -1 when the header is unreadable.
func LastLevel() int {
	h, err := tableHeader()
	if err != nil {
		return -1
	}
	return h.LastLevel
}
