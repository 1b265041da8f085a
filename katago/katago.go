// Package katago speaks KataGo's JSON analysis protocol (KataGo's docs/Analysis_Engine.md)
// for the course's game: one query per line in, one response per line out, each turn of
// a query analysed as its own task, up to Config.Jobs at once, responses in the order
// they finish. The answers come from package analysis and package facts, as GTP's and
// the web board's do: where a value is proved it is exact (win rate 0 or 1, scoreStdev
// 0, scoreLead the exact margin after the komi) and a proof object names its source;
// elsewhere it is the search's estimate, and the proof object says so. Bad input gets an
// error response (with the query's id and the field, where there is one) and the next
// query is still served. README.md describes the protocol as this engine speaks it.
package katago

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"littlego/analysis"
	"littlego/facts"
)

// Version is what query_version answers: the KataGo release whose analysis protocol
// this follows, and in git_hash the engine's name.
const (
	Version = "1.16.0"
	GitHash = "littlego"
)

// Serve answers the queries read from in, one per line, writing the responses to out,
// one JSON object per line, and diagnostics to errw. When in ends it finishes the
// queued work and returns nil; when ctx ends it stops the work in progress and returns
// ctx's error. Only a failure to write to out is returned otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, errw io.Writer, cfg Config) error {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &server{cfg: cfg, out: out, errw: errw, ctx: ctx, cancel: cancel}
	s.sched.init(ctx)
	var wg sync.WaitGroup
	for range cfg.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.work()
		}()
	}
	lines := make(chan []byte)
	go func() {
		defer close(lines)
		r := bufio.NewReaderSize(in, 64<<10)
		for {
			line, err := readQuery(r)
			if len(line) > 0 {
				select {
				case lines <- line:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					s.diag("reading the queries: %v", err)
				}
				return
			}
		}
	}()
	s.readLoop(lines)
	if cfg.QuitWithoutWaiting {
		s.sched.terminate(func(*task) bool { return true })
	}
	s.sched.close()
	wg.Wait()
	if err := ctx.Err(); err != nil && s.writeErr == nil {
		return err
	}
	return s.writeErr
}

// MaxQueryBytes bounds one query line. A longer line is never held whole: it is read
// and dropped, and answered with an error (KataGo's own queries are a few kilobytes).
const MaxQueryBytes = 1 << 20

// tooLong stands for a line over MaxQueryBytes in the lines readQuery returns.
var tooLong = []byte("\x00too long")

// readQuery returns the next line of r with its end, tooLong for a line over
// MaxQueryBytes (the rest of which it reads and drops), and the error that ended r.
func readQuery(r *bufio.Reader) ([]byte, error) {
	var line []byte
	over := false
	for {
		frag, err := r.ReadSlice('\n')
		if !over && len(line)+len(frag) > MaxQueryBytes {
			over, line = true, nil
		}
		if !over {
			line = append(line, frag...)
		}
		if err != bufio.ErrBufferFull {
			if over {
				return tooLong, err
			}
			return line, err
		}
	}
}

// server is the state of one Serve.
type server struct {
	cfg      Config
	ctx      context.Context
	cancel   context.CancelFunc
	errw     io.Writer
	mu       sync.Mutex // guards out and writeErr
	out      io.Writer
	writeErr error
	sched    scheduler
}

// readLoop handles the lines until the input ends or the context does.
func (s *server) readLoop(lines <-chan []byte) {
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return
			}
			s.handle(line)
		case <-s.ctx.Done():
			s.sched.terminate(func(*task) bool { return true })
			return
		}
	}
}

// send writes one response line; a write failure stops the server.
func (s *server) send(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.diag("encoding a response: %v", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.writeErr != nil {
		return
	}
	if _, err := s.out.Write(append(b, '\n')); err != nil {
		s.writeErr = err
		s.cancel()
	}
}

// diag writes a diagnostic line to errw.
func (s *server) diag(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.errw, "katago: "+format+"\n", args...)
}

// sendError writes KataGo's error response: the message, and the field and the id
// when there are.
func (s *server) sendError(id *string, field, msg string) {
	r := map[string]any{"error": msg}
	if field != "" {
		r["field"] = field
	}
	if id != nil {
		r["id"] = *id
	}
	s.send(r)
}

