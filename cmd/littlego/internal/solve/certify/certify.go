// certify.go: solve certify: the engine's moves along every line of the book, checked by the solver.

package certify

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/term"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/engine"
	"littlego/lib/cputime"
	"littlego/opening"
	"littlego/solver"
)

// certNode is a position with Black to move as the game reached it, and the board
// before White's last action (input.txt's first board).
type certNode struct {
	pos  board.Position
	prev board.Stones
}

// certifyReportEvery is how often (in positions) a level of the walk prints its counts.
const certifyReportEvery = 1000

// certifyConfig holds solve certify's flags.
type certifyConfig struct {
	// through is the last Black move number walked against every White action.
	through int
	// games is the number of seeded random White continuations played to the end.
	games int
	seed  uint64
	// limit, when positive, keeps a seeded sample of this many positions per move
	// number of the walk (the -short subset).
	limit int
	// skip passes over the first skip positions, in the seeded order, of the walk's
	// last level: a stopped run resumes there, or several processes share the level.
	skip        int
	ttBits      int
	reproveBook bool
}

// certifier checks the engine's moves and keeps the counts.
type certifier struct {
	cfg      certifyConfig
	opts     engine.Options
	s        *solver.Solver
	stderr   io.Writer
	progress bool
	start    time.Duration // the process's CPU time when the walk began

	// choose is the engine's decision (a fresh engine with opts, as a fresh my_player
	// process); tests replace it.
	choose func(board.Position) (board.Point, engine.Method, error)

	checked  int
	byMethod map[engine.Method]int
	// levelMethods counts the methods of the move being walked, for its progress reports.
	levelMethods map[engine.Method]int
	byMove       [board.MaxMoves + 1]int
	worstCPU     [board.MaxMoves + 1]time.Duration
	slips        []string
}

func newCertifier(cfg certifyConfig, opts engine.Options, stderr io.Writer) *certifier {
	f, isFile := stderr.(*os.File)
	c := &certifier{cfg: cfg, opts: opts, s: solver.New(cfg.ttBits), stderr: stderr,
		progress: isFile && term.IsTerminal(int(f.Fd())), byMethod: map[engine.Method]int{},
		levelMethods: map[engine.Method]int{}}
	c.choose = func(pos board.Position) (board.Point, engine.Method, error) {
		e, err := engine.New(c.opts)
		if err != nil {
			return board.NoPoint, 0, err
		}
		mv, rep := e.GenMove(pos)
		return mv, rep.Method, nil
	}
	return c
}

// check asks a fresh engine (as a fresh my_player process) for Black's move in n and
// proves with the solver that it keeps Black's win. It returns the position after the
// move and false on a slip.
func (c *certifier) check(n certNode) (board.Position, bool) {
	seen, err := board.Reread(n.pos, n.prev)
	if err != nil {
		c.slip(n.pos, fmt.Sprintf("input.txt: %v", err))
		return n.pos, false
	}
	start := cputime.Process()
	mv, method, err := c.choose(seen)
	cpu := cputime.Process() - start
	if err != nil {
		c.slip(n.pos, err.Error())
		return n.pos, false
	}
	m := int(n.pos.Move)
	c.checked++
	c.byMove[m]++
	c.byMethod[method]++
	c.levelMethods[method]++
	c.worstCPU[m] = max(c.worstCPU[m], cpu)
	after := n.pos
	if !after.Act(mv) {
		c.slip(n.pos, fmt.Sprintf("the engine played %v, illegal", mv))
		return after, false
	}
	switch {
	case after.Over:
		if after.Winner() != board.Black {
			c.slip(n.pos, fmt.Sprintf("%v ends the game lost", mv))
			return after, false
		}
	case method == engine.MethodBook && !c.cfg.reproveBook:
		// The book's moves were proved by solve book; the record is the proof.
	default:
		r := c.s.Solve(after, solver.Limits{})
		if !r.Known || r.Win {
			c.slip(n.pos, fmt.Sprintf("%v (by %v) lets White win", mv, method))
			return after, false
		}
	}
	return after, true
}

func (c *certifier) slip(pos board.Position, what string) {
	c.slips = append(c.slips, fmt.Sprintf("move %d: %s\n%s", pos.Move, what, pos.String()))
}

