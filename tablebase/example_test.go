// example_test.go: writing a table and looking a position up in it, in any orientation.

package tablebase_test

import (
	"fmt"

	"littlego/board"
	"littlego/tablebase"
)

// A table of one position, Black to play after 1,1 and White's pass: the record is
// written in canonical orientation and found from a turned board, its action turned too.
func Example() {
	pos := board.New()
	pos.Play(board.PointAt(1, 1))
	pos.Pass()
	canon, sym := tablebase.Canonical(pos)
	entry := tablebase.Entry{Known: true, Win: true, MarginKnown: true, Margin: 5, Best: sym.Point(board.PointAt(1, 3))}
	root := tablebase.Key(&canon)
	data, err := tablebase.Encode(tablebase.Header{Kind: tablebase.KindTable, Root: root, FirstLevel: 2, LastLevel: 2,
		CompleteThrough: 2, Shards: 1}, []tablebase.Record{tablebase.MakeRecord(canon, entry)})
	if err != nil {
		panic(err)
	}
	table, err := tablebase.Decode(data)
	if err != nil {
		panic(err)
	}
	turned := board.Rotate90.Apply(pos)
	e, ok := table.Lookup(turned)
	fmt.Println(len(data), "bytes; found:", ok, "win:", e.Win, "margin:", e.Margin, "best:", e.Best, "=", board.Rotate90.Point(board.PointAt(1, 3)))
	// Output: 72 bytes; found: true win: true margin: 5 best: 3,3 = 3,3
}