// handle answers one line: an action at once, an analysis query by queueing its turns.
func (s *server) handle(line []byte) {
	if bytes.Equal(line, tooLong) {
		s.sendError(nil, "", fmt.Sprintf("a query longer than %d bytes: not read", MaxQueryBytes))
		return
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return // a blank line: nothing asked
	}
	f, msg := parseLine(line)
	if msg != "" {
		s.sendError(nil, "", msg)
		return
	}
	id, ok, ferr := f.str("id")
	switch {
	case ferr != nil:
		s.sendError(nil, "", `Request must have a string "id" field`)
		return
	case !ok:
		s.sendError(nil, "", `Request must have a string "id" field`)
		return
	}
	if action, ok, ferr := f.str("action"); ferr != nil {
		s.sendError(&id, "action", "action: expected a string")
		return
	} else if ok {
		s.action(id, action, f)
		return
	}
	q, warns, qerr := parseQuery(id, f, s.cfg)
	for _, w := range warns {
		s.send(map[string]any{"warning": w.msg, "field": w.field, "id": id})
	}
	if qerr != nil {
		s.sendError(&id, qerr.field, qerr.text())
		return
	}
	for k := range q.turns {
		s.sched.push(&task{q: q, index: k, priority: q.priority[k]})
	}
}

// parseLine decodes one query line into its fields, or returns the error KataGo sends:
// for a line that is not JSON, and for JSON that is not an object.
func parseLine(line []byte) (fields, string) {
	text := string(bytes.TrimSpace(line))
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		return nil, "could not parse input line as json request: " + strings.TrimPrefix(err.Error(), "json: ") + ": " + text
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, "Request line was valid json but was not an object, ignoring: " + text
	}
	var f fields
	if err := json.Unmarshal(line, &f); err != nil {
		return nil, "could not parse input line as json request: " + text
	}
	return f, ""
}

// action answers query_version, query_models, clear_cache, terminate and terminate_all
// by echoing the query (query_version adds the version, query_models the models).
func (s *server) action(id, action string, f fields) {
	echo := map[string]any{}
	for k, v := range f {
		echo[k] = v
	}
	switch action {
	case "query_version":
		echo["version"], echo["git_hash"] = Version, GitHash
	case "query_models":
		// No network is loaded: the one "model" is the engine itself.
		echo["models"] = []map[string]any{{"name": "littlego", "internalName": "littlego: search, opening tables, exact solver",
			"maxBatchSize": 1, "usesHumanSLProfile": false, "version": 0, "usingFP16": "false"}}
	case "clear_cache":
		// What is proved stays proved: the cache of facts is kept. The searches keep no
		// state between queries, so there is nothing else to clear.
	case "terminate", "terminate_all":
		match, err := terminateMatcher(action, f)
		if err != nil {
			s.sendError(&id, err.field, err.text())
			return
		}
		for _, t := range s.sched.terminate(match) {
			s.send(noResults{ID: t.q.id, NoResults: true, TurnNumber: t.q.turns[t.index]})
		}
	default:
		s.sendError(&id, "action", fmt.Sprintf("unknown action %q: want query_version, query_models, clear_cache, terminate or terminate_all", action))
		return
	}
	s.send(echo)
}

// terminateMatcher returns which tasks a terminate or terminate_all query names.
func terminateMatcher(action string, f fields) (func(*task) bool, *fieldError) {
	target, hasTarget, err := f.str("terminateId")
	if err != nil {
		return nil, err
	}
	if action == "terminate" && !hasTarget {
		return nil, &fieldError{field: "terminateId", msg: "required field is missing"}
	}
	turns, hasTurns, err := f.ints("turnNumbers")
	if err != nil {
		return nil, err
	}
	return func(t *task) bool {
		if action == "terminate" && t.q.id != target {
			return false
		}
		if !hasTurns {
			return true
		}
		for _, n := range turns {
			if n == t.q.turns[t.index] {
				return true
			}
		}
		return false
	}, nil
}

// work runs tasks until the scheduler is closed and empty, with an analyzer of its own
// (its search engine and its prover over the process's shared cache of facts).
func (s *server) work() {
	a := analysis.New(nil, facts.NewProver(nil))
	for {
		t := s.sched.pop()
		if t == nil {
			return
		}
		s.run(a, t)
		s.sched.finish(t)
	}
}
