// cmd.go: solve book's flags.

// Package book is solve book: Black's proved opening book, written as the table file
// package opening embeds for the engine (opening/book.lgtb; go generate ./opening runs it).
package book

import (
	"flag"
	"strings"

	"littlego/board"
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
)

// Cmd is "solve book".
var Cmd = &base.Command{
	Name:      "book",
	UsageLine: "littlego solve book [-first 2,2] [-last 9] [-jobs N] [-tt N] [-progress FILE] [-proved-only] FILE",
	Short:     "prove Black's opening book and write it as a table file",
	Long: `Book proves Black's opening: after -first, for every answer of White, a move that keeps
Black's win, up to Black's move -last (a move number), and writes them to FILE, the
table file the engine embeds. The run is long: every proof is appended to a progress
file (-progress, by default FILE.progress) as it ends, and a new run takes the proofs
from it instead of making them again.`,
	Setup: func(fs *flag.FlagSet) func([]string, base.Output) error {
		first := fs.String("first", "2,2", "Black's first move (2,2 is its only winning one)")
		last := fs.Int("last", 9, "the last Black move number the book covers (odd, 3..23)")
		var jobs int
		cliflag.Jobs(fs, &jobs, 2, "positions proved, one solver each")
		cliflag.Renamed(fs, map[string]string{"workers": "jobs"})
		var ttBits int
		base.IntTT(fs, &ttBits)
		progress := fs.String("progress", "", "the file of positions proved so far, appended to as proofs end and read on restart (default: FILE.progress)")
		provedOnly := fs.Bool("proved-only", false, "prove nothing: write the book from the progress file alone (a stopped run's partial last move)")
		return func(args []string, out base.Output) error {
			if len(args) != 1 {
				return base.Usagef("book takes one file to write, got %d arguments", len(args))
			}
			f, err := board.ParseOutput(strings.NewReader(*first))
			if err != nil {
				return base.Usagef("-first %q: %v", *first, err)
			}
			if err := base.CheckTT(ttBits, max(jobs, 1)); err != nil {
				return err
			}
			if *progress == "" {
				*progress = args[0] + ".progress"
			}
			cmdline := "go run ./cmd/littlego solve book " + strings.Join(commandLine(fs), " ") + " " + args[0]
			return makeBook(out.Stdout, out.Stderr, f, *last, jobs, ttBits, args[0], *progress, cmdline, *provedOnly)
		}
	},
}

// commandLine returns the flags set on fs as -name value, for the book's header.
func commandLine(fs *flag.FlagSet) []string {
	var args []string
	fs.Visit(func(f *flag.Flag) { args = append(args, "-"+f.Name, f.Value.String()) })
	return args
}