// whiteAnswers returns the positions after every action of White in pos that leave
// the game running, Black to move, not seen before up to symmetry.
func whiteAnswers(pos board.Position, seen map[uint64]bool) []certNode {
	var out []certNode
	for pt := board.Point(0); pt <= board.Pass; pt++ {
		child := pos
		if !child.Act(pt) || child.Over {
			continue
		}
		key, _ := child.CanonicalKey()
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, certNode{pos: child, prev: pos.Stones})
	}
	return out
}

// certify walks every Black decision from the empty board against every White action
// (positions reduced by the eight symmetries) through move cfg.through, asks the engine
// for each move exactly as my_player would and proves that the move keeps Black's win;
// then it plays cfg.games seeded random White continuations from the walk's last
// positions to the end of the game, checking every Black move the same way.
func certify(stdout, stderr io.Writer, cfg certifyConfig) error {
	if cfg.through < 1 || cfg.through > board.MaxMoves || cfg.through%2 == 0 {
		return base.Usagef("-through %d: must be an odd move number in 1..%d", cfg.through, board.MaxMoves)
	}
	if cfg.games < 0 || cfg.limit < 0 || cfg.skip < 0 {
		return base.Usagef("-games, -n and -skip must not be negative")
	}
	c := newCertifier(cfg, engine.Defaults(), stderr)
	c.start = cputime.Process()
	rng := rand.New(rand.NewPCG(cfg.seed, 0x6365727469667921))
	level := []certNode{{pos: board.New()}}
	var leaves []board.Position // White to move after the walk's last Black move
	for len(level) > 0 {
		level, leaves = c.walkLevel(stdout, rng, level, leaves)
	}
	c.playGames(rng, leaves)
	c.report(stdout, cputime.Process()-c.start)
	if len(c.slips) > 0 {
		for _, s := range c.slips {
			fmt.Fprintln(stdout, s)
		}
		return fmt.Errorf("%d slips: Black's win was lost", len(c.slips))
	}
	return nil
}

// walkLevel checks the engine's move in every position of level (Black to play the
// same move number), in a seeded order, and returns the next level (every White answer
// after each move, up to symmetry) and leaves with the positions after the walk's last
// move added.
func (c *certifier) walkLevel(stdout io.Writer, rng *rand.Rand, level []certNode, leaves []board.Position) ([]certNode, []board.Position) {
	clear(c.levelMethods)
	cfg := &c.cfg
	move := int(level[0].pos.Move)
	total := len(level)
	// A seeded order: any prefix of the level, a -n sample or a run stopped
	// early, is a uniform random sample of it.
	rng.Shuffle(len(level), func(i, j int) { level[i], level[j] = level[j], level[i] })
	if cfg.limit > 0 && len(level) > cfg.limit {
		level = level[:cfg.limit]
	}
	skipped := 0
	if move == cfg.through && cfg.skip > 0 {
		skipped = min(cfg.skip, len(level))
		level = level[skipped:]
		fmt.Fprintf(stdout, "move %2d: the first %d positions in the seeded order skipped (-skip)\n", move, skipped)
	}
	seen := map[uint64]bool{}
	var next []certNode
	for i, n := range level {
		after, ok := c.check(n)
		if c.progress {
			fmt.Fprintf(c.stderr, "\rmove %d: %d/%d checked, %d slips", move, i+1, len(level), len(c.slips))
		}
		if (i+1)%certifyReportEvery == 0 && i+1 < len(level) {
			// A long level reports as it goes, so that a stopped run still says what it checked.
			fmt.Fprintf(stdout, "move %2d: %6d of %d checked, %d slips so far, worst CPU %.3f s, %.0f CPU-s; this run %s\n",
				move, skipped+i+1, skipped+len(level), len(c.slips), c.worstCPU[move].Seconds(), (cputime.Process() - c.start).Seconds(),
				methodCounts(c.levelMethods))
		}
		if !ok || after.Over {
			continue
		}
		if move == cfg.through {
			leaves = append(leaves, after)
			continue
		}
		next = append(next, whiteAnswers(after, seen)...)
	}
	if c.progress {
		fmt.Fprintln(c.stderr)
	}
	fmt.Fprintf(stdout, "move %2d: %6d positions checked (of %d up to symmetry), %d slips so far, %.0f CPU-s; %s\n",
		move, len(level), total, len(c.slips), (cputime.Process() - c.start).Seconds(), methodCounts(c.levelMethods))
	return next, leaves
}

