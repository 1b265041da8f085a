// position.go: the plain solve of a position: input.txt read, its move number from -move, the helper file or the boards, the value and every winning action proved.

// Package position is the plain solve of a position (solve [flags] [input.txt]): whether
// the side to move wins with perfect play, which actions keep the win, and with -margin
// the exact final margin.
package position

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"littlego/board"
	"littlego/cmd/internal/player"
	"littlego/cmd/internal/storeflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/internal/regularfile"
	"littlego/lib/cliflag"
	"littlego/lib/cputime"
	"littlego/record"
	"littlego/solver"
)

// Cmd is the plain solve of a position; it has no name of its own.
var Cmd = &base.Command{
	Name:      "",
	UsageLine: "littlego solve [-move N] [-cpu S] [-margin] [-sort] [-threads N] [-tt N] [input.txt]",
	Short:     "prove a position: its value and every winning action",
	Long: `Solve reads an input.txt (the course host's format; ./input.txt by default) and prints,
for the side to move, whether it wins with perfect play and how that is known ([opening
table], [empty board], [book], [end], [solver], or [implied by ...]: what one of them proves
of the position before or after this one implies of it), which actions keep the win and
which lose, and with -margin the exact final margin (black - white) and an action that
achieves it. What is proved without search (the game's end, a pass that would end it, the
opening table, the solved empty board, Black's book, and what they imply) is answered at
once; the solver proves the rest, saying on stderr every 10 s what it is proving. Once the
value is proved, sorting the actions gets a tenth of -cpu (the whole of it with -sort):
the actions not sorted by then are listed as such, and the status is 0 all the same. The
status is 3 only when the position's value is unknown (-cpu ran out before its proof); a
margin not proved within -cpu is said on its line.

input.txt carries no move number. Without -move it is taken from my_player's helper file
for the side to move beside input.txt (littlego_state_black.txt or
littlego_state_white.txt) when that file's board is input.txt's previous board, or from
the boards on a first move (both empty with Black to play: move 1; an empty previous
board with White to play: move 2); otherwise -move is required.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		move := fs.Int("move", 0, "the `number` of the move about to be played, 1..24 (odd: Black); by default from the helper file or a first move's boards")
		var lim time.Duration
		cliflag.CPU(fs, &lim, time.Minute, "the whole run's (0: no limit); what facts knows (the game's end, a pass that ends it, the opening table, the empty board, the book) costs none")
		margin := fs.Bool("margin", false, "also find the exact final margin black - white and an action that achieves it")
		sortAll := fs.Bool("sort", false, "sort every action into winning and losing with the whole -cpu (without it: a tenth of -cpu once the value is proved)")
		useFacts := fs.Bool("facts", true, "take what is proved without search as it is; -facts=false proves everything with the solver (to measure it)")
		var threads int
		cliflag.Threads(fs, &threads, 1, "they search the position together over its table; -cpu counts them all")
		cliflag.Renamed(fs, map[string]string{"budget": "cpu", "jobs": "threads"})
		var ttBits int
		base.IntTT(fs, &ttBits)
		tree := defineTreeFlags(fs)
		var store string
		storeflag.Var(fs, &store)
		fs.Lookup("tt").Usage = "log2 of the `number` of transposition table entries (16 bytes each); the tables must fit in half the machine's memory" // named as -move's and -threads' are
		return func(args []string, out base.Output) error {
			if err := base.CheckThreads("threads", threads); err != nil {
				return err
			}
			if err := base.CheckTT(ttBits, 1); err != nil {
				return err
			}
			if err := tree.check(); err != nil {
				return err
			}
			p, err := readPosition(args, *move, out.Stderr)
			if err != nil {
				return err
			}
			o := settings{lim: lim, ttBits: ttBits, threads: threads, margin: *margin, sortAll: *sortAll}
			if *useFacts {
				o.cache = facts.NewCache()
				defer storeflag.Attach(store, "solve", o.cache, out.Stderr)()
			}
			err = solveOne(out.Stdout, out.Stderr, p, o)
			if terr := tree.write(p, lim, out.Stderr); terr != nil {
				return terr
			}
			return err
		}
	},
}

// readPosition reads the input file (./input.txt without args) and returns the position
// to solve, its move number from move, the helper file or a first move's boards.
func readPosition(args []string, move int, stderr io.Writer) (board.Position, error) {
	path := "input.txt"
	switch len(args) {
	case 0:
		fmt.Fprintln(stderr, "solve: reading ./input.txt (give a file to read another)")
	case 1:
		path = args[0]
	default:
		return board.Position{}, base.Usagef("expected at most one input file, got %d arguments (%s)", len(args), strings.Join(args, " "))
	}
	data, err := regularfile.Read(path, 1<<12)
	if err != nil {
		return board.Position{}, err
	}
	in, err := board.ParseInput(bytes.NewReader(data))
	if err != nil {
		return board.Position{}, fmt.Errorf("%s: %v", path, err)
	}
	if err := in.Consistency(); err != nil {
		return board.Position{}, fmt.Errorf("%s: the boards do not follow from one another: %v", path, err)
	}
	n, err := moveNumber(in, move, filepath.Dir(path))
	if err != nil {
		return board.Position{}, base.UsageError{What: err.Error()} // -move is missing or wrong
	}
	return in.Position(n), nil
}

// moveNumber checks move against the colour, or takes the number from the helper file
// of the side to move in dir, or from the boards on a first move.
func moveNumber(in board.Input, move int, dir string) (int, error) {
	if move != 0 {
		if move < 1 || move > board.MaxMoves {
			return 0, fmt.Errorf("-move %d: must be in 1..%d", move, board.MaxMoves)
		}
		if (move%2 == 1) != (in.Color == board.Black) {
			return 0, fmt.Errorf("-move %d is a %s move but input.txt has %s to play", move, board.Color((move+1)%2), in.Color)
		}
		return move, nil
	}
	empty := board.Stones{}
	switch {
	case in.Color == board.Black && in.Previous == empty && in.Current == empty:
		return 1, nil
	case in.Color == board.White && in.Previous == empty && in.Current[board.White] == 0 && in.Current[board.Black].Count() <= 1:
		return 2, nil
	}
	name := player.StateFileName(in.Color)
	data, err := regularfile.Read(filepath.Join(dir, name), 1<<10)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("-move is required: input.txt does not say which move is about to be played, and there is no %s beside it", name)
	}
	var st player.State
	if err == nil {
		st, err = player.ReadState(bytes.NewReader(data))
	}
	if err != nil {
		return 0, fmt.Errorf("-move is required: %s: %v", name, err)
	}
	m, note := player.MoveNumber(&in, &st)
	if note != "" {
		return 0, fmt.Errorf("-move is required: %s", strings.Split(note, ";")[0])
	}
	return m, nil
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

// progressEvery is how often a long solve says on stderr what it is proving.
var progressEvery = 10 * time.Second

// settings are a plain solve's flags.
type settings struct {
	cache           *facts.Cache  // with -facts: what is proved without search and before (the proof store); nil: only the game's end
	lim             time.Duration // the whole run's CPU (0: no limit)
	ttBits, threads int
	margin          bool // find the exact margin too
	sortAll         bool // sort every action with the whole of lim (-sort)
}

// sortShare is the part of -cpu that sorting the actions gets without -sort, once the
// value is proved: the value is what was asked, and a long sort must not hide it.
const sortShare = 10

// solveOne proves pos: its value, each action's, and with margin its exact margin. With
// useFacts, what facts knows without search (the game's end, a pass that ends it, the
// opening table, the solved empty board, the book, and what they imply) is taken as it
// is, its source named; the solver proves the rest within lim, saying on stderr what it
// is proving every progressEvery. Sorting the actions gets lim/sortShare (all of lim with
// sortAll); the actions it leaves are listed as not sorted. The error is an UnknownError
// only when the value is not proved.
func solveOne(stdout, stderr io.Writer, pos board.Position, o settings) error {
	start, wall := cputime.Process(), time.Now()
	p := newProgress(stderr, start)
	defer p.stop()
	known := knownOf(pos, o.cache)
	s := solver.New(o.ttBits)
	s.SetWorkers(o.threads)
	var nodes int64
	value, source := known.Value, string(known.Source)
	if value == facts.Unknown && !pos.Over {
		p.set("the position")
		r := s.Solve(pos, base.Remaining(start, o.lim))
		nodes += r.Nodes
		if !r.Known {
			return base.UnknownError{What: fmt.Sprintf("unknown: the budget of %v CPU ran out after %d nodes", o.lim, r.Nodes)}
		}
		value, source = facts.Loss, "solver"
		if r.Win {
			value = facts.Win
		}
		learn(o.cache, pos, value, r.Best)
	}
	fmt.Fprintf(stdout, "%s to play move %d: %s [%s]\n", pos.Turn, pos.Move, verdict(pos, value == facts.Win), source)
	sortStart, sortLim := cputime.Process(), o.lim
	if o.lim > 0 {
		sortLim = max(o.lim-(sortStart-start), time.Nanosecond)
		if !o.sortAll {
			sortLim = min(sortLim, o.lim/sortShare)
		}
	}
	win, lose, unsorted, n := sortMoves(s, pos, known, value, o.cache, p, sortStart, sortLim)
	nodes += n
	fmt.Fprintf(stdout, "winning: %s\n", base.PointList(win))
	fmt.Fprintf(stdout, "losing: %s\n", base.PointList(lose))
	if len(unsorted) > 0 {
		fmt.Fprintf(stdout, "not sorted: %s\n", base.PointList(unsorted))
		more := " (-sort gives the sorting all of -cpu)"
		if o.sortAll {
			more = ""
		}
		p.say(stderr, "solve: %d of %d actions sorted within %v of CPU%s\n", len(win)+len(lose), len(win)+len(lose)+len(unsorted), sortLim, more)
	}
	if o.margin {
		m, src, n := marginOf(s, pos, known, p, start, o.lim)
		nodes += n
		if m.Known {
			fmt.Fprintf(stdout, "margin: %+d, %s (black - white stones with perfect play, then after the komi; Black needs %+d)%s [%s]\n", m.Margin, record.Result(m.Margin), board.BlackMargin, byAction(m.Best), src)
		} else {
			fmt.Fprintf(stdout, "margin: unknown (the budget of %v CPU ran out)\n", o.lim)
		}
	}
	p.say(stderr, "proved with %d nodes in %.3f s CPU, %.3f s wall (-threads %d)\n", nodes, (cputime.Process() - start).Seconds(), time.Since(wall).Seconds(), max(o.threads, 1))
	return nil
}

// sortMoves splits the actions of pos into winning and losing for the side to move: from
// facts where it knows them (every action loses in a lost position), the solver for the
// rest within lim from start (0: no limit); unsorted holds those lim left unproved.
func sortMoves(s *solver.Solver, pos board.Position, known facts.Fact, value facts.Value, cache *facts.Cache, p *progress, start, lim time.Duration) (win, lose, unsorted []board.Point, nodes int64) {
	moves := facts.Moves(pos, known, func(child board.Position) facts.Fact { return knownOf(child, cache) })
	for k, m := range moves {
		v := m.Value
		if v == facts.Unknown && value == facts.Loss {
			v = facts.Loss
		}
		if v == facts.Unknown && len(unsorted) == 0 && (lim == 0 || cputime.Process()-start < lim) {
			p.set(fmt.Sprintf("move %s (%d of %d)", m.Action, k+1, len(moves)))
			child := pos
			child.Act(m.Action)
			r := s.Solve(child, base.Remaining(start, lim))
			nodes += r.Nodes
			if r.Known {
				v = facts.Win
				if r.Win {
					v = facts.Loss
				}
				learn(cache, child, v.Flip(), r.Best)
			}
		}
		switch v {
		case facts.Win:
			win = append(win, m.Action)
		case facts.Loss:
			lose = append(lose, m.Action)
		default:
			unsorted = append(unsorted, m.Action)
		}
	}
	return win, lose, unsorted, nodes
}

// knownOf returns what the cache knows of pos (without search, and what was proved
// before), or, with no cache (-facts=false), only the game's end (the solver proves the
// rest: a measurement of the solver).
func knownOf(pos board.Position, cache *facts.Cache) facts.Fact {
	switch {
	case cache != nil:
		return cache.Known(pos)
	case pos.Over:
		return facts.Known(pos)
	}
	return facts.Unproved(pos.Turn)
}

// learn keeps in cache (and so in the proof store) the value v, for the side to move, that
// the solver proved of pos, with its winning action best.
func learn(cache *facts.Cache, pos board.Position, v facts.Value, best board.Point) {
	if cache == nil || pos.Over {
		return
	}
	f := facts.Proof(pos.Turn, v, facts.Solver)
	if v == facts.Win && best != board.NoPoint {
		f = f.WithWinning(best)
	}
	cache.Learn(pos, f)
}

// marginOf returns the exact margin of pos and its source (facts', or the solver's
// within what is left of lim), or a result not Known when lim ran out first.
func marginOf(s *solver.Solver, pos board.Position, known facts.Fact, p *progress, start, lim time.Duration) (solver.MarginResult, string, int64) {
	if m, exact := known.Margin(); exact {
		best := board.NoPoint
		if len(known.Keeping) > 0 {
			best = known.Keeping[0]
		}
		return solver.MarginResult{Known: true, Margin: m, Best: best}, string(known.MarginSource), 0
	}
	p.set("the margin")
	m := s.Margin(pos, base.Remaining(start, lim))
	return m, "solver", m.Nodes
}

// byAction names the action that achieves a margin, where the source records one.
func byAction(a board.Point) string {
	if a == board.NoPoint {
		return ""
	}
	return " by " + a.String()
}

// progress says on stderr, every progressEvery of wall time, what a solve is proving and
// the CPU it has used.
type progress struct {
	mu       sync.Mutex
	what     string
	done     chan struct{}
	finished chan struct{}
}

func newProgress(stderr io.Writer, start time.Duration) *progress {
	p := &progress{done: make(chan struct{}), finished: make(chan struct{})}
	go func() {
		defer close(p.finished)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-t.C:
				p.mu.Lock()
				fmt.Fprintf(stderr, "solve: proving %s, %.0f s of CPU so far\n", p.what, (cputime.Process() - start).Seconds())
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// say writes a line to stderr between the progress lines, never into one.
func (p *progress) say(stderr io.Writer, format string, a ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(stderr, format, a...)
}

func (p *progress) set(what string) {
	p.mu.Lock()
	p.what = what
	p.mu.Unlock()
}

// stop ends the progress lines; a line being written ends before it returns, so the
// command's own output never interleaves with one.
func (p *progress) stop() {
	close(p.done)
	<-p.finished
}
