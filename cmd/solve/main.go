// Command solve reads an input.txt (the course host's format) and prints, for the side
// to move, whether it wins with perfect play and which actions keep the win.
//
//	solve [-move N] [-budget S] [-margin] [-jobs N] [input.txt]
//	solve -bench-positions [-moves 8,10,12,14] [-n 20] [-seed 1] [-budget S] [-margin] [-jobs N]
//	solve -book engine/book.lgtb [-book-first 2,2] [-book-last 9] [-workers 2] [-tt 22] [-book-progress FILE]
//	solve -bench-book [-moves 8,9] [-n 1000] [-seed 1] [-budget S]
//	solve -certify [-certify-through N] [-games 1000] [-seed 1] [-limit N] [-skip N] [-reprove-book] [-short]
//	solve -table -level K -shard i/n -o DIR [-root "2,2 1,2"] [-margin] [-position-limit S] [-checkpoint 1m]
//	solve -table-merge DIR -o FILE [-partial]
//	solve -table-join FILE,FILE... -o FILE
//	solve -table-verify FILE [-n 20] [-seed 1]
//
// input.txt carries no move number: -move gives the number of the move about to be
// played (1..24, odd for Black). It can be left out only on a first move (both boards
// empty with Black to play: move 1; an empty previous board with White to play: move 2).
// The exit status is 0 when the position was proved (or the other forms succeeded), 1 on
// bad input or a failure (a slip under -certify), 2 for bad usage (flags and arguments,
// a -tt table larger than half the machine's memory included), 3 when the budget ran
// out before the proof.
//
// -book proves Black's opening: after -book-first, for every answer of White, a move
// that keeps Black's win, up to move -book-last, and writes them as the table file the
// engine embeds (go generate ./engine runs it).
//
// The book's run is long: every proof is appended to a progress file (-book-progress,
// by default the output file + .progress) as it ends, and a new run takes the proofs
// from it instead of making them again.
//
// -table solves shard i of n of level K of the opening table (the positions after K
// moves from the empty board or -root) and -table-merge joins the shards into one table,
// the earlier levels by minimax (docs/solver.md, "The opening table"); -table-join makes
// merged tables of one root one (a deep level's values, a shallower one's margins);
// -table-verify proves a seeded sample of a table file's records again.
//
// -certify checks the claim that the engine, as my_player runs it (default options, a
// fresh engine for each move, the position read back from input.txt's format), wins
// every game as Black: it walks every Black decision from the empty board against every
// White action (positions reduced by the eight symmetries) through -certify-through
// (the book's last move + 2 by default), proves with the solver that each engine move
// keeps Black's win (book moves carry solve -book's proof unless -reprove-book), then
// plays -games seeded random White continuations to the end, checking every Black move
// the same way. It prints the counts by method and the worst CPU time per move, and
// exits 1 on any slip.
//
// -bench-book measures the CPU time the engine's solver (its table size, a fresh table
// each) takes to prove the positions along the book's lines at -moves, Black following
// the book and White playing anything: all of them, or a seeded sample of -n.
//
// -bench-positions measures the CPU time to prove seeded random positions (uniform
// random placements without passes from the empty board, solver.RandomPositions) at
// each move of -moves, with a fresh table for each, and prints the median and maximum.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/cmd/internal/cliflag"
	"littlego/engine"
	"littlego/internal/cputime"
	"littlego/solver"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// statusUnknown is the exit status when the budget ran out before the proof.
const statusUnknown = 3

// unknownError reports that the budget ran out before the proof.
type unknownError struct{ what string }

func (e unknownError) Error() string { return e.what }

// usageError is a mistake in the flags or arguments (exit status 2).
type usageError struct{ what string }

func (e usageError) Error() string { return e.what }

func usageErrorf(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// run is the command; it returns the exit status (see the package comment).
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	o, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	err := o.execute(stdout, stderr)
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "solve:", err)
	var u usageError
	var k unknownError
	switch {
	case errors.As(err, &u):
		return cliflag.StatusUsage
	case errors.As(err, &k):
		return statusUnknown
	}
	return 1
}

