// Command gtp runs the engine as a Go Text Protocol (version 2) engine on stdin and
// stdout, for GUIs such as Sabaki and GoGui and for match runners; diagnostics go to
// stderr. It takes the engine's flags and -rules; see gtp/README.md.
package gtpcmd

import (
	"context"
	"flag"
	"fmt"
	"io"

	"littlego/cmd/internal/engineflag"
	"littlego/engine"
	"littlego/gtp"
	"littlego/lib/cliflag"
)

// run serves GTP on stdin and stdout with the engine's flags (cmd/internal/engineflag) and
// -rules, and returns the exit status: 0 after quit or the end of input, 1 on an I/O
// error, 2 for bad flags.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, rules, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	eng, err := engine.New(opts)
	if err != nil {
		return cliflag.Fail(stderr, "littlego gtp")("%v", err)
	}
	if opts.Verbose {
		fmt.Fprintf(stderr, "gtp: %s, rules %s, options %s\n", gtp.Name, rules, opts)
	}
	srv := gtp.NewServer(eng, gtp.Config{Rules: rules, Log: stderr})
	if err := srv.Run(context.Background(), stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "gtp: %v\n", err)
		return 1
	}
	return 0
}

// parse reads the flags; when ok is false the command ends with status.
func parse(args []string, stderr io.Writer) (opts engine.Options, rules gtp.Rules, status int, ok bool) {
	opts = engine.Defaults()
	fs := flag.NewFlagSet("littlego gtp", flag.ContinueOnError)
	engineflag.Register(fs, &opts, engineflag.Vocabulary)
	rulesName := fs.String("rules", gtp.LittleGo.String(), "littlego (24-move end, stones-only score) or area (stones plus surrounded points, no move cap)")
	const header = "usage: littlego gtp [flags]\n\nA Go Text Protocol (version 2) engine for 5x5 Little-Go on stdin and stdout.\n\n"
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return opts, rules, status, false
	}
	fail := cliflag.Fail(stderr, "littlego gtp")
	if fs.NArg() > 0 {
		return opts, rules, fail("unexpected argument %q (flags only)", fs.Arg(0)), false
	}
	rules, err := gtp.ParseRules(*rulesName)
	if err != nil {
		return opts, rules, fail("-rules: %v", err), false
	}
	if err := opts.Validate(); err != nil {
		return opts, rules, fail("%v", err), false
	}
	return opts, rules, 0, true
}
