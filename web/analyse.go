// analyse.go: live analysis as server-sent events: the analysis driver's snapshots (package analysis), formatted for the page.

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"littlego/analysis"
	"littlego/board"
	"littlego/engine"
	"littlego/facts"
	"littlego/record"
)

// Analysis pacing: the search and the solver take turns in chunks of this much CPU, so
// that a client that goes away is noticed within about two chunks.
const (
	analysisChunk = 250 * time.Millisecond
	// solveTurn is the solver's first turn on one action within a chunk.
	solveTurn = 50 * time.Millisecond
	// maxCandidates is the number of candidates sent per search event.
	maxCandidates = 12
	// eventWriteTimeout is how long one event may take to write.
	eventWriteTimeout = 30 * time.Second
)

// analysisSlot is the analyzer (its search engine and its prover, over the server's
// cache of facts) of one running analysis, reused by the next.
type analysisSlot struct {
	analyzer *analysis.Analyzer
}

// Candidate is one action of the live search.
type Candidate struct {
	Move   string `json:"move"`
	Visits int    `json:"visits"`
	// WinRate is the search's estimate of the mover's chance.
	WinRate float64 `json:"winrate"`
}

// SearchView is one search event: the candidates best first and the principal
// variation of the most visited.
type SearchView struct {
	Iterations int         `json:"iterations"`
	Candidates []Candidate `json:"candidates"`
	PV         []string    `json:"pv"`
}

// VerdictsView is one verdicts event: what is proved of each action (package facts),
// and where the work on it stands (package analysis).
type VerdictsView struct {
	// Moves maps an action to "win" or "loss" (for the side to move) once proved.
	Moves map[string]string `json:"moves"`
	// Sources maps a proved action to how it is proved: "book", "opening table",
	// "empty board", "solver", "search" or "end" (facts.Source).
	Sources map[string]string `json:"sources"`
	// SourceNames maps each source of Sources to its words for people, said once for all
	// the actions it proves (facts.Source.ForPeople: "opening book", "implied by the
	// opening table's 2,2"): the page shows these.
	SourceNames map[string]string `json:"sourceNames"`
	// Thinking lists the actions still being proved; empty once the analysis has ended.
	Thinking []string `json:"thinking"`
	// Unproved lists the actions not proved within their own limit, MoveLimit of the
	// solver's CPU (their win rate, if the search visited them, is its estimate).
	Unproved []string `json:"unproved"`
	// Stopped lists the actions left open when the analysis's own limit (TimeLimit of
	// wall-clock time) or its client stopped it, before they had their MoveLimit: only
	// in the last event.
	Stopped []string `json:"stopped"`
	// MoveLimit is the solver's CPU per action and TimeLimit the analysis's wall-clock
	// time, in seconds (Config.SolveLimit and Config.AnalysisTime).
	MoveLimit float64 `json:"moveLimit"`
	TimeLimit float64 `json:"timeLimit"`
	// Book is an action the opening book proves to win, or "".
	Book string `json:"book"`
	// Margins maps an action to the exact final margin black − white before the komi
	// with perfect play after it, once proved (for machines: Results says it for people).
	Margins map[string]int `json:"margins"`
	// Results maps a proved action to its proved result after the komi in Go's notation
	// (facts.Fact.Outcome): "B+0.5", or bounds such as "W+0.5 or more".
	Results map[string]string `json:"results"`
	// MarginsPending counts the proved actions whose exact margin is still being found.
	MarginsPending int `json:"marginsPending"`
	// Value is what is proved of the position itself.
	Value PositionValue `json:"value"`
}

// PositionValue is what is proved of a position (a facts.Fact): its winner with perfect
// play and its result, each absent while unknown.
type PositionValue struct {
	// Winner is "black" or "white" once proved (the game's winner when it is over).
	Winner string `json:"winner,omitempty"`
	// Margin is the exact final margin black − white before the komi with perfect play,
	// when proved (for machines).
	Margin *int `json:"margin,omitempty"`
	// Result is the proved result after the komi in Go's notation (facts.Fact.Outcome):
	// "B+0.5", or the proved bounds ("B+0.5 or more", "between W+1.5 and B+2.5").
	Result string `json:"result,omitempty"`
	// Stones says the exact margin as a stone count in words ("Black 3 stones ahead").
	Stones string `json:"stones,omitempty"`
	// Source says how the value is known (facts.Source: "book", "solver", ...).
	Source string `json:"source,omitempty"`
	// AllLose is set when the side to move has lost: every action is a proved loss.
	AllLose bool `json:"allLose,omitempty"`
}

