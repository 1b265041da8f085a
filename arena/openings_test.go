// openings_test.go: opening sets, games started from them, proven values, slips and swindles, distinct games, and the SPRT through the command.

package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
	"littlego/solver"
)

func TestDistinctOpeningsAreTheSymmetryClasses(t *testing.T) {
	for k := 1; k <= 2; k++ {
		// Every position after k placements, by brute force, reduced to canonical keys.
		want := map[uint64]bool{}
		var walk func(pos board.Position, depth int)
		walk = func(pos board.Position, depth int) {
			if depth == k {
				key, _ := pos.CanonicalKey()
				want[key] = true
				return
			}
			for pt := board.Point(0); pt < board.NumPoints; pt++ {
				child := pos
				if _, ok := child.Play(pt); ok {
					walk(child, depth+1)
				}
			}
		}
		walk(board.New(), 0)
		got := DistinctOpenings(k)
		seen := map[uint64]bool{}
		for _, o := range got {
			pos, ok := o.Position()
			if !ok || len(o.Moves) != k {
				t.Fatalf("opening %q: not %d legal placements", o, k)
			}
			key, _ := pos.CanonicalKey()
			if seen[key] {
				t.Errorf("opening %q repeats a position up to symmetry", o)
			}
			seen[key] = true
			if !want[key] {
				t.Errorf("opening %q: position not found by brute force", o)
			}
		}
		if len(seen) != len(want) {
			t.Errorf("%d plies: %d openings, want %d symmetry classes", k, len(seen), len(want))
		}
	}
	// The 25 points of the 5x5 board fall in 6 classes under its 8 symmetries.
	if n := len(DistinctOpenings(1)); n != 6 {
		t.Errorf("%d openings of one stone, want 6", n)
	}
}

func TestParseOpenings(t *testing.T) {
	sample, err := ParseOpenings("random:3:40", 5)
	if err != nil || len(sample) != 40 {
		t.Fatalf("random:3:40: %d openings, %v", len(sample), err)
	}
	again, _ := ParseOpenings("random:3:40", 5)
	other, _ := ParseOpenings("random:3:40", 6)
	if sample[0].String() != again[0].String() || sample[0].String()+sample[1].String() == other[0].String()+other[1].String() {
		t.Errorf("the sample is not fixed by the seed: %q, %q, %q", sample[0], again[0], other[0])
	}
	deep, err := ParseOpenings("random:10:30", 1)
	if err != nil || len(deep) != 30 {
		t.Fatalf("random:10:30: %d openings, %v", len(deep), err)
	}
	keys := map[uint64]bool{}
	for _, o := range deep {
		pos, ok := o.Position()
		key, _ := pos.CanonicalKey()
		if !ok || len(o.Moves) != 10 || keys[key] {
			t.Errorf("deep opening %q: legal %v, %d moves, repeated %v", o, ok, len(o.Moves), keys[key])
		}
		keys[key] = true
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "book.txt")
	os.WriteFile(file, []byte("# two openings\n2,2 1,3\n\n1,1 PASS 3,3\n"), 0o644)
	got, err := ParseOpenings("file:"+file, 1)
	if err != nil || len(got) != 2 || got[1].String() != "1,1 PASS 3,3" {
		t.Fatalf("file: %v, %v", got, err)
	}
	os.WriteFile(file, []byte("2,2 2,2\n"), 0o644)
	_, errIllegal := ParseOpenings("file:"+file, 1)
	for spec, want := range map[string]string{"plies:9": "1..4", "plies:x": "plies", "random:3": "random:K:N", "random:2:1000": "only 85",
		"random:21:5": "1..20", "book": "want plies:K", "file:" + dir + "/none": "no such file", "random:2:0": "count"} {
		if _, err := ParseOpenings(spec, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOpenings(%q): %v; want an error mentioning %q", spec, err, want)
		}
	}
	if errIllegal == nil || !strings.Contains(errIllegal.Error(), "not a legal opening") {
		t.Errorf("an illegal opening in a file: %v", errIllegal)
	}
}

