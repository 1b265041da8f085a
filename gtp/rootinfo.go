// rootinfo.go: kata-analyze's rootInfo and ownership blocks, as KataGo prints them
// after the moves' entries, and scoreSelfplay held to the proved bounds.

package gtp

import (
	"fmt"
	"strconv"
	"strings"

	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// writeRoot appends the rootInfo and ownership blocks that v's switches ask for.
func (v *infoView) writeRoot(sb *strings.Builder, snap *analysis.Snapshot) {
	var best *analysis.Move
	for k := range snap.Moves {
		if m := &snap.Moves[k]; m.Visits > 0 || m.Value != facts.Unknown {
			best = m
			break
		}
	}
	if v.rootInfo {
		w, lead, selfplay, stdev := v.rootValues(snap, best)
		fmt.Fprintf(sb, " rootInfo visits %d utility %s winrate %s scoreMean %s scoreStdev %s scoreLead %s scoreSelfplay %s",
			snap.Iterations, signed(2*w-1), rate(w), points(lead), strconv.FormatFloat(stdev, 'f', 1, 64), points(lead), points(selfplay))
	}
	if v.ownership {
		end := v.pos
		if best != nil {
			end = pvEnd(v.pos, best.PV)
		}
		v.writeOwnership(sb, "ownership", end)
	}
}

// rootValues returns the position's win rate, scoreLead, scoreSelfplay and scoreStdev
// for the side to move: the proof where the position is proved, else the search's rate
// over all visits and the best move's scores within the position's proved bounds.
func (v *infoView) rootValues(snap *analysis.Snapshot, best *analysis.Move) (w, lead, selfplay, stdev float64) {
	f := snap.Fact
	visits, wins := 0, 0.0
	for _, m := range snap.Moves {
		visits += m.Visits
		wins += m.WinRate * float64(m.Visits)
	}
	switch {
	case f.Value == facts.Win:
		w = 1
	case f.Value == facts.Loss:
		w = 0
	case visits > 0:
		w = wins / float64(visits)
	default:
		w = 0.5
	}
	sign := 1.0
	if v.pos.Turn == board.White {
		sign = -1
	}
	if m, exact := f.Margin(); exact {
		lead = sign * (float64(m) - v.komi)
		return w, lead, lead, 0
	}
	if best != nil {
		sc := v.scores(best)
		lead, selfplay = v.within(f, sc.Lead), v.within(f, sc.Selfplay)
	}
	return w, lead, selfplay, analysis.Spread(f)
}

// within returns score, a final margin less the komi for the side to move, moved into
// f's proved bounds: a proved result is never contradicted beside it. Under area rules
// nothing is proved and the score is kept.
func (v *infoView) within(f facts.Fact, score float64) float64 {
	if v.area {
		return score
	}
	sign := 1.0
	if v.pos.Turn == board.White {
		sign = -1
	}
	margin := min(max(sign*score+v.komi, float64(f.Low)), float64(f.High))
	return sign * (margin - v.komi)
}

// selfplay returns m's scoreSelfplay within its proved bounds.
func (v *infoView) selfplay(m *analysis.Move, sc analysis.Scores) float64 {
	return v.within(m.After, sc.Selfplay)
}

// writeOwnership appends " NAME" and the 25 ownership values of the position end, row
// by row from the top, for the side to move (KataGo's perspective in kata-analyze).
func (v *infoView) writeOwnership(sb *strings.Builder, name string, end board.Position) {
	own := analysis.Ownership(end, v.policy, end.Hash)
	sb.WriteString(" " + name)
	for _, x := range own {
		if v.pos.Turn == board.White {
			x = -x
		}
		sb.WriteString(" " + share(x))
	}
}

// pvEnd returns the position at the end of pv played from pos.
func pvEnd(pos board.Position, pv []board.Point) board.Position {
	for _, q := range pv {
		if !pos.Act(q) {
			break
		}
	}
	return pos
}
