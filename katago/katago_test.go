// katago_test.go: a whole game analysed turn by turn and checked against the facts, terminate, a hundred queries at once, priorities, the actions, and stdin closed.

package katago

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/facts"
	"littlego/facts/factstest"
	"littlego/lib/cputime"
	"littlego/lib/racedetect"
	"littlego/record"
)

// quickConfig is a cheap server for the tests: small searches, short solver turns.
func quickConfig(jobs int) Config {
	o := engine.Defaults()
	o.Seed = 7
	return Config{Jobs: jobs, Threads: 1, MaxVisits: 300, MaxTime: time.Second, SolveLimit: 100 * time.Millisecond,
		Chunk: 20 * time.Millisecond, Search: o}
}

// gameOf returns the test position of kind k: its moves as the protocol writes them
// and the positions of its turns.
func gameOf(t *testing.T, k factstest.Kind) (string, []board.Position) {
	t.Helper()
	ps := factstest.MustPositions(t)
	for _, p := range ps {
		if p.Kind != k {
			continue
		}
		pos := board.New()
		turns := []board.Position{pos}
		mv := ""
		for _, a := range p.Actions {
			mv += board.ColorLetter(pos.Turn) + " " + board.Vertex(a) + " "
			pos.Act(a)
			turns = append(turns, pos)
		}
		return mv, turns
	}
	t.Fatalf("no test position of kind %v", k)
	return "", nil
}

// num reads a number of a decoded response.
func num(t *testing.T, obj map[string]any, key string) float64 {
	t.Helper()
	x, ok := obj[key].(float64)
	if !ok {
		t.Fatalf("%s: not a number in %v", key, obj)
	}
	return x
}

// sub reads an object of a decoded response.
func sub(t *testing.T, obj map[string]any, key string) map[string]any {
	t.Helper()
	x, ok := obj[key].(map[string]any)
	if !ok {
		t.Fatalf("%s: not an object in %v", key, obj)
	}
	return x
}

// checkProved checks values reported for the side to move of pos (winrate, scoreLead,
// scoreStdev and the proof object of an entry) against f, the fact of the position they
// describe, whose side to move is f.Turn: a proved value is exact, a proved margin too.
func checkProved(t *testing.T, what string, entry map[string]any, f facts.Fact, mover board.Color) {
	t.Helper()
	p := sub(t, entry, "proof")
	if f.Value != facts.Unknown {
		want := 0.0
		if f.Winner(); (f.BlackValue() == facts.Win) == (mover == board.Black) {
			want = 1
		}
		if p["value"] != "proved" || num(t, entry, "winrate") != want || !sameSource(p["source"], f.Source) {
			t.Errorf("%s: %v, want winrate %v proved by %q (%v)", what, entry, want, f.Source, f)
		}
	}
	if m, exact := f.Margin(); exact {
		lead := float64(m) - board.Komi
		if mover == board.White {
			lead = -lead
		}
		if p["score"] != "proved" || num(t, entry, "scoreLead") != lead || num(t, entry, "scoreStdev") != 0 {
			t.Errorf("%s: %v, want scoreLead %v exactly, scoreStdev 0 (%v)", what, entry, lead, f)
		}
	}
}

// sameSource reports whether a source the protocol wrote is src as facts words it, or src
// with what the game's line adds to it (facts.ReachedBy: the same position reached by
// another move order).
func sameSource(got any, src facts.Source) bool {
	s, _ := got.(string)
	rest, ok := strings.CutPrefix(s, string(src))
	return ok && (rest == "" || strings.HasPrefix(rest, " (the same position, reached by "))
}

