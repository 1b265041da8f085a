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
	"littlego/internal/matchstats"
	"littlego/policy"
)

// infoView formats the snapshots of one position's analysis for the side to move.
type infoView struct {
	pos    board.Position
	komi   float64 // the session's, for KataGo's scores
	area   bool    // area rules: estimates count area
	priors [board.NumActions]float64
}

// newInfoView returns the view of an analysis of pos in the session.
func (s *Server) newInfoView(pos *board.Position) *infoView {
	v := &infoView{pos: *pos, komi: s.game.komi, area: s.game.rules == Area}
	v.priors = priorsOf(pos, s.opts.Policy, s.opts.Priors)
	return v
}

// priorsOf returns the prior probability of each action of pos, summing to 1 over the
// legal ones: from the rollout policy's prior knowledge (each legal action's prior win
// rate, normalised) when the policy has some and priors are on, otherwise uniform.
func priorsOf(pos *board.Position, policyName string, usePriors bool) [board.NumActions]float64 {
	var out [board.NumActions]float64
	if pos.Over {
		return out
	}
	legal := pos.Legal() | board.Pass.Bit()
	var raw [board.NumActions]float64
	var pr [board.NumActions]policy.Prior
	priorer := priorerFor(policyName, usePriors)
	if priorer != nil {
		priorer.Priors(pos, &pr)
	}
	total := 0.0
	for p := board.Point(0); p < board.NumActions; p++ {
		if !legal.Has(p) {
			continue
		}
		raw[p] = 1
		if priorer != nil && pr[p].Visits > 0 {
			raw[p] = float64(pr[p].Wins) / float64(pr[p].Visits)
		}
		total += raw[p]
	}
	for p := range raw {
		if total > 0 {
			out[p] = raw[p] / total
		}
	}
	return out
}

// priorerFor returns the named policy's prior knowledge, or nil.
func priorerFor(name string, use bool) policy.Priorer {
	if !use {
		return nil
	}
	pol, err := policy.ByName(name)
	if err != nil {
		return nil
	}
	pr, _ := pol.NewPlayer().(policy.Priorer)
	return pr
}

// line formats a snapshot as Leela Zero or KataGo does: one info entry per move that
// was searched or is proved, best first as the driver ranks them (proved wins, the
// unproved by visits, proved losses last), on one line. maxMoves > 0 limits the number
// of entries.
func (v *infoView) line(snap *analysis.Snapshot, maxMoves int, f infoFormat) string {
	var sb strings.Builder
	order := 0
	for k := range snap.Moves {
		m := &snap.Moves[k]
		if m.Visits == 0 && m.Value == facts.Unknown {
			continue
		}
		if maxMoves > 0 && order >= maxMoves {
			break
		}
		if order > 0 {
			sb.WriteByte(' ')
		}
		w, lcb := rates(m)
		if f == kataFormat {
			sc := v.scores(m)
			fmt.Fprintf(&sb, "info move %s visits %d utility %s winrate %s scoreMean %s scoreStdev %s scoreLead %s scoreSelfplay %s prior %s lcb %s utilityLcb %s order %d pv",
				board.Vertex(m.Action), m.Visits, signed(2*w-1), rate(w), points(sc.lead), strconv.FormatFloat(sc.stdev, 'f', 1, 64), points(sc.lead),
				points(sc.selfplay), rate(v.priors[m.Action]), rate(lcb), signed(2*lcb-1), order)
		} else {
			fmt.Fprintf(&sb, "info move %s visits %d winrate %d prior %d lcb %d order %d pv",
				board.Vertex(m.Action), m.Visits, per10000(w), per10000(v.priors[m.Action]), per10000(lcb), order)
		}
		for _, q := range m.PV {
			sb.WriteString(" " + board.Vertex(q))
		}
		order++
	}
	return sb.String()
}

// rates returns m's win rate for the mover and its lower bound: 1 for a proved win and
// 0 for a proved loss (exact, so the bound is the rate), else the search's estimate and
// the lower end of its 95% Wilson interval.
func rates(m *analysis.Move) (w, lcb float64) {
	switch m.Value {
	case facts.Win:
		return 1, 1
	case facts.Loss:
		return 0, 0
	}
	return m.WinRate, wilsonLower(m.WinRate, m.Visits)
}

// kataScores are KataGo's score fields of one move, in points for the mover.
type kataScores struct {
	lead     float64 // scoreLead (and scoreMean): exact where proved, else the estimate within the proved bounds
	stdev    float64 // scoreStdev: 0 for a proved margin, else the spread the proved bounds leave
	selfplay float64 // scoreSelfplay: the score at the end of the move's principal variation
}

// scores returns KataGo's scores of move m: the final margin black − white after it
// less the session's komi, for the mover. A proved margin gives all three exactly, with
// scoreStdev 0. Otherwise the search keeps no scores, so the estimate is the stone
// difference (under area rules, stones and one-colour regions) at the end of the move's
// principal variation (scoreSelfplay), moved into the margin's proved bounds (scoreLead,
// scoreMean), and scoreStdev is the standard deviation of a margin spread evenly over
// those bounds, (high − low)/√12, never 0 (written with one decimal: at least 0.3).
func (v *infoView) scores(m *analysis.Move) kataScores {
	sign := 1.0
	if v.pos.Turn == board.White {
		sign = -1
	}
	if margin, exact := m.After.Margin(); exact {
		lead := sign * (float64(margin) - v.komi)
		return kataScores{lead: lead, selfplay: lead}
	}
	end := v.pos
	for _, q := range m.PV {
		if !end.Act(q) {
			break
		}
	}
	est := end.Margin()
	if v.area {
		b, w := territory(end.Stones)
		est += b - w
	}
	within := min(max(est, m.After.Low), m.After.High)
	spread := float64(m.After.High-m.After.Low) / math.Sqrt(12)
	return kataScores{lead: sign * (float64(within) - v.komi), stdev: spread, selfplay: sign * (float64(est) - v.komi)}
}

// per10000 converts a probability to an integer 0..10000.
func per10000(x float64) int {
	return int(math.Round(10000 * min(max(x, 0), 1)))
}

// wilsonLower is the lower end of the 95% Wilson score interval of a rate p over n.
func wilsonLower(p float64, n int) float64 {
	lo, _ := matchstats.WilsonRate(p, n)
	if n <= 0 {
		return 0
	}
	return lo
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
