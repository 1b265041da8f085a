// Command tune tunes the engine's numeric options by SPSA (simultaneous perturbation
// stochastic approximation, Spall 1992; package cmd/internal/spsa) from game pairs, and
// verifies the result against the start with a sequential test.
//
// Each iteration perturbs every parameter at once by ±c_k, plays one colour-swapped
// pair between the engine at θ+c_k δ and at θ-c_k δ from an opening (each pair in a
// process of its own, so that the engines' CPU budgets are their own at any -jobs),
// and moves θ along δ by the pair's result. Every iteration is a line of the CSV file;
// -resume continues a run from it. At the end, the tuned engine plays the start point
// in an SPRT on pairs (-verify), and -plot draws the trajectories and the test.
//
//	tune -iterations 200 -base budget=0.1,plan=false,solve=false -param c=0.3:0:2 -param rave=1000:0:5000
package tune

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/term"

	"littlego/arena"
	"littlego/cmd/internal/charts"
	"littlego/cmd/internal/matchflag"
	"littlego/cmd/internal/spsa"
	"littlego/internal/cliflag"
)

// paramList is the repeatable -param flag.
type paramList []spsa.Param

func (l *paramList) String() string { return fmt.Sprint(*l) }
func (l *paramList) Set(s string) error {
	p, err := spsa.ParseParam(s)
	if err != nil {
		return err
	}
	*l = append(*l, p)
	return nil
}

// options are a parsed command line: the tuning run and what follows it.
type options struct {
	t           tuning
	csvPath     string
	resume      bool
	test        *arena.PairTest // -verify, or nil
	verifyPairs int
	plotPath    string
}

// run is the command: it returns 0 when done, 1 when the run failed or was
// interrupted, 2 for bad usage.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	o, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	if !o.t.quiet {
		f, ok := stderr.(*os.File)
		o.t.progress = newProgress(stderr, ok && term.IsTerminal(int(f.Fd())))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runTuning(ctx, o, stdout, stderr)
}

// runTuning tunes, verifies and plots as o says until done or ctx ends (Ctrl-C), and
// returns the exit status; an interruption is said as such, with how to go on.
func runTuning(ctx context.Context, o *options, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "tune: "+format+"\n", a...)
		return 1
	}
	history, err := o.t.tune(ctx, o.csvPath, o.resume, stdout)
	if err != nil {
		if ctx.Err() != nil {
			o.t.progress.clear()
			return fail("interrupted: the iterations finished are in %s; continue with -resume", o.csvPath)
		}
		return fail("%v", err)
	}
	final, start := history[len(history)-1].theta, o.t.start()
	fmt.Fprintf(stdout, "tuned after %d iterations: %s (start %s)\n", len(history)-1, o.t.values(final), o.t.values(start))
	fmt.Fprintf(stdout, "engine options: %s\n", o.t.spec(final))
	if o.plotPath != "" {
		if err := o.t.plot(o.plotPath, history); err != nil {
			return fail("%v", err)
		}
	}
	if o.test == nil {
		return 0
	}
	if o.t.spec(final) == o.t.spec(start) {
		fmt.Fprintf(stdout, "the tuned engine is the start engine (every pair split, or the moves cancelled out): nothing to verify\n")
		return 0
	}
	if err := o.t.verify(ctx, o.test, final, start, o.verifyPairs, stdout); err != nil {
		return fail("verification: %v", err)
	}
	o.test.Report(stdout, "tuned", "start")
	if o.plotPath != "" && len(o.test.History) > 0 {
		ext := filepath.Ext(o.plotPath)
		path := strings.TrimSuffix(o.plotPath, ext) + "-sprt" + ext
		if err := charts.SPRT(path, "tuned vs start", charts.FromPairTest(o.test)); err != nil {
			return fail("%v", err)
		}
	}
	return 0
}

// flags are the command line's raw values, checked by check.
type flags struct {
	params                paramList
	iterations, jobs      int
	rEnd, alpha, gamma, a float64
	match                 matchflag.Flags
	verify                string
	o                     options
}

