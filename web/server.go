// Package web serves the board: a local web application to play against the engine,
// watch its search and the solver's verdicts live, and review recorded games. The
// frontend is plain HTML, CSS and JavaScript embedded in the binary; the API is small
// JSON over HTTP with server-sent events for live analysis. It reads nothing from the
// file system and runs no programs: what it knows of a game comes in a request body.
package web

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/facts"
)

//go:embed static
var staticFiles embed.FS

// Config bounds what the server does. The zero value of a field means its default.
type Config struct {
	// MaxAnalyses is the number of analyses (search and solver) running at once; more
	// clients wait for a slot. Default 2.
	MaxAnalyses int
	// MaxWaiting is the number of analyses that may wait for a slot; beyond it a
	// request gets 503. Default 64.
	MaxWaiting int
	// SlotWait is the most a request that answers once (values, a review, an engine
	// move) waits for an analysis slot or its turn to move: then it gets 503 with
	// Retry-After, never a connection left hanging. An analysis stream waits as long as
	// its client stays, saying so in a status event every SlotWait. Default 5 s.
	SlotWait time.Duration
	// AnalysisTime is the most wall-clock time one analysis runs. Default 60 s.
	AnalysisTime time.Duration
	// SolveLimit is the CPU time the solver may spend on one move's value (and again on
	// its exact margin) before it is left "not proved within the limit". Default 4 s.
	SolveLimit time.Duration
	// MaxSessions is the number of games kept at once (a game holds its moves, not an
	// engine: the engines, 72 MiB of search arena each, are shared by the moves being
	// chosen, at most MaxAnalyses); a new game beyond it drops the least recently used.
	// Default 16.
	MaxSessions int
	// IdleTimeout drops a game not touched for this long. Default 30 min.
	IdleTimeout time.Duration
	// MaxBudget is the most CPU time per engine move a game may ask for. Default 5 s.
	MaxBudget time.Duration
	// MaxBody bounds a JSON request body. Default 64 KiB.
	MaxBody int64
	// MaxUpload bounds an uploaded game record. Default 1 MiB.
	MaxUpload int64
	// Facts, if not nil, is the cache of facts every user's analyses and reviews share
	// (the board's command attaches the proof store to it); nil: a cache of the server's own.
	Facts *facts.Cache
}

// MaxAnalysesLimit is the most analyses at once a command should let Config.MaxAnalyses ask for.
const MaxAnalysesLimit = 64

// DefaultConfig returns the limits a zero Config field stands for.
func DefaultConfig() Config {
	return Config{MaxAnalyses: 2, MaxWaiting: 64, SlotWait: 5 * time.Second, AnalysisTime: time.Minute, SolveLimit: 4 * time.Second,
		MaxSessions: 16, IdleTimeout: 30 * time.Minute, MaxBudget: 5 * time.Second, MaxBody: 64 << 10, MaxUpload: 1 << 20}
}

// withDefaults fills the zero fields of c from DefaultConfig.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxAnalyses, d.MaxAnalyses)
	def(&c.MaxWaiting, d.MaxWaiting)
	def(&c.MaxSessions, d.MaxSessions)
	defDur(&c.AnalysisTime, d.AnalysisTime)
	defDur(&c.SlotWait, d.SlotWait)
	defDur(&c.SolveLimit, d.SolveLimit)
	defDur(&c.IdleTimeout, d.IdleTimeout)
	defDur(&c.MaxBudget, d.MaxBudget)
	if c.MaxBody <= 0 {
		c.MaxBody = d.MaxBody
	}
	if c.MaxUpload <= 0 {
		c.MaxUpload = d.MaxUpload
	}
	return c
}

// Server is the board's HTTP handler and its state: the games in play, the analysis
// slots and the cache of proved facts. It is safe for concurrent use.
type Server struct {
	cfg      Config
	mux      *http.ServeMux
	sessions sessions
	slots    chan *analysisSlot  // free analysis slots
	waiting  chan struct{}       // tokens of analyses waiting for a slot
	movers   chan struct{}       // tokens of engine moves being chosen
	engines  chan *engine.Engine // idle engines for the games' moves, at most MaxAnalyses
	running  sync.WaitGroup
	active   activeCount
	// facts keeps what the analyses and /api/values prove, for every later request;
	// known answers from it without search (its own solver unused), under knownMu.
	facts   *facts.Cache
	knownMu sync.Mutex
	known   *facts.Prover
}

// New returns a server with the given limits.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, mux: http.NewServeMux(), facts: cfg.Facts}
	if s.facts == nil {
		s.facts = facts.NewCache()
	}
	s.known = facts.NewProver(s.facts)
	s.sessions.init(cfg.MaxSessions, cfg.IdleTimeout)
	s.slots = make(chan *analysisSlot, cfg.MaxAnalyses)
	for range cfg.MaxAnalyses {
		s.slots <- &analysisSlot{}
	}
	s.waiting = make(chan struct{}, cfg.MaxWaiting)
	s.movers = make(chan struct{}, cfg.MaxAnalyses)
	s.engines = make(chan *engine.Engine, cfg.MaxAnalyses)
	s.routes()
	return s
}

