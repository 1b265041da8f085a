// levels.go: the positions of each level grown from a root, the shard a position belongs to, and earlier levels' values by minimax over a later level.

package tablebase

import (
	"cmp"
	"fmt"
	"slices"

	"littlego/board"
)

// Levels returns the positions of each level from root's (its moves played) through
// last: every position reachable from root by legal actions (passes included) whose game
// goes on, once per symmetry class, in canonical orientation, each level sorted by Key.
func Levels(root board.Position, last int) ([][]board.Position, error) {
	first := Level(&root)
	switch {
	case root.Over:
		return nil, fmt.Errorf("the root's game is over")
	case root.Last != board.MaxMoves:
		return nil, fmt.Errorf("the root is not a course game (last move %d)", root.Last)
	case last < first || last >= board.MaxMoves:
		return nil, fmt.Errorf("level %d: must be in %d..%d (the root is at level %d)", last, first, board.MaxMoves-1, first)
	}
	c, _ := Canonical(root)
	levels := [][]board.Position{{c}}
	for l := first; l < last; l++ {
		next := map[uint64]board.Position{}
		for _, p := range levels[len(levels)-1] {
			for a := board.Point(0); a < board.NumActions; a++ {
				child := p
				if !child.Act(a) || child.Over {
					continue
				}
				cc, _ := Canonical(child)
				next[Key(&cc)] = cc
			}
		}
		levels = append(levels, sortedByKey(next))
	}
	return levels, nil
}

// sortedByKey returns the map's positions in the order of their keys.
func sortedByKey(m map[uint64]board.Position) []board.Position {
	keys := make([]uint64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]board.Position, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

// InShard reports whether the position of index i in its level (Levels' order) belongs
// to shard shard of shards: the shards take the indices in turn, so each holds every
// shards-th position, a mix of the level's easy and hard ones.
func InShard(i, shard, shards int) bool { return i%shards == shard }

// Backup computes by minimax the entries of every level but the last from deepest, the
// records of the last level's positions (levels as Levels returns them), and returns
// every level's records, the root's level first. It refuses a deepest level that lacks
// a position or holds one that is not there.
func Backup(levels [][]board.Position, deepest []Record) ([][]Record, error) {
	last := levels[len(levels)-1]
	below := slices.Clone(deepest)
	slices.Sort(below)
	if len(below) != len(last) {
		return nil, fmt.Errorf("the deepest level has %d positions, %d records given", len(last), len(below))
	}
	for i, p := range last {
		if below[i].Key() != Key(&p) {
			return nil, fmt.Errorf("the records are not those of the deepest level's positions (the %d-th differs)", i+1)
		}
	}
	out := make([][]Record, len(levels))
	out[len(levels)-1] = below
	for l := len(levels) - 2; l >= 0; l-- {
		out[l] = make([]Record, len(levels[l]))
		for i, p := range levels[l] {
			e, err := backupEntry(p, out[l+1])
			if err != nil {
				return nil, err
			}
			out[l][i] = MakeRecord(p, e)
		}
	}
	return out, nil
}

// backupEntry computes pos's entry from its children's, found in below (sorted) or,
// for a finished game, from its score. The value is known when a child loses for the
// opponent (the first such action is Best) or every child's value is known; the margin
// when every child's margin is (Black takes the largest, White the least, the first
// action that reaches it is Best).
func backupEntry(pos board.Position, below []Record) (Entry, error) {
	e := Entry{Best: board.NoPoint}
	winBest, marginBest := board.NoPoint, board.NoPoint
	allKnown, allMargins, margin := true, true, 0
	for a := board.Point(0); a < board.NumActions; a++ {
		child := pos
		if !child.Act(a) {
			continue
		}
		ce := Entry{Known: true, Win: child.Winner() == child.Turn, MarginKnown: true, Margin: child.Margin()}
		if !child.Over {
			cc, _ := Canonical(child)
			r, ok := findRecord(below, Key(&cc))
			if !ok {
				return e, fmt.Errorf("a child of a level-%d position (after %v) is not in the level below:\n%s", Level(&pos), a, pos.String())
			}
			ce = r.Entry()
		}
		if ce.Known && !ce.Win && winBest == board.NoPoint {
			winBest = a
		}
		allKnown = allKnown && ce.Known
		allMargins = allMargins && ce.MarginKnown
		better := ce.Margin > margin
		if pos.Turn == board.White {
			better = ce.Margin < margin
		}
		if ce.MarginKnown && (marginBest == board.NoPoint || better) {
			margin, marginBest = ce.Margin, a
		}
	}
	switch {
	case winBest != board.NoPoint:
		e.Known, e.Win, e.Best = true, true, winBest
	case allKnown:
		e.Known = true
	}
	if allMargins {
		e.MarginKnown, e.Margin, e.Best = true, margin, marginBest
	}
	return e, nil
}

// findRecord returns the record of key in records, sorted by key.
func findRecord(records []Record, key uint64) (Record, bool) {
	t := Table{records: records}
	return t.Find(key)
}

// Fill completes by minimax the entries above the last of levels (as Levels returns
// them) in records (one per position, sorted by key): a value or a margin an entry lacks
// and its children prove is taken, deepest level first. It refuses a missing record and
// an entry its children contradict.
func Fill(levels [][]board.Position, records []Record) error {
	for l := len(levels) - 2; l >= 0; l-- {
		for _, p := range levels[l] {
			i, ok := slices.BinarySearchFunc(records, Key(&p), func(r Record, k uint64) int { return cmp.Compare(r.Key(), k) })
			if !ok {
				return fmt.Errorf("a level-%d position is missing:\n%s", l, p.String())
			}
			e, err := fillEntry(p, records[i].Entry(), records)
			if err != nil {
				return err
			}
			records[i] = MakeRecord(p, e)
		}
	}
	return nil
}

// fillEntry returns e with what pos's children (in records) prove of it added, or an
// error when they contradict it.
func fillEntry(pos board.Position, e Entry, records []Record) (Entry, error) {
	b, err := backupEntry(pos, records)
	switch {
	case err != nil:
		return e, err
	case b.Known && e.Known && b.Win != e.Win, b.MarginKnown && e.MarginKnown && b.Margin != e.Margin:
		return e, fmt.Errorf("an entry (%+v) its children contradict (%+v):\n%s", e, b, pos.String())
	case b.MarginKnown && !e.MarginKnown:
		return b, nil
	case b.Known && !e.Known:
		return b, nil
	}
	return e, nil
}
