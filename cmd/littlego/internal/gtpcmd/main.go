// Command gtp runs the engine as a Go Text Protocol (version 2) engine on stdin and
// stdout, for GUIs such as Sabaki and GoGui and for match runners; diagnostics go to
// stderr. It takes the engine's flags and -rules; see gtp/README.md.
package gtpcmd

import (
	"context"
	"flag"
	"fmt"

	"littlego/cmd/internal/engineflag"
	"littlego/cmd/internal/storeflag"
	"littlego/cmd/littlego/internal/base"
	"littlego/engine"
	"littlego/facts"
	"littlego/gtp"
)

// Cmd is "littlego gtp": it serves GTP on stdin and stdout with the engine's flags
// (cmd/internal/engineflag) and -rules. Exit status 0 after quit or the end of input, 1
// on an I/O error, 2 for bad flags.
var Cmd = &base.Command{
	Name:       "gtp",
	UsageLine:  "littlego gtp [flags]",
	Short:      "the engine as a Go Text Protocol engine (Sabaki, GoGui, twogtp)",
	Long:       "A Go Text Protocol (version 2) engine for 5x5 Little-Go on stdin and stdout.",
	FlagsFirst: true,
	Setup:      setup,
}

// setup defines the flags; its run checks them and serves.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	opts := engine.Defaults()
	engineflag.Register(fs, &opts, engineflag.Vocabulary)
	rulesName := fs.String("rules", gtp.LittleGo.String(), "littlego (24-move end, stones-only score) or area (stones plus surrounded points, no move cap)")
	var store string
	storeflag.Var(fs, &store)
	return func(args []string, out base.Output) error {
		if len(args) > 0 {
			return base.Usagef("unexpected argument %q (flags only)", args[0])
		}
		rules, err := gtp.ParseRules(*rulesName)
		if err != nil {
			return base.Usagef("-rules: %v", err)
		}
		if err := opts.Validate(); err != nil {
			return base.UsageError{What: err.Error()}
		}
		eng, err := engine.New(opts)
		if err != nil {
			return base.UsageError{What: err.Error()}
		}
		if opts.Verbose {
			fmt.Fprintf(out.Stderr, "gtp: %s, rules %s, options %s\n", gtp.Name, rules, opts)
		}
		defer storeflag.Attach(store, "gtp", facts.Shared(), out.Stderr)()
		srv := gtp.NewServer(eng, gtp.Config{Rules: rules, Log: out.Stderr})
		return srv.Run(context.Background(), out.Stdin, out.Stdout)
	}
}