// A whole game, every turn analysed in one query: each turn's root and moves agree
// with facts.Known wherever it proves something, every other proved value agrees with
// a prover of its own (its own cache), and the finished game's score is exact.
func TestWholeGameAgreesWithTheFacts(t *testing.T) {
	mv, turns := gameOf(t, factstest.End)
	s := startServer(t, quickConfig(2))
	q := newQuery("game", mv)
	all := []int{}
	for k := range turns {
		all = append(all, k)
	}
	q["analyzeTurns"] = all
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	finals, others, err := s.Collect("game", len(turns), time.Minute)
	if err != nil || len(others) > 0 {
		t.Fatalf("%v; other responses %v", err, others)
	}
	own := facts.NewProver(facts.NewCache())
	provedRoots := 0
	for k, pos := range turns {
		r := finals[k]
		root := sub(t, r, "rootInfo")
		if root["currentPlayer"] != board.ColorLetter(pos.Turn) {
			t.Errorf("turn %d: currentPlayer %v, want %s", k, root["currentPlayer"], board.ColorLetter(pos.Turn))
		}
		known := facts.Known(pos)
		checkProved(t, fmt.Sprintf("turn %d root", k), root, known, pos.Turn)
		if sub(t, root, "proof")["value"] == "proved" {
			provedRoots++
			checkAgainst(t, fmt.Sprintf("turn %d root", k), root, own.Value(context.Background(), pos, facts.Limits{CPU: 2 * time.Second}), pos.Turn)
		}
		for _, e := range r["moveInfos"].([]any) {
			m := e.(map[string]any)
			a, err := board.ParseVertex(m["move"].(string))
			if err != nil {
				t.Fatalf("turn %d: %v", k, err)
			}
			child := pos
			if !child.Act(a) {
				t.Fatalf("turn %d: illegal move %v reported", k, m["move"])
			}
			what := fmt.Sprintf("turn %d move %v", k, m["move"])
			checkProved(t, what, m, facts.Known(child), pos.Turn)
			if sub(t, m, "proof")["value"] == "proved" {
				checkAgainst(t, what, m, own.Value(context.Background(), child, facts.Limits{CPU: 500 * time.Millisecond}), pos.Turn)
			}
		}
	}
	end := sub(t, finals[len(turns)-1], "rootInfo")
	if p := sub(t, end, "proof"); p["source"] != "end" || p["outcome"] != record.Result(turns[len(turns)-1].Margin()) {
		t.Errorf("the finished game: %v, want proved by the end, %s", end, record.Result(turns[len(turns)-1].Margin()))
	}
	t.Logf("%d of %d turns proved", provedRoots, len(turns))
	if provedRoots < len(turns)/2 {
		t.Errorf("only %d of %d turns proved", provedRoots, len(turns))
	}
}

// checkAgainst checks a proved win rate for mover against f, what an independent
// prover proved of the position it leads to (nothing to check when it proved nothing).
func checkAgainst(t *testing.T, what string, entry map[string]any, f facts.Fact, mover board.Color) {
	t.Helper()
	if f.Value == facts.Unknown {
		t.Logf("%s: proved %v, not checked (the prover of the test did not prove it within its limit)", what, sub(t, entry, "proof"))
		return
	}
	want := 0.0
	if (f.BlackValue() == facts.Win) == (mover == board.Black) {
		want = 1
	}
	if num(t, entry, "winrate") != want {
		t.Errorf("%s: winrate %v, but the position is %v", what, num(t, entry, "winrate"), f)
	}
}

// A terminate stops a long search in progress: its final response (with what it has)
// comes within 100 ms, the terminate is echoed, and the next query is served.
func TestTerminateStopsWithin100ms(t *testing.T) {
	mv, turns := gameOf(t, factstest.Unknown)
	cfg := quickConfig(1)
	cfg.MaxTime, cfg.Chunk = time.Minute, 0 // the default steps, whose length the bound is about
	s := startServer(t, cfg)
	q := newQuery("long", mv)
	q["maxVisits"] = 50_000_000
	q["reportDuringSearchEvery"] = 0.05
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	r, _, err := s.Next(10 * time.Second)
	if err != nil || r["isDuringSearch"] != true {
		t.Fatalf("want a report during the search: %v %v", r, err)
	}
	sent, sentCPU := time.Now(), cputime.Process()
	if err := s.Send(map[string]any{"id": "stop", "action": "terminate", "terminateId": "long", "turnNumbers": []int{len(turns) - 1}}); err != nil {
		t.Fatal(err)
	}
	var final map[string]any
	var at time.Time
	var finalCPU time.Duration
	acked := false
	for final == nil || !acked {
		r, when, err := s.Next(10 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case r["id"] == "stop":
			acked = r["action"] == "terminate" && r["terminateId"] == "long"
		case Final(r):
			final, at = r, when
			if finalCPU == 0 {
				finalCPU = cputime.Process()
			}
		}
	}
	// The bound is on the process's CPU, which a loaded machine does not stretch: the
	// work stops within two steps of 10 ms of CPU (the wall time, logged, grows with the
	// machine's load).
	bound := 100 * time.Millisecond
	if racedetect.Enabled {
		bound *= 4 // the race detector slows the steps several times
	}
	if used := finalCPU - sentCPU; used > bound {
		t.Errorf("the final response came after %v of CPU (%v of wall) since the terminate, want within %v of CPU", used, at.Sub(sent), bound)
	} else {
		t.Logf("the final response came after %v of CPU, %v of wall, since the terminate", used, at.Sub(sent))
	}
	if num(t, sub(t, final, "rootInfo"), "visits") <= 0 || len(final["moveInfos"].([]any)) == 0 {
		t.Errorf("the terminated turn answers with what it has: %v", final)
	}
	checkServes(t, s)
}

