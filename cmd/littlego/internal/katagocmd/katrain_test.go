// katrain_test.go: KaTrain's own queries (katrain/core/engine.py, request_analysis and the
// query loop; KaTrain 1.18), replayed through "littlego analysis" with KaTrain's launch
// line, every answer line checked.

package katagocmd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/katago/katagotest"
)

// katrainLaunch is KaTrain's launch line with a human-like model configured (engine.py:
// analysis -model M -human-model H -config C -override-config homeDataDir=D), the config
// given as KaTrain's own keys would be.
func katrainLaunch(t *testing.T) []string {
	t.Helper()
	return []string{"-model", "kata1-b18c384nbt.bin.gz", "-human-model", "b18c384nbt-humanv0.bin.gz",
		"-override-config", "homeDataDir=/home/user/.katrain", "-override-config", "maxVisits=200"}
}

// katrainQuery is request_analysis's query: KaTrain's fields, in its values (max_visits,
// wide_root_noise 0.04, max_time 8, rules by name, ownership and policy on, the
// initial stones always sent).
func katrainQuery(id, moves string, visits int, rules string, komi float64) map[string]any {
	mv := katagotest.Moves(moves)
	return map[string]any{
		"id": id, "rules": rules, "priority": 0, "analyzeTurns": []int{len(mv)}, "maxVisits": visits,
		"komi": komi, "boardXSize": 5, "boardYSize": 5, "includeOwnership": true, "includeMovesOwnership": true,
		"includePolicy": true, "initialStones": [][]string{}, "initialPlayer": "B", "moves": mv,
		"overrideSettings": map[string]any{"wideRootNoise": 0.04, "maxTime": 8.0},
	}
}

// checkAnswer checks what KaTrain reads of every analysis answer: moveInfos in order
// 0, 1, ..., each move legal in pos and allowed, a pv starting with it, the policy and
// ownership of the board's size.
func checkAnswer(t *testing.T, what string, r map[string]any, pos board.Position, allowed func(string) bool) {
	t.Helper()
	if _, bad := r["error"]; bad {
		t.Fatalf("%s: %v", what, r)
	}
	for k, m := range infos(r) {
		move, _ := m["move"].(string)
		p, err := board.ParseVertex(move)
		switch {
		case err != nil || p != board.Pass && !pos.IsLegal(p):
			t.Errorf("%s: moveInfos[%d] %q is not a legal move", what, k, move)
		case !allowed(move):
			t.Errorf("%s: moveInfos[%d] %q was avoided", what, k, move)
		case m["order"] != float64(k):
			t.Errorf("%s: moveInfos[%d] has order %v", what, k, m["order"])
		}
		if pv := strs(m["pv"]); len(pv) == 0 || pv[0] != move {
			t.Errorf("%s: %s has pv %v", what, move, pv)
		}
	}
	if pol, _ := r["policy"].([]any); len(pol) != board.NumActions {
		t.Errorf("%s: policy of %d values", what, len(pol))
	}
	if own, _ := r["ownership"].([]any); len(own) != board.NumPoints {
		t.Errorf("%s: ownership of %d values", what, len(own))
	}
}

// positionAfter returns the position after "B C3 W D4 ..." moves.
func positionAfter(t *testing.T, moves string) board.Position {
	t.Helper()
	ps := positionsOf(t, moves)
	return ps[len(ps)-1]
}

// KaTrain's launch line with -human-model starts the engine (it exits 0 at the end, one
// stderr line names the ignored model), and KaTrain's rule names are taken with a
// warning (stone_scoring and "new zealand", both in its list and in KataGo's parser),
// as is its default komi 6.5: every answer's proved values hold under it.
func TestKaTrainLaunchAndRules(t *testing.T) {
	p := startIn(t, katrainLaunch(t)...)
	for k, rules := range []string{"stone_scoring", "new zealand", "japanese", "chinese", "korean", "aga", "tromp-taylor"} {
		id := fmt.Sprintf("QUERY:%d", k+1)
		if err := p.Send(katrainQuery(id, "B C3", 30, rules, 6.5)); err != nil {
			t.Fatal(err)
		}
		r, others := p.final(t, id)
		checkAnswer(t, rules, r, positionAfter(t, "B C3"), func(string) bool { return true })
		if len(others) != 3 || others[0]["field"] != "rules" || !strings.Contains(fmt.Sprint(others[0]["warning"]), rules) || others[1]["field"] != "komi" {
			t.Errorf("rules %q: want the rules and komi warnings then the overrideSettings one, got %v", rules, others)
		}
		checkUnderKomi(t, rules, r, 6.5, "")
	}
	if code := p.close(t); code != 0 {
		t.Errorf("exit %d", code)
	}
	if err := p.stderr.String(); strings.Count(err, "-human-model") != 1 || strings.Count(err, "\n") > 3 {
		t.Errorf("stderr %q: want one line naming -human-model", err)
	}
}

