// imply_test.go: the values a level implies below it, against the solver's and against a plain walk of the rules.

package tablebase

import (
	"cmp"
	"slices"
	"testing"

	"littlego/board"
)

// impliedByWalk is the reference: a plain walk of the rules from the known entries of the
// levels above from (by referenceClass, which shares no code with Canonical): a lost
// position's children are won for their mover, a won position's child after its best
// action is lost, with its margin when known. Its result maps each implied position's
// class to the entry implied.
func impliedByWalk(levels [][]board.Position, known func(board.Position) (Entry, bool), from int) map[string]Entry {
	out := map[string]Entry{}
	for l := 0; l+1 < len(levels); l++ {
		for _, p := range levels[l] {
			e, ok := known(p)
			if c, implied := out[referenceClass(p)]; !ok && implied {
				e, ok = c, true
			}
			if !ok || !e.Known {
				continue
			}
			for a := board.Point(0); a < board.NumActions; a++ {
				child := p
				if (e.Win && a != e.Best) || !child.Act(a) || child.Over {
					continue
				}
				if Level(&child) < from {
					continue // the levels kept whole imply nothing new
				}
				c := Entry{Known: true, Win: !e.Win, Best: board.NoPoint}
				if e.Win && e.MarginKnown {
					c.MarginKnown, c.Margin = true, e.Margin
				}
				out[referenceClass(child)] = c
			}
		}
	}
	return out
}

// With levels 16-17 whole and 18-19 unknown, Imply gives levels 18 and 19 exactly what
// the plain walk implies, and every value it gives is the solver's.
func TestImplyGivesWhatTheRulesImply(t *testing.T) {
	levels, deepest, _ := solvedLateLevels(t)
	full, err := Backup(levels, deepest)
	if err != nil {
		t.Fatal(err)
	}
	truth := slices.Sorted(slices.Values(slices.Concat(full...)))
	holed := slices.Clone(truth)
	for i, r := range holed {
		if r.Level() >= 18 {
			holed[i] = MakeRecord(r.Position(), Entry{Best: board.NoPoint})
		}
	}
	kept := func(p board.Position) (Entry, bool) {
		if Level(&p) >= 18 {
			return Entry{}, false
		}
		r, _ := findRecord(truth, Key(&p))
		return r.Entry(), true
	}
	want := impliedByWalk(levels, kept, 18)
	n, err := Imply(levels, holed)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(want) || n == 0 {
		t.Fatalf("Imply gave %d entries, the walk implies %d", n, len(want))
	}
	wins, losses := 0, 0
	for i, r := range holed {
		if r.Level() < 18 {
			continue
		}
		got, real := r.Entry(), truth[i].Entry()
		w, implied := want[referenceClass(r.Position())]
		switch {
		case implied != got.Known:
			p := r.Position()
			t.Fatalf("level %d: Imply gives %+v, the walk implies %v:\n%s", r.Level(), got, implied, p.String())
		case !implied:
			continue
		case got.Win != w.Win || got.MarginKnown != w.MarginKnown || got.Margin != w.Margin || got.Best != board.NoPoint:
			t.Fatalf("level %d: Imply gives %+v, the walk %+v", r.Level(), got, w)
		case got.Win != real.Win || got.MarginKnown && got.Margin != real.Margin:
			t.Fatalf("level %d: Imply gives %+v, the solver %+v", r.Level(), got, real)
		case got.Win:
			wins++
		default:
			losses++
		}
	}
	if wins == 0 || losses == 0 {
		t.Errorf("%d implied wins, %d implied losses: want both", wins, losses)
	}
	// Applied again, it finds nothing new.
	if n, err := Imply(levels, holed); n != 0 || err != nil {
		t.Errorf("a second Imply: %d entries, %v", n, err)
	}
}

// Imply refuses a child whose value contradicts its parent's, and keeps the root's
// level as it is.
func TestImplyRefusesAContradiction(t *testing.T) {
	levels, deepest, _ := solvedLateLevels(t)
	full, err := Backup(levels, deepest)
	if err != nil {
		t.Fatal(err)
	}
	records := slices.Sorted(slices.Values(slices.Concat(full...)))
	if n, err := Imply(levels, records); n != 0 || err != nil {
		t.Fatalf("on a table minimax completed, Imply changed %d entries: %v", n, err)
	}
	flipped := false
	for _, r := range records {
		if e := r.Entry(); r.Level() == 18 && e.Win && !flipped {
			child := r.Position()
			if child.Act(e.Best); child.Over {
				continue
			}
			cc, _ := Canonical(child)
			i, _ := slices.BinarySearchFunc(records, Key(&cc), func(r Record, k uint64) int { return cmp.Compare(r.Key(), k) })
			records[i] = MakeRecord(cc, Entry{Known: true, Win: true, Best: board.NoPoint})
			flipped = true
		}
	}
	if !flipped {
		t.Fatal("no won level-18 position to contradict")
	}
	if _, err := Imply(levels, records); err == nil {
		t.Error("Imply took a child whose parent implies the other value")
	}
}
