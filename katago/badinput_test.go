// badinput_test.go: every bad input gets KataGo's error response (or, where the course's rules can be applied, a warning and the analysis), never a crash or a hang, and the next query is still served; KataGo's settings read from a config file and -override-config.

package katago

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// koMoves reach a ko that Black has just taken at D3 (capturing C3): White's C3 now
// would retake it at once.
const koMoves = "B C4 W D4 B B3 W E3 B C2 W D2 B A5 W C3 B D3"

// gameMoves is a finished game of 24 moves: White wins by 0.5.
const gameMoves = "B A5 W A1 B B5 W B1 B C5 W C1 B D5 W D1 B E5 W E1 B A4 W A2 B B4 W B2 B C4 W C2 B D4 W D2 B E4 W E2 B A3 W pass B B3 W pass"

// badCase is one bad query and the response it must get.
type badCase struct {
	name  string
	line  string // the query line, or "" to use query
	query map[string]any
	kind  string // "error" or "warning"
	field string // "" for a general error
	id    string // "" when the response has no id
	says  string // a word the message must hold
}

// with returns the course query id with moves mv and the fields kv set (a nil value
// deletes the field).
func with(id, mv string, kv ...any) map[string]any {
	q := newQuery(id, mv)
	q["maxVisits"] = 10
	for k := 0; k+1 < len(kv); k += 2 {
		if kv[k+1] == nil {
			delete(q, kv[k].(string))
		} else {
			q[kv[k].(string)] = kv[k+1]
		}
	}
	return q
}

