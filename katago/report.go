// report.go: one response from a snapshot of the analysis driver: KataGo's fields, the proved values exact, and a proof object that says what is proved and by what.

package katago

import (
	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
	"littlego/lib/matchstats"
)

// proofInfo says where a value stands: Value is "proved", "estimated", "not proved"
// (neither searched nor proved within the limit) or, during the search, "pending";
// Source names the proof ("opening table", "empty board", "book", "solver", "search",
// "end"); Score is "proved" when scoreLead is the exact margin (scoreStdev 0), else
// "estimated"; Outcome is what is proved of the result after the komi ("B+0.5", "W+0.5
// or more", "unknown").
type proofInfo struct {
	Value       string `json:"value"`
	Source      string `json:"source,omitempty"`
	Score       string `json:"score"`
	ScoreSource string `json:"scoreSource,omitempty"`
	Outcome     string `json:"outcome"`
}

// moveInfo is one entry of moveInfos.
type moveInfo struct {
	Move          string    `json:"move"`
	Visits        int       `json:"visits"`
	Winrate       float64   `json:"winrate"`
	ScoreMean     float64   `json:"scoreMean"`
	ScoreStdev    float64   `json:"scoreStdev"`
	ScoreLead     float64   `json:"scoreLead"`
	ScoreSelfplay float64   `json:"scoreSelfplay"`
	Prior         float64   `json:"prior"`
	Utility       float64   `json:"utility"`
	Lcb           float64   `json:"lcb"`
	UtilityLcb    float64   `json:"utilityLcb"`
	Order         int       `json:"order"`
	PV            []string  `json:"pv"`
	Ownership     []float64 `json:"ownership,omitempty"`
	IsSymmetryOf  string    `json:"isSymmetryOf,omitempty"`
	Proof         proofInfo `json:"proof"`
}

// rootInfo is the position's own statistics.
type rootInfo struct {
	Winrate       float64   `json:"winrate"`
	ScoreLead     float64   `json:"scoreLead"`
	ScoreSelfplay float64   `json:"scoreSelfplay"`
	ScoreStdev    float64   `json:"scoreStdev"`
	Utility       float64   `json:"utility"`
	Lcb           float64   `json:"lcb"`
	Visits        int       `json:"visits"`
	CurrentPlayer string    `json:"currentPlayer"`
	ThisHash      string    `json:"thisHash"`
	SymHash       string    `json:"symHash"`
	Proof         proofInfo `json:"proof"`
}

// response is one analysis response.
type response struct {
	ID             string     `json:"id"`
	IsDuringSearch bool       `json:"isDuringSearch"`
	TurnNumber     int        `json:"turnNumber"`
	MoveInfos      []moveInfo `json:"moveInfos"`
	RootInfo       rootInfo   `json:"rootInfo"`
	Ownership      []float64  `json:"ownership,omitempty"`
	Policy         []float64  `json:"policy,omitempty"`
}

// noResults is the response of a turn terminated before any analysis.
type noResults struct {
	ID             string `json:"id"`
	IsDuringSearch bool   `json:"isDuringSearch"`
	NoResults      bool   `json:"noResults"`
	TurnNumber     int    `json:"turnNumber"`
}

// view formats the snapshots of one turn.
type view struct {
	q      *query
	turn   int
	pos    board.Position
	prio   [board.NumActions]float64
	flip   bool   // the values are for the side not to move
	policy string // the search's rollout policy, for the ownership's playouts
}

// newView returns the view of turn (an index into q.turns) under cfg.
func newView(q *query, turn int, cfg Config) *view {
	v := &view{q: q, turn: q.turns[turn], pos: q.positions[q.turns[turn]]}
	v.prio = analysis.Priors(&v.pos, cfg.Search.Policy, cfg.Search.Priors)
	v.policy = cfg.Search.Policy
	v.flip = q.reportAs == Black && v.pos.Turn == board.White || q.reportAs == White && v.pos.Turn == board.Black
	return v
}