// valueOf returns what f proves of its position, for the page.
func valueOf(f facts.Fact) PositionValue {
	var v PositionValue
	if w, ok := f.Winner(); ok {
		v.Winner, v.Source, v.AllLose = colorName(w), string(f.Source), f.Value == facts.Loss
	}
	if m, ok := f.Margin(); ok {
		v.Margin, v.Stones = &m, record.Stones(m)
	}
	if out := f.Outcome(); out != "unknown" {
		v.Result = out
	}
	return v
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
	actions, pos, _, ok := readGame(w, r)
	if !ok {
		return
	}
	// onLine has the position's own value read on the game's line: a source found
	// through another move order says so (facts.Source.ReachedBy).
	onLine := func(v VerdictsView) VerdictsView {
		if n := len(actions); n > 0 {
			v.Value.Source = string(facts.Source(v.Value.Source).ReachedBy(actions[n-1]))
		}
		return v
	}
	if !s.reserveWait(w) {
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	out := sse{w: w, rc: http.NewResponseController(w)}
	if out.send("verdicts", onLine(s.knownVerdicts(pos))) != nil {
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
	// reached holds the actions given up after their own limit while the analysis ran.
	reached := map[string]bool{}
	final := s.analyzer(slot).Run(ctx, pos, s.analysisConfig(), func(snap *analysis.Snapshot) error {
		if snap.Iterations > 0 {
			if err := out.send("search", searchOf(snap)); err != nil {
				return err
			}
		}
		v := onLine(s.verdicts(snap))
		if !snap.Done() || snap.End == analysis.Complete {
			for _, a := range v.Unproved {
				reached[a] = true
			}
			return out.send("verdicts", v)
		}
		// The final snapshot of an analysis stopped by its time limit (or its client) has
		// no move pending: the actions still open then are told apart from those that had
		// their own limit, so that nothing reads "thinking" after the end, and no action
		// is said to be "not proved within its limit" that never had it.
		v.Unproved, v.Stopped = splitReached(v.Unproved, reached)
		return out.send("verdicts", v)
	})
	_ = out.send("done", map[string]string{"reason": final.Reason(reasonClientGone)})
}

// reserveWait takes one of the MaxWaiting places of the requests that may wait for an
// analysis slot, or answers 503 and returns false; acquire gives the place back.
func (s *Server) reserveWait(w http.ResponseWriter) bool {
	select {
	case s.waiting <- struct{}{}:
		return true
	default:
		s.busy(w, "%d analyses waiting already; try again later", s.cfg.MaxWaiting)
		return false
	}
}

// takeSlot reserves a place, waits up to SlotWait for a free analysis slot and returns
// it; nil when it has answered 503 (with Retry-After) or the client went away.
func (s *Server) takeSlot(w http.ResponseWriter, r *http.Request) *analysisSlot {
	if !s.reserveWait(w) {
		return nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SlotWait)
	defer cancel()
	slot := s.acquire(ctx, nil)
	if slot == nil && r.Context().Err() == nil {
		s.busy(w, "all %d analysis slots stayed busy for %v; try again later", s.cfg.MaxAnalyses, s.cfg.SlotWait)
	}
	return slot
}

// acquire waits for a free analysis slot, calling onWait if it must wait and again
// every SlotWait while it waits, and marks it running; nil when ctx ended first (or
// onWait failed). It gives back the place reserveWait took.
func (s *Server) acquire(ctx context.Context, onWait func() error) *analysisSlot {
	defer func() { <-s.waiting }()
	var slot *analysisSlot
	select {
	case slot = <-s.slots:
	default:
		tick := time.NewTicker(s.cfg.SlotWait)
		defer tick.Stop()
		for slot == nil {
			if onWait != nil && onWait() != nil {
				return nil
			}
			select {
			case slot = <-s.slots:
			case <-tick.C:
			case <-ctx.Done():
				return nil
			}
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

// reasonClientGone is the done event's reason for an analysis stopped because the
// client went away (it is never read); the other reasons are analysis.Snapshot.Reason's.
const reasonClientGone = "client gone"

// analyzer returns the slot's analyzer, made on its first use over the server's cache
// of facts.
func (s *Server) analyzer(slot *analysisSlot) *analysis.Analyzer {
	if slot.analyzer == nil {
		slot.analyzer = analysis.New(nil, facts.NewProver(s.facts))
	}
	return slot.analyzer
}

// analysisConfig returns how an analysis runs: the engine's search on one worker in
// chunks of analysisChunk, the solver (on both cores where the machine has two) in turns
// from solveTurn, each action's value (and
// then its margin) given up after Config.SolveLimit of CPU.
func (s *Server) analysisConfig() analysis.Config {
	o := engine.Defaults()
	o.Workers = 1
	return analysis.Config{Search: o, Chunk: analysisChunk, Turn: solveTurn, MoveLimit: s.cfg.SolveLimit, Workers: analysis.SolverThreads()}
}

// knownVerdicts returns what is proved of pos's actions without search (facts.Known and
// the server's cache), for the first event, sent before the analysis has a slot: an
// action not proved is still to be worked on.
func (s *Server) knownVerdicts(pos board.Position) VerdictsView {
	s.knownMu.Lock()
	snap := analysis.OfKnown(pos, s.known.Known)
	s.knownMu.Unlock()
	return s.verdicts(snap)
}

// verdicts returns the verdicts event of a snapshot, with the server's limits.
func (s *Server) verdicts(snap *analysis.Snapshot) VerdictsView {
	v := verdictsOf(snap)
	v.MoveLimit, v.TimeLimit = s.cfg.SolveLimit.Seconds(), s.cfg.AnalysisTime.Seconds()
	return v
}

// splitReached splits actions into those in reached and the others.
func splitReached(actions []string, reached map[string]bool) (in, out []string) {
	in, out = []string{}, []string{}
	for _, a := range actions {
		if reached[a] {
			in = append(in, a)
		} else {
			out = append(out, a)
		}
	}
	return in, out
}

// learn keeps f, proved of pos by other means (the engine's move), for every later
// request, and returns all that is now known of pos.
func (s *Server) learn(pos board.Position, f facts.Fact) facts.Fact {
	s.knownMu.Lock()
	defer s.knownMu.Unlock()
	s.known.Learn(pos, f)
	return s.known.Known(pos)
}

// verdictsOf returns the verdicts event of a snapshot.
func verdictsOf(snap *analysis.Snapshot) VerdictsView {
	v := VerdictsView{Moves: map[string]string{}, Sources: map[string]string{}, SourceNames: map[string]string{}, Thinking: []string{}, Unproved: []string{}, Stopped: []string{},
		Margins: map[string]int{}, Results: map[string]string{}, Value: valueOf(snap.Fact)}
	for _, m := range snap.Moves {
		a := m.Action.String()
		switch m.Status {
		case analysis.Proved:
			v.Moves[a], v.Sources[a] = m.Value.String(), string(m.After.Source)
			v.SourceNames[string(m.After.Source)] = m.After.Source.ForPeople()
			if out := m.After.Outcome(); out != "unknown" {
				v.Results[a] = out
			}
			if m.Value == facts.Win && m.After.Source == facts.Book && v.Book == "" {
				v.Book = a
			}
		case analysis.Pending:
			v.Thinking = append(v.Thinking, a)
		default:
			v.Unproved = append(v.Unproved, a)
		}
		if mg, ok := m.After.Margin(); ok {
			v.Margins[a] = mg
		}
		if m.Status == analysis.Proved && m.MarginStatus == analysis.Pending {
			v.MarginsPending++
		}
	}
	return v
}

// searchOf returns the search event of a snapshot: the visited actions, best first, and
// the principal variation of the most visited.
func searchOf(snap *analysis.Snapshot) SearchView {
	v := SearchView{Iterations: snap.Iterations, Candidates: []Candidate{}, PV: []string{}}
	var best *analysis.Move
	for k := range snap.Moves {
		m := &snap.Moves[k]
		if m.Visits == 0 {
			continue
		}
		if best == nil || m.Visits > best.Visits {
			best = m
		}
		if len(v.Candidates) < maxCandidates {
			v.Candidates = append(v.Candidates, Candidate{Move: m.Action.String(), Visits: m.Visits, WinRate: m.WinRate})
		}
	}
	if best != nil {
		for _, p := range best.PV {
			v.PV = append(v.PV, p.String())
		}
	}
	return v
}
