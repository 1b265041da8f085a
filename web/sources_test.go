package web

import (
	"testing"

	"littlego/board"
	"littlego/facts"
)

// The verdicts name every source they use in the words for people (facts), once each:
// on the empty board, the solved empty board's or the opening table's; after 0,3 2,2,
// what the opening table's 2,2 implies.
func TestVerdictsNameTheirSources(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	after := board.New()
	after.Play(board.PointAt(0, 3))
	after.Play(board.PointAt(2, 2))
	for _, pos := range []board.Position{board.New(), after} {
		v := s.knownVerdicts(pos)
		if len(v.Sources) == 0 {
			t.Fatalf("nothing proved of the actions of\n%s", pos.String())
		}
		for a, src := range v.Sources {
			if got, want := v.SourceNames[src], facts.Source(src).ForPeople(); got != want || got == "" {
				t.Errorf("%s, proved by %q: named %q, want %q", a, src, got, want)
			}
		}
		for src := range v.SourceNames {
			found := false
			for _, used := range v.Sources {
				found = found || used == src
			}
			if !found {
				t.Errorf("the name of %q, a source no action has", src)
			}
		}
	}
	if v := s.knownVerdicts(board.New()); v.SourceNames[v.Sources["2,2"]] != "solved empty board" && v.SourceNames[v.Sources["2,2"]] != "opening table" {
		t.Errorf("2,2 of the empty board by %q, named %q", v.Sources["2,2"], v.SourceNames[v.Sources["2,2"]])
	}
}
