// Command perfect checks that the engine keeps a won game won. It reads arena game
// records (the JSON lines of `littlego arena -o`), replays them, and collects the positions
// at the chosen move numbers in which the side to move wins with perfect play. In each
// (in a seeded random order, duplicates removed, at most -n), a fresh engine chooses a
// move exactly as my_player would (the position goes through input.txt's format, the
// game plan and the default budget apply), and the result is judged: the move keeps the
// win when the game ends won, when the engine proved it (by the book, the opening table
// or the solver), or when the opponent, to move, is proved lost. Positions are judged
// by what the tables prove and imply (facts.Known) and otherwise by the solver.
//
//	perfect [-moves 11-24] [-n 1000] [-order 1] [-cpu 60] [engine flags] GAMES.json ...
//
// It prints one line per move number (positions, kept, lost, unverified, CPU per move)
// and every position in which the win slipped, as a diagram with the move, so that it
// can be studied. The exit status is 1 when a win slipped or the input is bad, 2 for bad
// usage.
package perfect

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"littlego/board"
	"littlego/cmd/internal/engineflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/engine"
	"littlego/facts"
	"littlego/lib/cliflag"
	"littlego/lib/cputime"
	"littlego/record"
	"littlego/solver"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// errSlipped reports that the engine let a won position go.
var errSlipped = errors.New("the engine gave away a won position")

// sample is one position to check: where it came from and the position itself.
type sample struct {
	from string // file:game
	pos  board.Position
}

// tally counts the outcome at one move number.
type tally struct {
	positions, kept, lost, unverified int
	solverMoves                       int
	sumCPU, maxCPU                    time.Duration
}

// add counts t into the total u.
func (u *tally) add(t tally) {
	u.positions += t.positions
	u.kept += t.kept
	u.lost += t.lost
	u.unverified += t.unverified
	u.solverMoves += t.solverMoves
	u.sumCPU += t.sumCPU
	u.maxCPU = max(u.maxCPU, t.maxCPU)
}

// options are the command line.
type options struct {
	engine engine.Options
	want   func(move int) bool // the move numbers to check
	count  int
	order  uint64
	verify time.Duration // the solver's CPU per judgement (0: no limit)
	loan   bool          // offer the game's loan, as a fresh folder does
	files  []string
}

// Cmd is "littlego perfect". Exit status 0 when every win was kept, 1 when one slipped
// or the input is bad, 2 for bad usage.
var Cmd = &base.Command{
	Name:      "perfect",
	UsageLine: "littlego perfect [-moves 11-24] [-n 1000] [-order 1] [-cpu 60] [engine flags] GAMES.json ...",
	Short:     "measure how often the engine's moves keep the proved result",
	Long: `Replays arena game records (littlego arena -o), asks a fresh engine for its move in every won position at
the chosen move numbers, and judges each move: what the opening tables prove and imply, else the exact
solver (-cpu); a move the engine proved (book, table, solver) keeps the win without a second solve.
Exit status 1 if a win slipped or the input is bad, 2 for bad usage.`,
	FlagsFirst: true,
	Setup:      setup,
}

// setup defines the command line; its run checks it and checks the engine's moves.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	moves := fs.String("moves", "11-24", "move numbers to check: a range lo-hi or a list 8,9,10 (14 or fewer moves left: 11-24)")
	var count int
	cliflag.Count(fs, &count, 1000, "positions to check at most (seeded random order)")
	order := fs.Uint64("order", 1, "seed of the order in which positions are drawn")
	var verify time.Duration
	cliflag.CPU(fs, &verify, time.Minute, "the solver's, judging one position (0: no limit)")
	cliflag.Renamed(fs, map[string]string{"verify-budget": "cpu"})
	o := &options{engine: engine.Defaults()}
	fs.BoolVar(&o.loan, "loan", true, "offer each move the game's loan for proofs, as my_player does in a fresh folder (false: the plan's budget alone)")
	// -cpu is the solver's (as it was before the engine's options joined the
	// vocabulary), so the engine's budget is -engine-cpu beside it.
	engineflag.Register(fs, &o.engine, engineflag.Names{CPU: "engine-cpu", Threads: "threads"})
	return func(args []string, out base.Output) error {
		if err := o.engine.Validate(); err != nil {
			return base.UsageError{What: err.Error()}
		}
		lo, hi, list, err := parseMoves(*moves)
		switch {
		case err != nil:
			return base.UsageError{What: err.Error()}
		case count < 1:
			return base.Usagef("-n %d: must be at least 1", count)
		case len(args) == 0:
			return base.Usagef("no game records: give one or more files written by littlego arena -o")
		}
		o.want = func(m int) bool {
			if list != nil {
				return list[m]
			}
			return m >= lo && m <= hi
		}
		o.count, o.order, o.files, o.verify = count, *order, args, verify
		return o.check(out.Stdout, out.Stderr)
	}
}

