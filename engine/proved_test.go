// proved_test.go: what every method of the engine proves, against its definition, and the report that carries it.

package engine

import (
	"testing"

	"littlego/board"
	"littlego/facts"
)

// Every method the engine reports, named as the review writes them, proves what its
// definition says, and nothing more: the pass rule's pass included.
func TestProvedByEveryMethod(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	want := map[string]struct {
		proves bool
		value  facts.Value
		source facts.Source
	}{
		"book": {true, facts.Win, facts.Book}, "table": {true, facts.Win, facts.Table}, "solver": {true, facts.Win, facts.Solver},
		"rule": {true, facts.Win, facts.End}, "lost": {true, facts.Loss, facts.Solver},
		"search": {false, facts.Unknown, facts.None}, "forced": {false, facts.Unknown, facts.None}, "fallback": {false, facts.Unknown, facts.None},
	}
	seen := 0
	for m := Method(0); int(m) < len(methodNames); m++ {
		name := m.String()
		seen++
		w, listed := want[name]
		if !listed {
			t.Fatalf("method %q: no expectation (a new method must say what it proves)", name)
		}
		mv := board.PointAt(1, 2)
		if m == MethodRule {
			mv = board.Pass
		}
		f := provedBy(m, pos, mv)
		ok := f.Proved()
		if ok != w.proves || f.Value != w.value || f.Source != w.source || f.Turn != pos.Turn {
			t.Errorf("%s: %+v (proves %v); want %v by %q", name, f, ok, w.value, w.source)
		}
		if w.value == facts.Win && (len(f.Winning) != 1 || f.Winning[0] != mv) {
			t.Errorf("%s: winning actions %v, want %v", name, f.Winning, mv)
		}
	}
	if seen != len(want) {
		t.Errorf("%d methods, %d expected", seen, len(want))
	}
	if f := provedBy(MethodRule, pos, board.PointAt(0, 0)); f.Proved() {
		t.Error("the pass rule proves a move that is not the pass")
	}
}

// The report of a move carries what its method proves: the book's first move, a proved
// win of the empty board by 2,2; a move the tables leave to the search, nothing.
func TestReportCarriesTheProof(t *testing.T) {
	o := Defaults()
	o.Playouts, o.Solve = 200, false
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	empty := board.New()
	mv, rep := e.GenMove(empty)
	if f := rep.Proved; rep.Method != MethodBook || f.Value != facts.Win || f.Source != facts.Book || f.Turn != board.Black ||
		len(f.Winning) != 1 || f.Winning[0] != mv {
		t.Errorf("the empty board: %v by %v, proved %+v; want the book's proved win by its move", mv, rep.Method, f)
	}
	pos := board.New()
	pos.Play(board.PointAt(0, 0))
	pos.Play(board.PointAt(4, 4))
	pos.Play(board.PointAt(0, 4))
	pos.Play(board.PointAt(4, 0))
	o.Book = false
	if e, err = New(o); err != nil {
		t.Fatal(err)
	}
	if mv, rep := e.GenMove(pos); rep.Method != MethodSearch || rep.Proved.Proved() || rep.Proved.Turn != pos.Turn {
		t.Errorf("a searched move: %v by %v, proved %+v; want nothing proved", mv, rep.Method, rep.Proved)
	}
}
