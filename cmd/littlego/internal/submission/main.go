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

	"littlego/lib/cliflag"
)

// run is the command; it returns the exit status: 0 when the folder is built, 1 when
// the build fails, 2 for bad usage or my_player flags a submission may not carry.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	out, rest, status, ok := parse(args, stderr)
	if !ok {
		return status
	}
	fmt.Fprintf(stderr, "submission: building the static engine for linux/amd64 into %s (about a minute on a cold build cache, seconds after)\n", out)
	f, err := buildFolder(context.Background(), out, rest, os.Environ())
	if err != nil {
		fmt.Fprintf(stderr, "submission: %v\n", err)
		return 1
	}
	report(stdout, f)
	return 0
}

// parse reads the command's flags and checks the my_player flags after --; when ok is
// false the command ends with status.
func parse(args []string, stderr io.Writer) (out string, rest []string, status int, ok bool) {
	fs := flag.NewFlagSet("littlego submission", flag.ContinueOnError)
	cliflag.OutputDir(fs, &out, "", "the submission folder to make (new, or holding only an earlier build)")
	header := fmt.Sprintf("usage: littlego submission -o DIR [-- my_player flags]\n\n"+
		"Builds the folder to upload to the course grader: %s (the launcher), %s (the engine, static linux/amd64)\n"+
		"and %s. my_player flags go after -- and are baked into the launcher, e.g. -- -budget 0.8.\n\n", launcherName, engineName, readmeName)
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return "", nil, status, false
	}
	fail := cliflag.Fail(stderr, "littlego submission")
	rest = fs.Args()
	switch {
	case out == "":
		return "", nil, fail("-o DIR is required, e.g. submission -o bin/submission"), false
	case len(rest) > 0 && !dashDashGiven(args, rest):
		return "", nil, fail("unexpected argument %q: my_player flags go after --", rest[0]), false
	}
	opts, err := engineOptions(rest)
	if err == nil {
		err = withinGraderLimit(opts)
	}
	if err != nil {
		return "", nil, fail("%v", err), false
	}
	return out, rest, 0, true
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

// dashDashGiven reports whether the arguments left after flag parsing, rest, came
// after a "--" in args.
func dashDashGiven(args, rest []string) bool {
	k := len(args) - len(rest) - 1
	return k >= 0 && args[k] == "--"
}