// options are the command line.
type options struct {
	args                                   []string // as given, for the book's header
	files                                  []string
	move, ttBits, count, bookLast, workers int
	jobs                                   int
	budget                                 float64
	margin, bench, benchBook               bool
	moves                                  string
	seed                                   uint64
	book, bookFirst, bookProgress          string
	bookProvedOnly                         bool
	certify                                bool
	cert                                   certifyConfig
	short                                  bool
	table                                  *tableConfig
}

const usage = `usage: solve [-move N] [-budget S] [-margin] [-jobs N] [input.txt]   (default: ./input.txt)
       solve -bench-positions | -bench-book [-moves LIST] [-n N] [-seed S] [-budget S]
       solve -book engine/book.lgtb [-book-first 2,2] [-book-last 9] [-workers N]
       solve -certify [-certify-through N] [-games N] [-limit N] [-skip N] [-short]
       solve -table -level K -shard i/n -o DIR [-root ACTIONS] [-margin] [-position-limit S]
       solve -table-merge DIR -o FILE [-partial]
       solve -table-join FILE,FILE... -o FILE
       solve -table-verify FILE [-n N] [-seed S]

Proves a Little-Go position exactly: whether the side to move wins with perfect play, and
every action that keeps the win. The other forms measure the solver, build Black's opening
book, and certify the engine's Black moves.

Exit status: 0 proved, 1 bad input or a failure, 2 bad usage, 3 the budget ran out first.

`

// parse reads the command line, or returns the exit status when the command is to
// stop (after -h, or on a bad flag, said on stderr).
func parse(args []string, stderr io.Writer) (*options, int, bool) {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	o := &options{args: args}
	fs.IntVar(&o.move, "move", 0, "number of the move about to be played, 1..24 (odd: Black); required unless the boards show a first move")
	fs.Float64Var(&o.budget, "budget", 60, "CPU seconds the whole run may use (0: no limit)")
	fs.IntVar(&o.ttBits, "tt", 22, "log2 of the transposition table entries (16 bytes each); the tables must fit in half the machine's memory")
	fs.BoolVar(&o.margin, "margin", false, "also find the exact final margin black - white and a move that achieves it")
	fs.BoolVar(&o.bench, "bench-positions", false, "measure the time to prove seeded random positions instead of solving a file")
	fs.StringVar(&o.moves, "moves", "8,10,12,14", "with -bench-positions or -bench-book: the move numbers to measure")
	fs.IntVar(&o.count, "n", 20, "with -bench-positions or -bench-book: positions per move number")
	fs.Uint64Var(&o.seed, "seed", 1, "with -bench-positions or -bench-book: the seed of the positions")
	fs.StringVar(&o.book, "book", "", "write Black's proved opening book to this table file (engine/book.lgtb) instead of solving a file")
	fs.StringVar(&o.bookFirst, "book-first", "2,2", "with -book: Black's first move (2,2 is its only winning one: solve -budget 0 -tt 25 on the empty board)")
	fs.IntVar(&o.bookLast, "book-last", 9, "with -book: the last Black move number the book covers (odd, 3..23)")
	fs.IntVar(&o.workers, "workers", 2, "with -book: positions proved at once, one solver each")
	fs.IntVar(&o.jobs, "jobs", 1, "threads that search one position together over its table (solving a file and -bench-positions); -budget counts them all")
	fs.BoolVar(&o.bookProvedOnly, "book-proved-only", false, "with -book: prove nothing, write the book from the progress file alone (a stopped run's partial last move)")
	fs.StringVar(&o.bookProgress, "book-progress", "", "with -book: the file of positions proved so far, appended to as proofs end and read on restart (default: the -book file + .progress)")
	fs.BoolVar(&o.certify, "certify", false, "check the engine's move (default options, as my_player) in every Black position of the book's lines, then in seeded random games")
	fs.IntVar(&o.cert.through, "certify-through", engine.BookLastMove()+2, "with -certify: the last Black move walked against every White action")
	fs.IntVar(&o.cert.games, "games", 1000, "with -certify: seeded random White continuations played to the end after the walk")
	fs.IntVar(&o.cert.limit, "limit", 0, "with -certify: check a seeded sample of this many positions per move of the walk (0: all)")
	fs.BoolVar(&o.cert.reproveBook, "reprove-book", false, "with -certify: prove the book's moves again instead of trusting solve -book's proofs")
	fs.IntVar(&o.cert.skip, "skip", 0, "with -certify: skip the first N positions (in the seeded order) of the last move walked, to resume a stopped run (the N its last report counted) or to share the move between processes")
	fs.BoolVar(&o.short, "short", false, "with -certify: a quick subset (the walk through move 5, 40 positions per move, 3 games)")
	fs.BoolVar(&o.benchBook, "bench-book", false, "measure the CPU time to prove the positions along the book's lines at -moves (a seeded sample of -n; 0: all)")
	o.table = tableFlags(fs)
	if status, ok := cliflag.Parse(fs, args, stderr, usage); !ok {
		return nil, status, false
	}
	o.files = fs.Args()
	return o, cliflag.StatusOK, true
}