// estimate returns the estimate of the margin a move leads to, what is proved after it
// being after: the mean of the playouts from the end of its principal variation that
// end within the proved bounds (analysis.PlayoutMargin).
func (v *view) estimate(after facts.Fact) func(board.Position) int {
	return func(end board.Position) int {
		return analysis.PlayoutMargin(end, v.policy, end.Hash, after.Low, after.High)
	}
}

// rate turns a rate for the side to move into the reported perspective.
func (v *view) rate(x float64) float64 {
	if v.flip {
		return 1 - x
	}
	return x
}

// signed turns a score or a utility for the side to move into the reported perspective.
func (v *view) signed(x float64) float64 {
	if v.flip {
		return -x
	}
	return x
}

// response returns the response of snapshot s.
func (v *view) response(s *analysis.Snapshot) *response {
	r := &response{ID: v.q.id, IsDuringSearch: !s.Done(), TurnNumber: v.turn, MoveInfos: []moveInfo{}}
	s = s.UnderKomi(v.q.komi, v.policy)
	if v.q.restrict != nil {
		s = v.q.restrict.apply(s)
	}
	var best *analysis.Move
	for k := range s.Moves {
		m := &s.Moves[k]
		if m.Visits == 0 && m.Value == facts.Unknown {
			continue
		}
		if best == nil {
			best = m
		}
		r.MoveInfos = append(r.MoveInfos, v.moveInfo(m, len(r.MoveInfos)))
	}
	markSymmetric(v.pos, r.MoveInfos)
	r.RootInfo = v.root(s, best)
	if v.q.ownership {
		end := v.pos
		if best != nil {
			end = pvEnd(v.pos, best.PV)
		}
		r.Ownership = v.ownership(end)
	}
	if v.q.policy {
		r.Policy = make([]float64, board.NumActions)
		for p := range r.Policy {
			r.Policy[p] = -1
			if v.pos.IsLegal(board.Point(p)) {
				r.Policy[p] = v.prio[p]
			}
		}
	}
	return r
}

// moveInfo returns the entry of move m, ranked order.
func (v *view) moveInfo(m *analysis.Move, order int) moveInfo {
	w, lcb := m.Rates()
	sc := m.Scores(v.pos, v.q.komi, v.estimate(m.After))
	mi := moveInfo{
		Move: board.Vertex(m.Action), Visits: m.Visits, Winrate: v.rate(w), ScoreMean: v.signed(sc.Lead),
		ScoreStdev: sc.Stdev, ScoreLead: v.signed(sc.Lead), ScoreSelfplay: v.signed(within(m.After, v.pos.Turn, v.q.komi, sc.Selfplay)), Prior: v.prio[m.Action],
		Utility: v.signed(2*w - 1), Lcb: v.rate(lcb), UtilityLcb: v.signed(2*lcb - 1), Order: order,
		Proof: proof(m.After, v.q.komi, m.Status.String(), m.Visits > 0 || m.Status == analysis.Proved),
	}
	pv := m.PV
	if v.q.pvLen > 0 && len(pv) > v.q.pvLen+1 {
		pv = pv[:v.q.pvLen+1]
	}
	for _, p := range pv {
		mi.PV = append(mi.PV, board.Vertex(p))
	}
	if v.q.movesOwn {
		mi.Ownership = v.ownership(pvEnd(v.pos, m.PV))
	}
	return mi
}

