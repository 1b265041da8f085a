// enginemove_test.go: what every method of the engine proves, against its definition.

package facts

import (
	"testing"

	"littlego/board"
	"littlego/engine"
)

// Every method the engine reports, named as the review writes them, proves what its
// definition says, and nothing more: the pass rule's pass included.
func TestOfEngineMoveForEveryMethod(t *testing.T) {
	pos := board.New()
	pos.Play(board.PointAt(2, 2))
	want := map[string]struct {
		proves bool
		value  Value
		source Source
	}{
		"book": {true, Win, Book}, "table": {true, Win, Table}, "solver": {true, Win, Solver},
		"rule": {true, Win, End}, "lost": {true, Loss, Solver},
		"search": {false, Unknown, None}, "forced": {false, Unknown, None}, "fallback": {false, Unknown, None},
	}
	seen := 0
	for m := engine.Method(0); ; m++ {
		name := m.String()
		if _, ok := engine.ParseMethod(name); !ok {
			break
		}
		seen++
		w, listed := want[name]
		if !listed {
			t.Fatalf("method %q: no expectation (a new method must say what it proves)", name)
		}
		mv := board.PointAt(1, 2)
		if m == engine.MethodRule {
			mv = board.Pass
		}
		f, ok := OfEngineMove(m, pos, mv)
		if ok != w.proves || f.Value != w.value || f.Source != w.source || f.Turn != pos.Turn && ok {
			t.Errorf("%s: %+v (proves %v); want %v by %q", name, f, ok, w.value, w.source)
		}
		if w.value == Win && (len(f.Winning) != 1 || f.Winning[0] != mv) {
			t.Errorf("%s: winning actions %v, want %v", name, f.Winning, mv)
		}
		if EngineMoveWins(m) != (w.value == Win) {
			t.Errorf("%s: EngineMoveWins %v", name, EngineMoveWins(m))
		}
	}
	if seen != len(want) {
		t.Errorf("%d methods, %d expected", seen, len(want))
	}
	if _, ok := OfEngineMove(engine.MethodRule, pos, board.PointAt(0, 0)); ok {
		t.Error("the pass rule proves a move that is not the pass")
	}
}
