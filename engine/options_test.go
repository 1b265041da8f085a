// options_test.go: the option ranges: the usage text states what Validate accepts.

package engine

import (
	"strconv"
	"strings"
	"testing"

	"littlego/mcts"
)

// Each ranged option accepts both ends of its range and rejects one step beyond either,
// and its usage text states the range it checks.
func TestOptionRangesMatchTheirUsage(t *testing.T) {
	ints := map[string]mcts.Range[int]{"playouts": mcts.PlayoutsRange, "workers": mcts.WorkersRange,
		"expand": mcts.ExpandRange, "solve-from": SolveFromRange}
	floats := map[string]mcts.Range[float64]{"c": mcts.CRange, "rave": mcts.RAVERange}
	try := func(name, value string, ok bool) {
		t.Helper()
		o := Defaults()
		p, _ := o.Param(name)
		if err := p.Set(value); err != nil {
			t.Fatalf("%s=%s: %v", name, value, err)
		}
		if err := o.Validate(); (err == nil) != ok {
			t.Errorf("%s=%s: Validate gave %v, want ok=%v", name, value, err, ok)
		} else if err != nil && !strings.HasPrefix(err.Error(), name+" ") {
			t.Errorf("%s=%s: the error %q does not name the option", name, value, err)
		}
	}
	o := Defaults()
	for name, r := range ints {
		p, _ := o.Param(name)
		if !strings.Contains(p.Usage, r.String()) {
			t.Errorf("%s: usage %q does not state %v", name, p.Usage, r)
		}
		try(name, strconv.Itoa(r.Min), true)
		try(name, strconv.Itoa(r.Max), true)
		try(name, strconv.Itoa(r.Min-1), false)
		try(name, strconv.Itoa(r.Max+1), false)
	}
	for name, r := range floats {
		p, _ := o.Param(name)
		if !strings.Contains(p.Usage, r.String()) {
			t.Errorf("%s: usage %q does not state %v", name, p.Usage, r)
		}
		f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
		try(name, f(r.Min), true)
		try(name, f(r.Max), true)
		try(name, f(r.Min-1), false)
		try(name, f(r.Max*1.5), false)
		try(name, "NaN", false)
	}
}

// Options in range make a valid search configuration: the engine's ranges are the
// search's.
func TestOptionRangesAreTheSearchRanges(t *testing.T) {
	o := Defaults()
	o.Workers, o.C, o.RAVE, o.Expand = mcts.WorkersRange.Max, mcts.CRange.Max, mcts.RAVERange.Max, mcts.ExpandRange.Max
	o.Playouts = mcts.PlayoutsRange.Max
	e, err := New(o)
	if err != nil {
		t.Fatalf("options at the top of their ranges: %v", err)
	}
	if err := e.searcher.SetConfig(e.config(MaxBudget)); err != nil {
		t.Fatalf("the search refuses the engine's options: %v", err)
	}
}
