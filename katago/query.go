// query.go: reading one query line: its fields checked one by one, the course's rules applied where they can be (a warning naming the field) and refused where they cannot (an error naming it).

package katago

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"littlego/analysis"
	"littlego/board"
)

// query is one analysis query, checked: the positions of its turns and what to report.
type query struct {
	id        string
	positions []board.Position // turn k: after k moves
	turns     []int            // analyzeTurns
	priority  []int            // per entry of turns
	maxVisits int
	maxTime   time.Duration
	proofTime time.Duration // the solver's CPU beyond the search's
	every     time.Duration // reportDuringSearchEvery; 0: none
	reportAs  Perspective
	pvLen     int
	ownership bool
	movesOwn  bool
	policy    bool
	restrict  *restriction // avoidMoves or allowMoves; nil: none
	komi      float64      // White's komi: the course's unless the query says
}

// fieldError is an error or a warning about one field of a query.
type fieldError struct {
	field string
	msg   string
	bare  bool // the message is KataGo's own wording, sent without the field's name
}

// fields are a query's fields by name, still undecoded.
type fields map[string]json.RawMessage

// course names the rules this engine plays, for messages.
const course = "the course's rules (stones-only score, komi 2.5, simple ko, no suicide, the game ends after move 24)"

// ignoredFields are fields of KataGo's queries this engine reads and ignores, with why.
var ignoredFields = map[string]string{
	"rootPolicyTemperature": "the search has no policy temperature: ignored",
	"rootFpuReductionMax":   "the search has no first-play urgency reduction: ignored",
}

// str decodes a string field.
func (f fields) str(name string) (string, bool, *fieldError) {
	raw, ok := f[name]
	if !ok {
		return "", false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", true, &fieldError{field: name, msg: "expected a string"}
	}
	return s, true, nil
}

// integer decodes an integral number field.
func (f fields) integer(name string) (int, bool, *fieldError) {
	raw, ok := f[name]
	if !ok {
		return 0, false, nil
	}
	n, err := toInt(raw)
	if err != nil {
		return 0, true, &fieldError{field: name, msg: "expected an integer"}
	}
	return n, true, nil
}

// toInt decodes an integral JSON number.
func toInt(raw json.RawMessage) (int, error) {
	var x float64
	if err := json.Unmarshal(raw, &x); err != nil || x != math.Trunc(x) || math.Abs(x) > 1e9 {
		return 0, fmt.Errorf("not an integer")
	}
	return int(x), nil
}

// number decodes a number field.
func (f fields) number(name string) (float64, bool, *fieldError) {
	raw, ok := f[name]
	if !ok {
		return 0, false, nil
	}
	var x float64
	if err := json.Unmarshal(raw, &x); err != nil {
		return 0, true, &fieldError{field: name, msg: "expected a number"}
	}
	return x, true, nil
}

// boolean decodes a boolean field (absent: false).
func (f fields) boolean(name string) (bool, *fieldError) {
	raw, ok := f[name]
	if !ok {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		return false, &fieldError{field: name, msg: "expected a boolean"}
	}
	return b, nil
}

// ints decodes a list of integers.
func (f fields) ints(name string) ([]int, bool, *fieldError) {
	raw, ok := f[name]
	if !ok {
		return nil, false, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, true, &fieldError{field: name, msg: "expected a list of integers"}
	}
	out := make([]int, len(list))
	for k, r := range list {
		n, err := toInt(r)
		if err != nil {
			return nil, true, &fieldError{field: name, msg: "expected a list of integers"}
		}
		out[k] = n
	}
	return out, true, nil
}

