// Command tune tunes the engine's numeric options by SPSA (simultaneous perturbation
// stochastic approximation, Spall 1992) from game pairs, and verifies the result
// against the start with a sequential test.
//
// Each iteration perturbs every parameter at once by ±c_k, plays one colour-swapped
// pair between the engine at θ+c_k δ and at θ-c_k δ from an opening (each pair in a
// process of its own, so that the engines' CPU budgets are their own at any -jobs),
// and moves θ along δ by the pair's result. Every iteration is a line of the CSV file;
// -resume continues a run from it. At the end, the tuned engine plays the start point
// in an SPRT on pairs (-verify), and -plot draws the trajectories and the test.
//
//	tune -iterations 200 -base budget=0.1,plan=false,solve=false -param c=0.3:0:2 -param rave=1000:0:5000
package main

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/term"

	"littlego/arena"
	"littlego/board"
	"littlego/engine"
	"littlego/internal/charts"
	"littlego/internal/cliflag"
	"littlego/internal/splitmix"
)

func main() {
	if os.Getenv(workerEnv) == "1" {
		os.Exit(workerMain())
	}
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
}

// paramList is the repeatable -param flag.
type paramList []Param

func (l *paramList) String() string { return fmt.Sprint(*l) }
func (l *paramList) Set(s string) error {
	p, err := ParseParam(s)
	if err != nil {
		return err
	}
	*l = append(*l, p)
	return nil
}

// run is a tuning run's settings.
type run struct {
	params   []Param
	base     string
	sched    Schedule
	seed     uint64
	jobs     int
	cpuLimit time.Duration
	openings []arena.Opening
	quiet    bool
	progress io.Writer // nil unless stderr is a terminal
}

