// run.go: the driver: search chunks and the solver's turns on the moves, a snapshot after each step, and the end that says where every move stands.

package analysis

import (
	"context"
	"errors"
	"slices"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/facts"
	"littlego/lib/cputime"
	"littlego/mcts"
)

// Analyzer runs analyses one after another with the same search engine and prover, so
// that the engine's arenas and the solver's table serve the next. It is not safe for
// concurrent use.
type Analyzer struct {
	eng    Engine
	prover *facts.Prover
	// made is the options of the engine the analyzer made itself (own), when it was
	// given none: a Config whose Search differs gets an engine of its own settings.
	made engine.Options
	own  bool
}

// New returns an analyzer over eng (nil: an engine made on first use from a Config's
// Search options, and made again for a Config with other options) and prover (nil: a
// prover over facts.Shared()).
func New(eng Engine, prover *facts.Prover) *Analyzer {
	if prover == nil {
		prover = facts.NewProver(nil)
	}
	return &Analyzer{eng: eng, prover: prover, own: eng == nil}
}

// engine returns the analyzer's engine for cfg: the one it was given, or one made with
// cfg.Search.
func (a *Analyzer) engine(cfg *Config) (Engine, error) {
	if a.own && (a.eng == nil || a.made != cfg.Search) {
		eng, err := engine.New(cfg.Search)
		if err != nil {
			return nil, err
		}
		a.eng, a.made = eng, cfg.Search
	}
	return a.eng, nil
}

// Prover returns the analyzer's prover, so that a front end's other questions (a
// game's values) use its table and cache.
func (a *Analyzer) Prover() *facts.Prover { return a.prover }

// Run analyses pos until nothing is left to do, ctx ends (its deadline: End Limit) or
// emit returns an error (End Stopped). It calls emit with the first snapshot before any
// work, after every step (a search chunk and the solver's turns that follow it), and
// with the final snapshot, whose End is set and whose moves are each Proved, Estimated
// or NotProved; it returns that final snapshot. The snapshots are the caller's to keep.
func (a *Analyzer) Run(ctx context.Context, pos board.Position, cfg Config, emit func(*Snapshot) error) *Snapshot {
	r := newRun(a, pos, cfg)
	end, err := r.loop(ctx, emit)
	final := r.snapshot(end)
	final.Err = err
	if !cfg.Unproved && !cfg.NoSolver {
		a.prover.Learn(pos, final.Fact)
	}
	if emit != nil {
		_ = emit(final)
	}
	return final
}

// run is the state of one analysis.
type run struct {
	a          *Analyzer
	cfg        Config
	pos        board.Position
	start      time.Duration // process CPU at the start
	parent     facts.Fact    // what is known of pos without its moves
	moves      []facts.Move  // what is proved of each action, in facts.Actions' order
	totals     mcts.Totals
	replies    [board.NumActions]*mcts.Totals // each action's replies, one level down
	pv         [board.NumActions][]board.Point
	iterations int
	chunks     int           // the search chunks run, a resumed analysis's included
	lastChunk  int           // the iterations of the last search chunk
	lastCPU    time.Duration // and its CPU
	searchCPU  time.Duration // the search's CPU over all chunks
	proofCPU   time.Duration // the solver's
	searching  bool
	valueQueue []board.Point // actions whose value the solver is still to prove
	marginQ    []board.Point // proved actions whose margin it is still to find
	spent      [board.NumActions]time.Duration
	turns      [board.NumActions]int // turns each action has had on its current question
}

// newRun starts the analysis of pos with what is proved without search.
func newRun(a *Analyzer, pos board.Position, cfg Config) *run {
	if cfg.Chunk <= 0 {
		cfg.Chunk = DefaultChunk
	}
	if cfg.Turn <= 0 {
		cfg.Turn = DefaultTurn
	}
	a.prover.SetWorkers(cfg.Workers)
	r := &run{a: a, cfg: cfg, pos: pos, start: cputime.Process(), searching: !pos.Over}
	r.resume(cfg.Resume)
	r.refresh()
	if cfg.Unproved || cfg.NoSolver {
		return r
	}
	for _, m := range r.moves {
		switch {
		case m.Value == facts.Unknown:
			r.valueQueue = append(r.valueQueue, m.Action)
		case r.wantMargin(m):
			r.marginQ = append(r.marginQ, m.Action)
		}
	}
	return r
}

