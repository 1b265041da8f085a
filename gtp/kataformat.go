// kataformat.go: KataGo's analysis format: its info line's fields, its key-value switches, and
// the avoid and allow arguments of lz-analyze and kata-analyze.

package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"littlego/board"
)

// infoFormat is the format of an analysis's info lines.
type infoFormat uint8

const (
	lzFormat   infoFormat = iota // Leela Zero's: rates as integers in 1/10000
	kataFormat                   // KataGo's: rates in [0,1], scoreMean and scoreLead in points
)

// kataSwitches are kata-analyze's boolean key-value pairs: true for those provided
// (ownership, movesOwnership, rootInfo), false for those refused with a failure, so
// that a GUI's probe ("kata-analyze 1 pvVisits true") tells the truth. pvVisits and
// pvEdgeVisits are refused because the search keeps its visits at the root only (its
// chunks' trees are not kept), the standard deviations because no per-playout ownership
// is kept.
var kataSwitches = map[string]bool{
	"ownership": true, "movesownership": true, "rootinfo": true,
	"ownershipstdev": false, "movesownershipstdev": false, "pvvisits": false, "pvedgevisits": false,
}

// kataSwitch reads one switch's value, true or false, into a; a switch not provided
// turned on is refused.
func (s *Server) kataSwitch(command, key, value string, a *analyzeArgs) error {
	on, err := strconv.ParseBool(value)
	if err != nil {
		return s.syntaxError(command, fmt.Errorf("%s wants true or false, got %q", key, value))
	}
	if on && !kataSwitches[key] {
		return fmt.Errorf("%s is not provided", key)
	}
	switch key {
	case "ownership":
		a.ownership = on
	case "movesownership":
		a.movesOwnership = on
	case "rootinfo":
		a.rootInfo = on
	}
	return nil
}

// restriction holds, for each colour and action, the ply from which the action is
// allowed again (0: always): the avoid and allow arguments as KataGo defines them (a
// move of colour c at ply d below the root, the root's moves at ply 0, is prohibited
// while d < until[c][action]).
type restriction struct {
	set   bool
	allow [2]bool // an allow list is given for the colour
	until [2][board.NumActions]int
}

// allowed reports whether action a by c at ply d is allowed.
func (r *restriction) allowed(c board.Color, a board.Point, d int) bool {
	if r == nil || !r.set || a < 0 || int(a) >= board.NumActions {
		return true
	}
	return d >= r.until[c][a]
}

// cut returns the longest start of pv, played from pos, whose moves are all allowed.
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

// add reads one "avoid|allow COLOUR VERTEX,VERTEX,... UNTILDEPTH" argument group.
func (r *restriction) add(kind, color, vertices, depth string) error {
	c, err := ParseColor(color)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(depth)
	if err != nil || n < 1 {
		return fmt.Errorf("%s: until depth %q: want a positive integer", kind, depth)
	}
	var pts []board.Point
	for _, v := range strings.Split(vertices, ",") {
		p, err := board.ParseVertex(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s: vertex %q: %v", kind, v, err)
		}
		pts = append(pts, p)
	}
	r.set = true
	if kind == "avoid" {
		for _, p := range pts {
			r.until[c][p] = n
		}
		return nil
	}
	if r.allow[c] {
		return errors.New("allow: at most one allow list per colour")
	}
	r.allow[c] = true
	for a := range r.until[c] {
		r.until[c][a] = max(r.until[c][a], n)
	}
	for _, p := range pts {
		r.until[c][p] = 0
	}
	return nil
}

// rate writes a probability in [0,1] with six decimals, as KataGo does.
func rate(x float64) string {
	return strconv.FormatFloat(min(max(x, 0), 1), 'f', 6, 64)
}

// points writes a score in points with a decimal point ("0.5", "-2.5", "3.0").
func points(x float64) string {
	if x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// share writes an ownership value in [-1,1] with six decimals at most.
func share(x float64) string {
	return strconv.FormatFloat(min(max(x, -1), 1), 'f', -1, 64)
}
