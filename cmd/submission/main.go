// Command submission builds the folder a student uploads to the CSCI-561 course
// grader: my_player as a static linux/amd64 binary, the my_player3.py launcher the
// course's build script runs (with the my_player flags given after -- baked in), and a
// README.txt. See docs/submission.md.
//
//	go run ./cmd/submission -o bin/submission [-- my_player flags]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; it returns the exit status (2 for bad usage, 1 when the build
// fails).
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("submission", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the submission `folder` to make (new, or holding only an earlier build)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: submission -o DIR [-- my_player flags]\n\n"+
			"Builds the folder to upload to the course grader: %s (the launcher), %s (the engine, static linux/amd64)\n"+
			"and %s. my_player flags after -- are baked into the launcher, e.g. -- -budget 0.8.\n\n", launcherName, engineName, readmeName)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		fmt.Fprintln(stderr, "submission: my_player flags go after --, e.g. submission -o DIR -- -budget 0.8")
		return 2
	}
	if *out == "" {
		fmt.Fprintln(stderr, "submission: -o DIR is required, e.g. submission -o bin/submission")
		return 2
	}
	rest := fs.Args()
	if len(args) > 0 && len(rest) > 0 && !dashDashGiven(args, rest) {
		fmt.Fprintf(stderr, "submission: unexpected argument %q: my_player flags go after --\n", rest[0])
		return 2
	}
	if _, err := engineOptions(rest); err != nil {
		fmt.Fprintf(stderr, "submission: %v\n", err)
		return 2
	}
	f, err := buildFolder(context.Background(), *out, rest, os.Environ())
	if err != nil {
		fmt.Fprintf(stderr, "submission: %v\n", err)
		return 1
	}
	flags := strings.Join(f.Flags, " ")
	if flags == "" {
		flags = "none (the engine's defaults)"
	}
	fmt.Fprintf(stdout, "%s\n  %-20s launcher, my_player flags: %s\n  %-20s engine, static linux/amd64, %d bytes, sha256 %s\n  %-20s for the student\n",
		f.Dir, launcherName, flags, engineName, f.EngineSize, f.EngineSHA256, readmeName)
	fmt.Fprintf(stdout, "upload %s and %s; check locally with: go run ./cmd/arena 'exec:python3 %s' alphabeta\n",
		launcherName, engineName, filepath.Join(f.Dir, launcherName))
	return 0
}

// dashDashGiven reports whether the arguments left after flag parsing, rest, came
// after a "--" in args.
func dashDashGiven(args, rest []string) bool {
	k := len(args) - len(rest) - 1
	return k >= 0 && args[k] == "--"
}
