// solver.go: the exact Little-Go solver's API: limits, results, Solve, WinningMoves and Margin.

// Package solver proves Little-Go positions exactly. The game ends by move 24, so the
// tree below any position is finite; the solver searches it to the end with fail-soft
// null-window alpha-beta (Knuth and Moore 1975; the null-window test is Pearl's Test,
// 1980, as used by Plaat et al.'s MTD(f), 1996) on the final stone margin black -
// white, with a fixed-size transposition table of margin bounds, move ordering by
// tactics, killer moves (Akl and Newborn 1977) and the history heuristic (Schaeffer
// 1989), and sound static bounds on the final margin for early cut-offs.
//
// The value of a position is the margin black - white when the game ends under perfect
// play (Black maximises it, White minimises it); Black wins iff it is at least
// board.BlackMargin (3). Solve answers the win/loss question with a single test at
// that threshold; Margin finds the exact margin by a sequence of tests.
//
// A Solver is not safe for concurrent use. It allocates nothing while searching.
package solver

import (
	"time"

	"littlego/board"
	"littlego/internal/cputime"
)

// Limits bound the work of one call. Zero fields mean no limit. When a limit is hit the
// call returns an unknown result, never a wrong one.
type Limits struct {
	// CPU is the process CPU time (user + system, all threads, as cputime.Process counts
	// it) the call may use, counted from its start.
	CPU time.Duration
	// Nodes is the number of positions the call may visit.
	Nodes int64
}

// Result is the outcome of Solve.
type Result struct {
	// Known is set when the position was proved; otherwise a limit stopped the search
	// and Win and Best mean nothing.
	Known bool
	// Win is set when the side to move wins with perfect play.
	Win bool
	// Best is a winning action (a point or board.Pass) when Win is set; board.NoPoint
	// when the side to move loses or the game is over.
	Best board.Point
	// Nodes is the number of positions visited.
	Nodes int64
	// CPU is the process CPU time the call used.
	CPU time.Duration
}

// MarginResult is the outcome of Margin.
type MarginResult struct {
	// Known is set when the exact margin was proved.
	Known bool
	// Margin is black - white at the end of the game under perfect play.
	Margin int
	// Best is an action of the side to move that achieves Margin (board.NoPoint when
	// the game is over).
	Best board.Point
	// Nodes is the number of positions visited.
	Nodes int64
	// CPU is the process CPU time the call used.
	CPU time.Duration
}

// maxPly bounds the search depth: every action uses up one of at most 24 moves.
const maxPly = board.MaxMoves + 2

// checkInterval is how many nodes pass between two looks at the CPU clock (a
// getrusage system call costs about a microsecond; a node a fraction of that).
const checkInterval = 1024

// ply is the scratch space of one search depth: its move list and their order scores.
type ply struct {
	moves   [board.NumActions]board.Point
	scores  [board.NumActions]int32
	killers [2]board.Point
}

// Solver holds the transposition table and the search stacks. Its table may be kept
// across calls (within a game and across games): entries are keyed by the full state
// (board.Position.Key) and hold proved bounds only, so reuse never changes an answer.
type Solver struct {
	tt      table
	plies   [maxPly]ply
	history [2][board.NumActions]int32
	last    uint8 // board.Position.Last of the positions in the table

	nodes       int64
	nodeLimit   int64
	nextCheck   int64
	cpuStart    time.Duration
	cpuDeadline time.Duration
	aborted     bool
	rootBest    board.Point
	symLeft     int // the fewest moves left at which the table key is canonical
}

// New returns a solver whose transposition table has 2^ttBits entries of 16 bytes
// (ttBits is clamped to 4..30; 20 means 16 MiB, 22 means 64 MiB).
func New(ttBits int) *Solver {
	s := &Solver{tt: newTable(ttBits), last: board.MaxMoves, symLeft: defaultSymmetryLeft}
	for i := range s.plies {
		s.plies[i].killers = [2]board.Point{board.NoPoint, board.NoPoint}
	}
	return s
}

// Clear forgets everything the solver has learnt (table, killers, history).
func (s *Solver) Clear() {
	s.tt.clear()
	s.history = [2][board.NumActions]int32{}
	for i := range s.plies {
		s.plies[i].killers = [2]board.Point{board.NoPoint, board.NoPoint}
	}
}

// defaultSymmetryLeft is the fewest moves left at which the table is keyed by the
// canonical key over the eight symmetries (board.Position.CanonicalKey, about eight
// times the cost of a plain key). Symmetric positions recur only when the search starts
// near a symmetric board, that is early in the game.
const defaultSymmetryLeft = 18

// SetSymmetryLeft makes the table key canonical over the eight symmetries at positions
// with at least n moves left (n > 24: never). It changes the speed, not the answers.
func (s *Solver) SetSymmetryLeft(n int) { s.symLeft = n }

// Nodes returns the number of positions the last call visited.
func (s *Solver) Nodes() int64 { return s.nodes }

