// Package analysis is the one live-analysis driver of a position, for GTP's
// lz-analyze/kata-analyze and the web board's analysis: it runs the search in short
// chunks and, between them, gives the exact solver (through package facts) the moves
// still unproved, within limits; it reports a Snapshot after every step; and it ends by
// saying, for every move, whether its value is proved, estimated by the search, or not
// proved within the limit, so that no front end shows work in progress after the end.
// Front ends only format its snapshots.
package analysis

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/facts"
	"littlego/mcts"
)

// Engine is the search the analysis runs in chunks: Search runs one search of pos
// within lim under the engine's own settings, its workers seeded from seed, and
// returns its root statistics; Replies returns the statistics of the replies to the
// root action a that the last search gathered one level down (nil when it has none).
// *engine.Engine is one.
type Engine interface {
	Search(ctx context.Context, pos board.Position, lim mcts.Limit, seed uint64) (mcts.Result, error)
	Replies(a board.Point) []mcts.MoveStat
}

// Config says how one analysis runs. Zero fields take the defaults named.
type Config struct {
	// Search holds the search's options: the settings of the engine an Analyzer makes
	// when it was given none, and the seed, chunk k's being Seed + k*1024. The analysis
	// runs the search alone (engine.Engine.Search: no book, no solver, no game plan; the
	// proofs come from facts), each chunk within Chunk of CPU or, under MaxIterations, a
	// count of iterations.
	Search engine.Options
	// Chunk is the CPU of one search chunk, and the most the solver gets between two
	// chunks (default DefaultChunk). A stop (the context, emit) is noticed within about
	// two chunks.
	Chunk time.Duration
	// Turn is the solver's first turn on one move; a move not proved in its turn goes
	// to the back of the queue, and its next turn is twice as long, up to Chunk
	// (default DefaultTurn).
	Turn time.Duration
	// MoveLimit is the solver's CPU for one move, its value and then its margin each,
	// after which the move is given up as not proved within the limit (0: no limit; the
	// context then ends the analysis).
	MoveLimit time.Duration
	// Workers is the solver's threads (facts.Prover.SetWorkers; < 1 means 1). The
	// search's are Search.Workers. Front ends where a user waits give it SolverThreads().
	Workers int
	// NoSolver leaves the solver out: only what is proved without search (facts.Known,
	// the cache, the search's own proofs) is proved.
	NoSolver bool
	// NoMargins leaves the exact margins of the proved moves unsought.
	NoMargins bool
	// Unproved proves nothing at all: the position is not of the course's game (GTP's
	// area rules), so neither the facts nor the search's proofs apply to it.
	Unproved bool
	// MinIterations keeps the search running after every move is proved until it has
	// run this many iterations in all, so that a front end has visits to draw beside
	// the proofs (0: the search stops once every move is proved).
	MinIterations int
	// MaxIterations caps the search's iterations over all chunks (0: no cap): the last
	// chunk runs only what is left, then the search stops; the solver goes on, unless
	// BoundBySearch.
	MaxIterations int
	// BoundBySearch makes the search bound the whole analysis, as KataGo's maxVisits
	// bounds a query: the solver gets, between the chunks, no more CPU than the search
	// has used so far plus ExtraProof, and the analysis ends (Complete) once the search
	// is done and the solver has spent that share, whatever is left unproved. Without
	// it the solver goes on after the search until nothing is left to do.
	BoundBySearch bool
	// ExtraProof is the solver's CPU beyond the search's under BoundBySearch (0: none).
	ExtraProof time.Duration
	// Resume, when it is a snapshot of an earlier analysis of the same position, is where
	// this one starts: its visits, win rates, principal variations and iterations are
	// kept and added to (its chunks' seeds are not repeated), as a GUI expects of an
	// engine that keeps its search tree. A snapshot of another position is ignored.
	Resume *Snapshot
}

// SolverThreads is the solver's threads for an analysis a user waits on: two where the
// machine has two cores or more, else one. Two threads prove a position 1.5 times sooner
// in wall time for about 30% more CPU (docs/solver.md, "Both cores": 1.56 times on the
// move-4 bench, 1.48 on the empty board); the CPU limits count both.
func SolverThreads() int { return min(runtime.NumCPU(), 2) }

// Defaults of Config's durations.
const (
	DefaultChunk = 200 * time.Millisecond
	DefaultTurn  = 50 * time.Millisecond
)

// chunkSeedStride separates the seeds of successive chunks (worker k of a search
// seeded s uses s+k, and there are at most 64 workers).
const chunkSeedStride = 1024

// Status says where a move's value (or margin) stands.
type Status uint8

const (
	// Pending: still being worked on; only before the analysis ends.
	Pending Status = iota
	// Proved: the value (the exact margin) is proved.
	Proved
	// Estimated: not proved within the limit; the search's win rate is its estimate.
	Estimated
	// NotProved: not proved within the limit, and no estimate (never searched); for a
	// margin, not proved within the limit (its proved bounds stand).
	NotProved
)

