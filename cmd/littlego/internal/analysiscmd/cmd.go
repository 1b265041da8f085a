// Package analysiscmd is "littlego analysis": KataGo's JSON analysis protocol on stdin and
// stdout (package katago), started with KataGo's own launch line so that tools built for
// `katago analysis` can use the proofs.
package analysiscmd

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"littlego/cmd/littlego/internal/base"
	"littlego/internal/regularfile"
	"littlego/katago"
	"littlego/lib/cliflag"
)

// Cmd is "littlego analysis".
var Cmd = &base.Command{
	Name:      "analysis",
	UsageLine: "littlego analysis [-config FILE] [-model FILE] [-override-config K=V,...] [-jobs N] [-threads N] [-cpu S]",
	Short:     "KataGo's JSON analysis protocol on stdin and stdout, with the proofs",
	Long: `Analysis reads one JSON query a line on stdin and writes one JSON response a line on
stdout, as KataGo's analysis engine does (katago/README.md): proved values are exact
(winrate 0 or 1, scoreStdev 0) and name their source in a "proof" object. KataGo's
launch line works as it is: -config is read (the settings this engine has), -model is
accepted and unused (there is no network). Diagnostics go to stderr. With stdin closed,
the queued turns are finished, then the command exits 0. Exit status 1 on an I/O
failure, 2 for bad flags or a bad config.`,
	FlagsFirst: true,
	Setup:      setup,
}

// maxConfigBytes bounds the config file read: KataGo's own are a few kilobytes.
const maxConfigBytes = 1 << 20

// options are the command's flags.
type options struct {
	config, model, override string
	analysisThreads         int
	cfg                     katago.Config
	quitWithoutWaiting      bool
}

// setup defines the flags; its run reads the config and serves the protocol.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	var o options
	fs.StringVar(&o.config, "config", "", "a KataGo config file: the settings this engine has are used (maxVisits, maxTime, reportAnalysisWinratesAs, analysisPVLen, numAnalysisThreads, numSearchThreadsPerAnalysisThread, and proofTime, the solver's CPU seconds beyond the search's), the others named on stderr and ignored")
	fs.StringVar(&o.model, "model", "", "accepted and unused: the engine has no network (its search, tables and solver answer)")
	fs.StringVar(&o.override, "override-config", "", "settings over the config file, KEY=VALUE,KEY=VALUE (KataGo's names)")
	fs.IntVar(&o.analysisThreads, "analysis-threads", 0, "KataGo's name of -jobs")
	fs.BoolVar(&o.quitWithoutWaiting, "quit-without-waiting", false, "not supported: stdin closed always finishes the queued turns")
	cliflag.Jobs(fs, &o.cfg.Jobs, 0, "turns analysed at once (default 1, or the config's numAnalysisThreads)")
	cliflag.Threads(fs, &o.cfg.Threads, 0, "search threads of one turn, and its solver's (default 1, or the config's)")
	cliflag.CPU(fs, &o.cfg.SolveLimit, katago.DefaultSolveLimit, "the solver's CPU limit per move of a turn, for its value and then its margin")
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected argument %q (flags only)", args[0])
		}
		if o.quitWithoutWaiting {
			return base.Usagef("-quit-without-waiting is not supported: closing stdin finishes the queued turns")
		}
		cfg, err := o.settings(fs, out.Stderr)
		if err != nil {
			return base.UsageError{What: err.Error()}
		}
		return katago.Serve(context.Background(), out.Stdin, out.Stdout, out.Stderr, cfg)
	}
}

// settings applies the config file, then -override-config, then the flags set on the
// command line (KataGo's order: the command line wins), and names the unknown keys.
func (o *options) settings(fs *flag.FlagSet, stderr io.Writer) (katago.Config, error) {
	var cfg katago.Config
	var unknown []string
	if o.config != "" {
		data, err := regularfile.Read(o.config, maxConfigBytes)
		if err != nil {
			return cfg, fmt.Errorf("-config: %v", err)
		}
		if unknown, err = cfg.LoadConfig(bytes.NewReader(data)); err != nil {
			return cfg, fmt.Errorf("-config %s: %v", o.config, err)
		}
	}
	more, err := cfg.Override(o.override)
	if err != nil {
		return cfg, err
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
	return cfg, nil
}
