// Command profile runs a fixed, seeded search workload (bench.Workload: one search of
// -playouts iterations from each of the 21 workload positions, -repeat times, with the
// engine's default search settings and policy unless -policy names another), writes a CPU and a heap profile into -dir named by date and
// commit, and prints the share of CPU time spent in playouts, in the tree and elsewhere,
// then the top functions by flat and by cumulative time.
//
//	profile [-playouts 10000] [-repeat 10] [-workers 1] [-policy pattern] [-seed 1] [-dir profiles] [-top 15] [-reference]
//
// The files are <dir>/cpu-<date>-<commit>.pprof and <dir>/heap-<date>-<commit>.pprof
// (commit from git rev-parse --short HEAD, "nocommit" outside a git work tree). With
// -reference the CPU profile is written to <dir>/reference-cpu.pprof instead, the one
// profile kept in the repository (see profiles/README.md). View a profile with
//
//	go tool pprof -http=:8080 profiles/reference-cpu.pprof
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/google/pprof/profile"

	"littlego/bench"
	"littlego/policy"
)

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return // -h: the usage is printed
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "profile:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("profile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	playouts := fs.Int("playouts", 10000, "iterations of each search")
	repeat := fs.Int("repeat", 10, "rounds over the 21 workload positions")
	workers := fs.Int("workers", 1, "search goroutines")
	policyName := fs.String("policy", bench.SearchConfig(1, 1).Policy.Name(), "rollout policy: "+strings.Join(policy.Names(), ", "))
	seed := fs.Uint64("seed", 1, "random seed of the searches")
	dir := fs.String("dir", "profiles", "folder for the profiles")
	top := fs.Int("top", 15, "functions to list by flat and by cumulative time")
	reference := fs.Bool("reference", false, "write the CPU profile as <dir>/reference-cpu.pprof (the profile kept in the repository)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: profile [flags]\n\nRuns the fixed search workload (bench.Workload) under the CPU profiler, writes\n<dir>/cpu-<date>-<commit>.pprof and <dir>/heap-<date>-<commit>.pprof and prints where the time went.\nIt takes no arguments besides the flags:\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *top < 1 {
		return fmt.Errorf("-top %d: want at least 1", *top)
	}
	pol, err := policy.ByName(*policyName)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	stamp := time.Now().Format("20060102-150405") + "-" + commit()
	cpuPath := filepath.Join(*dir, "cpu-"+stamp+".pprof")
	if *reference {
		cpuPath = filepath.Join(*dir, "reference-cpu.pprof")
	}
	heapPath := filepath.Join(*dir, "heap-"+stamp+".pprof")

	w := bench.Workload{Playouts: *playouts, Repeat: *repeat, Workers: *workers, Policy: pol, Seed: *seed}
	res, err := profileCPU(cpuPath, w)
	if err != nil {
		return err
	}
	if err := writeHeap(heapPath); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "workload: %d searches of %d playouts (%d workers, policy %s, seed %d)\n",
		res.Searches, *playouts, *workers, pol.Name(), *seed)
	fmt.Fprintf(stdout, "%d iterations in %.2fs CPU (%.0f per CPU-second), %.2fs wall (%.0f per second)\n",
		res.Iterations, res.CPU.Seconds(), float64(res.Iterations)/res.CPU.Seconds(),
		res.Wall.Seconds(), float64(res.Iterations)/res.Wall.Seconds())
	fmt.Fprintf(stdout, "CPU profile %s, heap profile %s\n", cpuPath, heapPath)
	f, err := os.Open(cpuPath)
	if err != nil {
		return err
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		return fmt.Errorf("reading %s: %w", cpuPath, err)
	}
	sum, err := bench.Summarize(p)
	if err != nil {
		return err
	}
	return sum.Write(stdout, *top)
}

// profileCPU runs w under the CPU profiler, writing the profile to path.
func profileCPU(path string, w bench.Workload) (bench.WorkloadResult, error) {
	f, err := os.Create(path)
	if err != nil {
		return bench.WorkloadResult{}, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return bench.WorkloadResult{}, err
	}
	res, err := w.Run(context.Background())
	pprof.StopCPUProfile()
	return res, errors.Join(err, f.Close())
}

// writeHeap writes a heap profile (after a collection, so that it shows live memory)
// to path.
func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	return errors.Join(pprof.WriteHeapProfile(f), f.Close())
}

// commit returns the short hash of the checked-out commit, or "nocommit".
func commit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if s := strings.TrimSpace(string(out)); err == nil && s != "" {
		return s
	}
	return "nocommit"
}