// execute runs the form the options select.
func (o *options) execute(stdout, stderr io.Writer) error {
	if o.budget < 0 {
		return usageErrorf("-budget %v: must be 0 (no limit) or positive", o.budget)
	}
	if o.ttBits < 10 || o.ttBits > 30 {
		return usageErrorf("-tt %d: must be in 10..30", o.ttBits)
	}
	if o.jobs < 1 || o.jobs > 64 {
		return usageErrorf("-jobs %d: must be in 1..64", o.jobs)
	}
	lim := time.Duration(o.budget * float64(time.Second))
	switch {
	case o.book != "":
		return o.makeBook(stdout, stderr)
	case o.table.build:
		return buildShard(stdout, stderr, o.table, o.ttBits, o.margin)
	case o.table.merge != "":
		return mergeTable(stdout, o.table.merge, o.table.out, o.table.partial)
	case o.table.join != "":
		return joinTables(stdout, o.table.join, o.table.out)
	case o.table.verify != "":
		return verifyTable(stdout, o.table.verify, o.count, o.seed, o.ttBits)
	case o.certify:
		if err := checkTableMemory(o.ttBits, 1); err != nil {
			return err
		}
		o.cert.seed, o.cert.ttBits = o.seed, o.ttBits
		if o.short {
			o.cert.through, o.cert.games, o.cert.limit = 5, 3, 40
		}
		return certify(stdout, stderr, o.cert)
	case o.bench || o.benchBook:
		return o.runBench(stdout, lim)
	}
	if err := checkTableMemory(o.ttBits, 1); err != nil {
		return err
	}
	pos, err := o.readPosition(stderr)
	if err != nil {
		return err
	}
	return solveOne(stdout, stderr, pos, lim, o.ttBits, o.jobs, o.margin)
}

// makeBook checks the -book flags and writes the book.
func (o *options) makeBook(stdout, stderr io.Writer) error {
	first, err := board.ParseOutput(strings.NewReader(o.bookFirst))
	if err != nil {
		return usageErrorf("-book-first %q: %v", o.bookFirst, err)
	}
	if err := checkTableMemory(o.ttBits, max(o.workers, 1)); err != nil {
		return err
	}
	if o.bookProgress == "" {
		o.bookProgress = o.book + ".progress"
	}
	return makeBook(stdout, stderr, first, o.bookLast, o.workers, o.ttBits, o.book, o.bookProgress, bookCommandLine(o.args), o.bookProvedOnly)
}

