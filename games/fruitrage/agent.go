// agent.go: the agent's time management (a per-move CPU budget from the remaining time and the moves expected), calibration, and the move decision.

package fruitrage

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// Calibration is what the calibrate mode measured on this machine.
type Calibration struct {
	// NodesPerSecond is the search speed on 26×26 boards with 9 types, per CPU second.
	NodesPerSecond float64
	// StartupSeconds is the CPU time a process of the agent has used when main starts.
	StartupSeconds float64
}

// DefaultCalibration is assumed without calibration.txt: a slow machine's figures.
var DefaultCalibration = Calibration{NodesPerSecond: 100_000, StartupSeconds: 0.005}

// WriteCalibration writes c as calibration.txt: one "name value" line per figure.
func WriteCalibration(w io.Writer, c Calibration) error {
	_, err := fmt.Fprintf(w, "nodes_per_second %.0f\nstartup_seconds %.6f\n", c.NodesPerSecond, c.StartupSeconds)
	return err
}

// ParseCalibration reads calibration.txt; figures missing or out of range keep their
// DefaultCalibration values, so a damaged file never makes the agent slower or unsafe.
func ParseCalibration(r io.Reader) Calibration {
	c := DefaultCalibration
	sc := bufio.NewScanner(io.LimitReader(r, 4096))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil || math.IsNaN(v) {
			continue
		}
		switch f[0] {
		case "nodes_per_second":
			if v >= 1000 && v <= 1e9 {
				c.NodesPerSecond = v
			}
		case "startup_seconds":
			if v >= 0 && v <= 1 {
				c.StartupSeconds = v
			}
		}
	}
	return c
}

// Calibrate measures the search speed: it searches fixed random 26×26 boards with 9
// types (seeded) until about d of clock has passed, and returns the nodes per second.
// startup is the clock reading when the process's main began.
func Calibrate(s *Searcher, clock Clock, d, startup time.Duration) Calibration {
	rng := rand.New(rand.NewPCG(2017, 561))
	begin := clock()
	var nodes int64
	for clock()-begin < d {
		b := RandomBoard(MaxSize, 9, rng)
		now := clock()
		s.Clear()
		r := s.Search(&b, clock, Limits{Soft: now + d/8, Hard: now + d/4})
		nodes += r.Nodes
	}
	secs := (clock() - begin).Seconds()
	return Calibration{NodesPerSecond: float64(nodes) / max(secs, 1e-3), StartupSeconds: startup.Seconds()}
}

// Plan is the time plan of one move, in readings of the clock the remaining time is
// charged against (the process's CPU time since it started).
type Plan struct {
	// Budget is the CPU time the move means to use (the hard limit; the soft one is a
	// part of it).
	Budget time.Duration
	// Limits bound the search.
	Limits Limits
	// TTBits sizes the transposition table from the nodes the budget allows.
	TTBits int
	// Greedy: too little time to search; take the largest group.
	Greedy bool
}

// MoveShare is the divisor of the remaining time per expected own move: an own move is
// expected for about every MoveShare groups on the board (measured over greedy games:
// the moves left number about the groups / 1.3 from mid-game, and half are the
// opponent's; early boards of few types merge groups faster, so this is conservative
// there).
const MoveShare = 3

// PlanMove returns the even time plan minimax3 (the referee's reference opponent) uses
// for a move on a board of groups groups with
// remaining time left to spend, charged from the clock reading base (0 for the agent's
// process clock, which counts from process start), now being the reading at hand. The
// budget is what is left after a safety reserve divided by the own moves expected plus
// 2; the hard limit never passes the reserve, and with under 2 ms to spend the move is
// greedy.
func PlanMove(remaining, base, now time.Duration, groups int, cal Calibration) Plan {
	startup := time.Duration(cal.StartupSeconds * float64(time.Second))
	// The reserve covers writing output.txt, process exit, and the clock's granularity.
	reserve := 10*time.Millisecond + 2*startup + remaining/50
	usable := remaining - reserve - (now - base)
	var p Plan
	if usable < 2*time.Millisecond {
		p.Greedy = true
		p.TTBits = 10
		return p
	}
	moves := groups/MoveShare + 2
	p.Budget = usable / time.Duration(moves)
	p.Limits = Limits{Soft: now + p.Budget/2, Hard: now + p.Budget}
	nodes := max(p.Budget.Seconds()*cal.NodesPerSecond, 1)
	p.TTBits = min(max(bits.Len64(uint64(nodes))+1, 12), 22)
	return p
}

// MovesLeftPerGroup estimates the moves left in a game (both players') per group on the
// board from the mean group size (fruits / groups): full boards of few types merge
// groups as they fall, so their games are short for their groups. Measured over greedy
// games on random boards (n = 5..26, p = 2..9, 20 each): at the first quarter of a
// game the moves left per group are 0.25–0.45 where groups average 6 cells (p = 2),
// 0.5–0.64 at 1.8 cells (p = 4), 0.65–0.88 at 1.3 cells (p = 9), rising to about 1
// late in the game, when this underestimates and the search is exact and cheap anyway.
// The line below is fitted through the early figures, which is what spends more of the
// clock early, where the tree is widest.
func MovesLeftPerGroup(fruits, groups int) float64 {
	mean := float64(fruits) / float64(max(groups, 1))
	return min(max(0.75-0.075*mean, 0.25), 0.75)
}

