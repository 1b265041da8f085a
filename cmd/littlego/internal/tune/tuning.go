// tuning.go: a tuning run: the engine options of θ, the iterations played in batches of pairs and written to the CSV file, the resume from it, the verification and the plot.

package tune

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"littlego/arena"
	"littlego/board"
	"littlego/cmd/internal/charts"
	"littlego/cmd/internal/spsa"
	"littlego/engine"
	"littlego/internal/splitmix"
	"littlego/record"
)

// tuning is a tuning run's settings.
type tuning struct {
	params   []spsa.Param
	base     string
	sched    spsa.Schedule
	seed     uint64
	jobs     int
	cpuLimit time.Duration
	openings []arena.Opening
	quiet    bool
	progress *progress // on stderr; nil with -q
}

// start returns θ at the start.
func (r *tuning) start() []float64 {
	theta := make([]float64, len(r.params))
	for i, p := range r.params {
		theta[i] = p.Start
	}
	return theta
}

// checkParams checks that every parameter is a numeric engine option whose bounds the
// engine accepts, and notes the integer ones.
func checkParams(params []spsa.Param, base string) error {
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
			if _, err := engine.ParseOptions(spec); err != nil {
				return fmt.Errorf("-param %s: %v", p.Name, err)
			}
		}
	}
	return nil
}

// formatValue prints v as the engine reads it (rounded for integer options).
func formatValue(p spsa.Param, v float64) string {
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
func (r *tuning) spec(theta []float64) string {
	parts := []string{r.base}
	for i, p := range r.params {
		parts = append(parts, p.Name+"="+formatValue(p, theta[i]))
	}
	return joinSpec(parts...)
}

// values prints θ as name=value pairs (unrounded).
func (r *tuning) values(theta []float64) string {
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
func (r *tuning) header() []string {
	h := []string{"iteration", "result", "r"}
	for _, p := range r.params {
		h = append(h, p.Name, p.Name+"_c", p.Name+"_plus", p.Name+"_minus")
	}
	return h
}

// tune runs (or resumes) the iterations and returns θ after each, the start first.
func (r *tuning) tune(ctx context.Context, path string, resume bool, stdout io.Writer) ([]step, error) {
	history, f, err := r.openCSV(path, resume)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w := csv.NewWriter(f)
	if !resume {
		w.Write(r.header())
		w.Flush()
	}
	theta := append([]float64(nil), history[len(history)-1].theta...)
	n := r.sched.Iterations
	k0 := history[len(history)-1].iteration
	if k0 > 0 && !r.quiet {
		fmt.Fprintf(stdout, "resuming after iteration %d of %d: %s\n", k0, n, r.values(theta))
	}
	report := max(1, n/10)
	started := time.Now()
	r.progress.say(true, fmt.Sprintf("%d iterations to play from %d, one colour-swapped pair each, %d at a time; each is a line of %s",
		n-k0, k0, r.jobs, path))
	for k := k0; k < n; {
		batch := min(r.jobs, n-k)
		stop := r.progress.while(func() string {
			return fmt.Sprintf("iteration %d/%d (%.0f s%s): playing pairs %d-%d: %s", k, n, time.Since(started).Seconds(), timeLeft(time.Since(started), k-k0, n-k), k+1, k+batch, r.values(theta))
		})
		out, err := r.playBatch(ctx, k, batch, theta)
		stop()
		if err != nil {
			return nil, err
		}
		for j, o := range out {
			i := k + j
			theta = r.sched.Update(r.params, theta, o.delta, i, o.result)
			w.Write(r.row(i, o, theta))
			history = append(history, step{i + 1, append([]float64(nil), theta...)})
		}
		w.Flush()
		if err := w.Error(); err != nil {
			return nil, err
		}
		k += batch
		r.progress.say(false, fmt.Sprintf("iteration %d/%d (%.0f s%s): %s", k, n, time.Since(started).Seconds(), timeLeft(time.Since(started), k-k0, n-k), r.values(theta)))
		if !r.quiet && (k/report != (k-batch)/report || k == n) {
			r.progress.clear()
			fmt.Fprintf(stdout, "iteration %d/%d: %s\n", k, n, r.values(theta))
		}
	}
	r.progress.clear()
	return history, nil
}

// openCSV returns the history so far (the start alone, or the iterations of the file
// when resuming) and the CSV file open for writing, appended to when resuming.
func (r *tuning) openCSV(path string, resume bool) ([]step, *os.File, error) {
	if !resume {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, nil, err
		}
		f, err := os.Create(path)
		if err != nil {
			return nil, nil, err
		}
		return []step{{0, r.start()}}, f, nil
	}
	history, err := r.readCSV(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, err
	}
	return history, f, nil
}

// outcome is one iteration's pair: its perturbation and its result for θ+.
type outcome struct {
	plus, minus []float64
	delta       []float64
	result      float64 // (plus's wins - minus's wins) / 2
	err         error
}

// playBatch plays the pairs of iterations k .. k+batch-1 at once, each perturbing theta.
func (r *tuning) playBatch(ctx context.Context, k, batch int, theta []float64) ([]outcome, error) {
	out := make([]outcome, batch)
	var wg sync.WaitGroup
	for j := 0; j < batch; j++ {
		i := k + j
		delta := spsa.Signs(r.seed, i, len(r.params))
		plus, minus := r.sched.Perturb(r.params, theta, delta, i)
		out[j] = outcome{plus: plus, minus: minus, delta: delta}
		job := pairJob{A: r.spec(plus), B: r.spec(minus), NameA: "plus", NameB: "minus", Pair: i + 1, Seed: r.seed,
			Opening: r.openings[i%len(r.openings)].String(), CPULimit: r.cpuLimit}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[j].result, out[j].err = pairResult(ctx, job)
		}()
	}
	wg.Wait()
	for _, o := range out {
		if o.err != nil {
			return nil, o.err
		}
	}
	return out, nil
}