// runBench runs -bench-positions or -bench-book.
func (o *options) runBench(stdout io.Writer, lim time.Duration) error {
	if len(o.files) > 0 {
		return usageErrorf("-bench-positions takes no file, got %q", o.files[0])
	}
	ms, err := parseMoves(o.moves)
	if err != nil {
		return err
	}
	if o.benchBook {
		if o.count < 0 {
			return usageErrorf("-n %d: must be 0 (all) or positive", o.count)
		}
		return benchBook(stdout, ms, o.count, o.seed, lim, engine.SolverTableBits)
	}
	if err := checkTableMemory(o.ttBits, 1); err != nil {
		return err
	}
	return benchPositions(stdout, ms, o.count, o.seed, lim, o.ttBits, o.jobs, o.margin)
}

// readPosition reads the input file (./input.txt by default) and returns the position
// to solve, its move number from -move or inferred on a first move.
func (o *options) readPosition(stderr io.Writer) (board.Position, error) {
	path := "input.txt"
	switch len(o.files) {
	case 0:
		fmt.Fprintln(stderr, "solve: reading ./input.txt (give a file to read another)")
	case 1:
		path = o.files[0]
	default:
		return board.Position{}, usageErrorf("expected at most one input file, got %d arguments", len(o.files))
	}
	f, err := os.Open(path)
	if err != nil {
		return board.Position{}, err
	}
	in, err := board.ParseInput(f)
	f.Close()
	if err != nil {
		return board.Position{}, fmt.Errorf("%s: %v", path, err)
	}
	if err := in.Consistency(); err != nil {
		return board.Position{}, fmt.Errorf("%s: the boards do not follow from one another: %v", path, err)
	}
	n, err := moveNumber(in, o.move)
	if err != nil {
		return board.Position{}, usageError{err.Error()} // -move is missing or wrong
	}
	return in.Position(n), nil
}

// moveNumber checks -move against the colour, or infers it on a first move.
func moveNumber(in board.Input, move int) (int, error) {
	if move == 0 {
		empty := board.Stones{}
		switch {
		case in.Color == board.Black && in.Previous == empty && in.Current == empty:
			return 1, nil
		case in.Color == board.White && in.Previous == empty && in.Current[board.White] == 0 && in.Current[board.Black].Count() <= 1:
			return 2, nil
		}
		return 0, errors.New("-move is required: input.txt does not say which move is about to be played")
	}
	if move < 1 || move > board.MaxMoves {
		return 0, fmt.Errorf("-move %d: must be in 1..%d", move, board.MaxMoves)
	}
	if (move%2 == 1) != (in.Color == board.Black) {
		return 0, fmt.Errorf("-move %d is a %s move but input.txt has %s to play", move, board.Color((move+1)%2), in.Color)
	}
	return move, nil
}

