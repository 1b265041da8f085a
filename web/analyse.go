// analyse.go: live analysis as server-sent events: the search's candidates and the solver's verdict on every action.

package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/mcts"
	"littlego/solver"
)

// Analysis pacing: the search and the solver take turns in chunks of this much CPU, so
// that a client that goes away is noticed within about two chunks.
const (
	analysisChunk = 250 * time.Millisecond
	// solveTurn is the solver's turn on one action within a chunk.
	solveTurn = 50 * time.Millisecond
	// chunkSeedStride separates the seeds of successive search chunks.
	chunkSeedStride = 1024
	// maxCandidates is the number of candidates sent per search event.
	maxCandidates = 12
	// eventWriteTimeout is how long one event may take to write.
	eventWriteTimeout = 30 * time.Second
)

// analysisSlot is the engine and solver of one running analysis, reused by the next.
type analysisSlot struct {
	eng    *engine.Engine
	solver *solver.Solver
}

// Candidate is one action of the live search.
type Candidate struct {
	Move    string  `json:"move"`
	Visits  int     `json:"visits"`
	WinRate float64 `json:"winrate"`
	// Proof is "win" or "loss" when the search proved it, else "".
	Proof string `json:"proof,omitempty"`
}

// SearchView is one search event: the candidates best first and the principal
// variation of the most visited.
type SearchView struct {
	Iterations int         `json:"iterations"`
	Candidates []Candidate `json:"candidates"`
	PV         []string    `json:"pv"`
}

// VerdictsView is one verdicts event: the solver's verdict on each action.
type VerdictsView struct {
	// Moves maps an action to "win" or "loss" (for the side to move) once proved.
	Moves map[string]string `json:"moves"`
	// Thinking lists the actions the solver is still working on.
	Thinking []string `json:"thinking"`
	// Unproved lists the actions it gave up on within its limit.
	Unproved []string `json:"unproved"`
	// Book is the opening book's move, or "".
	Book string `json:"book"`
	// Margins maps an action to the exact final margin black - white with perfect play
	// after it, once proved.
	Margins map[string]int `json:"margins"`
	// MarginsPending counts the proved actions whose margin the solver is still working on.
	MarginsPending int `json:"marginsPending"`
	// Value is what is proved of the position itself.
	Value PositionValue `json:"value"`
}

// PositionValue is what is proved of a position: its winner with perfect play and its
// exact final margin, each absent while unknown.
type PositionValue struct {
	// Winner is "black" or "white" once proved (the game's winner when it is over).
	Winner string `json:"winner,omitempty"`
	// Margin is the final margin black - white with perfect play, when proved.
	Margin *int `json:"margin,omitempty"`
	// AllLose is set when every action of the side to move is a proved loss.
	AllLose bool `json:"allLose,omitempty"`
}

// sse writes server-sent events.
type sse struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// send writes one event and flushes it; the error says the client is gone.
func (e sse) send(event string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_ = e.rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
	if _, err := fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, data); err != nil {
		return err
	}
	return e.rc.Flush()
}

// handleAnalyse streams the analysis of the position after ?moves=... until it is
// complete, the time limit passes or the client goes away.
func (s *Server) handleAnalyse(w http.ResponseWriter, r *http.Request) {
	_, pos, _, ok := readGame(w, r)
	if !ok {
		return
	}
	if !s.reserveWait(w) {
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	out := sse{w: w, rc: http.NewResponseController(w)}
	a := newAnalysis(pos, s.verdicts)
	if out.send("verdicts", a.verdictsView()) != nil {
		<-s.waiting // the client is gone before its analysis started
		return
	}
	slot := s.acquire(r.Context(), func() error {
		return out.send("status", map[string]string{"status": "waiting for a free analysis slot"})
	})
	if slot == nil {
		return
	}
	defer s.release(slot)
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.AnalysisTime)
	defer cancel()
	reason := a.run(ctx, slot, s.cfg.SolveLimit, out)
	if reason == reasonTimeLimit {
		// What is left open stays open: the last verdicts say so, so that no move reads
		// "thinking" after the end.
		a.giveUpOpen()
		_ = out.send("verdicts", a.verdictsView())
	}
	_ = out.send("done", map[string]string{"reason": reason})
}

