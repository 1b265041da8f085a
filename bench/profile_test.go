// profile_test.go: Summarize sorts samples into playouts, tree and rest and ranks functions; the workload runs and validates.

package bench

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"

	"littlego/policy"
)

// syntheticProfile builds a CPU profile whose samples have the given stacks (leaf
// first, each frame a function name) and CPU nanoseconds.
func syntheticProfile(stacks [][]string, nanos []int64) *profile.Profile {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
	}
	funcs := map[string]*profile.Function{}
	for i, stack := range stacks {
		s := &profile.Sample{Value: []int64{1, nanos[i]}}
		for _, name := range stack {
			f := funcs[name]
			if f == nil {
				f = &profile.Function{ID: uint64(len(funcs) + 1), Name: name}
				funcs[name] = f
				p.Function = append(p.Function, f)
			}
			loc := &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
			p.Location = append(p.Location, loc)
			s.Location = append(s.Location, loc)
		}
		p.Sample = append(p.Sample, s)
	}
	return p
}

func TestSummarize(t *testing.T) {
	p := syntheticProfile([][]string{
		{"littlego/policy.(*game).lightRun", "littlego/policy.Light.Playout", "littlego/mcts.(*tree).iterate"},
		{"littlego/board.Group", "littlego/policy.Light.Playout", "littlego/mcts.(*tree).iterate"},
		{"littlego/mcts.(*tree).selectChild", "littlego/mcts.(*tree).iterate"},
		{"littlego/board.Group", "littlego/policy.Light.Priors", "littlego/mcts.(*tree).expand", "littlego/mcts.(*tree).iterate"},
		{"runtime.mallocgc", "main.main"},
	}, []int64{40e6, 20e6, 15e6, 10e6, 5e6})
	s, err := Summarize(p)
	if err != nil {
		t.Fatal(err)
	}
	ms := time.Millisecond
	if s.Total != 90*ms || s.Playouts != 60*ms || s.Tree != 25*ms || s.Priors != 10*ms || s.Rest != 5*ms {
		t.Fatalf("total %v playouts %v tree %v priors %v rest %v; want 90ms 60ms 25ms 10ms 5ms",
			s.Total, s.Playouts, s.Tree, s.Priors, s.Rest)
	}
	if f := s.ByFlat[0]; f.Name != "littlego/policy.(*game).lightRun" || f.Flat != 40*ms || f.Cum != 40*ms {
		t.Fatalf("top by flat time is %+v", f)
	}
	if f := s.ByFlat[1]; f.Name != "littlego/board.Group" || f.Flat != 30*ms {
		t.Fatalf("second by flat time is %+v, want board.Group with 30ms from two stacks", f)
	}
	if f := s.ByCum[0]; f.Name != "littlego/mcts.(*tree).iterate" || f.Cum != 85*ms || f.Flat != 0 {
		t.Fatalf("top by cumulative time is %+v", f)
	}
	var out bytes.Buffer
	if err := s.Write(&out, 3); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"playouts 66.7%", "tree 27.8% (priors 11.1%)", "rest 5.6%", "top 3 by flat time", "top 3 by cumulative time"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "littlego/mcts.(*tree).iterate"); n != 1 {
		t.Errorf("iterate listed %d times in a top 3 (once, by cumulative time, expected):\n%s", n, text)
	}
}

func TestSummarizeRejectsOtherProfiles(t *testing.T) {
	p := &profile.Profile{SampleType: []*profile.ValueType{{Type: "inuse_space", Unit: "bytes"}}}
	if _, err := Summarize(p); err == nil {
		t.Fatal("a heap profile was accepted as a CPU profile")
	}
}

func TestWorkloadRuns(t *testing.T) {
	w := Workload{Playouts: 200, Repeat: 1, Workers: 1, Policy: policy.Uniform{}, Seed: 3}
	a, err := w.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a.Searches != len(Positions()) || a.Iterations < a.Searches || a.Iterations > a.Searches*200 {
		t.Fatalf("ran %d searches with %d iterations", a.Searches, a.Iterations)
	}
	b, err := w.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a.Iterations != b.Iterations {
		t.Fatalf("the same seeded workload ran %d then %d iterations", a.Iterations, b.Iterations)
	}
	for _, bad := range []Workload{{Playouts: 0, Repeat: 1, Workers: 1}, {Playouts: 1, Repeat: 0, Workers: 1}, {Playouts: 1, Repeat: 1, Workers: 0}} {
		if _, err := bad.Run(context.Background()); err == nil {
			t.Errorf("workload %+v ran", bad)
		}
	}
}
