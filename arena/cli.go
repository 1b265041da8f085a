// cli.go: the arena command: flags, the match, the progress bar, the summary, and the JSON and SGF files.

package arena

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"littlego/internal/cliflag"
	"littlego/internal/matchstats"
	"littlego/sgf"
)

const usage = `usage: arena [flags] AGENT_A AGENT_B

Plays Little-Go games between two agents, refereed as the CSCI-561 course host
referees them; A is Black in the odd games and White in the even ones.

An AGENT is one of:
  random                  a uniformly random legal move
  greedy                  the move that captures the most stones now
  aggressive              the most stones captured net of the best reply's
  alphabeta               alpha-beta search, 2 plies, at most 10 moves a node
  engine                  the engine, in process, with its defaults
  engine:k=v,k=v          the engine with options (my_player's flags without
                          the dash, e.g. engine:budget=0.2,workers=1)
  exec:PATH [ARGS]        a program run once per move as the course host runs it
                          (input.txt in, output.txt out); quote the whole agent
  gtp:PATH [ARGS]         a GTP engine, e.g. 'gtp:gnugo --mode gtp --level 10'

Flags:
`

// Main runs the arena command with args (without the program name) and returns its exit
// status: 0 on success, 1 when the match could not be run, 2 for bad usage.
func Main(args []string, stdout, stderr io.Writer) int {
	return MainWith(args, stdout, stderr, Hooks{})
}

// Hooks are what a command adds to the arena: plots are drawn by the command, so that
// the arena package does not depend on a plotting library.
type Hooks struct {
	// PlotSPRT, if not nil, draws the LLR after every pair against the bounds into path
	// (-plot); title names the match.
	PlotSPRT func(path, title string, t *PairTest) error
}

