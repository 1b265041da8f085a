// join.go: solve table join: merged tables of one root made one, a deep table's values beside a shallower one's margins.

package table

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/internal/atomicfile"
	"littlego/tablebase"
)

// joinTables reads the merged tables at paths, refuses them unless
// they grow from one root and agree on every position they share, and writes to out one
// table holding every position of any, with its margin where any proves it, and the
// levels above the deepest completed by minimax over the joined records.
func joinTables(stdout io.Writer, paths []string, out string) error {
	if out == "" {
		return base.Usagef("-o: table join needs the table file to write")
	}
	if len(paths) < 2 {
		return base.Usagef("table join %q: want two or more table files", paths)
	}
	if sorted := slices.Sorted(slices.Values(paths)); len(slices.Compact(sorted)) != len(paths) {
		return base.Usagef("table join %q: a file is named twice", paths)
	}
	var tables []*tablebase.Table
	for _, p := range paths {
		t, err := readTable(p)
		if err != nil {
			return fmt.Errorf("refusing the tables: %v", err)
		}
		if t.Header.Kind != tablebase.KindTable {
			return fmt.Errorf("refusing the tables: %s is a %v file, not a merged table", p, t.Header.Kind)
		}
		if len(tables) > 0 && (t.Header.Root != tables[0].Header.Root || t.Header.FirstLevel != tables[0].Header.FirstLevel) {
			return fmt.Errorf("refusing the tables: %s grows from another root than %s", p, paths[0])
		}
		tables = append(tables, t)
	}
	h, records, err := joinRecords(tables, paths)
	if err != nil {
		return err
	}
	levels, err := tablebase.Levels(tablebase.KeyPosition(h.Root), h.LastLevel)
	if err != nil {
		return fmt.Errorf("refusing the tables: %v", err)
	}
	slices.Sort(records)
	implied, err := completeRecords(levels, records)
	if err != nil {
		return fmt.Errorf("refusing the tables: %v", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	data, err := tablebase.Encode(h, records)
	if err != nil {
		return err
	}
	table, err := tablebase.Decode(data)
	if err != nil {
		return fmt.Errorf("the joined table does not read back: %v", err)
	}
	root := tablebase.KeyPosition(h.Root)
	rootEntry, winning := rootValue(table, root)
	fmt.Fprintf(stdout, "root: %s to play: %s; winning actions: %s\n", root.Turn, entryWords(rootEntry), base.PointList(winning))
	if root.Stones == (board.Stones{}) && root.Move == 1 {
		if err := checkEmptyBoard(rootEntry, winning, true); err != nil {
			return err
		}
	}
	if err := atomicfile.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	for l := h.FirstLevel; l <= h.LastLevel; l++ {
		fmt.Fprintf(stdout, "level %d: %s\n", l, levelSummary(levelRecords(table, l)))
	}
	fmt.Fprintf(stdout, "%d values or margins implied by the level above\n", implied)
	fmt.Fprintf(stdout, "%d positions of levels %d..%d, every value known through level %d, every margin through level %d; %d bytes -> %s\n",
		table.Len(), h.FirstLevel, h.LastLevel, provedThrough(table, false), provedThrough(table, true), len(data), out)
	return nil
}

// completeRecords completes records (one per position of levels, sorted by key) both
// ways until neither adds anything: the levels above the deepest by minimax
// (tablebase.Fill), every level below the root by what its parents imply
// (tablebase.Imply: a lost parent's children won, a won parent's best child lost). An
// implied value can decide another parent by minimax (a transposition), hence the
// rounds. It returns how many entries the implications gave.
func completeRecords(levels [][]board.Position, records []tablebase.Record) (int, error) {
	implied := 0
	for {
		if err := tablebase.Fill(levels, records); err != nil {
			return implied, err
		}
		n, err := tablebase.Imply(levels, records)
		if err != nil {
			return implied, err
		}
		if n == 0 {
			return implied, nil
		}
		implied += n
	}
}

// levelRecords returns the records of t's level l.
func levelRecords(t *tablebase.Table, l int) []tablebase.Record {
	var out []tablebase.Record
	for _, r := range t.Records() {
		if r.Level() == l {
			out = append(out, r)
		}
	}
	return out
}

// joinRecords returns the header and the records of the tables joined: one record per
// position, the margin (and the move that keeps it) taken from a table that proves it.
func joinRecords(tables []*tablebase.Table, paths []string) (tablebase.Header, []tablebase.Record, error) {
	h := tables[0].Header
	h.Margins, h.CPU = true, 0
	byKey := map[uint64]tablebase.Record{}
	from := map[uint64]int{}
	for i, t := range tables {
		th := t.Header
		h.LastLevel, h.CompleteThrough = max(h.LastLevel, th.LastLevel), max(h.CompleteThrough, th.CompleteThrough)
		h.Limit, h.CPU, h.Margins = max(h.Limit, th.Limit), h.CPU+th.CPU, h.Margins && th.Margins
		for _, r := range t.Records() {
			k := r.Key()
			old, seen := byKey[k]
			if !seen {
				byKey[k], from[k] = r, i
				continue
			}
			joined, err := joinEntry(old.Entry(), r.Entry())
			if err != nil {
				return h, nil, fmt.Errorf("refusing the tables: %s and %s disagree on the level-%d position of record key %#x: %v",
					paths[from[k]], paths[i], r.Level(), k, err)
			}
			byKey[k] = tablebase.MakeRecord(r.Position(), joined)
		}
	}
	h.Note = fmt.Sprintf("solve table join: levels %d..%d from %d tables", h.FirstLevel, h.LastLevel, len(tables))
	return h, slices.Collect(maps.Values(byKey)), nil
}

// joinEntry returns one entry holding what a and b prove of one position, or an error
// when they contradict each other.
func joinEntry(a, b tablebase.Entry) (tablebase.Entry, error) {
	switch {
	case a.Known && b.Known && a.Win != b.Win:
		return a, fmt.Errorf("one says %s, the other %s", entryWords(a), entryWords(b))
	case a.MarginKnown && b.MarginKnown && a.Margin != b.Margin:
		return a, fmt.Errorf("margins %+d and %+d", a.Margin, b.Margin)
	case b.MarginKnown || (!a.Known && b.Known):
		return b, nil
	}
	return a, nil
}

// provedThrough returns the last level through which every record of t has its value
// known (with margin, its margin).
func provedThrough(t *tablebase.Table, margin bool) int {
	first := t.Header.LastLevel + 1
	for _, r := range t.Records() {
		if e := r.Entry(); !e.Known || margin && !e.MarginKnown {
			first = min(first, r.Level())
		}
	}
	return first - 1
}