// "Find alternatives" avoids the moves already analysed for the side to move at the root
// (untilDepth 1): none of them is answered, the root's values are those of the moves
// left, and a second query without the avoid list answers them again. "Region of
// interest" avoids every point outside a box for both colours: only the box (and the
// pass) is answered.
func TestKaTrainFindAlternativesAndRegion(t *testing.T) {
	p := startIn(t, katrainLaunch(t)...)
	const moves = "B C3 W C4 B D4 W D3"
	pos := positionAfter(t, moves)
	avoided := []string{"D2", "C2", "B3", "E3", "B4", "D5", "pass"}
	q := katrainQuery("QUERY:1", moves, 100, "japanese", 6.5)
	q["avoidMoves"] = []map[string]any{{"moves": avoided, "player": "B", "untilDepth": 1}}
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	r, _ := p.final(t, "QUERY:1")
	checkAnswer(t, "find alternatives", r, pos, func(m string) bool { return !slices.Contains(avoided, m) })
	list := infos(r)
	if len(list) == 0 {
		t.Fatal("find alternatives: no move answered")
	}
	root, _ := r["rootInfo"].(map[string]any)
	visits := 0.0
	for _, m := range list {
		visits += m["visits"].(float64)
	}
	if root["visits"] != visits {
		t.Errorf("rootInfo visits %v; the moves left have %v", root["visits"], visits)
	}
	if best := list[0]; best["proof"].(map[string]any)["value"] == "proved" && root["winrate"] != best["winrate"] {
		t.Errorf("rootInfo winrate %v; the best move left, proved, has %v", root["winrate"], best["winrate"])
	}

	// Region of interest: columns B to D, rows 2 to 4 (KaTrain's box x 1..3, y 1..3).
	inBox := func(m string) bool {
		p, err := board.ParseVertex(m)
		if err != nil || p == board.Pass {
			return err == nil
		}
		v := board.Vertex(p)
		return v[0] >= 'B' && v[0] <= 'D' && v[1] >= '2' && v[1] <= '4'
	}
	var outside []string
	for x := range 5 {
		for y := range 5 {
			v := fmt.Sprintf("%c%d", 'A'+x, y+1)
			if !inBox(v) {
				outside = append(outside, v)
			}
		}
	}
	q = katrainQuery("QUERY:2", moves, 100, "japanese", 6.5)
	q["avoidMoves"] = []map[string]any{{"moves": outside, "player": "B", "untilDepth": 1}, {"moves": outside, "player": "W", "untilDepth": 1}}
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	r, _ = p.final(t, "QUERY:2")
	checkAnswer(t, "region of interest", r, pos, inBox)
	if len(infos(r)) == 0 {
		t.Error("region of interest: no move answered")
	}
}