// MainWith is Main with the command's hooks.
func MainWith(args []string, stdout, stderr io.Writer, hooks Hooks) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 10, "number of games (A is Black in the odd games)")
	jobs := fs.Int("jobs", 0, "games played at the same time (0: the number of CPUs, or 1 when an in-process engine plays, because its budget is the process's CPU time); with more than 1, in-process agents are timed in wall-clock time")
	cpuLimit := fs.Float64("cpu-limit", 10, "CPU seconds a move may take (user + system, all threads); over it the move loses")
	jsonPath := fs.String("json", "", "write one JSON line per game to `file`")
	sgfDir := fs.String("sgf", "", "write each game as SGF FF[4] into `dir` (game-0001.sgf, ...)")
	seed := fs.Uint64("seed", 1, "match seed: game k of a match is reproducible from it")
	quiet := fs.Bool("q", false, "quiet: no progress bar, and one summary line")
	verbose := fs.Bool("v", false, "one line per game as it ends")
	openingSpec := fs.String("openings", "", "start game pairs from openings: plies:K (every position after K placements, up to symmetry), random:K:N (N of them), file:PATH (one opening a line, e.g. 2,2 1,3)")
	openingSolve := fs.Duration("opening-solve", 500*time.Millisecond, "CPU time the solver may spend proving each opening's value (0: none); slips and swindles are counted on proven openings")
	sprtSpec := fs.String("sprt", "", "sequential test `elo0,elo1[,alpha,beta]` on colour-swapped pairs: stop when H0 or H1 is accepted, or at -games")
	plotPath := fs.String("plot", "", "with -sprt, draw the LLR against its bounds into `file` (.png or .svg)")
	if status, ok := cliflag.Parse(fs, args, stderr, usage); !ok {
		return status
	}
	bad := cliflag.Fail(stderr, "arena")
	if fs.NArg() != 2 {
		return bad("want two agents, got %d arguments (arena -h for help)", fs.NArg())
	}
	switch {
	case *games < 1 || *games > 1_000_000:
		return bad("-games %d out of range: want 1..1000000", *games)
	case *jobs < 0 || *jobs > 256:
		return bad("-jobs %d out of range: want 1..256 (0: automatic)", *jobs)
	case math.IsNaN(*cpuLimit) || *cpuLimit <= 0 || *cpuLimit > 3600:
		return bad("-cpu-limit %v out of range: want 0 < seconds <= 3600", *cpuLimit)
	}
	var test *PairTest
	if *sprtSpec != "" {
		t, err := ParseSPRT(*sprtSpec)
		if err != nil {
			return bad("%v", err)
		}
		if *games < 2 {
			return bad("-sprt plays game pairs: want -games of at least 2, got %d", *games)
		}
		test = NewPairTest(t)
	}
	if *plotPath != "" {
		switch {
		case test == nil:
			return bad("-plot draws the SPRT's LLR: give -sprt too")
		case hooks.PlotSPRT == nil:
			return bad("-plot: this build of the arena draws no plots")
		case !strings.HasSuffix(*plotPath, ".png") && !strings.HasSuffix(*plotPath, ".svg"):
			return bad("-plot %q: want a .png or .svg file", *plotPath)
		}
	}
	if *openingSolve < 0 {
		return bad("-opening-solve %v: want a duration of at least 0", *openingSolve)
	}
	var openings []Opening
	if *openingSpec != "" {
		var err error
		if openings, err = ParseOpenings(*openingSpec, *seed); err != nil {
			return bad("%v", err)
		}
	}
	a, err := ParseAgent(fs.Arg(0))
	if err != nil {
		return bad("agent A: %v", err)
	}
	b, err := ParseAgent(fs.Arg(1))
	if err != nil {
		return bad("agent B: %v", err)
	}
	nameA, nameB := Labels(a, b)
	engineInProcess := a.Kind == KindEngine || b.Kind == KindEngine
	if *jobs == 0 {
		*jobs = runtime.NumCPU()
		if engineInProcess {
			*jobs = 1
		}
	}

	var jsonOut *os.File
	var jsonBuf *bufio.Writer
	if *jsonPath != "" {
		if jsonOut, err = os.Create(*jsonPath); err != nil {
			fmt.Fprintf(stderr, "arena: %v\n", err)
			return 1
		}
		defer jsonOut.Close()
		jsonBuf = bufio.NewWriter(jsonOut)
	}
	if *sgfDir != "" {
		if err := os.MkdirAll(*sgfDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "arena: %v\n", err)
			return 1
		}
	}

	// Every way out kills the agents' process groups; SIGINT or SIGTERM ends the games
	// under way, and the summary of the games finished is printed. A second signal
	// ends the process at once, its agents killed first.
	defer KillAgents()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-ctx.Done():
		case <-finished:
			return
		}
		again := make(chan os.Signal, 1)
		signal.Notify(again, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(again)
		select {
		case <-again:
			KillAgents()
			os.Exit(1)
		case <-finished:
		}
	}()

	var bar *progressbar.ProgressBar
	if f, ok := stderr.(*os.File); ok && !*quiet && term.IsTerminal(int(f.Fd())) {
		bar = progressbar.NewOptions(*games, progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(nameA+" vs "+nameB), progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true), progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30))
	}

	date := time.Now().Format("2006-01-02")
	var fileErr error
	var fileMu sync.Mutex
	noteErr := func(err error) {
		if err != nil && fileErr == nil {
			fileErr = err
		}
	}
	order := newReorder(func(r Record) { // JSON lines in game order, written as soon as possible
		if jsonBuf != nil {
			noteErr(r.WriteJSON(jsonBuf))
			noteErr(jsonBuf.Flush())
		}
	})
	cfg := Config{Games: *games, Jobs: *jobs, CPULimit: time.Duration(*cpuLimit * float64(time.Second)), Seed: *seed,
		Openings: openings, OpeningSolve: *openingSolve, PairSeeds: test != nil || openings != nil,
		OnRecord: func(r Record) {
			fileMu.Lock()
			defer fileMu.Unlock()
			if bar != nil {
				bar.Add(1)
			}
			if r.Reason == Aborted {
				return
			}
			if *verbose {
				if bar != nil {
					bar.Clear()
				}
				fmt.Fprintln(stdout, gameLine(&r))
			}
			if test != nil && test.Add(r) {
				last := test.History[len(test.History)-1]
				lower, upper := test.Test.Bounds()
				if *verbose {
					fmt.Fprintf(stdout, "pair %3d: LLR %.3f in [%.3f, %.3f], Elo %s [%s, %s]\n", last.Pairs, last.LLR, lower, upper,
						matchstats.FormatElo(last.Elo, 0), matchstats.FormatElo(last.EloLo, 0), matchstats.FormatElo(last.EloHi, 0))
				}
				if bar != nil {
					bar.Describe(fmt.Sprintf("%s vs %s, LLR %.2f [%.2f, %.2f]", nameA, nameB, last.LLR, lower, upper))
				}
			}
			order.add(r)
			if *sgfDir != "" {
				noteErr(writeSGF(filepath.Join(*sgfDir, fmt.Sprintf("game-%04d.sgf", r.Game)), &r, date))
			}
		}}
	if test != nil {
		cfg.Stop = test.Done
	}
	jobsNote := fmt.Sprintf("%d jobs", *jobs)
	if *jobs == 1 {
		jobsNote = "1 job"
	}
	if !*quiet && len(openings) > 0 {
		proof := "not proved (-opening-solve 0)"
		if *openingSolve > 0 {
			proof = fmt.Sprintf("the solver proves each (at most %v of CPU) before its first game", *openingSolve)
		}
		fmt.Fprintf(stdout, "openings %s: %d, each played twice, colours swapped; %s\n", *openingSpec, len(openings), proof)
	}
	if !*quiet {
		fmt.Fprintf(stdout, "%s vs %s: %d games (%s is Black in odd games), seed %d, CPU limit %g s, %s\n",
			nameA, nameB, *games, nameA, *seed, *cpuLimit, jobsNote)
	}
	start := time.Now()
	records, err := Run(ctx, a, b, cfg)
	if bar != nil {
		bar.Finish()
	}
	order.flush()
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return 1
	}
	if test != nil && test.Done() && ctx.Err() == nil {
		// The games the test made unnecessary were never started: they are not "not finished".
		played := records[:0]
		for _, r := range records {
			if r.Game != 0 {
				played = append(played, r)
			}
		}
		records = played
	}
	s := Summarize(records, nameA, nameB)
	if *quiet {
		fmt.Fprintf(stdout, "%s %d/%d, %s %d/%d (A Black %d/%d, A White %d/%d), %d distinct\n", nameA, s.A.Wins, s.Games, nameB, s.B.Wins, s.Games,
			s.ByColour[0][0].Wins, s.ByColour[0][0].Games, s.ByColour[0][1].Wins, s.ByColour[0][1].Games, s.Distinct)
		if test != nil {
			fmt.Fprintln(stdout, test.Test)
		}
	} else {
		fmt.Fprintf(stdout, "%d games in %.1f s\n", s.Games, time.Since(start).Seconds())
		s.Write(stdout)
		if test != nil {
			test.Report(stdout, nameA, nameB)
		}
		if *jobs > 1 && (isInProcess(a) || isInProcess(b)) {
			fmt.Fprintf(stdout, "note: with -jobs > 1, in-process agents are timed in wall-clock time and not held to the CPU limit\n")
		}
		if *jobs > 1 && engineInProcess {
			fmt.Fprintf(stdout, "note: the engine's budget is the whole process's CPU time, which the %d parallel games share: each in-process engine searched for less than its budget\n", *jobs)
		}
	}
	if test != nil && jsonBuf != nil {
		noteErr(test.WriteJSON(jsonBuf))
		noteErr(jsonBuf.Flush())
	}
	if *plotPath != "" && len(test.History) > 0 {
		noteErr(hooks.PlotSPRT(*plotPath, fmt.Sprintf("SPRT %s vs %s", nameA, nameB), test))
	}
	if fileErr != nil {
		fmt.Fprintf(stderr, "arena: writing records: %v\n", fileErr)
		return 1
	}
	if s.Aborted > 0 {
		fmt.Fprintf(stderr, "arena: interrupted; %d of %d games finished\n", s.Games, *games)
		return 1
	}
	return 0
}