// parse reads the command line, or returns the exit status when the command is to
// stop (after -h, or on bad usage, said on stderr).
func parse(args []string, stderr io.Writer) (*options, int, bool) {
	fs := flag.NewFlagSet("littlego tune", flag.ContinueOnError)
	var f flags
	fs.Var(&f.params, "param", "a tuned engine option `name=start:min:max[:c_end]` (repeatable); c_end, the final perturbation, defaults to 0.2 of the range")
	fs.StringVar(&f.o.t.base, "base", "", "engine options both sides share, as engine:... takes them (e.g. budget=0.1,plan=false); the default is the engine's defaults")
	fs.IntVar(&f.iterations, "iterations", 100, "SPSA iterations (one colour-swapped pair each)")
	fs.Float64Var(&f.rEnd, "r-end", spsa.DefaultREnd, "final learning rate: an iteration's pair won outright moves each parameter by r × its perturbation")
	fs.Float64Var(&f.alpha, "alpha", spsa.DefaultAlpha, "exponent of the learning rate's decay (Spall: 0.602)")
	fs.Float64Var(&f.gamma, "gamma", spsa.DefaultGamma, "exponent of the perturbation's decay (Spall: 0.101)")
	fs.Float64Var(&f.a, "A", -1, "Spall's stability constant A (default: 10% of -iterations)")
	f.match.Register(fs, "plies:3")
	fs.Uint64Var(&f.o.t.seed, "seed", 1, "seed of the perturbations, the openings' order and the games")
	cliflag.Jobs(fs, &f.jobs, runtime.NumCPU(), "game pairs, each in its own process")
	cliflag.Output(fs, &f.o.csvPath, "tune.csv", "every iteration, as CSV (its folder is made as needed)")
	fs.BoolVar(&f.o.resume, "resume", false, "continue the run in -o (give the same flags)")
	fs.StringVar(&f.verify, "verify", "0,10", "after tuning, an SPRT `elo0,elo1[,alpha,beta]` of the tuned engine against the start (\"\" for none)")
	fs.IntVar(&f.o.verifyPairs, "verify-pairs", 300, "the most pairs the verification plays")
	fs.StringVar(&f.o.plotPath, "plot", "", "draw the trajectories into `file` (.png or .svg) and the verification into file-sprt.png")
	cliflag.Quiet(fs, &f.o.t.quiet, "print only the result")
	cliflag.Renamed(fs, map[string]string{"csv": "o", "cpu-limit": "cpu"})
	const header = "usage: littlego tune -param name=start:min:max [-param ...] [flags]\n\nTunes engine options by SPSA from colour-swapped game pairs, then verifies the result by SPRT.\n\nExit status: 0 when done, 1 when the run failed or was interrupted, 2 for bad usage.\n\nFlags:\n"
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return nil, status, false
	}
	if err := f.check(fs.Args()); err != nil {
		return nil, cliflag.Fail(stderr, "littlego tune")("%v", err), false
	}
	return &f.o, cliflag.StatusOK, true
}

// check validates the flags and completes the options f.o.
func (f *flags) check(args []string) error {
	switch {
	case len(args) > 0:
		return fmt.Errorf("unexpected arguments %q", args)
	case len(f.params) == 0:
		return fmt.Errorf("no -param to tune (littlego tune -h for help)")
	case f.iterations < 1 || f.iterations > 10_000_000:
		return fmt.Errorf("-iterations %d: want 1..10000000", f.iterations)
	case f.jobs < 1 || f.jobs > 256:
		return fmt.Errorf("-jobs %d: want 1..256", f.jobs)
	case !(f.rEnd > 0 && f.rEnd <= 10):
		return fmt.Errorf("-r-end %g: want 0 < r <= 10", f.rEnd)
	case !(f.alpha > 0 && f.alpha <= 1) || !(f.gamma > 0 && f.gamma <= 1):
		return fmt.Errorf("-alpha %g, -gamma %g: want each in (0, 1]", f.alpha, f.gamma)
	case f.o.verifyPairs < 1:
		return fmt.Errorf("-verify-pairs %d: want at least 1", f.o.verifyPairs)
	case f.o.plotPath != "" && !strings.HasSuffix(f.o.plotPath, ".png") && !strings.HasSuffix(f.o.plotPath, ".svg"):
		return fmt.Errorf("-plot %q: want a .png or .svg file", f.o.plotPath)
	}
	if err := checkParams(f.params, f.o.t.base); err != nil {
		return err
	}
	t := &f.o.t
	t.params, t.jobs = f.params, f.jobs
	var err error
	if t.cpuLimit, err = f.match.CPULimit(); err != nil {
		return err
	}
	t.sched = spsa.DefaultSchedule(f.iterations)
	t.sched.REnd, t.sched.Alpha, t.sched.Gamma = f.rEnd, f.alpha, f.gamma
	if f.a >= 0 {
		t.sched.A = f.a
	}
	if t.openings, err = f.match.Openings(t.seed); err != nil {
		return err
	}
	if len(t.openings) == 0 {
		return fmt.Errorf("-openings \"\": the pairs need openings: want plies:K, random:K:N or file:PATH")
	}
	if f.verify != "" {
		test, err := arena.ParseSPRT(f.verify)
		if err != nil {
			return fmt.Errorf("-verify %v", err)
		}
		f.o.test = arena.NewPairTest(test)
	}
	return nil
}
