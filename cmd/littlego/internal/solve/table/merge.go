// merge.go: solve table merge: the shards of one level checked and joined, the earlier levels by minimax, written as one table.

package table

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/lib/atomicfile"
	"littlego/tablebase"
)

// mergeTable reads every shard file (*.lgtb) in dir, refuses a missing, repeated,
// damaged or foreign one, computes the levels above by minimax, checks the root
// against the solved empty board when it is the empty board, and writes the table to out.
// With partial, a stopped shard's checkpoint stands in for its missing file, and the
// positions no shard file has solved are recorded as unknown.
func mergeTable(stdout io.Writer, dir, out string, partial bool) error {
	if out == "" {
		return base.Usagef("-o: table merge needs the table file to write")
	}
	shards, err := readShards(dir, partial)
	if err != nil {
		return err
	}
	h := shards[0].Header
	root := tablebase.KeyPosition(h.Root)
	levels, err := tablebase.Levels(root, h.LastLevel)
	if err != nil {
		return fmt.Errorf("%s: %v", dir, err)
	}
	var deepest []tablebase.Record
	h.CPU = 0
	stopped := 0
	if partial {
		deepest, stopped = missingShards(shards, levels[len(levels)-1])
	}
	for _, t := range shards {
		recs := t.Records()
		if t.Header.Kind == tablebase.KindCheckpoint {
			recs, stopped = withUnsolved(t, levels[len(levels)-1]), stopped+1
		}
		if err := checkShardPositions(t.Header, recs, levels[len(levels)-1]); err != nil {
			return fmt.Errorf("%s: %v", dir, err)
		}
		deepest = append(deepest, recs...)
		h.CPU += t.Header.CPU
	}
	byLevel, err := tablebase.Backup(levels, deepest)
	if err != nil {
		return fmt.Errorf("%s: %v", dir, err)
	}
	h.Kind, h.Shard, h.Shards, h.CompleteThrough = tablebase.KindTable, 0, 1, h.LastLevel
	h.Note = fmt.Sprintf("solve table merge: levels %d..%d from %d shards of level %d", h.FirstLevel, h.LastLevel, len(shards), h.LastLevel)
	if stopped > 0 {
		h.Note += fmt.Sprintf(", %d of them stopped or missing (their unsolved positions unknown)", stopped)
	}
	data, err := tablebase.Encode(h, slices.Concat(byLevel...))
	if err != nil {
		return err
	}
	table, err := tablebase.Decode(data)
	if err != nil {
		return fmt.Errorf("the merged table does not read back: %v", err)
	}
	for l, recs := range byLevel {
		fmt.Fprintf(stdout, "level %d: %s\n", h.FirstLevel+l, levelSummary(recs))
	}
	rootEntry, winning := rootValue(table, root)
	fmt.Fprintf(stdout, "root, in canonical orientation:\n%s\n%s to play: %s; winning actions: %s\n", root.String(), root.Turn, entryWords(rootEntry), base.PointList(winning))
	if root.Stones == (board.Stones{}) && root.Move == 1 {
		if err := checkEmptyBoard(rootEntry, winning, partial); err != nil {
			return err
		}
	}
	if err := atomicfile.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d positions, %d bytes, %.1f CPU-s of shards -> %s\n", table.Len(), len(data), h.CPU.Seconds(), out)
	return nil
}

// readShards reads the shard files of dir, sorted by index, and refuses the set unless
// it is every shard of one level of one table exactly once, each file intact; with
// partial, a checkpoint (*.lgtb.partial) stands in for a shard whose file is missing, and
// a shard may be missing altogether.
func readShards(dir string, partial bool) ([]*tablebase.Table, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.lgtb"))
	if err != nil {
		return nil, err
	}
	if partial {
		checkpoints, _ := filepath.Glob(filepath.Join(dir, "*.lgtb.partial"))
		for _, c := range checkpoints {
			if !slices.Contains(paths, strings.TrimSuffix(c, ".partial")) {
				paths = append(paths, c)
			}
		}
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no shard files (*.lgtb)", dir)
	}
	var shards []*tablebase.Table
	from := map[int]string{}
	for _, p := range paths {
		t, err := readTable(p)
		if err != nil {
			return nil, fmt.Errorf("refusing the shards: %v", err)
		}
		h, first := t.Header, shards == nil
		switch {
		case h.Kind != tablebase.KindShard && !(partial && h.Kind == tablebase.KindCheckpoint && strings.HasSuffix(p, ".partial")):
			return nil, fmt.Errorf("refusing the shards: %s is a %v file, not a shard", p, h.Kind)
		case !first && !sameTable(h, shards[0].Header):
			return nil, fmt.Errorf("refusing the shards: %s is a shard of another table or level than %s", p, from[shards[0].Header.Shard])
		case from[h.Shard] != "":
			return nil, fmt.Errorf("refusing the shards: shard %d/%d twice, in %s and %s", h.Shard, h.Shards, from[h.Shard], p)
		}
		from[h.Shard] = p
		shards = append(shards, t)
	}
	n := shards[0].Header.Shards
	for i := range n {
		if from[i] == "" && !partial {
			return nil, fmt.Errorf("refusing the shards: shard %d/%d of level %d is missing (%s)", i, n, shards[0].Header.LastLevel, shardName(shards[0].Header.LastLevel, i, n))
		}
	}
	slices.SortFunc(shards, func(a, b *tablebase.Table) int { return a.Header.Shard - b.Header.Shard })
	return shards, nil
}

