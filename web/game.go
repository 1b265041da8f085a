// game.go: games against the engine, one engine per game, kept until idle for long.

package web

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/facts"
)

// game is one game against the engine. Its mutex serialises the requests on it. It
// holds no engine: an engine move borrows one of the server's (an idle game holds no
// search arena).
type game struct {
	mu      sync.Mutex
	id      string
	human   board.Color
	opts    engine.Options
	pos     board.Position
	actions []board.Point
	caps    Captures
	// times holds each action's wall-clock time, from the previous action (or the
	// game's start) to it; turnStart is when the side to move began.
	times     []time.Duration
	turnStart time.Time
	lastSeen  atomic.Int64 // unix nanoseconds of the last request on the game
	// lastEngine describes the engine's last move, if any; engineMoves every engine move
	// of the line played so far, in order.
	lastEngine  *EngineMove
	engineMoves []EngineMove
}

// EngineMove is how the engine chose its last move.
type EngineMove struct {
	Move   string `json:"move"`
	Method string `json:"method"`
	// Iterations is the number of search iterations run (0 for the book or a proof).
	Iterations int `json:"iterations"`
	// WinRate is the search's win rate of the move for the engine's side, an estimate;
	// absent when no search chose the move.
	WinRate *float64 `json:"winrate,omitempty"`
	// Step is the number of actions played once the move was: the position after the
	// move is the line's step Step.
	Step int `json:"step"`
	// Value is what the move's method proves of the position after it (the book, the
	// opening table or the solver proved the move wins; "lost": every move lost), absent
	// when nothing is proved (a search's move: see WinRate).
	Value *PositionValue `json:"value,omitempty"`
	// Before is what the move's method proves of the position the engine moved in (step
	// Step-1): the engine's win; absent when nothing is proved.
	Before *PositionValue `json:"before,omitempty"`
}

// GameView is a game as the frontend shows it.
type GameView struct {
	ID       string       `json:"id"`
	Human    string       `json:"human"`
	Budget   float64      `json:"budget"`
	Position PositionView `json:"position"`
	Engine   *EngineMove  `json:"engine,omitempty"`
	// EngineMoves are all the engine's moves of the game, in order: what each proved, or
	// its search's estimate, for the graph's dots after a reload.
	EngineMoves []EngineMove `json:"engine_moves"`
	// Winner is "black" or "white" once the game is over.
	Winner string `json:"winner,omitempty"`
}

// view describes g; the caller holds g.mu.
func (g *game) view() GameView {
	v := GameView{ID: g.id, Human: colorName(g.human), Budget: g.opts.Budget.Seconds(),
		Position: newPositionView(g.pos, g.actions, g.caps), Engine: g.lastEngine, EngineMoves: append([]EngineMove{}, g.engineMoves...)}
	if g.pos.Over {
		v.Winner = colorName(g.pos.Winner())
	}
	return v
}

// play plays a for the side to move; the caller holds g.mu and has checked legality.
func (g *game) play(a board.Point) {
	mover := g.pos.Turn
	n, _ := g.pos.Play(a)
	if mover == board.Black {
		g.caps.Black += n
	} else {
		g.caps.White += n
	}
	g.actions = append(g.actions, a)
	now := time.Now()
	g.times = append(g.times, now.Sub(g.turnStart))
	g.turnStart = now
}

// sessions holds the games in play, dropping those idle for longer than idle and, when
// full, the least recently used.
type sessions struct {
	mu    sync.Mutex
	games map[string]*game
	max   int
	idle  time.Duration
}

func (ss *sessions) init(max int, idle time.Duration) {
	ss.games, ss.max, ss.idle = map[string]*game{}, max, idle
}

// sweep drops idle games; the caller holds ss.mu.
func (ss *sessions) sweep(now time.Time) {
	for id, g := range ss.games {
		if now.Sub(time.Unix(0, g.lastSeen.Load())) > ss.idle {
			delete(ss.games, id)
		}
	}
}

