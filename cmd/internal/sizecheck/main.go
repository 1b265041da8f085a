// Command sizecheck checks the repository's sizes: no hand-written, non-test Go file
// over -file-lines lines, and no function over -func-lines lines unless its doc
// comment has a sentence starting "It stays whole" that says why, for at most -whole
// functions. Generated files ("// Code generated ... DO NOT EDIT.") are skipped. It
// lists every offence and exits 1 when a limit is broken:
//
//	go run ./cmd/internal/sizecheck [-file-lines 600] [-func-lines 80] [-whole 4] [dir]
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"littlego/lib/cliflag"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const header = `usage: sizecheck [flags] [dir]

Lists the hand-written Go files and functions under dir (default .) over the size limits.

`

// run checks the sizes under the directory in args and returns the exit status: 0
// within the limits, 1 over them, 2 for bad usage.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sizecheck", flag.ContinueOnError)
	lim := Limits{}
	fs.IntVar(&lim.FileLines, "file-lines", 600, "most `lines` of a hand-written file")
	fs.IntVar(&lim.FuncLines, "func-lines", 80, "most `lines` of a function")
	fs.IntVar(&lim.Whole, "whole", 4, "most `functions` over -func-lines kept whole by an \"It stays whole\" sentence")
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return status
	}
	fail := cliflag.Fail(stderr, "sizecheck")
	if fs.NArg() > 1 {
		return fail("at most one directory, got %q", fs.Args())
	}
	if lim.FileLines < 1 || lim.FuncLines < 1 || lim.Whole < 0 {
		return fail("limits must be positive (-whole may be 0)")
	}
	root := "."
	if fs.NArg() == 1 {
		root = fs.Arg(0)
	}
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return fail("%s is not a directory", root)
	}
	rep, err := Check(root, lim)
	if err != nil {
		fmt.Fprintf(stderr, "sizecheck: %v\n", err)
		return 1
	}
	report(stdout, rep, lim)
	if rep.Failed(lim) {
		return 1
	}
	return 0
}

// report writes one line per offence and a summary.
func report(w io.Writer, rep Report, lim Limits) {
	whole := 0
	for _, o := range rep.Offences {
		switch {
		case o.What == "file":
			fmt.Fprintf(w, "%s: file of %d lines (limit %d)\n", o.Pos.Filename, o.Lines, lim.FileLines)
		case o.Whole:
			whole++
			fmt.Fprintf(w, "%s:%d: %s has %d lines, kept whole by its doc comment (%d of at most %d)\n",
				o.Pos.Filename, o.Pos.Line, o.What, o.Lines, whole, lim.Whole)
		default:
			fmt.Fprintf(w, "%s:%d: %s has %d lines (limit %d; or a doc sentence \"It stays whole ...\" saying why)\n",
				o.Pos.Filename, o.Pos.Line, o.What, o.Lines, lim.FuncLines)
		}
	}
	status := "within the limits"
	if rep.Failed(lim) {
		status = "over the limits"
	}
	fmt.Fprintf(w, "sizecheck: %d files checked, %d offences (%d functions kept whole, at most %d): %s\n",
		rep.Files, len(rep.Offences), whole, lim.Whole, status)
}