// parseQuery checks the fields of an analysis query whose id is id, with cfg the
// server's settings; it returns the query, or the error that refuses it, and the
// warnings of what it applied otherwise than asked.
func parseQuery(id string, f fields, cfg Config) (*query, []fieldError, *fieldError) {
	q := &query{id: id, komi: board.Komi, maxVisits: cfg.MaxVisits, maxTime: cfg.MaxTime, proofTime: cfg.ProofTime, reportAs: cfg.ReportAs, pvLen: cfg.PVLen}
	var warns []fieldError
	for _, check := range []func(fields, *query) ([]fieldError, *fieldError){checkBoard, checkRules, checkPositions, checkOptions, checkAvoid} {
		w, err := check(f, q)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, err
		}
	}
	if err := checkTurns(f, q); err != nil {
		return nil, warns, err
	}
	w, err := checkOverrides(f, q, cfg)
	warns = append(warns, w...)
	if err != nil {
		return nil, warns, err
	}
	known := map[string]bool{"id": true, "moves": true, "initialStones": true, "initialPlayer": true, "rules": true,
		"komi": true, "boardXSize": true, "boardYSize": true, "analyzeTurns": true, "maxVisits": true,
		"includeOwnership": true, "includeMovesOwnership": true, "includePolicy": true, "includePVVisits": true,
		"reportDuringSearchEvery": true, "priority": true, "priorities": true, "overrideSettings": true,
		"whiteHandicapBonus": true, "avoidMoves": true, "allowMoves": true,
		"analysisPVLen": true, "firstReportDuringSearchAfter": true}
	for name := range f {
		if why, ok := ignoredFields[name]; ok {
			warns = append(warns, fieldError{field: name, msg: why})
		} else if !known[name] {
			warns = append(warns, fieldError{field: name, msg: "unexpected or unused field"})
		}
	}
	return q, warns, nil
}

// checkBoard refuses any size but 5×5.
func checkBoard(f fields, _ *query) ([]fieldError, *fieldError) {
	for _, name := range []string{"boardXSize", "boardYSize"} {
		n, ok, err := f.integer(name)
		switch {
		case err != nil:
			return nil, err
		case !ok:
			return nil, &fieldError{field: name, msg: "required field is missing"}
		case n != board.Size:
			return nil, &fieldError{field: name, msg: fmt.Sprintf("board size %d is not supported: only 5x5, the course's board", n)}
		}
	}
	return nil, nil
}

// checkRules applies the course's rules: under its own name silently, under a rule set
// of KataGo's with a warning; a half-point komi other than the course's is taken with a
// warning (what is proved for 2.5 decides it only where the margin's bounds do), an
// integral one refused (a draw is not modelled).
func checkRules(f fields, q *query) ([]fieldError, *fieldError) {
	var warns []fieldError
	raw, ok := f["rules"]
	if !ok {
		return nil, &fieldError{field: "rules", msg: "required field is missing"}
	}
	var name string
	var obj map[string]json.RawMessage
	switch {
	case json.Unmarshal(raw, &name) == nil:
		lower := strings.ToLower(strings.TrimSpace(name))
		switch {
		case lower == "littlego" || lower == "little-go":
		case isKataRules(name):
			warns = append(warns, fieldError{field: "rules", msg: fmt.Sprintf("rules %q are not supported: %s applied", name, course)})
		default:
			return nil, kataError("rules", fmt.Sprintf("Could not parse rules: %s (this engine plays %s; name: littlego)", name, course))
		}
	case json.Unmarshal(raw, &obj) == nil && obj != nil:
		warns = append(warns, fieldError{field: "rules", msg: "rules given field by field are not supported: " + course + " applied"})
	default:
		return nil, &fieldError{field: "rules", msg: "expected a string or an object"}
	}
	komi, ok, err := f.number("komi")
	if err != nil {
		return nil, err
	}
	switch {
	case !ok:
	case math.IsNaN(komi) || komi < -400 || komi > 400:
		return nil, kataError("komi", "Must be a integer or half-integer from -400.0 to 400.0")
	case !analysis.HalfPointKomi(komi):
		lo := math.Floor(komi-0.5) + 0.5
		return nil, &fieldError{field: "komi", msg: fmt.Sprintf("komi %v is not supported: give a half-point komi such as %v or %v (an integral komi allows a draw, which this engine does not model)", komi, lo, lo+1)}
	case komi != board.Komi:
		q.komi = komi
		warns = append(warns, fieldError{field: "komi", msg: fmt.Sprintf("komi %v: the tables and the solver prove values for the course's komi %v and bounds on the margin; under %v a value is proved where those bounds decide it, and estimated elsewhere", komi, board.Komi, komi)})
	}
	if s, ok, err := f.str("whiteHandicapBonus"); err != nil {
		return nil, err
	} else if ok && s != "0" {
		warns = append(warns, fieldError{field: "whiteHandicapBonus", msg: "the course's game has no handicap bonus: 0 applied"})
	}
	return warns, nil
}