// Main runs the command and returns its exit status: 0 done, 1 failed or interrupted,
// 2 bad usage.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var params paramList
	fs.Var(&params, "param", "a tuned engine option `name=start:min:max[:c_end]` (repeatable); c_end, the final perturbation, defaults to 0.2 of the range")
	base := fs.String("base", "", "engine options both sides share, as engine:... takes them (e.g. budget=0.1,plan=false); the default is the engine's defaults")
	iterations := fs.Int("iterations", 100, "SPSA iterations (one colour-swapped pair each)")
	rEnd := fs.Float64("r-end", defaultREnd, "final learning rate: an iteration's pair won outright moves each parameter by r × its perturbation")
	alpha := fs.Float64("alpha", defaultAlpha, "exponent of the learning rate's decay (Spall: 0.602)")
	gamma := fs.Float64("gamma", defaultGamma, "exponent of the perturbation's decay (Spall: 0.101)")
	stability := fs.Float64("A", -1, "Spall's stability constant A (default: 10% of -iterations)")
	openingSpec := fs.String("openings", "plies:3", "openings the pairs start from, as arena -openings takes them")
	seed := fs.Uint64("seed", 1, "seed of the perturbations, the openings' order and the games")
	jobs := fs.Int("jobs", runtime.NumCPU(), "pairs played at the same time, each in its own process")
	cpuLimit := fs.Float64("cpu-limit", 10, "CPU seconds a move may take; over it the move loses")
	csvPath := fs.String("csv", "tune.csv", "write every iteration to `file`")
	resume := fs.Bool("resume", false, "continue the run in -csv (give the same flags)")
	verify := fs.String("verify", "0,10", "after tuning, an SPRT `elo0,elo1[,alpha,beta]` of the tuned engine against the start (\"\" for none)")
	verifyPairs := fs.Int("verify-pairs", 300, "the most pairs the verification plays")
	plotPath := fs.String("plot", "", "draw the trajectories into `file` (.png or .svg) and the verification into file-sprt.png")
	quiet := fs.Bool("q", false, "print only the result")
	const header = "usage: tune -param name=start:min:max [-param ...] [flags]\n\nTunes engine options by SPSA from colour-swapped game pairs, then verifies the result by SPRT.\n\nFlags:\n"
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return status
	}
	bad := cliflag.Fail(stderr, "tune")
	switch {
	case fs.NArg() > 0:
		return bad("unexpected arguments %q", fs.Args())
	case len(params) == 0:
		return bad("no -param to tune (tune -h for help)")
	case *iterations < 1 || *iterations > 10_000_000:
		return bad("-iterations %d: want 1..10000000", *iterations)
	case *jobs < 1 || *jobs > 256:
		return bad("-jobs %d: want 1..256", *jobs)
	case !(*rEnd > 0 && *rEnd <= 10):
		return bad("-r-end %g: want 0 < r <= 10", *rEnd)
	case !(*alpha > 0 && *alpha <= 1) || !(*gamma > 0 && *gamma <= 1):
		return bad("-alpha %g, -gamma %g: want each in (0, 1]", *alpha, *gamma)
	case math.IsNaN(*cpuLimit) || *cpuLimit <= 0 || *cpuLimit > 3600:
		return bad("-cpu-limit %g: want 0 < seconds <= 3600", *cpuLimit)
	case *verifyPairs < 1:
		return bad("-verify-pairs %d: want at least 1", *verifyPairs)
	case *plotPath != "" && !strings.HasSuffix(*plotPath, ".png") && !strings.HasSuffix(*plotPath, ".svg"):
		return bad("-plot %q: want a .png or .svg file", *plotPath)
	}
	if err := checkParams(params, *base); err != nil {
		return bad("%v", err)
	}
	r := run{params: params, base: *base, sched: DefaultSchedule(*iterations), seed: *seed, jobs: *jobs,
		cpuLimit: time.Duration(*cpuLimit * float64(time.Second)), quiet: *quiet}
	r.sched.REnd, r.sched.Alpha, r.sched.Gamma = *rEnd, *alpha, *gamma
	if *stability >= 0 {
		r.sched.A = *stability
	}
	var err error
	if r.openings, err = arena.ParseOpenings(*openingSpec, *seed); err != nil {
		return bad("%v", err)
	}
	var test *arena.PairTest
	if *verify != "" {
		t, err := arena.ParseSPRT(*verify)
		if err != nil {
			return bad("-verify: %v", err)
		}
		test = arena.NewPairTest(t)
	}
	if f, ok := stderr.(*os.File); ok && !*quiet && term.IsTerminal(int(f.Fd())) {
		r.progress = stderr
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	history, err := r.tune(ctx, *csvPath, *resume, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "tune: interrupted; continue with -resume\n")
		}
		return 1
	}
	final := history[len(history)-1].theta
	start := make([]float64, len(params))
	for i, p := range params {
		start[i] = p.Start
	}
	fmt.Fprintf(stdout, "tuned after %d iterations: %s (start %s)\n", len(history)-1, r.values(final), r.values(start))
	fmt.Fprintf(stdout, "engine options: %s\n", r.spec(final))
	if *plotPath != "" {
		if err := r.plot(*plotPath, history); err != nil {
			fmt.Fprintf(stderr, "tune: %v\n", err)
			return 1
		}
	}
	if test == nil {
		return 0
	}
	if r.spec(final) == r.spec(start) {
		fmt.Fprintf(stdout, "the tuned engine is the start engine (every pair split, or the moves cancelled out): nothing to verify\n")
		return 0
	}
	if err := r.verify(ctx, test, final, start, *verifyPairs, stdout); err != nil {
		fmt.Fprintf(stderr, "tune: verification: %v\n", err)
		return 1
	}
	test.Report(stdout, "tuned", "start")
	if *plotPath != "" && len(test.History) > 0 {
		ext := filepath.Ext(*plotPath)
		path := strings.TrimSuffix(*plotPath, ext) + "-sprt" + ext
		if err := charts.SPRT(path, "tuned vs start", charts.FromPairTest(test)); err != nil {
			fmt.Fprintf(stderr, "tune: %v\n", err)
			return 1
		}
	}
	return 0
}

// checkParams checks that every parameter is a numeric engine option whose bounds the
// engine accepts, and notes the integer ones.
func checkParams(params []Param, base string) error {
	seen := map[string]bool{}
	for i := range params {
		p := &params[i]
		if seen[p.Name] {
			return fmt.Errorf("-param %s given twice", p.Name)
		}
		seen[p.Name] = true
		if p.Name == "budget" || p.Name == "playouts" {
			return fmt.Errorf("-param %s: the pairs are played at a fixed CPU budget (set it in -base); tune the search, not its time", p.Name)
		}
		o := engine.Defaults()
		ep, ok := o.Param(p.Name)
		if !ok || ep.IsBool || p.Name == "seed" || p.Name == "policy" {
			var names []string
			for _, q := range o.Params() {
				if _, err := strconv.ParseFloat(q.Get(), 64); err == nil && !q.IsBool && q.Name != "seed" && q.Name != "budget" && q.Name != "playouts" {
					names = append(names, q.Name)
				}
			}
			return fmt.Errorf("-param %s: not a numeric engine option (want one of %s)", p.Name, strings.Join(names, ", "))
		}
		p.Integer = ep.Set("0.5") != nil
		for _, v := range []float64{p.Min, p.Max, p.Start} {
			spec := joinSpec(base, p.Name+"="+formatValue(*p, v))
			if _, err := engine.Parse(spec); err != nil {
				return fmt.Errorf("-param %s: %v", p.Name, err)
			}
		}
	}
	return nil
}

