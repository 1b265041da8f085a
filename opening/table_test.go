// table_test.go: the opening table: every early position once, each value the minimax of its children's, a damaged file refused, and its agreement with the book.

package opening

import (
	"strings"
	"testing"

	"littlego/board"
	"littlego/tablebase"
)

// openingRecords returns the embedded opening table, failing the test when it is refused.
func openingRecords(t *testing.T) *tablebase.Table {
	t.Helper()
	tab := theTable()
	if tab == nil {
		t.Fatal("the embedded opening table is refused")
	}
	return tab
}

// The table holds every position of its levels from the empty board once per symmetry
// class, and nothing else; every value is proved through level 1 at least (the empty
// board and every first move).
func TestOpeningTableHoldsEveryEarlyPosition(t *testing.T) {
	tab := openingRecords(t)
	h := tab.Header
	empty := board.New()
	if h.Root != tablebase.Key(&empty) || h.FirstLevel != 0 || h.CompleteThrough != h.LastLevel || h.LastLevel != LastLevel() {
		t.Fatalf("header %+v: want every level from the empty board", h)
	}
	levels, err := tablebase.Levels(empty, h.LastLevel)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, level := range levels {
		for _, p := range level {
			want++
			r, ok := tab.Find(tablebase.Key(&p))
			if !ok || p.Move <= 2 && !r.Entry().Known {
				t.Fatalf("level %d position missing or unknown (held: %v):\n%s", p.Move-1, ok, p.String())
			}
		}
	}
	if tab.Len() != want {
		t.Errorf("%d records, want the %d positions of levels 0..%d", tab.Len(), want, h.LastLevel)
	}
}

// Every entry above the last level agrees with its children's, recomputed here through
// Lookup (lookups under symmetry) rather than the merge's code: the side to move wins
// when some action leaves the opponent lost and loses when every action is known to
// leave the opponent winning; where every child's margin is known, the entry's is their
// best, reached by its Best. (An entry the children leave open was proved directly.)
func TestOpeningTableAgreesWithItsChildren(t *testing.T) {
	tab := openingRecords(t)
	for _, r := range tab.Records() {
		pos, e := r.Position(), r.Entry()
		if r.Level() == tab.Header.LastLevel || !e.Known {
			continue
		}
		c := childrenOf(t, pos)
		switch {
		case c.won && !e.Win, c.allKnown && !c.won && e.Win:
			t.Errorf("the table says win=%v, its children won=%v (all known: %v):\n%s", e.Win, c.won, c.allKnown, pos.String())
		case e.Win && c.known[e.Best] && !c.winning[e.Best]:
			t.Errorf("the table's move %v does not win:\n%s", e.Best, pos.String())
		case c.allMargins && (!e.MarginKnown || e.Margin != c.best || c.margins[e.Best] != c.best):
			t.Errorf("margin %+d (known: %v) by %v, its children's best %+d:\n%s", e.Margin, e.MarginKnown, e.Best, c.best, pos.String())
		}
	}
}

// children is what the table proves of a position's actions.
type children struct {
	known, winning map[board.Point]bool // the action's value is known; it wins
	margins        map[board.Point]int
	won, allKnown  bool
	allMargins     bool
	best           int // the best of the margins, for the side to move
}

// childrenOf looks up every action of pos in the table (a finished game by its score).
func childrenOf(t *testing.T, pos board.Position) children {
	t.Helper()
	c := children{known: map[board.Point]bool{}, winning: map[board.Point]bool{}, margins: map[board.Point]int{}, allKnown: true, allMargins: true}
	for a := board.Point(0); a < board.NumActions; a++ {
		child := pos
		if !child.Act(a) {
			continue
		}
		ce, ok := tablebase.Entry{Known: true, Win: child.Winner() == child.Turn, MarginKnown: true, Margin: child.Margin()}, true
		if !child.Over {
			if _, held := theTable().Lookup(child); !held {
				t.Fatalf("a child (after %v) is not in the table:\n%s", a, pos.String())
			}
			ce, ok = Lookup(child)
		}
		c.known[a], c.winning[a] = ok, ok && !ce.Win
		c.won = c.won || c.winning[a]
		c.allKnown = c.allKnown && ok
		c.allMargins = c.allMargins && ce.MarginKnown
		if !ce.MarginKnown {
			continue
		}
		if len(c.margins) == 0 || (pos.Turn == board.Black && ce.Margin > c.best) || (pos.Turn == board.White && ce.Margin < c.best) {
			c.best = ce.Margin
		}
		c.margins[a] = ce.Margin
	}
	return c
}

// A file that is not an intact table (here the book) is refused with one line.
func TestOpeningTableRefusesAnotherKind(t *testing.T) {
	var warn strings.Builder
	if loadEmbedded(bookFile, tablebase.KindTable, "the opening table", &warn) != nil {
		t.Fatal("the book was taken as the opening table")
	}
	if got := warn.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "the opening table is refused") {
		t.Errorf("warning %q, want one line naming the table", got)
	}
}

// Where the book and the table cover one position, they agree: the table proves Black's
// win there, and does not prove the book's move a loss.
func TestOpeningTableAgreesWithTheBook(t *testing.T) {
	checked := 0
	for _, r := range bookRecords(t) {
		pos := r.Position()
		if int(pos.Move)-1 > LastLevel() {
			continue
		}
		e, ok := Lookup(pos)
		if !ok {
			continue
		}
		child := pos
		child.Act(r.Entry().Best)
		if ce, ok := Lookup(child); !e.Win || ok && ce.Win {
			t.Errorf("the table says %+v here, and %+v after the book's %v:\n%s", e, ce, r.Entry().Best, pos.String())
		}
		checked++
	}
	if checked == 0 {
		t.Error("the table proves no position of the book")
	}
}
