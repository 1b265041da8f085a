// Command genbaseline writes the frozen baseline of the solver's paired speed benchmark:
// the solver's search.go, bounds.go, solver.go, table.go and dfpn.go as they were at a
// commit, read with git show, with every package-level name renamed (worker is
// baseWorker, New baseNew) and the few fixes that let them compile beside today's solver
// (gen.go: fixes, moved), written as solver/baseline_search_test.go,
// baseline_solver_test.go and baseline_dfpn_test.go with a "Code generated ... DO NOT
// EDIT." header. The solver names the commit in its go:generate line
// (solver/paired_bench_test.go), so that go generate ./solver regenerates the baseline:
//
//	go run ./cmd/internal/genbaseline [-dir solver] COMMIT
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// run generates the baseline from the commit in args and returns the exit status: 0
// done, 1 failed, 2 for bad usage.
func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("genbaseline", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "the solver's package `directory`, where the baseline is written")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: genbaseline [-dir solver] COMMIT\n\nWrites the solver's paired-bench baseline from its sources at COMMIT.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if err := write(*dir, fs.Arg(0), *dir); err != nil {
		fmt.Fprintln(stderr, "genbaseline:", err)
		return 1
	}
	return 0
}

// write reads the solver's sources at commit from the git checkout that holds dir and
// writes the baseline's files into out.
func write(dir, commit, out string) error {
	full, err := git(dir, "rev-parse", "--verify", commit+"^{commit}")
	if err != nil {
		return err
	}
	full = strings.TrimSpace(full)
	prefix, err := git(dir, "rev-parse", "--show-prefix")
	if err != nil {
		return err
	}
	sources := map[string][]byte{}
	for _, name := range sourceFiles(outputs) {
		text, err := git(dir, "show", full+":"+strings.TrimSpace(prefix)+name)
		if err != nil {
			return err
		}
		sources[name] = []byte(text)
	}
	files, err := generate(full, sources, outputs)
	if err != nil {
		return err
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(out, name), text, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// git runs git in dir and returns what it printed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}