// check reads the positions, checks the engine's move in up to o.count won ones, and
// prints the table; it returns errSlipped when a win slipped.
func (o *options) check(stdout, stderr io.Writer) error {
	var all []sample
	seen := map[uint64]bool{}
	for _, path := range o.files {
		got, err := readPositions(path, o.want, seen)
		if err != nil {
			return err
		}
		all = append(all, got...)
	}
	rng := rand.New(rand.NewPCG(o.order, 0x7065726665637421))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })

	judge := solver.New(solver.DefaultTableBits)
	var byMove [board.MaxMoves + 1]tally
	checked, slipped, undecided := 0, 0, 0
	goal := min(o.count, len(all))
	if len(all) < o.count {
		fmt.Fprintf(stderr, "perfect: %d distinct positions at the chosen moves, fewer than -n %d: every one drawn, the won ones checked\n", len(all), o.count)
	}
	progress := newProgress(stderr, goal, len(all))
	// An interrupt (SIGINT, SIGTERM) stops the drawing of positions: the table covers
	// those checked so far, so that a long run can be cut short and still report.
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(stop)
	interrupted := false
	for drawn, s := range all {
		if checked == o.count || interrupted {
			break
		}
		select {
		case <-stop:
			interrupted = true
			fmt.Fprintf(stdout, "interrupted: the table covers the %d positions checked so far\n", checked)
			continue
		default:
		}
		win, known := o.value(judge, s.pos)
		if !known {
			undecided++
		}
		if !known || !win {
			continue // only positions the side to move wins are checked
		}
		checked++
		progress.step(checked)
		lost, err := o.checkOne(judge, s, &byMove[s.pos.Move], stdout)
		if err != nil {
			return err
		}
		if lost {
			slipped++
		}
		progress.line(checked, drawn+1, slipped)
	}
	progress.done()
	fmt.Fprintf(stdout, "engine: %s, loan=%t\n", o.engine, o.loan)
	fmt.Fprintf(stdout, "%d won positions checked (of %d distinct positions at the chosen moves in %d files; %d drawn not decided within -cpu)\n", checked, len(all), len(o.files), undecided)
	writeTable(stdout, &byMove)
	if slipped > 0 {
		return errSlipped
	}
	return nil
}

// checkOne asks a fresh engine for its move in the won position s, judges it (o.value,
// unless the engine proved it), counts it in t and prints the position when the win slipped.
func (o *options) checkOne(judge *solver.Solver, s sample, t *tally, stdout io.Writer) (lost bool, err error) {
	t.positions++
	mv, rep, err := engineMove(o.engine, s.pos, o.loan)
	if err != nil {
		return false, err
	}
	t.sumCPU += rep.cpu
	t.maxCPU = max(t.maxCPU, rep.cpu)
	if rep.method == "solver" {
		t.solverMoves++
	}
	child := s.pos
	if !child.Act(mv) {
		return false, fmt.Errorf("%s: the engine chose illegal %v at move %d", s.from, mv, s.pos.Move)
	}
	var keeps, known bool
	switch {
	case child.Over:
		keeps, known = child.Winner() == s.pos.Turn, true
	case rep.proved:
		keeps, known = true, true // the engine's own proof; a second solve would repeat it
	default:
		win, ok := o.value(judge, child)
		keeps, known = !win, ok
	}
	switch {
	case !known:
		t.unverified++
	case keeps:
		t.kept++
	default:
		t.lost++
		judge.Clear()
		win, _, _ := judge.WinningMoves(s.pos, solver.Limits{CPU: o.verify})
		fmt.Fprintf(stdout, "SLIPPED %s move %d: %s played %v (%s, %v CPU); winning: %v\n%s\n",
			s.from, s.pos.Move, s.pos.Turn, mv, rep.method, rep.cpu.Round(time.Millisecond), win, s.pos.String())
		return true, nil
	}
	return false, nil
}

// value reports whether pos is won for the side to move, and whether that is known: what
// the tables prove and what that implies one move before and after (facts.Known), or
// else the solver within -cpu.
func (o *options) value(judge *solver.Solver, pos board.Position) (win, known bool) {
	if f := facts.Known(pos); f.Proved() {
		return f.Value == facts.Win, true
	}
	judge.Clear()
	r := judge.Solve(pos, solver.Limits{CPU: o.verify})
	return r.Win, r.Known
}

// writeTable prints one line per move number checked, then the total.
func writeTable(stdout io.Writer, byMove *[board.MaxMoves + 1]tally) {
	fmt.Fprintf(stdout, "%4s %9s %6s %5s %10s %12s %10s %9s\n", "move", "positions", "kept", "lost", "unverified", "solver-moves", "mean-cpu-s", "max-cpu-s")
	line := func(label string, t tally) {
		fmt.Fprintf(stdout, "%4s %9d %6d %5d %10d %12d %10.3f %9.3f\n", label, t.positions, t.kept, t.lost, t.unverified, t.solverMoves,
			t.sumCPU.Seconds()/float64(t.positions), t.maxCPU.Seconds())
	}
	var total tally
	for m := 1; m <= board.MaxMoves; m++ {
		if t := byMove[m]; t.positions > 0 {
			line(strconv.Itoa(m), t)
			total.add(t)
		}
	}
	if total.positions > 0 {
		line("all", total)
	}
}

