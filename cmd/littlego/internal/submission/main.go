// Command submission builds the folder a student uploads to the CSCI-561 course
// grader: my_player as a static linux/amd64 binary, the my_player3.py launcher the
// course's build script runs (with the my_player flags given after -- baked in), and a
// README.txt. See docs/submission.md.
//
//	go run ./cmd/littlego submission -o bin/submission [-- my_player flags]
package submission

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
)

// Cmd is "littlego submission". Exit status 0 when the folder is built, 1 when the build
// fails, 2 for bad usage or my_player flags a submission may not carry.
var Cmd = &base.Command{
	Name:      "submission",
	UsageLine: "littlego submission -o DIR [-- my_player flags]",
	Short:     "build the course submission folder around my_player",
	Long: fmt.Sprintf("Builds the folder to upload to the course grader: %s (the launcher), %s (the engine, static linux/amd64)\n"+
		"and %s. my_player flags go after -- and are baked into the launcher, e.g. -- -budget 0.8.", launcherName, engineName, readmeName),
	FlagsFirst: true,
	Setup:      setup,
}

// setup defines -o; its run checks the my_player flags after -- and builds the folder.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	var out string
	cliflag.OutputDir(fs, &out, "", "the submission folder to make (new, or holding only an earlier build)")
	return func(rest []string, o base.Output) error {
		if err := checkFlags(out, rest); err != nil {
			return err
		}
		fmt.Fprintf(o.Stderr, "submission: building the static engine for linux/amd64 into %s (about a minute on a cold build cache, seconds after)\n", out)
		f, err := buildFolder(context.Background(), out, rest, os.Environ())
		if err != nil {
			return err
		}
		report(o.Stdout, f)
		return nil
	}
}

// checkFlags checks -o and the my_player flags, rest, that the flag package left after
// --: a word that is no flag came before the -- (the flags after it begin with -).
func checkFlags(out string, rest []string) error {
	switch {
	case out == "":
		return base.Usagef("-o DIR is required, e.g. submission -o bin/submission")
	case len(rest) > 0 && !strings.HasPrefix(rest[0], "-"):
		return base.Usagef("unexpected argument %q: my_player flags go after --, each beginning with -", rest[0])
	}
	opts, err := engineOptions(rest)
	if err == nil {
		err = withinGraderLimit(opts)
	}
	if err != nil {
		return base.UsageError{What: err.Error()}
	}
	return nil
}

// report tells what was built and how to check it.
func report(stdout io.Writer, f *folder) {
	flags := strings.Join(f.Flags, " ")
	if flags == "" {
		flags = "none (the engine's defaults)"
	}
	fmt.Fprintf(stdout, "%s\n  %-20s launcher, my_player flags: %s\n  %-20s engine, static linux/amd64, %d bytes, sha256 %s\n  %-20s for the student\n",
		f.Dir, launcherName, flags, engineName, f.EngineSize, f.EngineSHA256, readmeName)
	fmt.Fprintf(stdout, "upload %s and %s; check locally with: go run ./cmd/littlego arena 'exec:python3 %s' alphabeta\n",
		launcherName, engineName, filepath.Join(f.Dir, launcherName))
}
