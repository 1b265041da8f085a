// play.go: the match as the command runs it: the signals that stop it, the working folder, the progress bar, the records written as games end, and the summary.

package arenacmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"littlego/record"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"littlego/arena"
	"littlego/cmd/internal/charts"
	"littlego/sgf"
)

// play runs the match m and prints its summary; it returns the exit status.
func play(m *match, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "littlego arena: %v\n", err)
		return 1
	}
	// The external agents' working folders live in one folder of the command's, removed
	// on every way out, the second signal's included.
	work, err := os.MkdirTemp("", "arena-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(work)
	defer arena.KillAgents()
	ctx, stop := stopOnSignal(work)
	defer stop()

	out, err := openOutputs(m)
	if err != nil {
		return fail(err)
	}
	defer out.close()
	bar := newBar(m, stderr)
	cfg := arena.Config{Games: m.games, Jobs: m.jobs, CPULimit: m.cpuLimit, Seed: m.seed, WorkDir: work,
		Openings: m.openings, OpeningSolve: m.openingSolve, PairSeeds: m.test != nil || m.openings != nil,
		OnRecord: out.onRecord(m, bar, stdout)}
	if m.test != nil {
		cfg.Stop = m.test.Done
	}
	announce(m, stdout)
	start := time.Now()
	records, err := arena.Run(ctx, m.a, m.b, cfg)
	if bar != nil {
		bar.Finish()
	}
	out.inOrder.Flush()
	if err != nil {
		return fail(err)
	}
	if m.test != nil && m.test.Done() && ctx.Err() == nil {
		records = arena.Played(records) // the games the test made unnecessary never started
	}
	s := arena.Summarize(records, m.nameA, m.nameB)
	show(m.show, records, stdout)
	report(m, &s, time.Since(start), stdout)
	out.finish(m)
	if m.review && ctx.Err() == nil {
		if err := reviewLost(ctx, m, records, stdout); err != nil {
			return fail(fmt.Errorf("review: %v", err))
		}
	}
	if out.err != nil {
		return fail(fmt.Errorf("writing records: %v", out.err))
	}
	if s.Aborted > 0 {
		fmt.Fprintf(stderr, "littlego arena: interrupted; %d of %d games finished\n", s.Games, m.games)
		return 1
	}
	return 0
}

// stopOnSignal returns a context that the first SIGINT or SIGTERM cancels: the match
// stops starting games, ends those under way and the summary is printed. A second
// signal kills the agents, removes the folder work and ends the process at once.
func stopOnSignal(work string) (context.Context, func()) {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	finished := make(chan struct{})
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
			arena.KillAgents()
			os.RemoveAll(work)
			os.Exit(1)
		case <-finished:
		}
	}()
	return ctx, func() {
		close(finished)
		cancel()
	}
}

// newBar returns a progress bar on stderr when stderr is a terminal and -q is not
// given, or nil.
func newBar(m *match, stderr io.Writer) *progressbar.ProgressBar {
	f, ok := stderr.(*os.File)
	if !ok || m.quiet || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(m.games, progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(m.nameA+" vs "+m.nameB), progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true), progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30))
}

// outputs are the files a match writes as its games end: JSON lines in game order and
// one SGF file a game. err holds the first failure.
type outputs struct {
	mu       sync.Mutex
	jsonFile *os.File
	json     *bufio.Writer
	sgfDir   string
	date     string
	inOrder  *arena.InOrder
	err      error
}

func openOutputs(m *match) (*outputs, error) {
	o := &outputs{sgfDir: m.sgfDir, date: time.Now().Format("2006-01-02")}
	if m.jsonPath != "" {
		f, err := os.Create(m.jsonPath)
		if err != nil {
			return nil, err
		}
		o.jsonFile, o.json = f, bufio.NewWriter(f)
	}
	if m.sgfDir != "" {
		if err := os.MkdirAll(m.sgfDir, 0o755); err != nil {
			o.close()
			return nil, err
		}
	}
	o.inOrder = arena.NewInOrder(func(r record.Record) {
		if o.json != nil {
			o.note(r.WriteJSON(o.json))
			o.note(o.json.Flush())
		}
	})
	return o, nil
}

func (o *outputs) note(err error) {
	if err != nil && o.err == nil {
		o.err = err
	}
}

func (o *outputs) close() {
	if o.jsonFile != nil {
		o.note(o.jsonFile.Close())
	}
}

