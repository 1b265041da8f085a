// Package katagocmd is "littlego analysis": KataGo's JSON analysis protocol on stdin and
// stdout (package katago), started with KataGo's own launch line so that tools built for
// `katago analysis` can use the proofs.
package katagocmd

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"littlego/cmd/internal/storeflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/facts"
	"littlego/internal/regularfile"
	"littlego/katago"
	"littlego/lib/cliflag"
)

// Cmd is "littlego analysis".
var Cmd = &base.Command{
	Name:      "analysis",
	UsageLine: "littlego analysis [-config FILE] [-model FILE] [-human-model FILE] [-override-config K=V,...] [-jobs N] [-threads N] [-cpu S]",
	Short:     "KataGo's JSON analysis protocol on stdin and stdout, with the proofs",
	Long: `Analysis reads one JSON query a line on stdin and writes one JSON response a line on
stdout, as KataGo's analysis engine does (katago/README.md): proved values are exact
(winrate 0 or 1, scoreStdev 0) and name their source in a "proof" object. KataGo's
launch line works as it is: -config is read (the settings this engine has; it may be
given more than once, as may -override-config), -model and -human-model are accepted
and unused (there is no network: one line on stderr says so). Thread counts above the
machine's CPUs are cut to them. Diagnostics go to stderr. With stdin closed, the queued
turns are finished (with -quit-without-waiting, the turns in progress answer with what
they have and the queued ones are dropped), then the command exits 0. Exit status 1 on
an I/O failure, 2 for bad flags or a bad config.`,
	FlagsFirst: true,
	Setup:      setup,
}

// maxConfigBytes bounds the config file read: KataGo's own are a few kilobytes.
const maxConfigBytes = 1 << 20

// options are the command's flags.
type options struct {
	config, override   listFlag
	model, humanModel  string
	store              string // -store: the proof store (storeflag)
	analysisThreads    int
	cfg                katago.Config
	quitWithoutWaiting bool
}

// listFlag is a flag that may be given more than once (KataGo's -config and
// -override-config): its values in order.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// setup defines the flags; its run reads the config and serves the protocol.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	var o options
	fs.Var(&o.config, "config", "a KataGo config file (more than one: read in order): the settings this engine has are used (maxVisits, maxTime, reportAnalysisWinratesAs, analysisPVLen, numAnalysisThreads, numSearchThreadsPerAnalysisThread, and proofTime, the solver's CPU seconds beyond the search's), the others named on stderr and ignored")
	fs.StringVar(&o.model, "model", "", "accepted and unused: the engine has no network (its search, tables and solver answer)")
	fs.StringVar(&o.humanModel, "human-model", "", "accepted and unused: the engine has no human-like network")
	fs.Var(&o.override, "override-config", "settings over the config file, KEY=VALUE,KEY=VALUE (KataGo's names; more than one: applied in order)")
	fs.IntVar(&o.analysisThreads, "analysis-threads", 0, "KataGo's name of -jobs")
	fs.BoolVar(&o.quitWithoutWaiting, "quit-without-waiting", false, "when stdin closes, the turns in progress answer with what they have and the queued ones are dropped")
	cliflag.Jobs(fs, &o.cfg.Jobs, 0, "turns analysed at once (default 1, or the config's numAnalysisThreads)")
	cliflag.Threads(fs, &o.cfg.Threads, 0, "search threads of one turn, and its solver's (default 1, or the config's)")
	cliflag.CPU(fs, &o.cfg.SolveLimit, katago.DefaultSolveLimit, "the solver's CPU limit per move of a turn, for its value and then its margin")
	storeflag.Var(fs, &o.store)
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected argument %q (flags only)", args[0])
		}
		cfg, err := o.settings(fs, out.Stderr)
		if err != nil {
			return base.UsageError{What: err.Error()}
		}
		for _, m := range []struct{ flag, file string }{{"-model", o.model}, {"-human-model", o.humanModel}} {
			if m.file != "" {
				fmt.Fprintf(out.Stderr, "littlego analysis: %s %s ignored: the engine has no network (its search, tables and solver answer)\n", m.flag, m.file)
			}
		}
		cfg.QuitWithoutWaiting = o.quitWithoutWaiting
		defer storeflag.Attach(o.store, "analysis", facts.Shared(), out.Stderr)()
		return katago.Serve(context.Background(), out.Stdin, out.Stdout, out.Stderr, cfg)
	}
}

// settings applies the config file, then -override-config, then the flags set on the
// command line (KataGo's order: the command line wins), and names the unknown keys.
func (o *options) settings(fs *flag.FlagSet, stderr io.Writer) (katago.Config, error) {
	var cfg katago.Config
	var unknown []string
	for _, name := range o.config {
		data, err := regularfile.Read(name, maxConfigBytes)
		if err != nil {
			return cfg, fmt.Errorf("-config: %v", err)
		}
		more, err := cfg.LoadConfig(bytes.NewReader(data))
		if err != nil {
			return cfg, fmt.Errorf("-config %s: %v", name, err)
		}
		unknown = append(unknown, more...)
	}
	var more []string
	for _, text := range o.override {
		keys, err := cfg.Override(text)
		if err != nil {
			return cfg, err
		}
		more = append(more, keys...)
	}
	unknown = append(unknown, more...)
	if len(unknown) > 0 {
		fmt.Fprintf(stderr, "littlego analysis: settings ignored (they tune a network or what this engine does not have): %s\n", strings.Join(unknown, ", "))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["analysis-threads"] {
		cfg.Jobs = o.analysisThreads
	}
	if set["jobs"] {
		cfg.Jobs = o.cfg.Jobs
	}
	if set["threads"] {
		cfg.Threads = o.cfg.Threads
	}
	cfg.SolveLimit = o.cfg.SolveLimit
	switch {
	case cfg.Jobs < 0:
		return cfg, fmt.Errorf("-jobs %d: want at least 1 (0: the default, 1)", cfg.Jobs)
	case cfg.Threads < 0:
		return cfg, fmt.Errorf("-threads %d: want at least 1 (0: the default, 1)", cfg.Threads)
	case cfg.SolveLimit <= 0 || cfg.SolveLimit > time.Hour:
		return cfg, fmt.Errorf("-cpu %v: want a CPU limit above 0 and at most an hour", cfg.SolveLimit)
	}
	if n := runtime.NumCPU(); cfg.Threads > n {
		fmt.Fprintf(stderr, "littlego analysis: %d search threads asked, the machine has %d CPUs: %d used\n", cfg.Threads, n, n)
		cfg.Threads = n
	}
	return cfg, nil
}
