// avoid.go: avoidMoves and allowMoves as KataGo defines them: a move of a player is
// prohibited while the search is fewer than untilDepth plies below the root.

package katago

import (
	"encoding/json"
	"fmt"

	"littlego/analysis"
	"littlego/board"
)

// restriction holds, for each colour and action, the ply from which the action is
// allowed again (0: always allowed): KataGo's avoidMoveUntilByLoc. A move of player c at
// ply d below the root (the root's own moves are ply 0) is prohibited while d <
// until[c][action].
type restriction struct {
	set   bool
	until [2][board.NumActions]int
}

// allowed reports whether action a by c at ply d is allowed.
func (r *restriction) allowed(c board.Color, a board.Point, d int) bool {
	if r == nil || !r.set || a < 0 || int(a) >= board.NumActions {
		return true
	}
	return d >= r.until[c][a]
}

// deep reports whether the restriction reaches below the root's moves.
func (r *restriction) deep() bool {
	if r == nil || !r.set {
		return false
	}
	for c := range r.until {
		for _, u := range r.until[c] {
			if u > 1 {
				return true
			}
		}
	}
	return false
}

// cut returns the longest start of pv (played from pos) whose moves are all allowed.
func (r *restriction) cut(pos board.Position, pv []board.Point) []board.Point {
	turn := pos.Turn
	for d, a := range pv {
		if !r.allowed(turn, a, d) {
			return pv[:d]
		}
		turn = turn.Other()
	}
	return pv
}

// moveEntry is one dict of avoidMoves or allowMoves.
type moveEntry struct {
	Player     *string          `json:"player"`
	Moves      *[]string        `json:"moves"`
	UntilDepth *json.RawMessage `json:"untilDepth"`
}

// checkAvoid reads avoidMoves or allowMoves (KataGo's messages for the bad ones).
func checkAvoid(f fields, q *query) ([]fieldError, *fieldError) {
	rawAvoid, hasAvoid := f["avoidMoves"]
	rawAllow, hasAllow := f["allowMoves"]
	switch {
	case hasAvoid && hasAllow:
		return nil, kataError("allowMoves", "Cannot specify both allowMoves and avoidMoves")
	case !hasAvoid && !hasAllow:
		return nil, nil
	}
	field, raw := "avoidMoves", rawAvoid
	if hasAllow {
		field, raw = "allowMoves", rawAllow
	}
	shape := kataError(field, "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'")
	var entries []moveEntry
	if json.Unmarshal(raw, &entries) != nil {
		return nil, shape
	}
	if hasAllow && len(entries) > 2 {
		return nil, kataError(field, "Currently allowMoves only allows at most one entry per player")
	}
	r := &restriction{set: true}
	var got [2]bool
	for _, e := range entries {
		if e.Player == nil || e.Moves == nil || e.UntilDepth == nil {
			return nil, shape
		}
		c, err := parsePlayer(*e.Player)
		if err != nil {
			return nil, kataError("player", `Must be "b" or "w"`)
		}
		var locs []board.Point
		for _, s := range *e.Moves {
			p, err := board.ParseVertex(s)
			if err != nil {
				return nil, kataError("moves", "Could not parse board location: "+s)
			}
			locs = append(locs, p)
		}
		depth, err := toInt(*e.UntilDepth)
		if err != nil || depth < 1 || depth > 1_000_000_000 {
			return nil, kataError("untilDepth", "Must be a positive integer")
		}
		if hasAllow {
			if got[c] {
				return nil, kataError(field, "Cannot specify allowMoves more than once for the same player")
			}
			got[c] = true
			for a := range r.until[c] {
				r.until[c][a] = depth
			}
			for _, p := range locs {
				r.until[c][p] = 0
			}
			continue
		}
		for _, p := range locs {
			r.until[c][p] = depth
		}
	}
	q.restrict = r
	var warns []fieldError
	if r.deep() {
		warns = append(warns, fieldError{field: field, msg: "the root's moves are restricted as asked; below the root the search explores every move, and a principal variation is cut at its first prohibited move"})
	}
	return warns, nil
}

// kataError is an error worded as KataGo words it: the message alone, without the
// field's name in front.
func kataError(field, msg string) *fieldError { return &fieldError{field: field, msg: msg, bare: true} }

// text returns the message an error response carries.
func (e *fieldError) text() string {
	if e.bare {
		return e.msg
	}
	return fmt.Sprintf("%s: %s", e.field, e.msg)
}

// apply returns s with the root's prohibited moves taken out and the principal
// variations cut at their first prohibited move (analysis.Snapshot.Restricted).
func (r *restriction) apply(s *analysis.Snapshot) *analysis.Snapshot {
	pos := s.Position
	return s.Restricted(func(a board.Point) bool { return r.allowed(pos.Turn, a, 0) },
		func(pv []board.Point) []board.Point { return r.cut(pos, pv) })
}