// resume starts the analysis from an earlier snapshot of the same position: its
// visits, win rates, principal variations, iterations and chunks.
func (r *run) resume(s *Snapshot) {
	if s == nil || s.Position != r.pos {
		return
	}
	for _, m := range s.Moves {
		if m.Action < 0 || int(m.Action) >= board.NumActions {
			continue
		}
		r.totals[m.Action].Visits = m.Visits
		r.totals[m.Action].Wins = m.WinRate * float64(m.Visits)
		if len(m.PV) > 1 {
			r.pv[m.Action] = slices.Clone(m.PV)
		}
	}
	r.iterations, r.chunks = s.Iterations, s.Chunks
	if s.replies != nil {
		r.replies = *cloneReplies(s.replies)
	}
}

// addReplies merges the replies of each action the chunk's search res visited, as
// eng says them.
func (r *run) addReplies(eng Engine, res *mcts.Result) {
	for _, m := range res.Moves {
		if m.Visits == 0 || m.Move < 0 || int(m.Move) >= board.NumActions {
			continue
		}
		if rs := eng.Replies(m.Move); rs != nil {
			if r.replies[m.Move] == nil {
				r.replies[m.Move] = new(mcts.Totals)
			}
			r.replies[m.Move].Add(&mcts.Result{Moves: rs})
		}
	}
}

// cloneReplies returns a copy of replies that shares nothing with it.
func cloneReplies(replies *[board.NumActions]*mcts.Totals) *[board.NumActions]*mcts.Totals {
	out := new([board.NumActions]*mcts.Totals)
	for a, t := range replies {
		if t != nil {
			c := *t
			out[a] = &c
		}
	}
	return out
}

// wantMargin reports whether m's exact margin is still to find.
func (r *run) wantMargin(m facts.Move) bool {
	_, exact := m.After.Margin()
	return !exact && !r.cfg.NoMargins && !r.cfg.NoSolver && !r.cfg.Unproved
}

// loop runs the steps until the analysis ends, and says why.
func (r *run) loop(ctx context.Context, emit func(*Snapshot) error) (End, error) {
	if emit != nil && emit(r.snapshot(Running)) != nil {
		return Stopped, nil
	}
	for {
		if err := ctx.Err(); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return Limit, nil
			}
			return Stopped, nil
		}
		if r.searching {
			if err := r.searchChunk(r.chunks); err != nil {
				return Failed, err
			}
		}
		r.proveChunk(ctx)
		r.refresh()
		if !r.searching && (len(r.valueQueue) == 0 && len(r.marginQ) == 0 || r.cfg.BoundBySearch && r.proofShare() <= 0) {
			return Complete, nil
		}
		if emit != nil && emit(r.snapshot(Running)) != nil {
			return Stopped, nil
		}
	}
}

// smallChunk is a number of iterations that fits in any chunk (a few milliseconds): the
// first chunk's count under MaxIterations.
const smallChunk = 1000

// chunkIterations returns how many iterations a chunk's CPU allows at the speed of the
// last chunk (smallChunk before the first).
func (r *run) chunkIterations() int {
	if r.lastChunk <= 0 || r.lastCPU <= 0 {
		return smallChunk
	}
	return max(1, int(float64(r.lastChunk)*float64(r.cfg.Chunk)/float64(r.lastCPU)))
}

// searchChunk runs the k-th chunk of search and merges its root statistics.
func (r *run) searchChunk(k int) error {
	eng, err := r.a.engine(&r.cfg)
	if err != nil {
		return err
	}
	lim := mcts.Limit{CPU: r.cfg.Chunk, EarlyStop: true}
	if r.cfg.MaxIterations > 0 {
		// A fixed count replaces the chunk's CPU: as many as a chunk ran at the last
		// chunk's speed, and never more than is left.
		lim = mcts.Limit{Playouts: max(1, min(r.cfg.MaxIterations-r.iterations, r.chunkIterations()))}
	}
	seed := r.cfg.Search.Seed + uint64(k)*chunkSeedStride
	// A chunk runs to its end: the loop notices a stop between chunks.
	res, err := eng.Search(context.Background(), searched(r.pos), lim, seed)
	if err != nil {
		return err
	}
	r.totals.Add(&res)
	r.addReplies(eng, &res)
	r.chunks++
	r.iterations += res.Iterations
	r.lastChunk, r.lastCPU = res.Iterations, res.CPU
	r.searchCPU += res.CPU
	if len(res.PV) > 0 && res.PV[0] >= 0 && int(res.PV[0]) < board.NumActions {
		r.pv[res.PV[0]] = append(r.pv[res.PV[0]][:0], res.PV...)
	}
	if res.Stop == mcts.StopProven || res.Stop == mcts.StopForced {
		r.searching = false
	}
	if r.cfg.MaxIterations > 0 && r.iterations >= r.cfg.MaxIterations {
		r.searching = false
	}
	return nil
}