// checkOptions reads what to report and how long to search.
func checkOptions(f fields, q *query) ([]fieldError, *fieldError) {
	var warns []fieldError
	if n, ok, err := f.integer("maxVisits"); err != nil {
		return nil, err
	} else if ok {
		if n < 1 {
			return nil, &fieldError{field: "maxVisits", msg: "must be at least 1"}
		}
		q.maxVisits = n
	}
	for name, dst := range map[string]*bool{"includeOwnership": &q.ownership, "includeMovesOwnership": &q.movesOwn, "includePolicy": &q.policy} {
		b, err := f.boolean(name)
		if err != nil {
			return nil, err
		}
		*dst = b
	}
	if n, ok, err := f.integer("analysisPVLen"); err != nil {
		return nil, err
	} else if ok {
		if n < 1 || n > 1000 {
			return nil, &fieldError{field: "analysisPVLen", msg: "must be an integer from 1 to 1000"}
		}
		q.pvLen = n
	}
	if s, ok, err := f.number("firstReportDuringSearchAfter"); err != nil {
		return nil, err
	} else if ok && (!(s > 0) || s > 1e6) {
		return nil, &fieldError{field: "firstReportDuringSearchAfter", msg: "must be a positive number of seconds"}
	}
	pvVisits, err := f.boolean("includePVVisits")
	if err != nil {
		return nil, err
	}
	if pvVisits {
		warns = append(warns, fieldError{field: "includePVVisits", msg: "pvVisits is not provided: the search keeps its visits at the root only"})
	}
	if s, ok, err := f.number("reportDuringSearchEvery"); err != nil {
		return nil, err
	} else if ok {
		if !(s > 0) || s > 1e6 {
			return nil, &fieldError{field: "reportDuringSearchEvery", msg: "must be a positive number of seconds"}
		}
		q.every = max(time.Duration(s*float64(time.Second)), time.Millisecond)
	}
	return warns, nil
}

// checkTurns reads analyzeTurns (default: the last position) and the priorities.
func checkTurns(f fields, q *query) *fieldError {
	last := len(q.positions) - 1
	turns, ok, err := f.ints("analyzeTurns")
	if err != nil {
		return err
	}
	if !ok {
		turns = []int{last}
	}
	for _, t := range turns {
		if t < 0 || t > last {
			return &fieldError{field: "analyzeTurns", msg: fmt.Sprintf("turn %d is out of range: the query's turns are 0 to %d", t, last)}
		}
	}
	q.turns = turns
	p, _, err := f.integer("priority")
	if err != nil {
		return err
	}
	q.priority = make([]int, len(turns))
	for k := range q.priority {
		q.priority[k] = p
	}
	ps, ok, err := f.ints("priorities")
	if err != nil {
		return err
	}
	if ok {
		if len(ps) != len(turns) {
			return &fieldError{field: "priorities", msg: fmt.Sprintf("has %d entries, analyzeTurns %d: they must match", len(ps), len(turns))}
		}
		copy(q.priority, ps)
	}
	return nil
}

// checkOverrides applies overrideSettings: the settings Config.Set knows, the others
// warned about and ignored.
func checkOverrides(f fields, q *query, cfg Config) ([]fieldError, *fieldError) {
	raw, ok := f["overrideSettings"]
	if !ok {
		return nil, nil
	}
	var settings map[string]json.RawMessage
	if err := json.Unmarshal(raw, &settings); err != nil || settings == nil {
		return nil, &fieldError{field: "overrideSettings", msg: "expected an object"}
	}
	var warns []fieldError
	c := cfg
	c.MaxVisits, c.MaxTime, c.ProofTime, c.ReportAs, c.PVLen = q.maxVisits, q.maxTime, q.proofTime, q.reportAs, q.pvLen
	for key, v := range settings {
		var s string
		if json.Unmarshal(v, &s) != nil {
			s = string(v)
		}
		if key == "numAnalysisThreads" || key == "numSearchThreads" || key == "numSearchThreadsPerAnalysisThread" {
			warns = append(warns, fieldError{field: "overrideSettings", msg: key + " cannot change for one query: ignored"})
			continue
		}
		known, err := c.Set(key, s)
		if err != nil {
			return warns, &fieldError{field: "overrideSettings", msg: err.Error()}
		}
		if !known {
			warns = append(warns, fieldError{field: "overrideSettings", msg: fmt.Sprintf("setting %q is unknown or unused here: ignored", key)})
		}
	}
	q.maxVisits, q.maxTime, q.proofTime, q.reportAs, q.pvLen = c.MaxVisits, c.MaxTime, c.ProofTime, c.ReportAs, c.PVLen
	return warns, nil
}