// reserveWait takes one of the MaxWaiting places of the requests that may wait for an
// analysis slot, or answers 503 and returns false; acquire gives the place back.
func (s *Server) reserveWait(w http.ResponseWriter) bool {
	select {
	case s.waiting <- struct{}{}:
		return true
	default:
		fail(w, http.StatusServiceUnavailable, "%d analyses waiting already; try again later", s.cfg.MaxWaiting)
		return false
	}
}

// takeSlot reserves a place, waits for a free analysis slot and returns it; nil when it
// has answered 503 or the client went away.
func (s *Server) takeSlot(w http.ResponseWriter, r *http.Request) *analysisSlot {
	if !s.reserveWait(w) {
		return nil
	}
	return s.acquire(r.Context(), nil)
}

// acquire waits for a free analysis slot, calling onWait once if it must wait, and
// marks it running; nil when the client went away first (or onWait failed). It gives
// back the place reserveWait took.
func (s *Server) acquire(ctx context.Context, onWait func() error) *analysisSlot {
	defer func() { <-s.waiting }()
	var slot *analysisSlot
	select {
	case slot = <-s.slots:
	default:
		if onWait != nil && onWait() != nil {
			return nil
		}
		select {
		case slot = <-s.slots:
		case <-ctx.Done():
			return nil
		}
	}
	s.running.Add(1)
	s.active.add(1)
	return slot
}

// release returns slot to the free list.
func (s *Server) release(slot *analysisSlot) {
	s.active.add(-1)
	s.running.Done()
	s.slots <- slot
}

// analysis is the state of one position's analysis.
type analysis struct {
	pos        board.Position
	cache      *verdictCache
	iterations int
	totals     mcts.Totals // the search chunks' root statistics
	pv         []board.Point
	verdict    map[board.Point]bool
	book       board.Point
	thinking   []board.Point // actions still to prove, in the order they are tried
	unproved   []board.Point
	spent      map[board.Point]time.Duration
	// margin holds the proved margins of the actions; marginQueue the proved actions
	// whose margin is still to find, with the CPU each has had in marginSpent.
	margin      map[board.Point]int
	marginQueue []board.Point
	marginSpent map[board.Point]time.Duration
}

// newAnalysis starts the analysis of pos with what the cache and the book know.
func newAnalysis(pos board.Position, cache *verdictCache) *analysis {
	a := &analysis{pos: pos, cache: cache, spent: map[board.Point]time.Duration{},
		margin: map[board.Point]int{}, marginSpent: map[board.Point]time.Duration{}}
	key, _ := pos.CanonicalKey()
	cache.seedProved(pos, key)
	a.verdict, a.book = cache.knownVerdicts(pos)
	for _, act := range actionsOf(pos) {
		if m, ok := cache.margin(childKey(pos, act)); ok {
			a.margin[act] = m
		}
		if _, ok := a.verdict[act]; !ok {
			a.thinking = append(a.thinking, act)
		} else if _, ok := a.margin[act]; !ok {
			a.marginQueue = append(a.marginQueue, act)
		}
	}
	return a
}

// The reasons a done event gives for the end of an analysis.
const (
	reasonAllProved  = "every move proved" // every action's verdict, and the margins found
	reasonComplete   = "complete"          // nothing left to do, some actions not proved within the limit
	reasonTimeLimit  = "time limit"        // Config.AnalysisTime passed
	reasonClientGone = "client gone"       // never read: the client is gone
)

// giveUpOpen ends the work left: the actions still to prove are not proved within the
// limit, and the margins still to find are left out.
func (a *analysis) giveUpOpen() {
	a.unproved = append(a.unproved, a.thinking...)
	a.thinking, a.marginQueue = nil, nil
}