// playGames plays cfg.games seeded random White continuations from the walk's last
// positions to the end of the game, checking every Black move.
func (c *certifier) playGames(rng *rand.Rand, leaves []board.Position) {
	for g := range c.cfg.games {
		if len(leaves) == 0 {
			break
		}
		pos := leaves[rng.IntN(len(leaves))]
		for !pos.Over {
			prev := pos.Stones
			legal := pos.Legal()
			pick := rng.IntN(legal.Count() + 1) // every legal point or the pass
			if pick == legal.Count() {
				pos.Pass()
			} else {
				pos.Play(legal.Nth(pick))
			}
			if pos.Over {
				if pos.Winner() != board.Black {
					c.slip(pos, "White won")
				}
				break
			}
			after, ok := c.check(certNode{pos: pos, prev: prev})
			if !ok {
				break
			}
			pos = after
		}
		if c.progress {
			fmt.Fprintf(c.stderr, "\rgames: %d/%d played, %d slips", g+1, c.cfg.games, len(c.slips))
		}
	}
	if c.progress && c.cfg.games > 0 {
		fmt.Fprintln(c.stderr)
	}
}

// methodCounts lists counts by method, in the methods' order ("by book 12, by solver 3").
func methodCounts(counts map[engine.Method]int) string {
	methods := make([]engine.Method, 0, len(counts))
	for m := range counts {
		methods = append(methods, m)
	}
	slices.Sort(methods)
	parts := make([]string, len(methods))
	for k, m := range methods {
		parts[k] = fmt.Sprintf("by %v %d", m, counts[m])
	}
	return strings.Join(parts, ", ")
}

// report prints the counts: positions checked, by method and by move, and the worst
// CPU time of a move.
func (c *certifier) report(w io.Writer, cpu time.Duration) {
	fmt.Fprintf(w, "%d Black moves checked in %.0f CPU-s, %d slips\n", c.checked, cpu.Seconds(), len(c.slips))
	methods := make([]engine.Method, 0, len(c.byMethod))
	for m := range c.byMethod {
		methods = append(methods, m)
	}
	slices.Sort(methods)
	for _, m := range methods {
		fmt.Fprintf(w, "  by %-8v %6d\n", m, c.byMethod[m])
	}
	fmt.Fprintf(w, "%4s %8s %14s %14s\n", "move", "checked", "worst-CPU-s", "budget-s")
	var worst time.Duration
	for m := 1; m <= board.MaxMoves; m++ {
		if c.byMove[m] == 0 {
			continue
		}
		worst = max(worst, c.worstCPU[m])
		fmt.Fprintf(w, "%4d %8d %14.3f %14.3f\n", m, c.byMove[m], c.worstCPU[m].Seconds(), engine.PlanBudget(c.opts, m).Seconds())
	}
	fmt.Fprintf(w, "worst CPU of a move: %.3f s\n", worst.Seconds())
}

// BookLinePositions returns the distinct positions (up to symmetry) with move number
// move about to be played that arise from the empty board when Black plays the book's
// move and White any action; Black positions outside the book end their line.
func BookLinePositions(move int) []board.Position {
	level := []board.Position{board.New()}
	for len(level) > 0 && int(level[0].Move) < move {
		seen := map[uint64]bool{}
		var next []board.Position
		for _, pos := range level {
			var children []board.Position
			if pos.Turn == board.Black {
				mv, ok := opening.BookMove(pos)
				if !ok {
					continue
				}
				child := pos
				child.Act(mv)
				children = append(children, child)
			} else {
				for _, n := range whiteAnswers(pos, map[uint64]bool{}) {
					children = append(children, n.pos)
				}
			}
			for _, child := range children {
				if child.Over {
					continue
				}
				if key, _ := child.CanonicalKey(); !seen[key] {
					seen[key] = true
					next = append(next, child)
				}
			}
		}
		level = next
	}
	return level
}
