// visits_test.go: a query's visits bound its work, as in KataGo: maxVisits 1 answers at
// once with what is known, and proofTime asks for more proof.

package katago

import (
	"fmt"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
	"littlego/lib/cputime"
	"littlego/lib/racedetect"
)

// clientGame is a game's first twelve moves, as a client writes them: positions at moves
// 1 to 12 that the opening table decides at the root, then ones it does not.
const clientGame = "B C3 W B4 B C4 W B3 B B2 W C2 B D2 W B1 B C1 W A2 B D4 W A4"

// maxVisitsOneCPU bounds the process CPU of one maxVisits-1 query: KataGo answers
// those in milliseconds, and its clients send many; before the bound, the solver spent
// up to maxTime (10 s) on each.
func maxVisitsOneCPU() time.Duration {
	if racedetect.Enabled {
		return 2500 * time.Millisecond // the race detector slows the work several times
	}
	return 250 * time.Millisecond
}

// maxVisits 1 at every position of moves 1 to 12: each answer comes with at most one
// visit, within maxVisitsOneCPU of CPU (far under the default maxTime of 10 s), and
// what it says is proved agrees with facts.Known.
func TestMaxVisitsOneAnswersAtOnce(t *testing.T) {
	cfg := quickConfig(1)
	cfg.MaxTime, cfg.SolveLimit = 10*time.Second, time.Second // the defaults a client meets
	s := startServer(t, cfg)
	moves := Moves(clientGame)
	pos := board.New()
	for n := 0; n < 12; n++ {
		id := fmt.Sprintf("move%d", n+1)
		q := newQuery(id, "")
		q["moves"] = moves[:n]
		q["maxVisits"] = 1
		before, sent := cputime.Process(), time.Now()
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
		finals, others, err := s.Collect(id, 1, time.Minute)
		used, wall := cputime.Process()-before, time.Since(sent)
		if err != nil || len(others) > 0 {
			t.Fatalf("%s: %v, others %v", id, err, others)
		}
		r := finals[n]
		root := sub(t, r, "rootInfo")
		t.Logf("move %d: %v of CPU, %v of wall, root %v", n+1, used, wall, sub(t, root, "proof")["value"])
		if used > maxVisitsOneCPU() {
			t.Errorf("move %d: maxVisits 1 took %v of CPU, want at most %v", n+1, used, maxVisitsOneCPU())
		}
		if v := num(t, root, "visits"); v > 1 {
			t.Errorf("move %d: %v visits, want at most 1", n+1, v)
		}
		checkProved(t, id+" root", root, facts.Known(pos), pos.Turn)
		a, err := board.ParseVertex(moves[n][1])
		if err != nil || !pos.Act(a) {
			t.Fatalf("move %d of the test game, %v: %v", n+1, moves[n], err)
		}
	}
}

// proofTime is a setting of its own, in the config, -override-config and a query's
// overrideSettings: the solver's CPU beyond the search's.
func TestProofTimeSetting(t *testing.T) {
	var c Config
	if known, err := c.Set("proofTime", "2.5"); !known || err != nil || c.ProofTime != 2500*time.Millisecond {
		t.Errorf("Set(proofTime, 2.5): %v %v, ProofTime %v", known, err, c.ProofTime)
	}
	for _, bad := range []string{"-1", "x", "NaN"} {
		if _, err := c.Set("proofTime", bad); err == nil {
			t.Errorf("Set(proofTime, %q): no error", bad)
		}
	}
	s := startServer(t, quickConfig(1))
	q := newQuery("proof", "B C3 W B4")
	q["maxVisits"] = 1
	q["overrideSettings"] = map[string]any{"proofTime": 0.05}
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	if _, others, err := s.Collect("proof", 1, time.Minute); err != nil || len(others) > 0 {
		t.Errorf("proofTime in overrideSettings: %v, other responses (warnings) %v", err, others)
	}
}

// The proof-time floor: at move 14 of the client's game the root is a win the solver
// proves in a few milliseconds; a 200-visit query (about 1 ms of search) proves it,
// since every turn gets ProofFloor of solver time beyond the search's. The floor here is
// a minute and the turn has no wall-clock limit, so that the proof's end, not the
// machine's speed, ends the turn (the default floor is DefaultProofFloor; without a
// floor the solver would get the search's 1 ms).
func TestProofFloorProvesCheapPositions(t *testing.T) {
	cfg := quickConfig(1)
	cfg.ProofFloor, cfg.MaxTime = time.Minute, 0
	s := startServer(t, cfg)
	q := newQuery("floor", clientGame+" B D1")
	q["maxVisits"] = 200
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	finals, _, err := s.Collect("floor", 1, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	root := sub(t, finals[13], "rootInfo")
	if p := sub(t, root, "proof"); p["value"] != "proved" || num(t, root, "winrate") != 1 {
		t.Errorf("move 14 at 200 visits: rootInfo %v; want the win proved", root)
	}
}