// pairResult plays job and returns (A's wins - B's wins) / 2.
func pairResult(ctx context.Context, job pairJob) (float64, error) {
	recs, err := runPair(ctx, job)
	if err != nil {
		return 0, err
	}
	wins := 0
	for _, rec := range recs {
		if rec.Reason == record.Aborted {
			return 0, fmt.Errorf("pair %d aborted", job.Pair)
		}
		if (rec.Winner == board.Black) == rec.ABlack {
			wins++
		}
	}
	return float64(wins) - 1, nil
}

// row is iteration i's CSV line, θ after it.
func (r *tuning) row(i int, o outcome, theta []float64) []string {
	row := []string{strconv.Itoa(i + 1), strconv.FormatFloat(o.result, 'g', -1, 64), strconv.FormatFloat(r.sched.R(i), 'g', 6, 64)}
	for pi, p := range r.params {
		row = append(row, strconv.FormatFloat(theta[pi], 'g', 10, 64), strconv.FormatFloat(r.sched.C(p, i), 'g', 6, 64),
			formatValue(p, o.plus[pi]), formatValue(p, o.minus[pi]))
	}
	return row
}

// readCSV reads a run's CSV file back: θ after each iteration, the start first.
func (r *tuning) readCSV(path string) ([]step, error) {
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
	history := []step{{0, r.start()}}
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
func (r *tuning) verify(ctx context.Context, test *arena.PairTest, tuned, start []float64, maxPairs int, stdout io.Writer) error {
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
					h := test.History[len(test.History)-1]
					lo, hi := test.Test.Bounds()
					r.progress.say(false, fmt.Sprintf("verification: %d pairs, LLR %.2f in [%.2f, %.2f]", h.Pairs, h.LLR, lo, hi))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.progress.clear()
	return firstErr
}

// plot draws the trajectories.
func (r *tuning) plot(path string, history []step) error {
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
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return charts.Trajectories(path, "SPSA", iters, tr)
}