var badCases = []badCase{
	{name: "malformed JSON", line: `{"id":"x","moves":[`, kind: "error", says: "JSON"},
	{name: "not an object", line: `[1,2,3]`, kind: "error", says: "Request line was valid json but was not an object, ignoring: [1,2,3]"},
	{name: "a list of two", line: `[1,2]`, kind: "error", says: "Request line was valid json but was not an object, ignoring: [1,2]"},
	{name: "a line over the bound", line: `{"id":"` + strings.Repeat("x", MaxQueryBytes) + `"}`, kind: "error", says: "longer than"},
	{name: "missing id", query: with("", "", "id", nil), kind: "error", says: `Request must have a string "id" field`},
	{name: "id of the wrong type", line: `{"id":7,"moves":[],"rules":"littlego","boardXSize":5,"boardYSize":5}`, kind: "error", says: `Request must have a string "id" field`},
	{name: "board 19x19", query: with("size", "", "boardXSize", 19, "boardYSize", 19), kind: "error", field: "boardXSize", id: "size", says: "5x5"},
	{name: "board 5x7", query: with("size2", "", "boardYSize", 7), kind: "error", field: "boardYSize", id: "size2", says: "5x5"},
	{name: "missing size", query: with("nosize", "", "boardXSize", nil), kind: "error", field: "boardXSize", id: "nosize"},
	{name: "komi 7", query: with("komi", "", "komi", 7), kind: "error", field: "komi", id: "komi", says: "half-point komi such as 6.5 or 7.5 (an integral komi allows a draw"},
	{name: "komi 7.25", query: with("komiq", "", "komi", 7.25), kind: "error", field: "komi", id: "komiq", says: "half-point komi such as 6.5 or 7.5"},
	{name: "komi 1000.5", query: with("komib", "", "komi", 1000.5), kind: "error", field: "komi", id: "komib", says: "Must be a integer or half-integer from -400.0 to 400.0"},
	{name: "komi of the wrong type", query: with("komi2", "", "komi", "2.5"), kind: "error", field: "komi", id: "komi2"},
	{name: "unknown rules", query: with("rules", "", "rules", "lasker"), kind: "error", field: "rules", id: "rules", says: "Could not parse rules: lasker"},
	{name: "missing rules", query: with("norules", "", "rules", nil), kind: "error", field: "rules", id: "norules"},
	{name: "missing moves", query: with("nomoves", "", "moves", nil), kind: "error", field: "moves", id: "nomoves"},
	{name: "moves of the wrong type", query: with("mtype", "", "moves", "C3"), kind: "error", field: "moves", id: "mtype"},
	{name: "off the board", query: with("off", "B F6"), kind: "error", field: "moves", id: "off", says: "F6"},
	{name: "not a player", query: with("who", "X C3"), kind: "error", field: "moves", id: "who", says: "player"},
	{name: "occupied", query: with("occ", "B C3 W C3"), kind: "error", field: "moves", id: "occ", says: "Illegal move 1: C3 (the point is occupied)"},
	{name: "suicide", query: with("sui", "B A4 W E1 B B5 W A5"), kind: "error", field: "moves", id: "sui", says: "suicide"},
	{name: "ko retake", query: with("ko", koMoves+" W C3"), kind: "error", field: "moves", id: "ko", says: "ko"},
	{name: "after two passes", query: with("passes", "B C3 W pass B pass W D4"), kind: "error", field: "moves", id: "passes", says: "two passes"},
	{name: "after move 24", query: with("late", gameMoves+" B C3"), kind: "error", field: "moves", id: "late", says: "Illegal move 24: C3 (the game ended after move 24"},
	{name: "out of turn", query: with("turn", "B C3 B D4"), kind: "error", field: "moves", id: "turn", says: "turn"},
	{name: "turn out of range", query: with("range", "B C3", "analyzeTurns", []int{0, 5}), kind: "error", field: "analyzeTurns", id: "range"},
	{name: "maxVisits of the wrong type", query: with("mv", "", "maxVisits", "ten"), kind: "error", field: "maxVisits", id: "mv"},
	{name: "includeOwnership of the wrong type", query: with("own", "", "includeOwnership", "yes"), kind: "error", field: "includeOwnership", id: "own"},
	{name: "priorities of the wrong length", query: with("prio", "", "priorities", []int{1, 2}), kind: "error", field: "priorities", id: "prio"},
	{name: "avoidMoves not a list", query: with("avoid", "", "avoidMoves", "C3"), kind: "error", field: "avoidMoves", id: "avoid", says: "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'"},
	{name: "avoidMoves without untilDepth", query: with("avoid2", "", "avoidMoves", []any{map[string]any{"player": "B", "moves": []string{"C3"}}}), kind: "error", field: "avoidMoves", id: "avoid2", says: "subfields"},
	{name: "avoidMoves untilDepth 0", query: with("avoid3", "", "avoidMoves", []any{map[string]any{"player": "B", "moves": []string{"C3"}, "untilDepth": 0}}), kind: "error", field: "untilDepth", id: "avoid3", says: "Must be a positive integer"},
	{name: "avoidMoves off the board", query: with("avoid4", "", "avoidMoves", []any{map[string]any{"player": "B", "moves": []string{"Q16"}, "untilDepth": 1}}), kind: "error", field: "moves", id: "avoid4", says: "Could not parse board location: Q16"},
	{name: "avoidMoves not a player", query: with("avoid5", "", "avoidMoves", []any{map[string]any{"player": "X", "moves": []string{"C3"}, "untilDepth": 1}}), kind: "error", field: "player", id: "avoid5"},
	{name: "both avoid and allow", query: with("avoid6", "", "avoidMoves", []any{}, "allowMoves", []any{}), kind: "error", field: "allowMoves", id: "avoid6", says: "Cannot specify both allowMoves and avoidMoves"},
	{name: "allowMoves twice for one player", query: with("allow", "", "allowMoves", []any{map[string]any{"player": "B", "moves": []string{"C3"}, "untilDepth": 1}, map[string]any{"player": "B", "moves": []string{"C2"}, "untilDepth": 1}}), kind: "error", field: "allowMoves", id: "allow", says: "more than once"},
	{name: "a bad override", query: with("ovr", "", "overrideSettings", map[string]any{"maxVisits": "lots"}), kind: "error", field: "overrideSettings", id: "ovr"},
	{name: "unknown action", query: map[string]any{"id": "act", "action": "ponder"}, kind: "error", field: "action", id: "act", says: "unknown action"},
	{name: "terminate without terminateId", query: map[string]any{"id": "term", "action": "terminate"}, kind: "error", field: "terminateId", id: "term"},
}

// Every bad input is refused with an error response naming the field and the id (a
// line that is not JSON: a general error), and the next query is still served.
func TestBadInputGetsErrors(t *testing.T) {
	s := startServer(t, quickConfig(1))
	for _, c := range badCases {
		line := c.line
		if line == "" {
			if err := s.Send(c.query); err != nil {
				t.Fatal(err)
			}
		} else if err := s.SendRaw(line); err != nil {
			t.Fatal(err)
		}
		r, err := s.Expect(c.kind, c.field, c.id, 10*time.Second)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if msg, _ := r[c.kind].(string); !strings.Contains(msg, c.says) {
			t.Errorf("%s: %q does not say %q", c.name, msg, c.says)
		}
	}
	if out := s.stderr.String(); out != "" {
		t.Errorf("diagnostics for bad input: %q", out)
	}
	checkServes(t, s)
}