func TestGamesFromOpenings(t *testing.T) {
	openings, _ := ParseOpenings("random:3:3", 9)
	greedy, _ := ParseAgent("greedy")
	random, _ := ParseAgent("random")
	recs, err := Run(context.Background(), greedy, random, Config{Games: 6, Jobs: 2, CPULimit: time.Second, Seed: 4,
		Openings: openings, PairSeeds: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		o := openings[(r.Game-1)/2]
		if r.Opening != (r.Game+1)/2 || r.OpeningMoves != o.String() {
			t.Errorf("game %d: opening %d %q, want %d %q", r.Game, r.Opening, r.OpeningMoves, (r.Game+1)/2, o)
		}
		for k, m := range r.Moves {
			if (k < len(o.Moves)) != m.Opening || (k < len(o.Moves) && m.Point != o.Moves[k]) {
				t.Errorf("game %d move %d: %+v; opening %q", r.Game, k+1, m, o)
			}
		}
		if pair := recs[(r.Game-1)/2*2]; pair.Seed != r.Seed || pair.ABlack == r.ABlack && pair.Game != r.Game {
			t.Errorf("game %d: seed %d, colour A black %v; its pair's %d, %v", r.Game, r.Seed, r.ABlack, pair.Seed, pair.ABlack)
		}
		checkLegal(t, &r)
		var buf bytes.Buffer
		r.WriteJSON(&buf)
		var j record.JSONGame
		if err := json.Unmarshal(buf.Bytes(), &j); err != nil || j.OpeningMoves != o.String() || !j.Moves[0].Opening {
			t.Errorf("game %d JSON: %v, %+v", r.Game, err, j)
		}
	}
	s := Summarize(recs, "greedy", "random")
	if s.Openings != 3 || s.Distinct < 2 || s.Distinct > 6 {
		t.Errorf("summary: %d openings, %d distinct", s.Openings, s.Distinct)
	}
	if s.Time[0].Moves+s.Time[1].Moves+6*3 != countMoves(recs) {
		t.Errorf("opening moves counted in the time per move")
	}
}

func countMoves(recs []record.Record) int {
	n := 0
	for _, r := range recs {
		n += len(r.Moves)
	}
	return n
}

func TestSolvedOpeningsSlipsAndSwindles(t *testing.T) {
	openings, _ := ParseOpenings("random:12:4", 3)
	if proved := SolveOpenings(openings, 10*time.Second); proved != 4 {
		t.Fatalf("proved %d of 4 openings after 12 plies", proved)
	}
	s := solver.New(20)
	for _, o := range openings {
		pos, _ := o.Position()
		r := s.Solve(pos, solver.Limits{})
		if o.BlackWins != (r.Win == (pos.Turn == board.Black)) {
			t.Errorf("opening %q: Black wins %v, the solver says the side to move wins %v", o, o.BlackWins, r.Win)
		}
	}
	// Four games from a Black win: A (Black) wins, A (Black) loses: a slip by A and a
	// swindle by B; B (Black) loses: a slip by B, a swindle by A; one unproven game.
	recs := []record.Record{
		{Game: 1, Opening: 1, ABlack: true, Winner: board.Black, OpeningKnown: true, OpeningBlackWins: true, Reason: record.EndMoves},
		{Game: 2, Opening: 1, ABlack: true, Winner: board.White, OpeningKnown: true, OpeningBlackWins: true, Reason: record.EndMoves, Moves: []record.Move{{Point: 1}}},
		{Game: 3, Opening: 2, ABlack: false, Winner: board.White, OpeningKnown: true, OpeningBlackWins: true, Reason: record.EndMoves, Moves: []record.Move{{Point: 2}}},
		{Game: 4, Opening: 3, ABlack: false, Winner: board.White, Reason: record.EndMoves, Moves: []record.Move{{Point: 2}}},
	}
	sum := Summarize(recs, "a", "b")
	if sum.Proven != 3 || sum.Slips != [2]int{1, 1} || sum.Swindles != [2]int{1, 1} || sum.Distinct != 3 {
		t.Errorf("proven %d, slips %v, swindles %v, distinct %d; want 3, [1 1], [1 1], 3", sum.Proven, sum.Slips, sum.Swindles, sum.Distinct)
	}
	if sum.Openings != 3 || sum.ProvenOpenings != 2 {
		t.Errorf("%d openings, %d proved; want 3, 2", sum.Openings, sum.ProvenOpenings)
	}
	var out bytes.Buffer
	sum.Write(&out)
	if !strings.Contains(out.String(), "distinct games: 3 of 4") || !strings.Contains(out.String(), "a slipped 1") {
		t.Errorf("summary:\n%s", out.String())
	}
}
