// agent.go: the parsed agent specification and the Player interface the referee drives.

package arena

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/record"
)

// Kind names a sort of agent.
type Kind string

// The agent kinds ParseAgent knows.
const (
	KindRandom     Kind = "random"
	KindGreedy     Kind = "greedy"
	KindAggressive Kind = "aggressive"
	KindAlphaBeta  Kind = "alphabeta"
	KindEngine     Kind = "engine"
	KindExec       Kind = "exec"
	KindGTP        Kind = "gtp"
)

// Agent is a parsed agent specification: what plays, not a game in progress. NewPlayer
// makes the Player for one side of one game.
type Agent struct {
	// Spec is the specification as given.
	Spec string
	// Kind is the sort of agent.
	Kind Kind
	// Name labels the agent in tables and records: the spec, with an exec or gtp
	// program shortened to its base name.
	Name string
	// Engine holds the engine's options (KindEngine).
	Engine engine.Options
	// EngineSeedSet is true when the spec sets the engine's seed; otherwise each game
	// gets its own seed from the match seed.
	EngineSeedSet bool
	// Argv is the program and its arguments (KindExec, KindGTP), the program as an
	// absolute path.
	Argv []string

	// engines holds idle engines for the next games: an engine's search arenas are
	// large (tens of MB), so they are reused rather than made for every game.
	enginesMu sync.Mutex
	engines   []*engine.Engine
}

// takeEngine returns an idle engine with the settings of o (engine.SameSettings: the
// game's seed comes with each move's turn), or a new one.
func (a *Agent) takeEngine(o engine.Options) (*engine.Engine, error) {
	a.enginesMu.Lock()
	var e *engine.Engine
	if n := len(a.engines); n > 0 {
		e, a.engines = a.engines[n-1], a.engines[:n-1]
	}
	a.enginesMu.Unlock()
	if e == nil || !engine.SameSettings(e.Options(), o) {
		return engine.New(o)
	}
	return e, nil
}

// returnEngine keeps e for a later game.
func (a *Agent) returnEngine(e *engine.Engine) {
	a.enginesMu.Lock()
	a.engines = append(a.engines, e)
	a.enginesMu.Unlock()
}

// ParseAgent parses an agent specification strictly: one of random, greedy,
// aggressive, alphabeta; engine or engine:flag=value,... (the engine's flags without
// the dash, see engine.ParseOptions); exec:PATH [ARGS] or gtp:PATH [ARGS], where PATH [ARGS] is
// split on spaces (no shell quoting), PATH must name an executable file (looked up in
// $PATH when it has no slash), and relative paths are taken from the current folder
// (see parseProgram).
func ParseAgent(spec string) (*Agent, error) {
	kind, rest, hasRest := strings.Cut(spec, ":")
	if k := kindOf(Kind(kind)); k != nil {
		a := &Agent{Spec: spec, Name: spec, Kind: k.kind}
		if err := k.parse(a, rest, hasRest); err != nil {
			return nil, fmt.Errorf("agent %q: %v", spec, err)
		}
		return a, nil
	}
	if low := strings.ToLower(spec); low != spec {
		if _, err := ParseAgent(low); err == nil {
			return nil, fmt.Errorf("unknown agent %q (agent names are lower case: did you mean %q?)", spec, low)
		}
	}
	return nil, fmt.Errorf("unknown agent %q: want %s", spec, agentSyntax())
}

// InProcess reports whether a plays inside the arena's process (the built-ins and the
// engine), timed in CPU time only when one game is played at a time.
func (a *Agent) InProcess() bool {
	k := kindOf(a.Kind)
	return k == nil || !k.external
}

// Request is what a player is told when it is to move.
type Request struct {
	// Pos is the position, with Pos.Turn to move and Pos.Move the number of this move.
	Pos board.Position
	// Previous is the board before the opponent's last action, as the host writes it
	// into input.txt (after a pass it equals the current board).
	Previous board.Stones
	// History holds every action of the game so far, in order.
	History []board.Point
}

// Reply is a player's answer to a Request.
type Reply struct {
	// Move is the action chosen; board.NoPoint when the player gave none. An exec or gtp
	// player may return a point outside the board: the referee judges it.
	Move board.Point
	// CPU is the time the move took: CPU time (user + system, all threads) when
	// Measured, else wall-clock time.
	CPU time.Duration
	// Measured is true when CPU is CPU time.
	Measured bool
	// Fault, when not empty, is why the player failed to give a move (no output, bad
	// output, crash, timeout, agent error): it loses.
	Fault record.Reason
	// Detail explains a fault, or notes something about the move (a GTP resign).
	Detail string
}

// Player plays one colour in one game. The referee calls Answer once per turn of its
// colour, then Close once.
type Player interface {
	// Answer returns the player's reply to the request. When ctx is cancelled (the match is
	// interrupted) it returns as soon as it can; the referee then discards the game.
	Answer(ctx context.Context, t *Request) Reply
	// Close ends the player's part in the game and releases its processes and files.
	Close() error
}