// formatValue prints v as the engine reads it (rounded for integer options).
func formatValue(p Param, v float64) string {
	if p.Integer {
		return strconv.Itoa(int(math.Round(v)))
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func joinSpec(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ",")
}

// spec returns the engine options for θ.
func (r *run) spec(theta []float64) string {
	parts := []string{r.base}
	for i, p := range r.params {
		parts = append(parts, p.Name+"="+formatValue(p, theta[i]))
	}
	return joinSpec(parts...)
}

// values prints θ as name=value pairs (unrounded).
func (r *run) values(theta []float64) string {
	parts := make([]string, len(theta))
	for i, p := range r.params {
		parts[i] = fmt.Sprintf("%s=%.4g", p.Name, theta[i])
	}
	return strings.Join(parts, " ")
}

// step is θ after an iteration (iteration 0: the start).
type step struct {
	iteration int
	theta     []float64
}

// header returns the CSV header.
func (r *run) header() []string {
	h := []string{"iteration", "result", "r"}
	for _, p := range r.params {
		h = append(h, p.Name, p.Name+"_c", p.Name+"_plus", p.Name+"_minus")
	}
	return h
}

// tune runs (or resumes) the iterations and returns θ after each, the start first.
func (r *run) tune(ctx context.Context, path string, resume bool, stdout io.Writer) ([]step, error) {
	theta := make([]float64, len(r.params))
	for i, p := range r.params {
		theta[i] = p.Start
	}
	history := []step{{0, append([]float64(nil), theta...)}}
	var f *os.File
	var err error
	if resume {
		if history, err = r.readCSV(path); err != nil {
			return nil, err
		}
		theta = append([]float64(nil), history[len(history)-1].theta...)
		if f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0); err != nil {
			return nil, err
		}
	} else {
		if f, err = os.Create(path); err != nil {
			return nil, err
		}
	}
	defer f.Close()
	w := csv.NewWriter(f)
	if !resume {
		w.Write(r.header())
		w.Flush()
	}
	n := r.sched.Iterations
	k0 := history[len(history)-1].iteration
	if k0 > 0 && !r.quiet {
		fmt.Fprintf(stdout, "resuming after iteration %d of %d: %s\n", k0, n, r.values(theta))
	}
	report := max(1, n/10)
	started := time.Now()
	for k := k0; k < n; {
		batch := min(r.jobs, n-k)
		type outcome struct {
			plus, minus []float64
			delta       []float64
			result      float64
			err         error
		}
		out := make([]outcome, batch)
		var wg sync.WaitGroup
		for j := 0; j < batch; j++ {
			i := k + j
			delta := Signs(r.seed, i, len(r.params))
			plus, minus := r.sched.Perturb(r.params, theta, delta, i)
			out[j] = outcome{plus: plus, minus: minus, delta: delta}
			job := pairJob{A: r.spec(plus), B: r.spec(minus), NameA: "plus", NameB: "minus", Pair: i + 1, Seed: r.seed,
				Opening: r.openings[i%len(r.openings)].String(), CPULimit: r.cpuLimit}
			wg.Add(1)
			go func() {
				defer wg.Done()
				recs, err := runPair(ctx, job)
				if err != nil {
					out[j].err = err
					return
				}
				wins := 0
				for _, rec := range recs {
					if rec.Reason == arena.Aborted {
						out[j].err = fmt.Errorf("pair %d aborted", job.Pair)
						return
					}
					if (rec.Winner == board.Black) == rec.ABlack {
						wins++
					}
				}
				out[j].result = float64(wins) - 1 // (plus's wins - minus's wins) / 2
			}()
		}
		wg.Wait()
		for _, o := range out {
			if o.err != nil {
				return nil, o.err
			}
		}
		for j, o := range out {
			i := k + j
			theta = r.sched.Update(r.params, theta, o.delta, i, o.result)
			row := []string{strconv.Itoa(i + 1), strconv.FormatFloat(o.result, 'g', -1, 64), strconv.FormatFloat(r.sched.R(i), 'g', 6, 64)}
			for pi, p := range r.params {
				row = append(row, strconv.FormatFloat(theta[pi], 'g', 10, 64), strconv.FormatFloat(r.sched.C(p, i), 'g', 6, 64),
					formatValue(p, o.plus[pi]), formatValue(p, o.minus[pi]))
			}
			w.Write(row)
			history = append(history, step{i + 1, append([]float64(nil), theta...)})
		}
		w.Flush()
		if err := w.Error(); err != nil {
			return nil, err
		}
		k += batch
		if r.progress != nil {
			fmt.Fprintf(r.progress, "\r\033[Kiteration %d/%d (%.0f s): %s", k, n, time.Since(started).Seconds(), r.values(theta))
		}
		if !r.quiet && (k/report != (k-batch)/report || k == n) {
			if r.progress != nil {
				fmt.Fprint(r.progress, "\r\033[K")
			}
			fmt.Fprintf(stdout, "iteration %d/%d: %s\n", k, n, r.values(theta))
		}
	}
	if r.progress != nil {
		fmt.Fprint(r.progress, "\r\033[K")
	}
	return history, nil
}

