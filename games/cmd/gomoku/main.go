// Command gomoku plays one Go-Moku move as the USC CSCI 561 homework "Adversarial
// Search" asks (rules as games/GOMOKU.md settles them):
//
//	gomoku [-v] INPUTFILE
//
// It reads INPUTFILE (task, player, cut-off depth, board size, board; see
// gomoku.Parse), runs Greedy, Minimax or Alpha-Beta, and writes next_state.txt (the
// board after the chosen move) and, for Minimax and Alpha-Beta, traverse_log.txt in
// the current directory. Each file is written to a temporary file in the same
// directory and renamed into place, so a failed run leaves no half-written output.
// With -v the chosen move, its value, the nodes searched and the log lines go to
// stderr. On bad input it prints one error line to stderr and exits with status 1
// (2 for a usage error).
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"littlego/games/gomoku"
	"littlego/lib/cliflag"
)

// Output file names, fixed by the assignment.
const (
	nextStateFile = "next_state.txt"
	logFile       = "traverse_log.txt"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the command in the current directory; it returns the exit status.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return runIn(".", args, stdout, stderr)
}

// usageError is a command-line mistake (exit status 2).
type usageError struct{ what string }

func (e usageError) Error() string { return e.what }

// runIn is the command with its working directory dir (where relative input paths are
// read and the outputs are written); it returns the exit status. Errors are one line.
func runIn(dir string, args []string, stdout, stderr io.Writer) int {
	err := play(args, dir, stderr)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return cliflag.StatusOK
	}
	var u usageError
	if errors.As(err, &u) {
		return cliflag.Fail(stderr, "gomoku")("%v", err)
	}
	fmt.Fprintln(stderr, "gomoku:", err)
	return 1
}

// play parses the arguments and the input file, searches, and writes the outputs.
func play(args []string, dir string, stderr io.Writer) error {
	fs := flag.NewFlagSet("gomoku", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	verbose := fs.Bool("v", false, "print the move, its value, the nodes searched and the log lines to stderr")
	fs.Usage = func() {} // errors are reported in one line by run; -h prints the usage below
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage: gomoku [-v] INPUTFILE")
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return err
		}
		return usageError{err.Error() + " (usage: gomoku [-v] INPUTFILE)"}
	}
	if fs.NArg() != 1 {
		return usageError{fmt.Sprintf("want one input file, got %d arguments (usage: gomoku [-v] INPUTFILE)", fs.NArg())}
	}
	path := fs.Arg(0)
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	p, err := gomoku.Parse(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	var res gomoku.Result
	var logTmp string
	if p.Task == gomoku.Greedy {
		if res, err = gomoku.Solve(p, nil); err != nil {
			return fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
	} else {
		logTmp, err = writeTemp(dir, logFile, func(w io.Writer) error {
			res, err = gomoku.Solve(p, w)
			return err
		})
		if err != nil {
			return fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
	}
	next := p.NextState(res.Move)
	stateTmp, err := writeTemp(dir, nextStateFile, func(w io.Writer) error {
		_, err := w.Write(next)
		return err
	})
	if err != nil {
		os.Remove(logTmp)
		return err
	}
	if logTmp != "" {
		if err := os.Rename(logTmp, filepath.Join(dir, logFile)); err != nil {
			os.Remove(logTmp)
			os.Remove(stateTmp)
			return err
		}
	}
	if err := os.Rename(stateTmp, filepath.Join(dir, nextStateFile)); err != nil {
		os.Remove(stateTmp)
		return err
	}
	if *verbose {
		fmt.Fprintf(stderr, "%v: move %s value %d, %d nodes, %d log lines\n",
			p.Task, gomoku.Name(res.Move, p.Board.Size), res.Value, res.Nodes, res.LogLines)
	}
	return nil
}

// writeTemp writes a temporary file next to dir/name through fill and returns its
// path, to be renamed into place; on any error it removes the file. Search writes
// are buffered by the gomoku.Searcher, small files go straight through a bufio.Writer.
func writeTemp(dir, name string, fill func(io.Writer) error) (string, error) {
	f, err := os.CreateTemp(dir, "."+name+"-*.tmp")
	if err != nil {
		return "", err
	}
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(f.Name())
		return "", err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	if err := fill(w); err != nil {
		return fail(err)
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}