// searched returns the position the search runs on for pos: pos itself, or, when a pass
// would end the game (the opponent has just passed), pos with that rule cleared. The
// search would otherwise prove the root at once by the winning pass (or the engine's pass
// rule would answer without searching), and the other actions would get no visits; every
// action but the pass leads to the same positions either way, and the pass's value comes
// from facts, which score the game it ends.
func searched(pos board.Position) board.Position {
	pos.Passed = false
	return pos
}

// proofShare returns the solver's CPU still allowed under BoundBySearch: the search's so
// far plus ExtraProof, less what the solver has used.
func (r *run) proofShare() time.Duration {
	return r.searchCPU + r.cfg.ExtraProof - r.proofCPU
}

// proveChunk gives the solver up to one chunk of CPU (under BoundBySearch, at most its
// share), in turns over the queued actions: their values first, then the margins of the
// proved ones.
func (r *run) proveChunk(ctx context.Context) {
	budget := r.cfg.Chunk
	if r.cfg.BoundBySearch {
		budget = min(budget, r.proofShare())
	}
	start := cputime.Process()
	defer func() { r.proofCPU += cputime.Process() - start }()
	for used := time.Duration(0); used < budget && ctx.Err() == nil; used = cputime.Process() - start {
		queue, margin := &r.valueQueue, false
		if len(*queue) == 0 {
			queue, margin = &r.marginQ, true
		}
		if len(*queue) == 0 {
			return
		}
		a := (*queue)[0]
		*queue = (*queue)[1:]
		child := r.pos
		child.Act(a)
		full := min(r.cfg.Chunk, r.cfg.Turn<<min(r.turns[a], 16))
		turn := min(full, budget-used) // the chunk's rest: a stop is noticed within it
		if r.cfg.MoveLimit > 0 {
			turn = min(turn, r.cfg.MoveLimit-r.spent[a])
		}
		if turn <= 0 {
			continue // given up: a zero limit would mean none
		}
		before := cputime.Process()
		var f facts.Fact
		if margin {
			f = r.a.prover.Margin(ctx, child, facts.Limits{CPU: turn})
		} else {
			f = r.a.prover.Value(ctx, child, facts.Limits{CPU: turn})
		}
		r.spent[a] += cputime.Process() - before
		if turn == full {
			r.turns[a]++ // the next turn doubles only after a whole one
		}
		_, exact := f.Margin()
		switch {
		case !margin && f.Value != facts.Unknown:
			r.spent[a], r.turns[a] = 0, 0 // the margin's own limit starts now
			if !exact && !r.cfg.NoMargins {
				r.marginQ = append(r.marginQ, a)
			}
		case margin && exact:
		case r.cfg.MoveLimit > 0 && r.spent[a] >= r.cfg.MoveLimit:
			// given up: not proved within the limit
		default:
			*queue = append(*queue, a)
		}
	}
}

// refresh recomputes what is proved of the position and its moves: the facts (the
// prover's cache holds what the solver proved) and the search's own proofs; the search
// stops once every move is proved and it has run MinIterations.
func (r *run) refresh() {
	if r.cfg.Unproved {
		r.parent = facts.Unproved(r.pos.Turn)
		r.moves = r.moves[:0]
		for _, a := range facts.Actions(r.pos) {
			r.moves = append(r.moves, facts.Move{Action: a, After: facts.Unproved(r.pos.Turn.Other())})
		}
		return
	}
	r.parent = r.a.prover.Known(r.pos)
	r.moves = facts.Moves(r.pos, r.parent, r.a.prover.Known)
	all := true
	for k := range r.moves {
		m := &r.moves[k]
		if p := r.totals[m.Action].Proof; p != mcts.Unknown && m.Value == facts.Unknown {
			// The search proves the move for the mover; the position after it is the
			// other way round for its side to move.
			v := facts.Win
			if p == mcts.Win {
				v = facts.Loss
			}
			m.After = m.After.Merge(facts.Proof(m.After.Turn, v, facts.Search))
			m.Value = v.Flip()
		}
		all = all && m.Value != facts.Unknown
	}
	if all && r.iterations >= r.cfg.MinIterations {
		r.searching = false
	}
	r.dropProved()
}

// dropProved takes out of the value queue the actions proved meanwhile (by the search,
// or by a prover sharing the cache), queueing their margins.
func (r *run) dropProved() {
	kept := r.valueQueue[:0]
	for _, a := range r.valueQueue {
		m := r.move(a)
		switch {
		case m == nil:
		case m.Value == facts.Unknown:
			kept = append(kept, a)
		case r.wantMargin(*m) && !slices.Contains(r.marginQ, a):
			r.spent[a], r.turns[a] = 0, 0
			r.marginQ = append(r.marginQ, a)
		}
	}
	r.valueQueue = kept
}