// parseMoves reads "lo-hi" or "a,b,c".
func parseMoves(s string) (lo, hi int, list map[int]bool, err error) {
	bad := fmt.Errorf("-moves %q: expected a range like 11-24 or a list like 8,9,10 of move numbers 1..24", s)
	if a, b, ok := strings.Cut(s, "-"); ok {
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || lo < 1 || hi > board.MaxMoves || lo > hi {
			return 0, 0, nil, bad
		}
		return lo, hi, nil, nil
	}
	list = map[int]bool{}
	for _, f := range strings.Split(s, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || m < 1 || m > board.MaxMoves {
			return 0, 0, nil, bad
		}
		list[m] = true
	}
	return 0, 0, list, nil
}

// readPositions replays every game of an arena JSON file and returns the positions at
// the wanted move numbers that were not seen before, as my_player would read them from
// input.txt.
func readPositions(path string, want func(int) bool, seen map[uint64]bool) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		g, _, err := record.ParseJSON(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: not an arena game record: %v", path, line, err)
		}
		pos := board.New()
		var prev board.Stones // the board before the last action: input.txt's first board
		for k, m := range g.Moves {
			if m.Fault || pos.Over {
				break
			}
			pt, err := board.ParseOutput(strings.NewReader(m.Move))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: game %d, move %d: %v", path, line, g.Game, k+1, err)
			}
			if want(int(pos.Move)) {
				asRead, err := board.Reread(pos, prev)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: game %d, move %d: %v", path, line, g.Game, k+1, err)
				}
				if key := asRead.Key(); !seen[key] {
					seen[key] = true
					out = append(out, sample{from: fmt.Sprintf("%s:game %d", path, g.Game), pos: asRead})
				}
			}
			prev = pos.Stones
			if !pos.Act(pt) {
				return nil, fmt.Errorf("%s:%d: game %d, move %d: %v is illegal", path, line, g.Game, k+1, pt)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}

// progress shows a bar on stderr when stderr is a terminal, and otherwise a line every
// progressEvery positions (for a long run writing to a log).
type progress struct {
	bar   *progressbar.ProgressBar
	log   io.Writer // the lines' writer when there is no bar
	n     int       // the won positions to check at most
	pool  int       // the positions to draw from
	start time.Time
	cpu0  time.Duration
}

// progressEvery is how many positions pass between two progress lines.
const progressEvery = 25

func newProgress(stderr io.Writer, n, pool int) progress {
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return progress{bar: progressbar.NewOptions(n, progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("won positions checked"), progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(), progressbar.OptionSetWidth(30))}
	}
	return progress{log: stderr, n: n, pool: pool, start: time.Now(), cpu0: cputime.Process()}
}

// line writes a progress line when there is no bar, every progressEvery positions: the
// won positions checked of those wanted (at most), and the positions drawn of the pool
// (only won ones are checked, so the pool may end first).
func (p progress) line(done, drawn, slipped int) {
	if p.log != nil && done%progressEvery == 0 {
		fmt.Fprintf(p.log, "perfect: %d won positions checked of at most %d (%d of %d positions drawn), %d slipped (%v wall, %v CPU)\n",
			done, p.n, drawn, p.pool, slipped, time.Since(p.start).Round(time.Second), (cputime.Process() - p.cpu0).Round(time.Second))
	}
}

func (p progress) step(done int) {
	if p.bar != nil {
		p.bar.Set(done)
	}
}

func (p progress) done() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

// moveReport is what the check keeps of a move.
type moveReport struct {
	method string
	proved bool // the engine's report proves the move wins (engine.Report.Proved)
	cpu    time.Duration
}

// engineMove asks a fresh engine for a move, as my_player in a fresh folder would: the
// move's turn under the plan (engine.PlanTurn) with, when loan, the game's loan for proofs.
func engineMove(o engine.Options, pos board.Position, loan bool) (board.Point, moveReport, error) {
	e, err := engine.New(o)
	if err != nil {
		return board.NoPoint, moveReport{}, err
	}
	start := cputime.Process()
	// A fresh folder: no bank, the loan when offered (engine.PlanTurn, as my_player).
	mv, rep := e.GenMoveTurn(pos, engine.PlanTurn(o, int(pos.Move), engine.Account{Loan: loan}))
	return mv, moveReport{method: rep.Method.String(), proved: rep.Proved.Value == facts.Win, cpu: cputime.Process() - start}, nil
}
