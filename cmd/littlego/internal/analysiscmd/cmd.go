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
	"littlego/internal/cliflag"
	"littlego/internal/regularfile"
	"littlego/katago"
)

// Cmd is "littlego analysis".
var Cmd = &base.Command{
	Name:      "analysis",
	UsageLine: "littlego analysis [-config FILE] [-model FILE] [-override-config K=V,...] [-jobs N] [-threads N] [-cpu S]",
	Short:     "KataGo's JSON analysis protocol on stdin and stdout, with the proofs",
	Main:      run,
}

// maxConfigBytes bounds the config file read: KataGo's own are a few kilobytes.
const maxConfigBytes = 1 << 20

const header = `usage: littlego analysis [flags]

Analysis reads one JSON query a line on stdin and writes one JSON response a line on
stdout, as KataGo's analysis engine does (katago/README.md): proved values are exact
(winrate 0 or 1, scoreStdev 0) and name their source in a "proof" object. KataGo's
launch line works as it is: -config is read (the settings this engine has), -model is
accepted and unused (there is no network). Diagnostics go to stderr. With stdin closed,
the queued turns are finished, then the command exits 0.

`

// options are the command's flags.
type options struct {
	config, model, override string
	analysisThreads         int
	cfg                     katago.Config
	quitWithoutWaiting      bool
}

// run serves the protocol and returns the exit status: 0 when stdin ended and every
// turn was answered, 1 on an I/O failure, 2 for bad flags or a bad config.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	if err := katago.Serve(context.Background(), stdin, stdout, stderr, cfg); err != nil {
		fmt.Fprintf(stderr, "littlego analysis: %v\n", err)
		return 1
	}
	return cliflag.StatusOK
}

// parse reads the flags and the config; when ok is false the command ends with status.
func parse(args []string, stderr io.Writer) (katago.Config, int, bool) {
	var o options
	fs := flag.NewFlagSet("littlego analysis", flag.ContinueOnError)
	fs.StringVar(&o.config, "config", "", "a KataGo config file: the settings this engine has are used (maxVisits, maxTime, reportAnalysisWinratesAs, analysisPVLen, numAnalysisThreads, numSearchThreadsPerAnalysisThread, and proofTime, the solver's CPU seconds beyond the search's), the others named on stderr and ignored")
	fs.StringVar(&o.model, "model", "", "accepted and unused: the engine has no network (its search, tables and solver answer)")
	fs.StringVar(&o.override, "override-config", "", "settings over the config file, KEY=VALUE,KEY=VALUE (KataGo's names)")
	fs.IntVar(&o.analysisThreads, "analysis-threads", 0, "KataGo's name of -jobs")
	fs.BoolVar(&o.quitWithoutWaiting, "quit-without-waiting", false, "not supported: stdin closed always finishes the queued turns")
	cliflag.Jobs(fs, &o.cfg.Jobs, 0, "turns analysed at once (default 1, or the config's numAnalysisThreads)")
	cliflag.Threads(fs, &o.cfg.Threads, 0, "search threads of one turn, and its solver's (default 1, or the config's)")
	cliflag.CPU(fs, &o.cfg.SolveLimit, katago.DefaultSolveLimit, "the solver's CPU limit per move of a turn, for its value and then its margin")
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return o.cfg, status, false
	}
	fail := cliflag.Fail(stderr, "littlego analysis")
	if fs.NArg() > 0 {
		return o.cfg, fail("unexpected argument %q (flags only)", fs.Arg(0)), false
	}
	if o.quitWithoutWaiting {
		return o.cfg, fail("-quit-without-waiting is not supported: closing stdin finishes the queued turns"), false
	}
	cfg, err := o.settings(fs, stderr)
	if err != nil {
		return cfg, fail("%v", err), false
	}
	return cfg, 0, true
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