// root returns the position's statistics: what is proved of it where it is, else the
// search's (its win rate over all visits, the best move's score within the position's
// proved bounds).
func (v *view) root(s *analysis.Snapshot, best *analysis.Move) rootInfo {
	f := s.Fact
	status := analysis.NotProved
	visits, wins := 0, 0.0
	for _, m := range s.Moves {
		visits += m.Visits
		wins += m.WinRate * float64(m.Visits)
	}
	w, lcb := 0.5, 0.0
	switch {
	case f.Value == facts.Win:
		w, lcb, status = 1, 1, analysis.Proved
	case f.Value == facts.Loss:
		w, lcb, status = 0, 0, analysis.Proved
	case visits > 0:
		w, status = wins/float64(visits), analysis.Estimated
		lcb, _ = matchstats.WilsonRate(w, visits)
	case !s.Done():
		status = analysis.Pending
	}
	sign := 1.0
	if v.pos.Turn == board.White {
		sign = -1
	}
	lead, selfplay := 0.0, 0.0
	if m, exact := f.Margin(); exact {
		lead = sign * (float64(m) - v.q.komi)
		selfplay = lead
	} else if best != nil {
		sc := best.Scores(v.pos, v.q.komi, v.estimate(best.After))
		lead = within(f, v.pos.Turn, v.q.komi, sc.Lead)
		selfplay = within(f, v.pos.Turn, v.q.komi, sc.Selfplay)
	}
	thisHash, symHash := situationHashes(&v.pos)
	return rootInfo{
		Winrate: v.rate(w), ScoreLead: v.signed(lead), ScoreSelfplay: v.signed(selfplay), ScoreStdev: analysis.Spread(f),
		Utility: v.signed(2*w - 1), Lcb: v.rate(lcb), Visits: s.Iterations, CurrentPlayer: board.ColorLetter(v.pos.Turn),
		ThisHash: thisHash, SymHash: symHash,
		Proof: proof(f, v.q.komi, status.String(), status != analysis.NotProved),
	}
}

// proof returns the proof object of a fact whose value stands at status; searched says
// there is an estimate of the score.
func proof(f facts.Fact, komi float64, status string, searched bool) proofInfo {
	p := proofInfo{Value: status, Source: string(f.Source), Score: "estimated", Outcome: analysis.KomiOutcome(f, komi)}
	if !searched && status != analysis.Proved.String() {
		p.Score = "not proved"
	}
	if _, exact := f.Margin(); exact {
		p.Score, p.ScoreSource = "proved", string(f.MarginSource)
	}
	return p
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

// ownership returns KataGo's ownership array from end, row-major from the top left: the
// share of playouts from end (the search's rollout policy) that finish with a stone of
// the side the values are for on the point, less the share that finish with the
// other's (the course counts stones only, so an empty point is no one's); end itself
// once the game is over there.
func (v *view) ownership(end board.Position) []float64 {
	side := v.pos.Turn
	if v.flip {
		side = side.Other()
	}
	own := analysis.Ownership(end, v.policy, end.Hash)
	out := make([]float64, board.NumPoints)
	for p, x := range own {
		if side == board.White {
			x = -x
		}
		out[p] = x
	}
	return out
}

// within returns score, a final margin less komi for turn, moved into the margin's
// proved bounds in f: a proved result is never contradicted by an estimate beside it.
func within(f facts.Fact, turn board.Color, komi, score float64) float64 {
	sign := 1.0
	if turn == board.White {
		sign = -1
	}
	margin := sign*score + komi
	margin = min(max(margin, float64(f.Low)), float64(f.High))
	return sign * (margin - komi)
}

// markSymmetric sets isSymmetryOf, as KataGo does on a symmetric root: a move that a
// symmetry of the position (one that leaves the stones, the ko and the side to move as
// they are) maps onto a move listed before it names that move, the first of its class.
func markSymmetric(pos board.Position, infos []moveInfo) {
	var syms []board.Symmetry
	for s := board.Symmetry(1); s < board.NumSymmetries; s++ {
		if img := s.Apply(pos); img.Stones == pos.Stones && img.Ko == pos.Ko {
			syms = append(syms, s)
		}
	}
	if len(syms) == 0 {
		return
	}
	first := map[board.Point]string{}
	for k := range infos {
		p, err := board.ParseVertex(infos[k].Move)
		if err != nil || p == board.Pass {
			continue
		}
		if rep, ok := first[p]; ok {
			infos[k].IsSymmetryOf = rep
			continue
		}
		for _, s := range syms {
			if q := s.Point(p); q != p {
				if _, taken := first[q]; !taken {
					first[q] = infos[k].Move
				}
			}
		}
	}
}