// sameTable reports whether two shard headers are of one level of one table.
func sameTable(a, b tablebase.Header) bool {
	return a.Margins == b.Margins && a.Root == b.Root && a.FirstLevel == b.FirstLevel && a.LastLevel == b.LastLevel &&
		a.Shards == b.Shards && a.Limit == b.Limit
}

// missingShards returns an unknown record for every position of the shards of level
// that are not among shards, and how many shards they are.
func missingShards(shards []*tablebase.Table, level []board.Position) ([]tablebase.Record, int) {
	h := shards[0].Header
	have := map[int]bool{}
	for _, t := range shards {
		have[t.Header.Shard] = true
	}
	var recs []tablebase.Record
	for i, p := range level {
		if !have[i%h.Shards] {
			recs = append(recs, tablebase.MakeRecord(p, tablebase.Entry{Best: board.NoPoint}))
		}
	}
	return recs, h.Shards - len(have)
}

// withUnsolved returns a stopped shard's records with an unknown one for each position
// of its index in level that it has not solved.
func withUnsolved(t *tablebase.Table, level []board.Position) []tablebase.Record {
	recs := slices.Clone(t.Records())
	for i, p := range level {
		if tablebase.InShard(i, t.Header.Shard, t.Header.Shards) {
			if _, ok := t.Find(tablebase.Key(&p)); !ok {
				recs = append(recs, tablebase.MakeRecord(p, tablebase.Entry{Best: board.NoPoint}))
			}
		}
	}
	slices.Sort(recs)
	return recs
}

// checkShardPositions refuses a shard (header h, records recs) that does not hold
// exactly the positions of its index in level (as Levels orders them).
func checkShardPositions(h tablebase.Header, recs []tablebase.Record, level []board.Position) error {
	k := 0
	for i, p := range level {
		if !tablebase.InShard(i, h.Shard, h.Shards) {
			continue
		}
		if k >= len(recs) || recs[k].Key() != tablebase.Key(&p) {
			return fmt.Errorf("shard %d/%d does not hold the positions of its index", h.Shard, h.Shards)
		}
		k++
	}
	if k != len(recs) {
		return fmt.Errorf("shard %d/%d holds %d positions that are not its own", h.Shard, h.Shards, len(recs)-k)
	}
	return nil
}

// levelSummary counts a level's positions, wins for the side to move, unknowns and margins.
func levelSummary(recs []tablebase.Record) string {
	wins, unknown, margins := 0, 0, 0
	for _, r := range recs {
		e := r.Entry()
		switch {
		case !e.Known:
			unknown++
		case e.Win:
			wins++
		}
		if e.MarginKnown {
			margins++
		}
	}
	return fmt.Sprintf("%d positions, %d won by the side to move, %d unknown, %d with their margin", len(recs), wins, unknown, margins)
}

// rootValue returns the table's entry for root and the root's winning actions by the
// table.
func rootValue(table *tablebase.Table, root board.Position) (tablebase.Entry, []board.Point) {
	e, _ := table.Lookup(root)
	winning, _ := table.WinningActions(root)
	return e, winning
}

// checkEmptyBoard refuses a table whose root, the empty board, disagrees with its full
// solve: Black wins, review.WinningFirstMove is the only winning first move, and the
// exact margin is review.EmptyBoardMargin; a partial table may leave the root unknown.
func checkEmptyBoard(e tablebase.Entry, winning []board.Point, partial bool) error {
	switch {
	case !e.Known && partial:
		return nil
	case !e.Known:
		return fmt.Errorf("the table leaves the empty board unknown")
	case !e.Win || !slices.Equal(winning, []board.Point{facts.WinningFirstMove}):
		return fmt.Errorf("the table contradicts the solved empty board: Black %s with winning moves %s, want a win by %v alone",
			entryWords(e), base.PointList(winning), facts.WinningFirstMove)
	case e.MarginKnown && e.Margin != facts.EmptyBoardMargin:
		return fmt.Errorf("the table gives the empty board the margin %+d, its solve %+d", e.Margin, facts.EmptyBoardMargin)
	}
	return nil
}