// run alternates search and solver chunks until both are done, ctx ends or the client
// goes away, and returns why it stopped.
func (a *analysis) run(ctx context.Context, slot *analysisSlot, solveLimit time.Duration, out sse) string {
	searching := !a.pos.Over
	for k := 0; ; k++ {
		if ctx.Err() != nil {
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return reasonTimeLimit
			}
			return reasonClientGone
		}
		proved := len(a.thinking) == 0 && len(a.unproved) == 0
		if proved {
			searching = false // every action is proved: the search has nothing to add
		}
		if !searching && len(a.thinking) == 0 && len(a.marginQueue) == 0 {
			if proved {
				return reasonAllProved
			}
			return reasonComplete
		}
		if searching {
			var err error
			if searching, err = a.searchChunk(slot, k); err != nil {
				return "search: " + err.Error()
			}
			if out.send("search", a.searchView()) != nil {
				return reasonClientGone
			}
		}
		if len(a.thinking) > 0 || len(a.marginQueue) > 0 {
			a.solveChunk(slot, solveLimit)
			if out.send("verdicts", a.verdictsView()) != nil {
				return reasonClientGone
			}
		}
	}
}

// searchChunk runs one short search with the slot's engine and merges its root
// statistics; it returns whether searching should go on.
func (a *analysis) searchChunk(slot *analysisSlot, k int) (bool, error) {
	o := engine.Defaults()
	o.Book, o.Solve, o.Plan = false, false, false // the search's own view; the solver runs apart
	o.Workers = 1
	o.Budget = analysisChunk
	o.Seed += uint64(k) * chunkSeedStride
	if slot.eng == nil {
		eng, err := engine.New(o)
		if err != nil {
			return false, err
		}
		slot.eng = eng
	} else if err := slot.eng.SetOptions(o); err != nil {
		return false, err
	}
	_, rep := slot.eng.GenMove(a.pos)
	if rep.Search == nil {
		return false, nil // a forced move or the pass rule: nothing to search
	}
	res := rep.Search
	a.iterations += res.Iterations
	a.totals.Add(res)
	if len(res.PV) > 0 {
		a.pv = append(a.pv[:0], res.PV...)
	}
	return res.Stop != mcts.StopProven && res.Stop != mcts.StopForced, nil
}

// solveChunk gives the solver one chunk of CPU, shared in turns among the actions still
// to prove (an action not proved within limit goes to the unproved), then, once all are
// proved, among those whose margin is still to find.
func (a *analysis) solveChunk(slot *analysisSlot, limit time.Duration) {
	if slot.solver == nil {
		slot.solver = solver.New(engine.SolverTableBits)
	}
	a.takeTurns(&a.thinking, a.spent, limit, func(act board.Point, key uint64, child, canon board.Position) (time.Duration, bool) {
		r := slot.solver.Solve(canon, solver.Limits{CPU: solveTurn})
		if r.Known {
			a.cache.store(key, r.Win)
			a.verdict[act] = !r.Win
			a.marginQueue = append(a.marginQueue, act)
		}
		return r.CPU, r.Known
	}, func(act board.Point) { a.unproved = append(a.unproved, act) })
	if len(a.thinking) > 0 {
		return
	}
	// Then the exact margins of the proved actions (the same in every orientation); one
	// not found within limit is left without.
	a.takeTurns(&a.marginQueue, a.marginSpent, limit, func(act board.Point, key uint64, child, canon board.Position) (time.Duration, bool) {
		r := slot.solver.Margin(canon, solver.Limits{CPU: solveTurn})
		if r.Known {
			a.cache.storeMargin(key, r.Margin, child.Turn)
			a.margin[act] = r.Margin
		}
		return r.CPU, r.Known
	}, func(board.Point) {})
}