var statusNames = [...]string{Pending: "pending", Proved: "proved", Estimated: "estimated", NotProved: "not proved"}

// String returns "pending", "proved", "estimated" or "not proved".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(?)"
}

// MarshalText writes the status's name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// End says why an analysis ended.
type End uint8

const (
	// Running: not ended.
	Running End = iota
	// Complete: nothing left to do: every move's value (and margin, unless NoMargins)
	// proved or given up within MoveLimit, and the search done; under BoundBySearch, the
	// search done and the solver's share of CPU spent.
	Complete
	// Limit: the context's deadline passed.
	Limit
	// Stopped: the context was cancelled or emit asked to stop.
	Stopped
	// Failed: the search could not run (its options were refused).
	Failed
)

var endNames = [...]string{Running: "running", Complete: "complete", Limit: "time limit", Stopped: "stopped", Failed: "failed"}

// String returns "running", "complete", "time limit", "stopped" or "failed".
func (e End) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return "End(?)"
}

// MarshalText writes the end's name.
func (e End) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// Move is one move of a snapshot.
type Move struct {
	// Action is the point played, or board.Pass.
	Action board.Point
	// Visits is the search's simulations through the move, over all chunks.
	Visits int
	// WinRate is the search's estimate of the mover's chance (its mean result over the
	// visits; 0 without visits), whatever is proved.
	WinRate float64
	// Value is the move's proved value for the mover (facts.Unknown when not proved).
	Value facts.Value
	// After is what is proved of the position after the move: its value, margin bounds
	// and their sources.
	After facts.Fact
	// Status says whether Value is proved, pending, estimated or not proved within the
	// limit; MarginStatus the same of the exact margin (Estimated never).
	Status, MarginStatus Status
	// PV is the principal variation of the last chunk that chose this move, the move
	// first; the move alone when none did.
	PV []board.Point
}

// Snapshot is the state of an analysis.
type Snapshot struct {
	// Position is the position analysed.
	Position board.Position
	// Fact is what is proved of the position: facts.Known's, and what its moves prove.
	Fact facts.Fact
	// Moves holds every legal action, best first: proved wins, the unproved, proved
	// losses; within each, the better proved margin for the mover, then more visits, a
	// higher win rate, the lower action.
	Moves []Move
	// Iterations is the search's simulations, over all chunks.
	Iterations int
	// Chunks is the number of search chunks run (those of a resumed analysis included).
	Chunks int
	// CPU is the process CPU time the analysis has used.
	CPU time.Duration
	// End is why the analysis ended; Running before. Once ended, no Move is Pending.
	End End
	// Err is the error behind Failed.
	Err error
	// replies are the search's statistics one level down, each action's replies
	// (a final snapshot's only): what After resumes from.
	replies *[board.NumActions]*mcts.Totals
}

// After returns a snapshot to resume the analysis of the position after action a from
// (Config.Resume): the visits and win rates of the replies to a that this analysis's
// search gathered one level down, as a GUI expects of an engine that keeps its tree
// after a move is played (Leela Zero, KataGo). Its Iterations are the replies' visits;
// nothing is proved in it (the analysis after a asks facts again). Nil when s is not a
// final snapshot, its search did not expand a, or a ends the game or is illegal.
func (s *Snapshot) After(a board.Point) *Snapshot {
	if s == nil || s.replies == nil || a < 0 || int(a) >= board.NumActions || s.replies[a] == nil {
		return nil
	}
	child := s.Position
	if !child.Act(a) || child.Over {
		return nil
	}
	out := &Snapshot{Position: child, Chunks: s.Chunks, End: s.End}
	for p, t := range s.replies[a] {
		if t.Visits == 0 {
			continue
		}
		out.Moves = append(out.Moves, Move{Action: board.Point(p), Visits: t.Visits, WinRate: t.Wins / float64(t.Visits)})
		out.Iterations += t.Visits
	}
	return out
}

// Done reports whether the analysis has ended.
func (s *Snapshot) Done() bool { return s.End != Running }

// AllProvedReason is the Reason of an analysis that proved every move's value and exact
// margin.
const AllProvedReason = "every move proved"

// Reason says why the analysis of s ended, for people: "every move proved", "complete"
// (nothing left to do, some moves not proved within the limit), "time limit", "the
// search failed: ERR", or, when it was stopped, stopped: what stopped it in the
// caller's words ("client gone", "stopped by the next command"); "running" before the
// end.
func (s *Snapshot) Reason(stopped string) string {
	switch s.End {
	case Complete:
		for _, m := range s.Moves {
			if m.Status != Proved || m.MarginStatus != Proved {
				return Complete.String()
			}
		}
		return AllProvedReason
	case Failed:
		return "the search failed: " + fmt.Sprint(s.Err)
	case Stopped:
		return stopped
	}
	return s.End.String()
}