// add stores g under a new random id; when the table is full it first drops the game
// least recently used, so that nobody is ever locked out.
func (ss *sessions) add(g *game) {
	var b [12]byte
	_, _ = rand.Read(b[:])
	g.id = hex.EncodeToString(b[:])
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.sweep(time.Now())
	for len(ss.games) >= ss.max {
		oldest := ""
		for id, h := range ss.games {
			if oldest == "" || h.lastSeen.Load() < ss.games[oldest].lastSeen.Load() {
				oldest = id
			}
		}
		delete(ss.games, oldest)
	}
	ss.games[g.id] = g
}

// randomSeed returns a seed for a game's engine.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// get returns the game with the given id, locked, or nil.
func (ss *sessions) get(id string) *game {
	ss.mu.Lock()
	ss.sweep(time.Now())
	g := ss.games[id]
	ss.mu.Unlock()
	if g == nil {
		return nil
	}
	g.lastSeen.Store(time.Now().UnixNano())
	g.mu.Lock()
	return g
}

// count returns the number of games kept.
func (ss *sessions) count() int {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.sweep(time.Now())
	return len(ss.games)
}

// newGameRequest is the body of POST /api/game.
type newGameRequest struct {
	// Color is the human's side: "black" or "white".
	Color string `json:"color"`
	// Budget is the engine's CPU time per move in seconds.
	Budget float64 `json:"budget"`
}

// handleNewGame starts a game: POST /api/game {"color":"black","budget":0.5}.
func (s *Server) handleNewGame(w http.ResponseWriter, r *http.Request) {
	var req newGameRequest
	if !decodeBody(w, r, s.cfg.MaxBody, &req) {
		return
	}
	var human board.Color
	switch req.Color {
	case "black":
		human = board.Black
	case "white":
		human = board.White
	default:
		fail(w, http.StatusBadRequest, "color %q: want \"black\" or \"white\"", clip(req.Color))
		return
	}
	maxSec := s.cfg.MaxBudget.Seconds()
	if math.IsNaN(req.Budget) || req.Budget < 0.01 || req.Budget > maxSec {
		fail(w, http.StatusBadRequest, "budget %v: want 0.01 to %v seconds of CPU per move", req.Budget, maxSec)
		return
	}
	o := engine.Defaults()
	o.Budget = time.Duration(req.Budget * float64(time.Second))
	o.Workers = 1
	o.Seed = randomSeed() // recorded in the game's arena JSON line
	if err := o.Validate(); err != nil {
		fail(w, http.StatusBadRequest, "engine: %v", err)
		return
	}
	g := &game{human: human, opts: o, pos: board.New(), turnStart: time.Now()}
	g.lastSeen.Store(time.Now().UnixNano())
	s.sessions.add(g)
	g.mu.Lock()
	defer g.mu.Unlock()
	writeJSON(w, http.StatusOK, g.view())
}

// lookup returns the request's game, locked, or answers 404 and returns nil.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *game {
	g := s.sessions.get(r.PathValue("id"))
	if g == nil {
		fail(w, http.StatusNotFound, "no game %q (a game idle for %v, or the least recently used of more than %d, is dropped): start a new one",
			clip(r.PathValue("id")), s.cfg.IdleTimeout, s.cfg.MaxSessions)
	}
	return g
}

// handleGetGame answers GET /api/game/{id}.
func (s *Server) handleGetGame(w http.ResponseWriter, r *http.Request) {
	if g := s.lookup(w, r); g != nil {
		defer g.mu.Unlock()
		writeJSON(w, http.StatusOK, g.view())
	}
}

// playRequest is the body of POST /api/game/{id}/play.
type playRequest struct {
	// Move is "i,j" or "PASS".
	Move string `json:"move"`
}

// handlePlay plays the human's move: POST /api/game/{id}/play {"move":"2,2"}.
func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	var req playRequest
	if !decodeBody(w, r, s.cfg.MaxBody, &req) {
		return
	}
	a, err := parseAction(req.Move)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer g.mu.Unlock()
	if !g.pos.Over && g.pos.Turn != g.human {
		fail(w, http.StatusBadRequest, "it is the engine's turn (%s to move)", colorName(g.pos.Turn))
		return
	}
	if why := illegalReason(g.pos, a); why != "" {
		fail(w, http.StatusBadRequest, "illegal: %s", why)
		return
	}
	g.play(a)
	writeJSON(w, http.StatusOK, g.view())
}

