// info.go: the info lines of an analysis, in Leela Zero's and KataGo's formats, from the driver's snapshots: win rates, lower bounds, priors, and KataGo's scores told apart as proved or estimated.

package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// infoView formats the snapshots of one position's analysis for the side to move.
type infoView struct {
	pos    board.Position
	komi   float64 // the session's, for KataGo's scores
	area   bool    // area rules: estimates count area
	priors [board.NumActions]float64
	policy string // the search's rollout policy, for the ownership's playouts
	// ownership, movesOwnership and rootInfo are kata-analyze's switches; restrict its
	// avoid and allow arguments.
	ownership, movesOwnership, rootInfo bool
	restrict                            *restriction
	// frozen holds, for each move proved lost during the analysis, its visits when
	// first shown proved lost; floor the visits each move was last shown with.
	frozen, floor map[board.Point]int
}

// newInfoView returns the view of an analysis of pos in the session.
func (s *Server) newInfoView(pos *board.Position) *infoView {
	v := &infoView{pos: *pos, komi: s.game.komi, area: s.game.rules == Area, policy: s.opts.Policy}
	v.priors = analysis.Priors(pos, s.opts.Policy, s.opts.Priors)
	return v
}

// with returns v showing what a's switches and restrictions ask.
func (v *infoView) with(a analyzeArgs) *infoView {
	v.ownership, v.movesOwnership, v.rootInfo, v.restrict = a.ownership, a.movesOwnership, a.rootInfo, a.restrict
	return v
}

// line formats a snapshot as Leela Zero or KataGo does: one info entry per move that
// was searched or is proved, best first as the driver ranks them (proved wins, the
// unproved by visits, proved losses last), on one line. maxMoves > 0 limits the number
// of entries.
func (v *infoView) line(snap *analysis.Snapshot, maxMoves int, f infoFormat) string {
	var sb strings.Builder
	if !v.area {
		snap = snap.UnderKomi(v.komi, v.policy)
	}
	if v.restrict != nil {
		pos := v.pos
		snap = snap.Restricted(func(a board.Point) bool { return v.restrict.allowed(pos.Turn, a, 0) },
			func(pv []board.Point) []board.Point { return v.restrict.cut(pos, pv) })
	}
	order := 0
	shown := v.shownVisits(snap)
	for _, k := range v.displayOrder(snap, shown) {
		m := &snap.Moves[k]
		if m.Visits == 0 && m.Value == facts.Unknown {
			continue
		}
		visits := shown[k]
		if maxMoves > 0 && order >= maxMoves {
			break
		}
		if order > 0 {
			sb.WriteByte(' ')
		}
		w, lcb := m.Rates()
		if f == kataFormat {
			sc := v.scores(m)
			fmt.Fprintf(&sb, "info move %s visits %d utility %s winrate %s scoreMean %s scoreStdev %s scoreLead %s scoreSelfplay %s prior %s lcb %s utilityLcb %s order %d pv",
				board.Vertex(m.Action), visits, signed(2*w-1), rate(w), points(sc.Lead), strconv.FormatFloat(sc.Stdev, 'f', 1, 64), points(sc.Lead),
				points(v.selfplay(m, sc)), rate(v.priors[m.Action]), rate(lcb), signed(2*lcb-1), order)
		} else {
			fmt.Fprintf(&sb, "info move %s visits %d winrate %d prior %d lcb %d order %d pv",
				board.Vertex(m.Action), visits, per10000(w), per10000(v.priors[m.Action]), per10000(lcb), order)
		}
		for _, q := range m.PV {
			sb.WriteString(" " + board.Vertex(q))
		}
		if f == kataFormat && v.movesOwnership {
			v.writeOwnership(&sb, "movesOwnership", pvEnd(v.pos, m.PV))
		}
		order++
	}
	if f == kataFormat && order > 0 {
		v.writeRoot(&sb, snap)
	}
	return sb.String()
}

// scores returns KataGo's scores of move m (analysis.Move.Scores) for the session's komi;
// where the margin is not proved the estimate is the mean margin of the playouts from
// the end of the move's principal variation that end within the proved bounds (under
// area rules: the stones and one-colour regions at that end).
func (v *infoView) scores(m *analysis.Move) analysis.Scores {
	estimate := func(end board.Position) int {
		return analysis.PlayoutMargin(end, v.policy, end.Hash, m.After.Low, m.After.High)
	}
	if v.area {
		estimate = func(end board.Position) int {
			b, w := territory(end.Stones)
			return end.Margin() + b - w
		}
	}
	return m.Scores(v.pos, v.komi, estimate)
}

// per10000 converts a probability to an integer 0..10000.
func per10000(x float64) int {
	return int(math.Round(10000 * min(max(x, 0), 1)))
}

// signed writes a utility in [-1,1] with six decimals, as KataGo does.
func signed(x float64) string {
	return strconv.FormatFloat(min(max(x, -1), 1), 'f', 6, 64)
}

// infoEntry is one candidate move of an lz-analyze info line.
type infoEntry struct {
	Move    string
	Visits  int
	Winrate int
	Prior   int
	LCB     int
	Order   int
	PV      []string
}

// infoFields is one entry of an info line: its key-value pairs (the move among them)
// and its principal variation.
type infoFields struct {
	values map[string]string
	pv     []string
}

// splitInfoLine splits a line of info entries, in Leela Zero's or KataGo's format, into
// its entries; each has a move.
func splitInfoLine(line string) ([]infoFields, error) {
	fields := strings.Fields(line)
	var out []infoFields
	for i := 0; i < len(fields); {
		if fields[i] != "info" {
			return nil, fmt.Errorf("expected info at field %d, got %q", i, fields[i])
		}
		e := infoFields{values: map[string]string{}}
		for i++; i < len(fields) && fields[i] != "info"; i += 2 {
			if fields[i] == "pv" {
				for i++; i < len(fields) && fields[i] != "info"; i++ {
					e.pv = append(e.pv, fields[i])
				}
				break
			}
			if i+1 >= len(fields) {
				return nil, fmt.Errorf("key %q has no value", fields[i])
			}
			e.values[fields[i]] = fields[i+1]
		}
		if e.values["move"] == "" {
			return nil, errors.New("info entry without a move")
		}
		out = append(out, e)
	}
	return out, nil
}

// parseInfoLine reads a line of info entries as lz-analyze writes them (and as Sabaki
// and Lizzie read them). Unknown keys with one value are skipped.
func parseInfoLine(line string) ([]infoEntry, error) {
	entries, err := splitInfoLine(line)
	if err != nil {
		return nil, err
	}
	out := make([]infoEntry, len(entries))
	for k, f := range entries {
		e := &out[k]
		e.Move, e.PV = f.values["move"], f.pv
		for key, dst := range map[string]*int{"visits": &e.Visits, "winrate": &e.Winrate, "prior": &e.Prior, "lcb": &e.LCB, "order": &e.Order} {
			val, ok := f.values[key]
			if !ok {
				continue
			}
			if *dst, err = strconv.Atoi(val); err != nil {
				return nil, fmt.Errorf("%s %q is not an integer", key, val)
			}
		}
	}
	return out, nil
}
