// imply.go: what a level's values prove of the level below without a search: every child of a lost position is won, the child after a won position's best action is lost.

package tablebase

import (
	"cmp"
	"fmt"
	"slices"

	"littlego/board"
)

// Imply adds to records (one per position of levels as Levels returns them, sorted by
// key) what each position's entry proves of its children, from the root's level down:
//
//   - a position lost for its side to move makes every child won for the side to move
//     there (each of the loser's actions leaves the winner to move);
//   - the child after a won position's Best action is lost for the side to move there,
//     and has the parent's margin when the parent's is known (Best then keeps it).
//
// A child's winning action is not known this way, so an implied win has Best none. It
// returns how many entries gained a value or a margin, and refuses a child whose entry
// contradicts what its parent implies. Positions that end the game are not records, and
// nothing is implied of them.
func Imply(levels [][]board.Position, records []Record) (int, error) {
	changed := 0
	for l := 0; l+1 < len(levels); l++ {
		for _, p := range levels[l] {
			r, ok := findRecord(records, Key(&p))
			if !ok {
				return changed, fmt.Errorf("a level-%d position is missing:\n%s", Level(&p), p.String())
			}
			n, err := implyChildren(p, r.Entry(), records)
			changed += n
			if err != nil {
				return changed, err
			}
		}
	}
	return changed, nil
}

// implyChildren applies what pos's entry e proves to pos's children in records.
func implyChildren(pos board.Position, e Entry, records []Record) (int, error) {
	if !e.Known {
		return 0, nil
	}
	changed := 0
	for a := board.Point(0); a < board.NumActions; a++ {
		if e.Win && a != e.Best {
			continue
		}
		child := pos
		if !child.Act(a) || child.Over {
			continue
		}
		implied := Entry{Known: true, Win: !e.Win, Best: board.NoPoint}
		if e.Win && e.MarginKnown {
			implied.MarginKnown, implied.Margin = true, e.Margin
		}
		cc, _ := Canonical(child)
		i, ok := slices.BinarySearchFunc(records, Key(&cc), func(r Record, k uint64) int { return cmp.Compare(r.Key(), k) })
		if !ok {
			continue // a deeper level the records do not hold
		}
		old := records[i].Entry()
		joined, grew, err := addImplied(old, implied)
		if err != nil {
			return changed, fmt.Errorf("the level-%d position after %v %s, but its parent implies %s:\n%s",
				Level(&cc), a, entryText(old), entryText(implied), pos.String())
		}
		if grew {
			records[i] = MakeRecord(cc, joined)
			changed++
		}
	}
	return changed, nil
}

// addImplied returns old with what implied proves added, whether that added anything,
// and an error when they contradict each other.
func addImplied(old, implied Entry) (Entry, bool, error) {
	switch {
	case old.Known && old.Win != implied.Win,
		old.MarginKnown && implied.MarginKnown && old.Margin != implied.Margin:
		return old, false, fmt.Errorf("contradiction")
	case !old.Known:
		if old.MarginKnown { // cannot happen: a margin proves the value
			return old, false, fmt.Errorf("contradiction")
		}
		return implied, true, nil
	case implied.MarginKnown && !old.MarginKnown:
		out := old
		out.MarginKnown, out.Margin = true, implied.Margin
		return out, true, nil
	}
	return old, false, nil
}

// entryText says what an entry proves, for errors.
func entryText(e Entry) string {
	switch {
	case !e.Known:
		return "is unknown"
	case e.MarginKnown:
		return fmt.Sprintf("is a %s with the margin %+d", map[bool]string{true: "win", false: "loss"}[e.Win], e.Margin)
	case e.Win:
		return "is a win"
	}
	return "is a loss"
}