// begin starts a call on pos under lim.
func (s *Solver) begin(pos *board.Position, lim Limits) {
	if pos.Last != s.last {
		// Keys do not include Last: a table filled for another game length is wrong.
		s.tt.clear()
		s.last = pos.Last
	}
	s.tt.gen++
	s.tt.maxLeft = pos.MovesLeft()
	for c := range s.history {
		for a := range s.history[c] {
			s.history[c][a] >>= 2
		}
	}
	s.nodes = 0
	s.aborted = false
	s.cpuStart = cputime.Process()
	s.cpuDeadline = 0
	if lim.CPU > 0 {
		s.cpuDeadline = s.cpuStart + lim.CPU
	}
	s.nodeLimit = lim.Nodes
	s.nextCheck = checkInterval
	if s.nodeLimit > 0 && s.nodeLimit < s.nextCheck {
		s.nextCheck = s.nodeLimit
	}
}

// outOfBudget checks the limits, sets the abort flag when one is used up and schedules
// the next check.
func (s *Solver) outOfBudget() bool {
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.aborted = true
		return true
	}
	if s.cpuDeadline > 0 && cputime.Process() >= s.cpuDeadline {
		s.aborted = true
		return true
	}
	s.nextCheck = s.nodes + checkInterval
	if s.nodeLimit > 0 && s.nodeLimit < s.nextCheck {
		s.nextCheck = s.nodeLimit
	}
	return false
}

// Solve proves whether the side to move in pos wins with perfect play. A position whose
// game is over is known at once: the side to move "wins" if it is the winner.
func (s *Solver) Solve(pos board.Position, lim Limits) Result {
	s.begin(&pos, lim)
	r := Result{Best: board.NoPoint}
	if pos.Over {
		r.Known, r.Win = true, pos.Winner() == pos.Turn
	} else {
		v := s.test(&pos, 0, board.BlackMargin)
		if !s.aborted {
			r.Known = true
			r.Win = (v >= board.BlackMargin) == (pos.Turn == board.Black)
			if r.Win {
				r.Best = s.rootBest
			}
		}
	}
	r.Nodes, r.CPU = s.nodes, cputime.Process()-s.cpuStart
	return r
}

// WinningMoves splits the actions of the side to move (every legal point, then
// board.Pass) into those that keep a win and those that lose, in point order. known is
// false when a limit stopped the search; the lists are then incomplete. A finished game
// has no actions.
func (s *Solver) WinningMoves(pos board.Position, lim Limits) (winning, losing []board.Point, known bool) {
	s.begin(&pos, lim)
	if pos.Over {
		return nil, nil, true
	}
	legal := pos.Legal()
	for a := board.Point(0); a < board.NumActions; a++ {
		if a != board.Pass && !legal.Has(a) {
			continue
		}
		child := pos
		if _, ok := child.Play(a); !ok {
			continue
		}
		v := s.test(&child, 1, board.BlackMargin)
		if s.aborted {
			return winning, losing, false
		}
		if (v >= board.BlackMargin) == (pos.Turn == board.Black) {
			winning = append(winning, a)
		} else {
			losing = append(losing, a)
		}
	}
	return winning, losing, true
}

// Reaches proves whether Black can end the game with a margin black - white of at least
// margin whatever White does (one null-window test: Solve is Reaches with
// board.BlackMargin). known is false when a limit stopped the search.
func (s *Solver) Reaches(pos board.Position, margin int, lim Limits) (reaches, known bool) {
	s.begin(&pos, lim)
	if pos.Over {
		return pos.Margin() >= margin, true
	}
	v := s.test(&pos, 0, margin)
	if s.aborted {
		return false, false
	}
	return v >= margin, true
}

// Margin finds the exact final margin black - white under perfect play, and an action
// that achieves it, by a sequence of null-window tests that narrow the bounds (the
// MTD(f) driver of Plaat, Schaeffer, Pijls and de Bruin 1996, started at the current
// margin). It costs a few times a Solve.
func (s *Solver) Margin(pos board.Position, lim Limits) MarginResult {
	s.begin(&pos, lim)
	r := MarginResult{Best: board.NoPoint}
	if pos.Over {
		r.Known, r.Margin = true, pos.Margin()
		r.Nodes, r.CPU = s.nodes, cputime.Process()-s.cpuStart
		return r
	}
	lo, hi := -noBound, noBound
	guess := pos.Margin()
	best := board.NoPoint
	for lo < hi {
		t := guess
		if t <= lo {
			t = lo + 1
		}
		if t > hi {
			t = hi
		}
		v := s.test(&pos, 0, t)
		if s.aborted {
			break
		}
		if v >= t {
			lo = v
			if pos.Turn == board.Black {
				best = s.rootBest
			}
		} else {
			hi = v
			if pos.Turn == board.White {
				best = s.rootBest
			}
		}
		guess = v
	}
	if !s.aborted {
		r.Known, r.Margin, r.Best = true, lo, best
	}
	r.Nodes, r.CPU = s.nodes, cputime.Process()-s.cpuStart
	return r
}