// routes registers the handlers.
func (s *Server) routes() {
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			fail(w, http.StatusMethodNotAllowed, "%s %s: method not allowed; use GET", r.Method, clip(r.URL.Path))
			return
		}
		files.ServeHTTP(w, r)
	})
	s.mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "favicon.svg")
	})
	s.mux.HandleFunc("/api/", s.handleNoRoute)
	s.mux.HandleFunc("POST /api/game", s.handleNewGame)
	s.mux.HandleFunc("GET /api/game/{id}", s.handleGetGame)
	s.mux.HandleFunc("POST /api/game/{id}/play", s.handlePlay)
	s.mux.HandleFunc("POST /api/game/{id}/genmove", s.handleGenMove)
	s.mux.HandleFunc("POST /api/game/{id}/undo", s.handleUndo)
	s.mux.HandleFunc("GET /api/game/{id}/record", s.handleGameRecord)
	s.mux.HandleFunc("GET /api/position", s.handlePosition)
	s.mux.HandleFunc("GET /api/analyse", s.handleAnalyse)
	s.mux.HandleFunc("POST /api/review", s.handleReview)
	s.mux.HandleFunc("POST /api/watch", s.handleWatch)
	s.mux.HandleFunc("GET /api/record", s.handleRecord)
	s.mux.HandleFunc("GET /api/values", s.handleValues)
}

// ServeHTTP serves the board and its API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'")
	s.mux.ServeHTTP(w, r)
}

// Running returns the number of analyses running now (holding a slot).
func (s *Server) Running() int { return s.active.get() }

// Wait blocks until no analysis is running.
func (s *Server) Wait() { s.running.Wait() }

// NewHTTPServer returns an http.Server for h on addr with timeouts set: a client that
// stalls on its headers or body is dropped, and idle connections are closed. Streams of
// live analysis extend their own write deadline.
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
}

// apiError is the body of every error answer.
type apiError struct {
	Error string `json:"error"`
}

// writeJSON answers with status and v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// busy answers 503 with Retry-After, the seconds of SlotWait: every analysis slot (or
// engine) stayed busy.
func (s *Server) busy(w http.ResponseWriter, format string, a ...any) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(s.cfg.SlotWait.Seconds()))))
	fail(w, http.StatusServiceUnavailable, format, a...)
}

// fail answers with status and a message.
func fail(w http.ResponseWriter, status int, format string, a ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, a...)})
}

// decodeBody reads a JSON body of at most limit bytes into v; on failure it has answered
// 400 (413 for a body too large) and returns false.
func decodeBody(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		fail(w, http.StatusRequestEntityTooLarge, "request body larger than %d bytes", limit)
		return false
	case errors.Is(err, io.EOF):
		fail(w, http.StatusBadRequest, "empty request body: want a JSON object")
		return false
	case err != nil:
		fail(w, http.StatusBadRequest, "bad JSON body: %v", err)
		return false
	}
	return true
}

// readUpload reads a raw body of at most s.cfg.MaxUpload bytes; on failure it has
// answered and returns false.
func (s *Server) readUpload(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		fail(w, http.StatusRequestEntityTooLarge, "upload larger than %d bytes", s.cfg.MaxUpload)
		return nil, false
	case err != nil:
		fail(w, http.StatusBadRequest, "reading the upload: %v", err)
		return nil, false
	case len(data) == 0:
		fail(w, http.StatusBadRequest, "empty upload: paste or choose a game record")
		return nil, false
	}
	return data, true
}

// handleNoRoute answers an API path no handler serves: 405 with the methods it allows
// when another method is served there, else 404, as JSON.
func (s *Server) handleNoRoute(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); strings.HasPrefix(pattern, m+" ") {
			allowed = append(allowed, m)
		}
	}
	if len(allowed) > 0 {
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		fail(w, http.StatusMethodNotAllowed, "%s %s: method not allowed; use %s", r.Method, clip(r.URL.Path), strings.Join(allowed, " or "))
		return
	}
	fail(w, http.StatusNotFound, "no API at %s (see docs/board.md)", clip(r.URL.Path))
}

// handlePosition answers GET /api/position?moves=...: the position after the actions.
func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	if actions, pos, caps, ok := readGame(w, r); ok {
		writeJSON(w, http.StatusOK, newPositionView(pos, actions, caps))
	}
}

// readGame reads the actions of ?moves=... and replays them; on failure it has answered
// 400 and returns false.
func readGame(w http.ResponseWriter, r *http.Request) ([]board.Point, board.Position, Captures, bool) {
	actions, err := parseActions(movesParam(r))
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return nil, board.Position{}, Captures{}, false
	}
	pos, caps, err := replay(actions)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return nil, board.Position{}, Captures{}, false
	}
	return actions, pos, caps, true
}

// intParam reads the query parameter key as an integer from lo to hi, def when absent;
// on failure it has answered 400 and returns false.
func intParam(w http.ResponseWriter, r *http.Request, key string, lo, hi, def int) (int, bool) {
	q := r.URL.Query().Get(key)
	if q == "" {
		return def, true
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < lo || n > hi {
		fail(w, http.StatusBadRequest, "%s %q: want %d to %d", key, clip(q), lo, hi)
		return 0, false
	}
	return n, true
}

// activeCount counts running analyses.
type activeCount struct {
	mu sync.Mutex
	n  int
}

func (c *activeCount) add(d int) {
	c.mu.Lock()
	c.n += d
	c.mu.Unlock()
}

func (c *activeCount) get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