// Where the course's rules can be applied they are, with a warning naming the field,
// and the query is answered: KataGo's rule sets, unknown fields, settings this engine
// does not have, initial stones.
func TestWarningsThenAnswers(t *testing.T) {
	cfg := quickConfig(1)
	cfg.MaxTime = 300 * time.Millisecond
	s := startServer(t, cfg)
	for _, c := range []badCase{
		{name: "japanese rules", query: with("jp", "B C3", "rules", "japanese"), field: "rules"},
		{name: "rules as an object", query: with("obj", "B C3", "rules", map[string]any{"ko": "SIMPLE"}), field: "rules"},
		{name: "an unknown field", query: with("unk", "B C3", "colour", "blue"), field: "colour"},
		{name: "an unknown setting", query: with("set", "B C3", "overrideSettings", map[string]any{"cpuctExploration": 1.0}), field: "overrideSettings"},
		{name: "pvVisits", query: with("pvv", "B C3", "includePVVisits", true), field: "includePVVisits"},
		{name: "initial stones", query: with("init", "", "initialStones", [][]string{{"B", "C3"}, {"W", "D4"}}), field: "initialStones"},
		{name: "White first", query: with("wfirst", "", "initialPlayer", "W"), field: "initialPlayer"},
	} {
		if err := s.Send(c.query); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Expect("warning", c.field, c.query["id"].(string), 10*time.Second); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if _, others, err := s.Collect(c.query["id"].(string), 1, 30*time.Second); err != nil || len(others) > 0 {
			t.Errorf("%s: no answer after the warning: %v %v", c.name, err, others)
		}
	}
	if err := s.SendRaw("   "); err != nil {
		t.Fatal(err)
	}
	checkServes(t, s) // a blank line gets no response: the next one is the query's
}

// KataGo's settings: a config file and -override-config set what they name and list
// the keys they ignore; a bad value is an error.
func TestKataGoSettings(t *testing.T) {
	var c Config
	unknown, err := c.LoadConfig(strings.NewReader("# analysis\nmaxVisits = 500\nnnCacheSizePowerOfTwo = 20\nreportAnalysisWinratesAs = BLACK # as KaTrain\nnumAnalysisThreads = 2\n"))
	if err != nil || c.MaxVisits != 500 || c.ReportAs != Black || c.Jobs != 2 || len(unknown) != 1 || unknown[0] != "nnCacheSizePowerOfTwo" {
		t.Errorf("LoadConfig: %+v, unknown %v, %v", c, unknown, err)
	}
	unknown, err = c.Override("maxTime=2.5, numSearchThreads=3,logDir=x")
	if err != nil || c.MaxTime != 2500*time.Millisecond || c.Threads != 3 || len(unknown) != 1 {
		t.Errorf("Override: %+v, unknown %v, %v", c, unknown, err)
	}
	for _, bad := range []string{"maxVisits=0", "reportAnalysisWinratesAs=RED", "maxTime=-1", "novalue"} {
		if _, err := c.Override(bad); err == nil {
			t.Errorf("Override(%q): no error", bad)
		}
	}
}

// FuzzParseQuery: no line makes the query reader panic, and a query it accepts has a
// position for every turn it asks for.
func FuzzParseQuery(f *testing.F) {
	for _, c := range badCases {
		if c.line != "" {
			f.Add(c.line)
			continue
		}
		b, err := json.Marshal(c.query)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`{"id":"g","moves":[["B","C3"],["W","pass"]],"rules":"littlego","boardXSize":5,"boardYSize":5,"analyzeTurns":[0,1,2],"initialStones":[["W","A1"]]}`)
	cfg := quickConfig(1).withDefaults()
	f.Fuzz(func(t *testing.T, line string) {
		var fs fields
		if json.Unmarshal([]byte(line), &fs) != nil || fs == nil {
			return
		}
		q, _, err := parseQuery("fuzz", fs, cfg)
		if err != nil {
			return
		}
		for k, turn := range q.turns {
			if turn < 0 || turn >= len(q.positions) || len(q.priority) != len(q.turns) {
				t.Fatalf("turn %d (%d) of %d positions", k, turn, len(q.positions))
			}
		}
	})
}