// onRecord returns the match's per-game callback: the progress bar, the -v lines, the
// sequential test, and the records.
func (o *outputs) onRecord(m *match, bar *progressbar.ProgressBar, stdout io.Writer) func(record.Record) {
	return func(r record.Record) {
		o.mu.Lock()
		defer o.mu.Unlock()
		if bar != nil {
			bar.Add(1)
		}
		if r.Reason == record.Aborted {
			return
		}
		if m.verbose {
			if bar != nil {
				bar.Clear()
			}
			fmt.Fprintln(stdout, arena.Line(&r))
		}
		if m.test != nil && m.test.Add(r) {
			if m.verbose {
				fmt.Fprintln(stdout, m.test.LastPairLine())
			}
			if bar != nil {
				last := m.test.History[len(m.test.History)-1]
				lower, upper := m.test.Test.Bounds()
				bar.Describe(fmt.Sprintf("%s vs %s, LLR %.2f [%.2f, %.2f]", m.nameA, m.nameB, last.LLR, lower, upper))
			}
		}
		o.inOrder.Add(r)
		if o.sgfDir != "" {
			o.note(writeSGF(filepath.Join(o.sgfDir, fmt.Sprintf("game-%04d.sgf", r.Game)), &r, o.date))
		}
	}
}

// finish writes the sequential test's result: its JSON line and its plot.
func (o *outputs) finish(m *match) {
	if m.test == nil {
		return
	}
	if o.json != nil {
		o.note(m.test.WriteJSON(o.json))
		o.note(o.json.Flush())
	}
	if m.plotPath != "" && len(m.test.History) > 0 {
		title := fmt.Sprintf("SPRT %s vs %s", m.nameA, m.nameB)
		o.note(charts.SPRT(m.plotPath, title, charts.FromPairTest(m.test)))
	}
}

func writeSGF(path string, r *record.Record, date string) error {
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

// show draws the finished games for -show: the last one, or all in game order.
func show(which string, records []record.Record, stdout io.Writer) {
	var played []record.Record
	for _, r := range records {
		if r.Game > 0 && r.Reason != record.Aborted {
			played = append(played, r)
		}
	}
	slices.SortFunc(played, func(a, b record.Record) int { return a.Game - b.Game })
	switch {
	case len(played) == 0 || which == "none":
		return
	case which == "last":
		played = played[len(played)-1:]
	}
	for _, r := range played {
		fmt.Fprintln(stdout, arena.Diagram(&r))
	}
}

// announce prints what is about to be played, unless -q.
func announce(m *match, stdout io.Writer) {
	if m.quiet {
		return
	}
	if len(m.openings) > 0 {
		proof := "not proved (-opening-cpu 0)"
		if m.openingSolve > 0 {
			proof = fmt.Sprintf("the solver proves each (at most %v of CPU) before its first game", m.openingSolve)
		}
		fmt.Fprintf(stdout, "openings %s: %d, each played twice, colours swapped; %s\n", m.openingSpec, len(m.openings), proof)
	}
	jobs := fmt.Sprintf("%d jobs", m.jobs)
	if m.jobs == 1 {
		jobs = "1 job"
	}
	fmt.Fprintf(stdout, "%s vs %s: %d games (%s is Black in odd games), seed %d, CPU limit %g s, %s\n",
		m.nameA, m.nameB, m.games, m.nameA, m.seed, m.cpuLimit.Seconds(), jobs)
}

// report prints the summary: one line with -q, else the table, the test and notes.
func report(m *match, s *arena.Summary, elapsed time.Duration, stdout io.Writer) {
	if m.quiet {
		fmt.Fprintln(stdout, s.Line())
		if m.test != nil {
			fmt.Fprintln(stdout, m.test.Test)
		}
		return
	}
	fmt.Fprintf(stdout, "%d games in %.1f s\n", s.Games, elapsed.Seconds())
	s.Write(stdout)
	if m.test != nil {
		m.test.Report(stdout, m.nameA, m.nameB)
	}
	if m.jobs > 1 && (m.a.InProcess() || m.b.InProcess()) {
		fmt.Fprintf(stdout, "note: with -jobs > 1, in-process agents are timed in wall-clock time and not held to the CPU limit\n")
	}
	if m.jobs > 1 && m.engineInProcess() {
		fmt.Fprintf(stdout, "note: the engine's budget is the whole process's CPU time, which the %d parallel games share: each in-process engine searched for less than its budget\n", m.jobs)
	}
}