// readCSV reads a run's CSV file back: θ after each iteration, the start first.
func (r *run) readCSV(path string) ([]step, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-resume: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("-resume: %s: %v", path, err)
	}
	want := r.header()
	if len(rows) == 0 || strings.Join(rows[0], ",") != strings.Join(want, ",") {
		return nil, fmt.Errorf("-resume: %s is not a run of these parameters (want the header %s)", path, strings.Join(want, ","))
	}
	start := make([]float64, len(r.params))
	for i, p := range r.params {
		start[i] = p.Start
	}
	history := []step{{0, start}}
	for line, row := range rows[1:] {
		k, err := strconv.Atoi(row[0])
		if err != nil || k != len(history) {
			return nil, fmt.Errorf("-resume: %s line %d: iteration %q, want %d", path, line+2, row[0], len(history))
		}
		theta := make([]float64, len(r.params))
		for i := range r.params {
			if theta[i], err = strconv.ParseFloat(row[3+4*i], 64); err != nil {
				return nil, fmt.Errorf("-resume: %s line %d: %v", path, line+2, err)
			}
		}
		history = append(history, step{k, theta})
	}
	if last := history[len(history)-1].iteration; last > r.sched.Iterations {
		return nil, fmt.Errorf("-resume: %s has %d iterations, more than -iterations %d", path, last, r.sched.Iterations)
	}
	return history, nil
}

// verify plays the tuned engine against the start in colour-swapped pairs, r.jobs at a
// time, until the test decides or maxPairs are played.
func (r *run) verify(ctx context.Context, test *arena.PairTest, tuned, start []float64, maxPairs int, stdout io.Writer) error {
	if !r.quiet {
		fmt.Fprintf(stdout, "verifying: tuned (%s) against start (%s), SPRT elo0=%g elo1=%g, at most %d pairs\n",
			r.spec(tuned), r.spec(start), test.Test.Elo0, test.Test.Elo1, maxPairs)
	}
	var mu sync.Mutex
	var firstErr error
	next := 1
	var wg sync.WaitGroup
	for w := 0; w < r.jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if test.Done() || next > maxPairs || firstErr != nil || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				pair := next
				next++
				mu.Unlock()
				// The openings in another order than the tuning's, on another seed.
				seed := splitmix.Hash(r.seed + 1)
				job := pairJob{A: r.spec(tuned), B: r.spec(start), NameA: "tuned", NameB: "start", Pair: pair, Seed: seed,
					Opening: r.openings[int(splitmix.Hash(seed+uint64(pair))%uint64(len(r.openings)))].String(), CPULimit: r.cpuLimit}
				recs, err := runPair(ctx, job)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
				} else {
					for _, rec := range recs {
						test.Add(rec)
					}
					if r.progress != nil {
						h := test.History[len(test.History)-1]
						lo, hi := test.Test.Bounds()
						fmt.Fprintf(r.progress, "\r\033[Kverification: %d pairs, LLR %.2f in [%.2f, %.2f]", h.Pairs, h.LLR, lo, hi)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if r.progress != nil {
		fmt.Fprint(r.progress, "\r\033[K")
	}
	return firstErr
}

// plot draws the trajectories.
func (r *run) plot(path string, history []step) error {
	iters := make([]float64, len(history))
	tr := make([]charts.Trajectory, len(r.params))
	for i, p := range r.params {
		tr[i] = charts.Trajectory{Name: p.Name, Min: p.Min, Max: p.Max}
	}
	for k, h := range history {
		iters[k] = float64(h.iteration)
		for i := range r.params {
			tr[i].Values = append(tr[i].Values, h.theta[i])
		}
	}
	return charts.Trajectories(path, "SPSA", iters, tr)
}
