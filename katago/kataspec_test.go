// kataspec_test.go: KataGo's definitions this engine follows: no maxTime unless asked,
// the threads within the CPUs, every rules name KataGo's parser accepts, avoidMoves and
// allowMoves by ply.

package katago

import (
	"encoding/json"
	"fmt"
	"runtime"
	"testing"
	"time"

	"littlego/board"
	"littlego/facts"
)

// No maxTime unless the query or the config sets one: KataGo ponders until terminate.
func TestNoDefaultMaxTime(t *testing.T) {
	cfg := Config{}.withDefaults()
	q, _, err := parseQuery("q", fieldsOf(t, newQuery("q", "B C3")), cfg)
	if err != nil || q.maxTime != 0 {
		t.Fatalf("maxTime %v, %v; want none", q.maxTime, err)
	}
	cfg.MaxTime = 3e9
	q, _, _ = parseQuery("q", fieldsOf(t, newQuery("q", "B C3")), cfg)
	if q.maxTime != 3e9 {
		t.Errorf("the config's maxTime: %v", q.maxTime)
	}
}

// Search threads beyond the machine's CPUs are cut to them.
func TestThreadsWithinTheCPUs(t *testing.T) {
	if got := (Config{Threads: 1000}).withDefaults().Threads; got != runtime.NumCPU() {
		t.Errorf("1000 threads asked: %d used; the machine has %d CPUs", got, runtime.NumCPU())
	}
}

// Every name KataGo's rules parser (cpp/game/rules.cpp) accepts is taken, with a
// warning; other names are refused in KataGo's words.
func TestKataGoRuleNames(t *testing.T) {
	for _, name := range []string{"japanese", "Korean", "chinese", "chineseogs", "chinese_kgs", "ancient area", "stonescoring",
		"stone_scoring", "ancient-territory", "aga_button", "aga", "bga", "french", "nz", "new zealand", "newzealand",
		"new_zealand", "tromp-taylor", "tromp_taylor", "tromp taylor", "tromptaylor", "goe", "ing",
		"koSIMPLEscoreAREAsui0", "koPOSITIONALscoreAREAtaxNONEsui1komi7.5", "kosituationalscoringTERRITORY"} {
		q := newQuery("r", "")
		q["rules"] = name
		_, warns, err := parseQuery("r", fieldsOf(t, q), Config{}.withDefaults())
		if name == "kosituationalscoringTERRITORY" { // KataGo's short form is upper case
			if err == nil {
				t.Errorf("%q taken", name)
			}
			continue
		}
		if err != nil || len(warns) != 1 || warns[0].field != "rules" {
			t.Errorf("%q: warnings %v, error %v; want one rules warning", name, warns, err)
		}
	}
	q := newQuery("r", "")
	q["rules"] = "lasker"
	if _, _, err := parseQuery("r", fieldsOf(t, q), Config{}.withDefaults()); err == nil || err.text() != "Could not parse rules: lasker (this engine plays "+course+"; name: littlego)" {
		t.Errorf("lasker: %v", err)
	}
}

// avoidMoves prohibits a player's moves above untilDepth plies (the root's moves are
// ply 0), allowMoves every other move: the root's moves answered are the allowed ones
// and a principal variation is cut at its first prohibited move.
func TestRestrictionByPly(t *testing.T) {
	q := newQuery("a", "B C3")
	q["avoidMoves"] = []any{map[string]any{"player": "W", "moves": []string{"D4", "pass"}, "untilDepth": 3},
		map[string]any{"player": "B", "moves": []string{"B2"}, "untilDepth": 1}}
	got, warns, err := parseQuery("a", fieldsOf(t, q), Config{}.withDefaults())
	if err != nil || len(warns) != 1 {
		t.Fatalf("%v, warnings %v; want one warning: below the root only the pvs are cut", err, warns)
	}
	r := got.restrict
	pos := got.positions[1] // White to move
	v := func(s string) board.Point { p, _ := board.ParseVertex(s); return p }
	for _, c := range []struct {
		color board.Color
		move  string
		ply   int
		want  bool
	}{{board.White, "D4", 0, false}, {board.White, "D4", 2, false}, {board.White, "D4", 3, true}, {board.White, "pass", 1, false},
		{board.White, "C4", 0, true}, {board.Black, "B2", 0, false}, {board.Black, "B2", 1, true}, {board.Black, "D4", 1, true}} {
		if r.allowed(c.color, v(c.move), c.ply) != c.want {
			t.Errorf("%v %s at ply %d: allowed %v", c.color, c.move, c.ply, !c.want)
		}
	}
	pv := []board.Point{v("C4"), v("B2"), v("D4"), v("B3")}
	if cut := r.cut(pos, pv); len(cut) != 2 {
		t.Errorf("pv C4 B2 D4 B3 cut to %v; want C4 B2 (White's D4 at ply 2 is prohibited)", cut)
	}
	q = newQuery("b", "B C3")
	q["allowMoves"] = []any{map[string]any{"player": "W", "moves": []string{"C4", "B3"}, "untilDepth": 1}}
	got, _, err = parseQuery("b", fieldsOf(t, q), Config{}.withDefaults())
	if err != nil {
		t.Fatal(err)
	}
	for p := board.Point(0); p < board.NumActions; p++ {
		want := p == v("C4") || p == v("B3")
		if got.restrict.allowed(board.White, p, 0) != want || !got.restrict.allowed(board.White, p, 1) || !got.restrict.allowed(board.Black, p, 0) {
			t.Errorf("allowMoves C4 B3: %s wrong", board.Vertex(p))
		}
	}
}