// Pondering sends maxVisits 10,000,000 with reports every 0.25 s and no maxTime: the
// engine reports during the search and goes on until KaTrain's terminate (no default
// maxTime), then answers once with isDuringSearch false.
func TestKaTrainPondersUntilTerminate(t *testing.T) {
	p := startIn(t, katrainLaunch(t)...)
	q := katrainQuery("QUERY:1", "B C3 W C4", 10_000_000, "japanese", 6.5)
	q["overrideSettings"] = map[string]any{"wideRootNoise": 0.04}
	q["reportDuringSearchEvery"] = 0.25
	if err := p.Send(q); err != nil {
		t.Fatal(err)
	}
	pos := positionAfter(t, "B C3 W C4")
	last := map[string]float64{}
	for k := range 4 {
		r := p.next(t)
		if r["isDuringSearch"] != true {
			t.Fatalf("report %d: %v; want a report during the search", k, r)
		}
		checkAnswer(t, "ponder", r, pos, func(string) bool { return true })
		for _, m := range infos(r) { // visits a client can trust: they never fall
			move, visits := m["move"].(string), m["visits"].(float64)
			if visits < last[move] {
				t.Errorf("report %d: %s has %v visits, %v before", k, move, visits, last[move])
			}
			last[move] = visits
		}
	}
	if err := p.Send(map[string]any{"action": "terminate", "terminateId": "QUERY:1", "id": "QUERY:2"}); err != nil {
		t.Fatal(err)
	}
	finals, others, err := p.Collect("QUERY:1", 1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	checkAnswer(t, "ponder's end", finals[2], pos, func(string) bool { return true })
	echoed := false
	for _, o := range others {
		switch {
		case o["id"] == "QUERY:2" && o["action"] == "terminate":
			echoed = true
		case o["id"] == "QUERY:1" && o["isDuringSearch"] == true:
		default:
			t.Errorf("after the terminate: %v", o)
		}
	}
	if !echoed {
		// the echo may come after the final answer
		r := p.next(t)
		echoed = r["id"] == "QUERY:2" && r["action"] == "terminate"
	}
	if !echoed {
		t.Error("the terminate was not echoed")
	}
}

// katrainGame is a finished game of 24 moves: 2 stones more for Black, so White wins
// by 4.5 under KaTrain's komi 6.5.
const katrainGame = "B A5 W A1 B B5 W B1 B C5 W C1 B D5 W D1 B E5 W E1 B A4 W A2 B B4 W B2 B C4 W C2 B D4 W D2 B E4 W E2 B A3 W pass B B3 W pass"

// The game's end as KaTrain plays it: at move 25 the AI's query answers one move, pass,
// carrying the proved end (order 0, the score, policy 1 on the pass and -1 elsewhere);
// the passes after the end are taken; a stone after move 24 is KataGo's illegal-move
// error ("Illegal move 24: E3", which KaTrain's sweep expects).
func TestKaTrainGameEnd(t *testing.T) {
	p := startIn(t, katrainLaunch(t)...)
	for k, moves := range []string{katrainGame, katrainGame + " B pass", katrainGame + " B pass W pass"} {
		id := fmt.Sprintf("QUERY:%d", k+1)
		if err := p.Send(katrainQuery(id, moves, 200, "japanese", 6.5)); err != nil {
			t.Fatal(err)
		}
		r, _ := p.final(t, id)
		list := infos(r)
		if len(list) != 1 || list[0]["move"] != "pass" || list[0]["order"] != 0.0 {
			t.Fatalf("%s: moveInfos %v; want the one move pass", id, list)
		}
		proof, _ := list[0]["proof"].(map[string]any)
		if proof["value"] != "proved" || proof["score"] != "proved" || proof["outcome"] != "W+4.5" {
			t.Errorf("%s: pass's proof %v; want the end proved, W+4.5 under KaTrain's komi 6.5", id, proof)
		}
		lead := list[0]["scoreLead"].(float64)
		mover := strings.Fields(moves)[len(strings.Fields(moves))-2]
		if want := -4.5; mover == "W" && lead != want || mover == "B" && lead != -want {
			t.Errorf("%s: pass's scoreLead %v for the side to move", id, lead)
		}
		pol, _ := r["policy"].([]any)
		for i, x := range pol {
			if want := -1.0; i == board.NumPoints && x != 1.0 || i < board.NumPoints && x != want {
				t.Fatalf("%s: policy[%d] = %v; want 1 on the pass, -1 on every point", id, i, x)
			}
		}
	}
	if err := p.Send(katrainQuery("QUERY:9", katrainGame+" B E3", 200, "japanese", 6.5)); err != nil {
		t.Fatal(err)
	}
	r := p.next(t)
	if msg, _ := r["error"].(string); !strings.HasPrefix(msg, "Illegal move 24: E3") || r["field"] != "moves" || r["id"] != "QUERY:9" {
		t.Errorf("a stone after move 24: %v; want KataGo's illegal-move error", r)
	}
	_ = time.Second
}

// checkUnderKomi checks that every proved value of an answer holds under komi: a proved
// move's winrate is 1 exactly when its outcome (under that komi) is a win for the side
// the values are for (side "": the side to move), and an exact scoreLead is the
// outcome's margin.
func checkUnderKomi(t *testing.T, what string, r map[string]any, komi float64, side string) {
	t.Helper()
	root, _ := r["rootInfo"].(map[string]any)
	mover := side
	if mover == "" {
		mover = root["currentPlayer"].(string)
	}
	for _, m := range append(infos(r), root) {
		proof, _ := m["proof"].(map[string]any)
		if proof["value"] != "proved" {
			continue
		}
		out := proof["outcome"].(string)
		if won := strings.HasPrefix(out, mover+"+"); won != (m["winrate"] == 1.0) {
			t.Errorf("%s, komi %v: %v has winrate %v and outcome %s", what, komi, m["move"], m["winrate"], out)
		}
		if proof["score"] == "proved" {
			lead, _ := strconv.ParseFloat(out[2:], 64)
			if !strings.HasPrefix(out, mover+"+") {
				lead = -lead
			}
			if m["scoreLead"] != lead {
				t.Errorf("%s, komi %v: %v has scoreLead %v, outcome %s", what, komi, m["move"], m["scoreLead"], out)
			}
		}
	}
}