// takeTurns works on the actions of *queue in turns of solveTurn until one chunk of CPU
// is used: prove works on the position after an action (child, and canon, its canonical
// image with canonical key key, so that symmetric positions share the table's work) and
// says the CPU it used and whether it is done. An action not done goes to the back of
// the queue, or to giveUp once spent says it has had limit.
func (a *analysis) takeTurns(queue *[]board.Point, spent map[board.Point]time.Duration, limit time.Duration,
	prove func(act board.Point, key uint64, child, canon board.Position) (time.Duration, bool), giveUp func(board.Point)) {
	for used := time.Duration(0); used < analysisChunk && len(*queue) > 0; {
		act := (*queue)[0]
		*queue = (*queue)[1:]
		child := a.pos
		child.Play(act)
		key, sym := child.CanonicalKey()
		cpu, done := prove(act, key, child, sym.Apply(child))
		spent[act] += cpu
		used += cpu
		switch {
		case done:
		case spent[act] >= limit:
			giveUp(act)
		default:
			*queue = append(*queue, act)
		}
	}
}

// searchView returns the candidates best first, by the search's own choice rule
// (mcts.SortMoves): proved wins, then by visits, then proved losses.
func (a *analysis) searchView() SearchView {
	v := SearchView{Iterations: a.iterations, Candidates: []Candidate{}, PV: []string{}}
	for _, st := range a.totals.Ranked() {
		c := Candidate{Move: st.Move.String(), Visits: st.Visits, WinRate: a.totals[st.Move].WinRate()}
		c.Proof = map[mcts.Proof]string{mcts.Win: "win", mcts.Loss: "loss"}[st.Proof]
		v.Candidates = append(v.Candidates, c)
	}
	if len(v.Candidates) > maxCandidates {
		v.Candidates = v.Candidates[:maxCandidates]
	}
	for _, p := range a.pv {
		v.PV = append(v.PV, p.String())
	}
	return v
}

// verdictsView returns the solver's verdicts so far.
func (a *analysis) verdictsView() VerdictsView {
	v := VerdictsView{Moves: map[string]string{}, Thinking: []string{}, Unproved: []string{}}
	for act, win := range a.verdict {
		v.Moves[act.String()] = map[bool]string{true: "win", false: "loss"}[win]
	}
	for _, act := range a.thinking {
		v.Thinking = append(v.Thinking, act.String())
	}
	for _, act := range a.unproved {
		v.Unproved = append(v.Unproved, act.String())
	}
	if a.book != board.NoPoint {
		v.Book = a.book.String()
	}
	v.Margins = map[string]int{}
	for act, m := range a.margin {
		v.Margins[act.String()] = m
	}
	v.MarginsPending = len(a.marginQueue)
	v.Value = a.value()
	return v
}

// value returns what is proved of the position: its winner once an action is proved
// to win or all are proved to lose, and its margin once the margins of the actions that
// decide it are known (those of the winning actions, or of all when all lose).
func (a *analysis) value() PositionValue {
	var v PositionValue
	key, _ := a.pos.CanonicalKey()
	if a.pos.Over {
		m := a.pos.Margin()
		return PositionValue{Winner: colorName(a.pos.Winner()), Margin: &m}
	}
	me := a.pos.Turn
	wins, losses := 0, 0
	for _, win := range a.verdict {
		if win {
			wins++
		} else {
			losses++
		}
	}
	all := len(actionsOf(a.pos))
	switch {
	case wins > 0:
		v.Winner = colorName(me)
	case losses == all:
		v.Winner, v.AllLose = colorName(me.Other()), true
	}
	if m, ok := a.cache.margin(key); ok {
		v.Margin = &m
		return v
	}
	if v.Winner == "" || (wins > 0 && len(a.thinking)+len(a.unproved) > 0) {
		return v // an action not yet proved might win by more
	}
	best, found := 0, false
	for act, win := range a.verdict {
		if win != (wins > 0) {
			continue // a losing action does not decide a won position
		}
		m, ok := a.margin[act]
		if !ok {
			return v
		}
		if !found || (me == board.Black && m > best) || (me == board.White && m < best) {
			best, found = m, true
		}
	}
	if found && (wins > 0 || losses == all) {
		v.Margin = &best
		a.cache.storeMargin(key, best, me)
	}
	return v
}
