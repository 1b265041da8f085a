// Command arena plays Little-Go matches between two agents under the course host's
// rules (see package arena): it parses the command line, runs the match with a
// progress bar and the signals that stop it, and prints the summary.
package arenacmd

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"littlego/arena"
	"littlego/cmd/internal/matchflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
	"littlego/review"
)

// Cmd is "littlego arena". Exit status 0 when the match was played, 1 when it could not
// be or was interrupted, 2 for bad usage.
var Cmd = &base.Command{
	Name:       "arena",
	UsageLine:  "littlego arena [flags] AGENT_A AGENT_B",
	Short:      "play matches between two agents under the course host's rules",
	Long:       long,
	FlagsFirst: true,
	Setup:      setup,
}

// long is the description -h prints before the flags.
var long = `Plays Little-Go games between two agents, refereed as the CSCI-561 course host
referees them; A is Black in the odd games and White in the even ones.

An AGENT is one of:
` + arena.AgentUsage() + `
Exit status: 0 when the match was played, 1 when it could not be or was
interrupted, 2 for bad usage.`

// match is a parsed command line: the agents, the match's settings and what to write.
type match struct {
	a, b           *arena.Agent
	nameA, nameB   string
	games, jobs    int
	cpuLimit       time.Duration
	seed           uint64
	openingSpec    string
	openings       []arena.Opening
	openingSolve   time.Duration
	test           *arena.PairTest // -sprt, or nil
	jsonPath       string
	sgfDir         string
	plotPath       string
	quiet, verbose bool
	show           string        // -show: "none", "last" or "all"
	review         bool          // -review: review the games A lost
	reviewLimit    time.Duration // -review-cpu: the solver's CPU per position
}

// flags are the command line's raw values, checked by check.
type flags struct {
	games, jobs  int
	match        matchflag.Flags
	seed         uint64
	openingSolve time.Duration
	sprtSpec     string
	m            match
}

// setup defines the command line; its run checks it and plays the match.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	var f flags
	cliflag.Count(fs, &f.games, 10, "games played (A is Black in the odd games)")
	cliflag.Jobs(fs, &f.jobs, 0, "games (0: the number of CPUs, or 1 when an in-process engine plays, because its budget is the process's CPU time); with more than 1, in-process agents are timed in wall-clock time")
	f.match.Register(fs, "")
	cliflag.Output(fs, &f.m.jsonPath, "", "the games as JSON lines, one per game")
	fs.StringVar(&f.m.sgfDir, "sgf", "", "write each game as SGF FF[4] into `dir` (game-0001.sgf, ...)")
	cliflag.Seed(fs, &f.seed, 1, "of the match: game k of a match is reproducible from it")
	cliflag.Quiet(fs, &f.m.quiet, "quiet: no progress bar, and one summary line")
	cliflag.Verbose(fs, &f.m.verbose, "one line per game as it ends")
	fs.BoolVar(&f.m.review, "review", false, "after the match, review the games agent A lost: where each was thrown away, judged by the solver (docs/review.md)")
	cliflag.CPUVar(fs, &f.m.reviewLimit, "review-cpu", review.DefaultOptions().Limit, "the solver's, per position with -review; a position not proved within it is unknown")
	fs.StringVar(&f.m.show, "show", "none", "draw games for people after the match: `none`, last (the last game's moves and final board) or all")
	cliflag.CPUVar(fs, &f.openingSolve, "opening-cpu", 500*time.Millisecond, "the solver's, proving each opening's value (0: none); slips and swindles are counted on proven openings")
	fs.StringVar(&f.sprtSpec, "sprt", "", "sequential test `elo0,elo1[,alpha,beta]` on colour-swapped pairs: stop when H0 or H1 is accepted, or at -n")
	fs.StringVar(&f.m.plotPath, "plot", "", "with -sprt, draw the LLR against its bounds into `file` (.png or .svg)")
	cliflag.Renamed(fs, map[string]string{"games": "n", "json": "o", "cpu-limit": "cpu", "review-limit": "review-cpu", "opening-solve": "opening-cpu"})
	return func(args []string, out base.Output) error {
		if err := f.check(args); err != nil {
			return base.UsageError{What: err.Error()}
		}
		return base.Exit(play(&f.m, out.Stdout, out.Stderr))
	}
}

// flagAmong reports whether one of args looks like a flag: given after the agents,
// where the flag package stops reading flags.
func flagAmong(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return len(a) > 1 && a[0] == '-' })
}

// check validates the flags and the agents, and completes the match f.m.
func (f *flags) check(args []string) error {
	m := &f.m
	switch {
	case len(args) > 2 && flagAmong(args[2:]):
		return fmt.Errorf("want two agents, got %d arguments: flags go before the agents (littlego arena %s)", len(args), strings.Join(append(slices.Clone(args[2:]), args[:2]...), " "))
	case len(args) != 2:
		return fmt.Errorf("want two agents, got %d arguments (littlego arena -h for help)", len(args))
	case f.games < 1 || f.games > 1_000_000:
		return fmt.Errorf("-n %d out of range: want 1..1000000", f.games)
	case f.jobs < 0 || f.jobs > 256:
		return fmt.Errorf("-jobs %d out of range: want 1..256 (0: automatic)", f.jobs)
	case f.openingSolve < 0:
		return fmt.Errorf("-opening-cpu %v: want a duration of at least 0", f.openingSolve)
	case m.reviewLimit <= 0 || m.reviewLimit > review.MaxLimit:
		return fmt.Errorf("-review-cpu %v out of range: want 0 < limit <= %v", m.reviewLimit, review.MaxLimit)
	case m.show != "none" && m.show != "last" && m.show != "all":
		return fmt.Errorf("-show %q: want none, last or all", m.show)
	}
	m.games, m.seed, m.openingSpec, m.openingSolve = f.games, f.seed, f.match.OpeningSpec, f.openingSolve
	var err error
	if m.cpuLimit, err = f.match.CPULimit(); err != nil {
		return err
	}
	if f.sprtSpec != "" {
		t, err := arena.ParseSPRT(f.sprtSpec)
		if err != nil {
			return fmt.Errorf("-sprt %v", err)
		}
		if f.games < 2 {
			return fmt.Errorf("-sprt plays game pairs: want -n of at least 2, got %d", f.games)
		}
		m.test = arena.NewPairTest(t)
	}
	if m.plotPath != "" {
		switch {
		case m.test == nil:
			return fmt.Errorf("-plot draws the SPRT's LLR: give -sprt too")
		case !strings.HasSuffix(m.plotPath, ".png") && !strings.HasSuffix(m.plotPath, ".svg"):
			return fmt.Errorf("-plot %q: want a .png or .svg file", m.plotPath)
		}
	}
	if m.openings, err = f.match.Openings(f.seed); err != nil {
		return err
	}
	if m.a, err = arena.ParseAgent(args[0]); err != nil {
		return fmt.Errorf("agent A: %v", err)
	}
	if m.b, err = arena.ParseAgent(args[1]); err != nil {
		return fmt.Errorf("agent B: %v", err)
	}
	m.nameA, m.nameB = arena.Labels(m.a, m.b)
	m.jobs = f.jobs
	if m.jobs == 0 {
		m.jobs = runtime.NumCPU()
		if m.engineInProcess() {
			m.jobs = 1
		}
	}
	return nil
}

// engineInProcess reports whether an in-process engine plays: its budget is the whole
// process's CPU time.
func (m *match) engineInProcess() bool {
	return m.a.Kind == arena.KindEngine || m.b.Kind == arena.KindEngine
}
