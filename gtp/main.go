// main.go: Main, the command line of the GTP engine (cmd/gtp): flags, then a session on stdin and stdout.

package gtp

import (
	"flag"
	"fmt"
	"io"

	"littlego/engine"
	"littlego/internal/cliflag"
	"littlego/internal/engineflag"
)

// Main runs the GTP engine with the given command-line arguments: the engine's
// flags (engine.Options.RegisterFlags) and -rules. It serves GTP on stdin and stdout,
// writes diagnostics to stderr, and returns the exit status: 0 after quit or the end of
// input, 1 on an I/O error, 2 for bad flags.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts := engine.Defaults()
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engineflag.Register(fs, &opts)
	rulesName := fs.String("rules", LittleGo.String(), "littlego (24-move end, stones-only score) or area (stones plus surrounded points, no move cap)")
	const header = "usage: gtp [flags]\n\nA Go Text Protocol (version 2) engine for 5x5 Little-Go on stdin and stdout.\n\n"
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gtp: unexpected argument %q (flags only)\n", fs.Arg(0))
		return 2
	}
	rules, err := ParseRules(*rulesName)
	if err != nil {
		fmt.Fprintf(stderr, "gtp: -rules: %v\n", err)
		return 2
	}
	srv, err := NewServer(Config{Options: opts, Rules: rules, Log: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "gtp: %v\n", err)
		return 2
	}
	if opts.Verbose {
		fmt.Fprintf(stderr, "gtp: %s, rules %s, options %s\n", Name, rules, opts)
	}
	if err := srv.Run(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "gtp: %v\n", err)
		return 1
	}
	return 0
}