// move returns what is proved of action a, or nil when a is not an action of the
// position.
func (r *run) move(a board.Point) *facts.Move {
	for k := range r.moves {
		if r.moves[k].Action == a {
			return &r.moves[k]
		}
	}
	return nil
}

// snapshot returns the analysis's state, ended by end (Running: not ended).
func (r *run) snapshot(end End) *Snapshot {
	s := &Snapshot{Position: r.pos, Iterations: r.iterations, Chunks: r.chunks, CPU: cputime.Process() - r.start, End: end}
	s.Fact = facts.FromMoves(r.parent, r.moves)
	if r.cfg.Unproved {
		s.Fact = r.parent
	}
	for _, m := range r.moves {
		t := &r.totals[m.Action]
		mv := Move{Action: m.Action, Visits: t.Visits, Value: m.Value, After: m.After}
		if t.Visits > 0 {
			mv.WinRate = t.Wins / float64(t.Visits)
		}
		mv.PV = slices.Clone(r.pv[m.Action])
		if len(mv.PV) == 0 {
			mv.PV = []board.Point{m.Action}
		}
		mv.Status, mv.MarginStatus = r.status(m, t.Visits, end)
		s.Moves = append(s.Moves, mv)
	}
	slices.SortFunc(s.Moves, func(x, y Move) int { return compare(&x, &y, r.pos.Turn) })
	if end != Running {
		s.replies = cloneReplies(&r.replies)
	}
	return s
}

// status returns where m's value and margin stand, with visits the search's, in a
// snapshot ended by end.
func (r *run) status(m facts.Move, visits int, end End) (value, margin Status) {
	running := end == Running
	queued := func(q []board.Point) bool { return running && slices.Contains(q, m.Action) }
	switch {
	case m.Value != facts.Unknown:
		value = Proved
	case queued(r.valueQueue) || running && r.searching:
		value = Pending
	case visits > 0:
		value = Estimated
	default:
		value = NotProved
	}
	switch _, exact := m.After.Margin(); {
	case exact:
		margin = Proved
	case queued(r.marginQ) || queued(r.valueQueue) && r.wantMargin(m):
		margin = Pending
	default:
		margin = NotProved
	}
	return value, margin
}

// compare orders moves best first for the side to move turn: proved wins, the
// unproved, proved losses; then the better exact margin for turn (when both are
// exact), more visits, a higher win rate, the lower action.
func compare(x, y *Move, turn board.Color) int {
	class := func(m *Move) int { return map[facts.Value]int{facts.Win: 0, facts.Unknown: 1, facts.Loss: 2}[m.Value] }
	if c := class(x) - class(y); c != 0 {
		return c
	}
	mx, okx := x.After.Margin()
	my, oky := y.After.Margin()
	if okx && oky && mx != my {
		if turn == board.Black {
			return my - mx
		}
		return mx - my
	}
	switch {
	case x.Visits != y.Visits:
		return y.Visits - x.Visits
	case x.WinRate > y.WinRate:
		return -1
	case x.WinRate < y.WinRate:
		return 1
	}
	return int(x.Action) - int(y.Action)
}

// OfSearch returns the final snapshot of one search of pos that ran elsewhere (a
// genmove's), with what is proved without search (prover's Known; nothing under
// cfg.Unproved): no solver runs. Its End is Complete.
func OfSearch(pos board.Position, res *mcts.Result, prover *facts.Prover, cfg Config) *Snapshot {
	if prover == nil {
		prover = facts.NewProver(nil)
	}
	r := &run{a: &Analyzer{prover: prover}, cfg: cfg, pos: pos, start: cputime.Process()}
	if res != nil {
		r.totals.Add(res)
		r.iterations = res.Iterations
		if len(res.PV) > 0 && res.PV[0] >= 0 && int(res.PV[0]) < board.NumActions {
			r.pv[res.PV[0]] = slices.Clone(res.PV)
		}
	}
	r.refresh()
	return r.snapshot(Complete)
}

// OfKnown returns the snapshot of what is proved of pos and its actions without search,
// by known (a Prover's Known, say), before an analysis has run: an action not proved is
// Pending, still to be worked on, and no margin is counted proved yet.
func OfKnown(pos board.Position, known func(board.Position) facts.Fact) *Snapshot {
	parent := known(pos)
	moves := facts.Moves(pos, parent, known)
	snap := &Snapshot{Position: pos, Fact: facts.FromMoves(parent, moves)}
	for _, m := range moves {
		st := Proved
		if m.Value == facts.Unknown {
			st = Pending
		}
		snap.Moves = append(snap.Moves, Move{Action: m.Action, Value: m.Value, After: m.After, Status: st, MarginStatus: NotProved})
	}
	return snap
}