// SoftShare is the part of an agent move's budget after which no new iteration of the
// deepening starts (the hard limit is the whole budget; an iteration cut short still
// counts for the root moves it finished, the previous best first).
const SoftShare = 0.6

// PlanAgentMove returns the agent's time plan for a move on a board of groups groups
// and fruits fruits, with remaining time left charged from the clock reading base (0
// for the agent's process clock), now being the reading at hand. The reserve is
// PlanMove's; the budget is what is left after it divided by the agent's own moves
// expected (half of MovesLeftPerGroup × groups) plus 1, and at least by 2, so the hard
// limit never passes the reserve nor half of what is left; with under 2 ms to spend the
// move is greedy. Since the budget is spent early, the reserve also keeps, for every own
// move that could follow (groups / 2), a start-up and two labellings (labelling: the CPU
// time of one labelling of this board), what a greedy move costs, so the last moves of a
// long game still fit.
func PlanAgentMove(remaining, base, now time.Duration, groups, fruits int, labelling time.Duration, cal Calibration) Plan {
	startup := time.Duration(cal.StartupSeconds * float64(time.Second))
	labelling = max(labelling, 20*time.Microsecond)
	reserve := 10*time.Millisecond + 2*startup + remaining/50 + time.Duration(groups/2+1)*(startup+2*labelling)
	usable := remaining - reserve - (now - base)
	var p Plan
	if usable < 2*time.Millisecond {
		p.Greedy = true
		p.TTBits = 10
		return p
	}
	own := MovesLeftPerGroup(fruits, groups)*float64(groups)/2 + 1
	p.Budget = time.Duration(float64(usable) / max(own, 2))
	p.Limits = Limits{Soft: now + time.Duration(SoftShare*float64(p.Budget)), Hard: now + p.Budget}
	nodes := max(p.Budget.Seconds()*cal.NodesPerSecond, 1)
	p.TTBits = min(max(bits.Len64(uint64(nodes))+1, 12), 22)
	return p
}

// Mode chooses how Decide sets up the search.
type Mode int

// The modes.
const (
	// ModeAuto: the agent's search. On the boards where ShallowBoard holds, at most
	// ShallowDepth plies on the score difference; elsewhere as deep as the plan allows,
	// exact where it can be.
	ModeAuto Mode = iota
	// ModeSearcher: the searcher's own settings (Playout, Safe, MaxDepth; the plain
	// score difference at any depth for a new one).
	ModeSearcher
)

// ShallowMeanGroup is the mean group size (fruits / groups) from which ShallowBoard
// holds: random full boards with 2 types average about 6 cells a group, 4 types 1.8.
const ShallowMeanGroup = 3.0

// ShallowMinSize is the smallest board width where ShallowBoard holds: smaller boards
// are solved, or nearly.
const ShallowMinSize = 15

// ShallowFullShare is the part of the board's cells that must hold fruit for
// ShallowBoard: 474 fruits on 26×26, 227 on 18×18; below it the search goes deep.
const ShallowFullShare = 0.7

// ShallowDepth is the deepest the agent searches where ShallowBoard holds: the
// reference opponent's depth. Deeper searches on the score difference lost there (see
// the README's measurements): the huge groups of few types stand off, and a deeper
// horizon misjudges who will take them.
const ShallowDepth = 3

// ShallowBoard reports whether a board of width n with fruits fruits in groups groups is
// large, still mostly full and of few types, where the agent searches at most
// ShallowDepth plies.
func ShallowBoard(n, fruits, groups int) bool {
	return n >= ShallowMinSize && float64(fruits) >= ShallowFullShare*float64(n*n) &&
		float64(fruits) >= ShallowMeanGroup*float64(groups)
}

// Decide chooses a move for in. clock reads the CPU time the remaining time is
// charged against from the reading base (for the agent, the whole process's since it
// started, base 0, so start-up counts). A nil s gets a searcher sized by the plan; a
// given one is reset to the plan's table size. mode chooses how the search is set up. It
// returns the move, the search's result and the plan it followed.
func Decide(in *Input, s *Searcher, clock Clock, base time.Duration, cal Calibration, mode Mode) (Move, Result, Plan) {
	b := &in.Board
	var g Groups
	before := clock()
	g.Find(b)
	now := clock()
	remaining := time.Duration(in.Remaining * float64(time.Second))
	plan := PlanAgentMove(remaining, base, now, g.Count, int(b.Fruits), now-before, cal)
	if plan.Greedy {
		for i := 0; i < g.Count; i++ {
			if int(g.Size[i]) == g.Largest {
				return g.Rep[i], Result{Move: g.Rep[i], Value: g.Largest * g.Largest, Groups: g.Count}, plan
			}
		}
	}
	if s == nil {
		s = NewSearcher(plan.TTBits)
	} else {
		s.Reset(plan.TTBits)
	}
	lim := plan.Limits
	lim.MaxDepth = s.MaxDepth
	if mode == ModeAuto {
		s.Playout, s.Safe = 1, false
		lim.MaxDepth = 0
		if ShallowBoard(b.N, int(b.Fruits), g.Count) {
			lim.MaxDepth = ShallowDepth
		}
	}
	res := s.Search(b, clock, lim)
	return res.Move, res, plan
}