func isInProcess(a *Agent) bool { return a.Kind != KindExec && a.Kind != KindGTP }

// gameLine is the -v line of a game.
func gameLine(r *Record) string {
	return fmt.Sprintf("game %3d: %s (B) %d - %s (W) %d: %s wins, %s", r.Game, r.Black, r.BlackStones,
		r.White, r.WhiteStones, r.Winner, r.Detail)
}

func writeSGF(path string, r *Record, date string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := sgf.Write(f, r.SGF(date)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// reorder hands records to emit in game order, as soon as every earlier game is in.
type reorder struct {
	next    int
	pending map[int]Record
	emit    func(Record)
}

func newReorder(emit func(Record)) *reorder {
	return &reorder{next: 1, pending: map[int]Record{}, emit: emit}
}

func (o *reorder) add(r Record) {
	o.pending[r.Game] = r
	for {
		r, ok := o.pending[o.next]
		if !ok {
			return
		}
		delete(o.pending, o.next)
		o.emit(r)
		o.next++
	}
}

// flush emits the records still waiting for an earlier game that will not come.
func (o *reorder) flush() {
	for len(o.pending) > 0 {
		if r, ok := o.pending[o.next]; ok {
			delete(o.pending, o.next)
			o.emit(r)
		}
		o.next++
	}
}