// checkServes checks that the server still answers a query.
func checkServes(t *testing.T, s *testServer) {
	t.Helper()
	q := newQuery("still", "")
	q["maxVisits"] = 20
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	if _, others, err := s.Collect("still", 1, 30*time.Second); err != nil || len(others) > 0 {
		t.Fatalf("the next query: %v, others %v", err, others)
	}
}

// A hundred queries at once with two jobs: each answered once, with no other response.
func TestHundredQueriesAtOnce(t *testing.T) {
	mv, _ := gameOf(t, factstest.End)
	s := startServer(t, quickConfig(2))
	start := time.Now()
	for k := range 100 {
		q := newQuery(fmt.Sprintf("q%d", k), mv)
		turn := []int{0, 19, 20, 21, 22, 23, 24}[k%7]
		q["analyzeTurns"] = []int{turn}
		q["maxVisits"] = 30
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for len(seen) < 100 {
		r, _, err := s.Next(time.Minute)
		if err != nil {
			t.Fatalf("after %d answers: %v", len(seen), err)
		}
		id, _ := r["id"].(string)
		if !Final(r) || seen[id] {
			t.Fatalf("unexpected response %v", r)
		}
		seen[id] = true
	}
	t.Logf("100 queries answered in %v", time.Since(start))
	if err := s.closeAndWait(10 * time.Second); err != nil {
		t.Fatal(err)
	}
}

// Priorities: with one job busy, a later query of higher priority is analysed before
// an earlier one of lower priority.
func TestPriorityFirst(t *testing.T) {
	mv, _ := gameOf(t, factstest.End)
	cfg := quickConfig(1)
	cfg.MaxTime = time.Minute // the blocking query runs until terminated
	s := startServer(t, cfg)
	block := newQuery("block", "B C3 W B4 B A5")
	block["maxVisits"] = 50_000_000
	block["reportDuringSearchEvery"] = 0.02
	low := newQuery("low", mv)
	low["analyzeTurns"] = []int{21, 22, 23}
	high := newQuery("high", mv)
	high["analyzeTurns"] = []int{24}
	high["priority"] = 10
	for _, q := range []map[string]any{block, low, high} {
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
		if q["id"] == "block" {
			if r, _, err := s.Next(10 * time.Second); err != nil || r["isDuringSearch"] != true {
				t.Fatalf("the blocking query is not running: %v %v", r, err)
			}
		}
	}
	if err := s.Send(map[string]any{"id": "t", "action": "terminate", "terminateId": "block"}); err != nil {
		t.Fatal(err)
	}
	var order []string
	for len(order) < 4 {
		r, _, err := s.Next(30 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if id := r["id"].(string); Final(r) && id != "block" {
			order = append(order, id)
		}
	}
	if order[0] != "high" {
		t.Errorf("finished in the order %v: want high first", order)
	}
}

// The actions: query_version, query_models, clear_cache and terminate_all echo the
// query, the first with the version, the second with the one model (the engine); a terminate_all takes the queued turns out, each answered with
// noResults.
func TestActions(t *testing.T) {
	cfg := quickConfig(1)
	cfg.MaxTime = time.Minute // the first turn runs until terminated
	s := startServer(t, cfg)
	if err := s.Send(map[string]any{"id": "v", "action": "query_version"}); err != nil {
		t.Fatal(err)
	}
	r, _, err := s.Next(5 * time.Second)
	if err != nil || r["id"] != "v" || r["action"] != "query_version" || r["version"] == nil || r["git_hash"] == nil {
		t.Fatalf("query_version: %v %v", r, err)
	}
	if err := s.Send(map[string]any{"id": "m", "action": "query_models"}); err != nil {
		t.Fatal(err)
	}
	if r, _, err := s.Next(5 * time.Second); err != nil || r["id"] != "m" || len(r["models"].([]any)) != 1 {
		t.Fatalf("query_models: %v %v", r, err)
	}
	if err := s.Send(map[string]any{"id": "c", "action": "clear_cache"}); err != nil {
		t.Fatal(err)
	}
	if r, _, err := s.Next(5 * time.Second); err != nil || r["id"] != "c" || r["action"] != "clear_cache" || len(r) != 2 {
		t.Fatalf("clear_cache: %v %v", r, err)
	}
	long := newQuery("long", "B C3 W B4 B A5")
	long["maxVisits"] = 50_000_000
	long["analyzeTurns"] = []int{1, 2, 3}
	long["reportDuringSearchEvery"] = 0.02
	if err := s.Send(long); err != nil {
		t.Fatal(err)
	}
	if r, _, err := s.Next(10 * time.Second); err != nil || r["isDuringSearch"] != true {
		t.Fatalf("the query is not running: %v %v", r, err)
	}
	if err := s.Send(map[string]any{"id": "all", "action": "terminate_all"}); err != nil {
		t.Fatal(err)
	}
	noResults, acked, finals := 0, false, 0
	for err == nil && (finals < 3 || !acked) {
		r, _, err = s.Next(30 * time.Second)
		switch {
		case err != nil:
		case r["id"] == "all":
			acked = r["action"] == "terminate_all"
		case r["id"] == "long" && Final(r):
			finals++
			if r["noResults"] == true {
				noResults++
			}
		}
	}
	if err != nil || noResults != 2 || !acked {
		t.Errorf("terminate_all: %d of %d turns without results, want 2 (the queued ones), acknowledged %v: %v", noResults, finals, acked, err)
	}
	checkServes(t, s)
}

// With stdin closed the queued work is finished, then Serve returns nil.
func TestStdinClosedFinishesTheQueue(t *testing.T) {
	mv, _ := gameOf(t, factstest.End)
	s := startServer(t, quickConfig(1))
	q := newQuery("last", mv)
	q["analyzeTurns"] = []int{20, 21, 22, 23, 24}
	q["maxVisits"] = 30
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	if err := s.closeAndWait(time.Minute); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	finals, others, err := s.Collect("last", 5, time.Second)
	if err != nil || len(others) > 0 {
		t.Fatalf("after stdin closed: %d of 5 turns answered, %v, others %v", len(finals), err, others)
	}
	if _, _, err := s.Next(time.Second); err == nil {
		t.Errorf("a response after the end")
	}
}

// The perspective: reportAnalysisWinratesAs BLACK turns White's values into Black's;
// ownership and policy have the board's size, the policy -1 where a move is illegal.
func TestPerspectiveOwnershipPolicy(t *testing.T) {
	s := startServer(t, quickConfig(1))
	ask := func(id string, settings map[string]any) map[string]any {
		q := newQuery(id, "B C3")
		q["maxVisits"] = 50
		q["includeOwnership"], q["includePolicy"], q["includeMovesOwnership"] = true, true, true
		if settings == nil {
			settings = map[string]any{}
		}
		settings["maxTime"] = 0.3
		q["overrideSettings"] = settings
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
		f, others, err := s.Collect(id, 1, 30*time.Second)
		if err != nil || len(others) > 0 {
			t.Fatalf("%s: %v %v", id, err, others)
		}
		return f[1]
	}
	side := ask("side", nil)
	black := ask("black", map[string]any{"reportAnalysisWinratesAs": "BLACK"})
	rs, rb := sub(t, side, "rootInfo"), sub(t, black, "rootInfo")
	// After C3 White, to move, has lost (the solved empty board).
	if num(t, rs, "winrate") != 0 || num(t, rb, "winrate") != 1 || num(t, rs, "scoreLead") != -num(t, rb, "scoreLead") {
		t.Errorf("side to move %v, black %v: want winrates 0 and 1, opposite leads", rs, rb)
	}
	pol, own := side["policy"].([]any), side["ownership"].([]any)
	if len(pol) != board.NumActions || len(own) != board.NumPoints {
		t.Fatalf("policy %d entries, ownership %d: want %d and %d", len(pol), len(own), board.NumActions, board.NumPoints)
	}
	c3, _ := board.ParseVertex("C3")
	sum := 0.0
	for p, x := range pol {
		if p == int(c3) {
			if x.(float64) != -1 {
				t.Errorf("policy at the occupied C3: %v, want -1", x)
			}
			continue
		}
		sum += x.(float64)
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the policy of the legal moves sums to %v", sum)
	}
	if x := own[c3].(float64); !(x < 0) || x < -1 || black["ownership"].([]any)[c3].(float64) != -x {
		t.Errorf("ownership of Black's C3: %v for White to move, %v for Black", own[c3], black["ownership"].([]any)[c3])
	}
	for _, e := range side["moveInfos"].([]any) {
		if len(e.(map[string]any)["ownership"].([]any)) != board.NumPoints {
			t.Fatalf("a move's ownership: %v", e)
		}
	}
	if !slices.Contains([]string{"B", "W"}, rs["currentPlayer"].(string)) {
		t.Errorf("currentPlayer %v", rs["currentPlayer"])
	}
}