// fieldsOf returns the fields of query q as the server reads them.
func fieldsOf(t *testing.T, q map[string]any) fields {
	t.Helper()
	b, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	f, msg := parseLine(b)
	if msg != "" {
		t.Fatal(msg)
	}
	return f
}

// A proved value is never contradicted beside it: wherever the win rate is proved,
// scoreSelfplay is what scoreLead says (the estimate within the proved bounds), on
// every move and on the root.
func TestSelfplayWithinTheProof(t *testing.T) {
	s := startServer(t, quickConfig(1))
	q := newQuery("sp", "B C3")
	q["maxVisits"] = 200
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	finals, _, err := s.Collect("sp", 1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	r := finals[1]
	checked := 0
	for _, e := range append(r["moveInfos"].([]any), r["rootInfo"]) {
		m := e.(map[string]any)
		if m["proof"].(map[string]any)["value"] != "proved" {
			continue
		}
		checked++
		if m["scoreSelfplay"] != m["scoreLead"] {
			t.Errorf("%v: scoreSelfplay %v, scoreLead %v (%v)", m["move"], m["scoreSelfplay"], m["scoreLead"], m["proof"])
		}
	}
	if checked < 2 {
		t.Errorf("only %d proved entries", checked)
	}
}

// Any half-point komi: the empty board's proved margin (3 stones, the opening table)
// decides every komi, at the root and on C3; after C3 W B4 the book proves Black's
// win under 2.5 (the margin at least 3), which decides komi 0.5 and no komi above the
// proved bounds.
func TestAnyHalfPointKomi(t *testing.T) {
	s := startServer(t, quickConfig(1))
	ask := func(id, moves string, komi float64) map[string]any {
		q := newQuery(id, moves)
		q["komi"], q["maxVisits"] = komi, 30
		if err := s.Send(q); err != nil {
			t.Fatal(err)
		}
		finals, others, err := s.Collect(id, 1, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if komi != 2.5 && (len(others) != 1 || others[0]["field"] != "komi") {
			t.Errorf("%s: want the komi warning, got %v", id, others)
		}
		for _, r := range finals {
			return r
		}
		return nil
	}
	for _, c := range []struct {
		komi    float64
		winrate float64
		outcome string
	}{{0.5, 1, "B+2.5"}, {6.5, 0, "W+3.5"}, {-3.5, 1, "B+6.5"}, {2.5, 1, "B+0.5"}} {
		r := ask(fmt.Sprint("empty", c.komi), "", c.komi)
		root := sub(t, r, "rootInfo")
		if p := sub(t, root, "proof"); root["winrate"] != c.winrate || p["outcome"] != c.outcome || p["value"] != "proved" || root["scoreStdev"] != 0.0 {
			t.Errorf("the empty board under komi %v: %v; want winrate %v, %s", c.komi, root, c.winrate, c.outcome)
		}
		for _, e := range r["moveInfos"].([]any) {
			m := e.(map[string]any)
			if m["move"] == "C3" && (m["scoreLead"] != 3-c.komi || m["winrate"] != c.winrate) {
				t.Errorf("C3 under komi %v: %v", c.komi, m)
			}
		}
	}
	r := ask("book0.5", "B C3 W B4", 0.5)
	if root := sub(t, r, "rootInfo"); root["winrate"] != 1.0 || sub(t, root, "proof")["value"] != "proved" {
		t.Errorf("after C3 B4 under komi 0.5: %v; the book's win (margin 3 or more) decides it", root)
	}
	f := facts.Known(positionOf(t, "B C3 W B4"))
	if f.Low >= f.High {
		t.Fatalf("after C3 B4 the margin is known exactly (%v): the case does not test a bound", f)
	}
	r = ask("book-high", "B C3 W B4", float64(f.High)+0.5)
	if root := sub(t, r, "rootInfo"); root["winrate"] != 0.0 || sub(t, root, "proof")["value"] != "proved" {
		t.Errorf("after C3 B4 under komi %v, above the proved bound: %v; want Black's proved loss", float64(f.High)+0.5, root)
	}
}

// positionOf returns the position after "B C3 W B4"-style moves.
func positionOf(t *testing.T, moves string) board.Position {
	t.Helper()
	pos := board.New()
	for _, m := range Moves(moves) {
		p, err := board.ParseVertex(m[1])
		if err != nil || !pos.Act(p) {
			t.Fatalf("move %v", m)
		}
	}
	return pos
}

// Where a move's value is proved and its margin is not (after C3 every White reply is
// proved lost, most by "B+0.5 or more"), scoreLead is an estimate within the proved
// bound, not the bound itself for every move: the mean of the playouts that end
// within it, from the end of the move's principal variation.
func TestEstimatedLeadWithinTheBound(t *testing.T) {
	s := startServer(t, quickConfig(1))
	q := newQuery("est", "B C3")
	q["maxVisits"] = 300
	if err := s.Send(q); err != nil {
		t.Fatal(err)
	}
	finals, _, err := s.Collect("est", 1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	leads := map[float64]int{}
	for _, e := range finals[1]["moveInfos"].([]any) {
		m := e.(map[string]any)
		p := m["proof"].(map[string]any)
		if p["score"] != "estimated" || p["outcome"] != "B+0.5 or more" {
			continue
		}
		lead := m["scoreLead"].(float64)
		if lead > -0.5 {
			t.Errorf("%v: scoreLead %v for White, outside the proved B+0.5 or more", m["move"], lead)
		}
		leads[lead]++
	}
	if len(leads) < 2 {
		t.Errorf("every estimated scoreLead is one value %v: pinned at the bound", leads)
	}
}