// handleGenMove lets the engine choose and play its move: POST /api/game/{id}/genmove.
func (s *Server) handleGenMove(w http.ResponseWriter, r *http.Request) {
	wait := time.NewTimer(s.cfg.SlotWait)
	defer wait.Stop()
	select {
	case s.movers <- struct{}{}:
		defer func() { <-s.movers }()
	case <-wait.C:
		s.busy(w, "all %d engines stayed busy for %v; try again later", s.cfg.MaxAnalyses, s.cfg.SlotWait)
		return
	case <-r.Context().Done():
		return
	}
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer g.mu.Unlock()
	switch {
	case g.pos.Over:
		fail(w, http.StatusBadRequest, "the game is over")
		return
	case g.pos.Turn == g.human:
		fail(w, http.StatusBadRequest, "it is your turn (%s to move)", colorName(g.pos.Turn))
		return
	}
	eng, err := s.borrowEngine(g.opts)
	if err != nil {
		fail(w, http.StatusInternalServerError, "engine: %v", err)
		return
	}
	mv, rep := eng.GenMoveTurn(g.pos, engine.PlanTurn(g.opts, int(g.pos.Move), engine.Account{}))
	s.engines <- eng // a mover's token is held: there is room
	if why := illegalReason(g.pos, mv); why != "" {
		// GenMove promises a legal move; never play one that is not.
		fail(w, http.StatusInternalServerError, "the engine chose %s: %s", mv, why)
		return
	}
	before := g.pos
	g.play(mv)
	g.lastEngine = &EngineMove{Move: mv.String(), Method: rep.Method.String(), Iterations: rep.Iterations, Step: len(g.actions)}
	if rep.Search != nil && rep.Method == engine.MethodSearch {
		wr := rep.Search.WinRate
		g.lastEngine.WinRate = &wr
	}
	if rep.Proved.Proved() && !g.pos.Over {
		pf, after := facts.Step(before, mv, s.learn(before, rep.Proved), s.learn(g.pos, facts.Unproved(g.pos.Turn)))
		v := valueOf(s.learn(g.pos, after)) // what the engine's proof implies
		b := valueOf(s.learn(before, pf))
		g.lastEngine.Value = &v
		if b.Winner != "" {
			g.lastEngine.Before = &b
		}
	}
	g.engineMoves = append(g.engineMoves, *g.lastEngine)
	writeJSON(w, http.StatusOK, g.view())
}

// borrowEngine returns an idle engine with the settings of o (engine.SameSettings: the
// game's budget and seed come with each move's turn), or a new one: the caller holds a
// mover's token, so at most MaxAnalyses engines exist, and gives it back to s.engines.
func (s *Server) borrowEngine(o engine.Options) (*engine.Engine, error) {
	select {
	case eng := <-s.engines:
		if engine.SameSettings(eng.Options(), o) {
			return eng, nil
		}
		return engine.New(o) // the idle one, of other settings, is let go
	default:
		return engine.New(o)
	}
}

// handleUndo takes back the last action, and the engine's reply before it so that it is
// the human's turn again: POST /api/game/{id}/undo.
func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer g.mu.Unlock()
	if len(g.actions) == 0 {
		fail(w, http.StatusBadRequest, "nothing to undo")
		return
	}
	// Back to the last position before this one with the human to move: the engine's
	// reply goes with the human's move.
	n := len(g.actions) - 1
	for n > 0 && colorOfMove(n+1) != g.human {
		n--
	}
	actions := append([]board.Point(nil), g.actions[:n]...)
	pos, caps, err := replay(actions)
	if err != nil {
		fail(w, http.StatusInternalServerError, "replaying the game: %v", err)
		return
	}
	g.pos, g.caps, g.actions, g.lastEngine = pos, caps, actions, nil
	for len(g.engineMoves) > 0 && g.engineMoves[len(g.engineMoves)-1].Step > n {
		g.engineMoves = g.engineMoves[:len(g.engineMoves)-1]
	}
	g.times, g.turnStart = g.times[:n], time.Now()
	writeJSON(w, http.StatusOK, g.view())
}

// colourOfMove returns the side that plays move number n (from 1).
func colorOfMove(n int) board.Color {
	if n%2 == 1 {
		return board.Black
	}
	return board.White
}