// parseMoves reads the -moves list.
func parseMoves(moveList string) ([]int, error) {
	var moves []int
	for _, f := range strings.Split(moveList, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || m < 1 || m > board.MaxMoves {
			return nil, usageErrorf("-moves %q: expected move numbers 1..24 separated by commas", moveList)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// remaining returns what is left of a budget started at start (lim 0: no limit).
func remaining(start, lim time.Duration) solver.Limits {
	if lim == 0 {
		return solver.Limits{}
	}
	left := lim - (cputime.Process() - start)
	if left <= 0 {
		left = time.Nanosecond
	}
	return solver.Limits{CPU: left}
}

func solveOne(stdout, stderr io.Writer, pos board.Position, lim time.Duration, ttBits, jobs int, margin bool) error {
	start, wall := cputime.Process(), time.Now()
	s := solver.New(ttBits)
	s.SetWorkers(jobs)
	r := s.Solve(pos, remaining(start, lim))
	if !r.Known {
		return unknownError{fmt.Sprintf("unknown: the budget of %v CPU ran out after %d nodes", lim, r.Nodes)}
	}
	nodes := r.Nodes
	win, lose, known := s.WinningMoves(pos, remaining(start, lim))
	nodes += s.Nodes()
	if !known {
		return unknownError{fmt.Sprintf("%s: the budget of %v CPU ran out while sorting the moves", verdict(pos, r.Win), lim)}
	}
	fmt.Fprintf(stdout, "%s to play move %d: %s\n", pos.Turn, pos.Move, verdict(pos, r.Win))
	fmt.Fprintf(stdout, "winning: %s\n", pointList(win))
	fmt.Fprintf(stdout, "losing: %s\n", pointList(lose))
	if margin {
		m := s.Margin(pos, remaining(start, lim))
		nodes += m.Nodes
		if !m.Known {
			return unknownError{fmt.Sprintf("margin unknown: the budget of %v CPU ran out", lim)}
		}
		fmt.Fprintf(stdout, "margin: %+d (black - white with perfect play; Black needs %+d) by %v\n", m.Margin, board.BlackMargin, m.Best)
	}
	fmt.Fprintf(stderr, "proved with %d nodes in %.3f s CPU, %.3f s wall (-jobs %d)\n", nodes, (cputime.Process() - start).Seconds(), time.Since(wall).Seconds(), max(jobs, 1))
	return nil
}

func verdict(pos board.Position, win bool) string {
	if pos.Over {
		return "the game is over, " + pos.Winner().String() + " has won"
	}
	if win {
		return "WIN for " + pos.Turn.String()
	}
	return "LOSS for " + pos.Turn.String()
}

func pointList(ps []board.Point) string {
	if len(ps) == 0 {
		return "(none)"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, " ")
}

// benchPositions proves RandomPositions at each move number (with jobs threads each)
// and prints, per move, the median, 90th percentile and maximum CPU time (unknown
// results count as the budget) and the median wall time.
func benchPositions(stdout io.Writer, moves []int, count int, seed uint64, lim time.Duration, ttBits, jobs int, margin bool) error {
	if count < 1 {
		return usageErrorf("-n %d: must be at least 1", count)
	}
	what := "Solve"
	if margin {
		what = "Margin"
	}
	fmt.Fprintf(stdout, "%s on %d seeded random positions per move (seed %d, budget %v, table 2^%d, %d threads)\n", what, count, seed, lim, ttBits, max(jobs, 1))
	fmt.Fprintf(stdout, "%4s %7s %10s %9s %9s %9s %11s %8s %9s\n", "move", "proved", "mover-wins", "median-s", "p90-s", "max-s", "max-nodes", "Mnodes/s", "wall-med")
	s := solver.New(ttBits)
	s.SetWorkers(jobs)
	for _, m := range moves {
		var times, walls []time.Duration
		var maxNodes, sumNodes int64
		var sumCPU time.Duration
		proved, wins := 0, 0
		for _, pos := range solver.RandomPositions(seed, m, count) {
			s.Clear()
			wall := time.Now()
			var known, win bool
			var nodes int64
			var cpu time.Duration
			if margin {
				r := s.Margin(pos, solver.Limits{CPU: lim})
				known, nodes, cpu = r.Known, r.Nodes, r.CPU
				win = (r.Margin >= board.BlackMargin) == (pos.Turn == board.Black)
			} else {
				r := s.Solve(pos, solver.Limits{CPU: lim})
				known, win, nodes, cpu = r.Known, r.Win, r.Nodes, r.CPU
			}
			if known {
				proved++
				if win {
					wins++
				}
			}
			times, walls = append(times, cpu), append(walls, time.Since(wall))
			sumCPU += cpu
			sumNodes += nodes
			maxNodes = max(maxNodes, nodes)
		}
		slices.Sort(times)
		slices.Sort(walls)
		rate := float64(sumNodes) / sumCPU.Seconds() / 1e6
		fmt.Fprintf(stdout, "%4d %7s %10d %9.4f %9.4f %9.4f %11d %8.2f %9.4f\n", m, fmt.Sprintf("%d/%d", proved, len(times)), wins,
			times[len(times)/2].Seconds(), times[len(times)*9/10].Seconds(), times[len(times)-1].Seconds(), maxNodes, rate, walls[len(walls)/2].Seconds())
	}
	return nil
}
