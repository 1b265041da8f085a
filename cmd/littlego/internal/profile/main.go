// Command profile runs a fixed, seeded search workload (bench.Workload: one search of
// -playouts iterations from each of the 21 workload positions, -repeat times, with the
// engine's default search settings and policy unless -policy names another), writes a CPU and a heap profile into -o named by date and
// commit, and prints the share of CPU time spent in playouts, in the tree and elsewhere,
// then the top functions by flat and by cumulative time.
//
//	profile [-playouts 10000] [-repeat 10] [-threads 1] [-policy pattern] [-seed 1] [-o profiles] [-top 15] [-reference]
//
// The files are <o>/cpu-<date>-<commit>.pprof and <o>/heap-<date>-<commit>.pprof
// (commit from git rev-parse --short HEAD, "nocommit" outside a git work tree). With
// -reference the CPU profile is written to <o>/reference-cpu.pprof instead, the one
// profile kept in the repository (see profiles/README.md). View a profile with
//
//	go tool pprof -http=:8080 profiles/reference-cpu.pprof
package profile

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
	"littlego/cmd/littlego/internal/base"
	"littlego/lib/cliflag"
	"littlego/policy"
)

// options are the command line.
type options struct {
	workload  bench.Workload
	dir       string
	top       int
	reference bool
}

// Cmd is "littlego profile". Exit status 1 when the profiles could not be written, 2
// for bad usage.
var Cmd = &base.Command{
	Name:      "profile",
	UsageLine: "littlego profile [flags]",
	Short:     "profile the fixed search workload",
	Long: `Runs the fixed search workload (bench.Workload) under the CPU profiler, writes
<o>/cpu-<date>-<commit>.pprof and <o>/heap-<date>-<commit>.pprof and prints where the time went.
It takes no arguments besides the flags. Exit status 1 when that failed, 2 for bad usage.`,
	FlagsFirst: true,
	Setup:      setup,
}

// setup defines the command line; its run checks it and profiles.
func setup(fs *flag.FlagSet) func([]string, base.Output) error {
	o := &options{}
	w := &o.workload
	fs.IntVar(&w.Playouts, "playouts", 10000, "iterations of each search")
	fs.IntVar(&w.Repeat, "repeat", 10, "rounds over the 21 workload positions")
	cliflag.Threads(fs, &w.Workers, 1, "each search of the workload")
	policyName := fs.String("policy", bench.SearchConfig(1, 1).Policy.Name(), "rollout policy: "+strings.Join(policy.Names(), ", "))
	cliflag.Seed(fs, &w.Seed, 1, "of the searches")
	cliflag.OutputDir(fs, &o.dir, "profiles", "the profiles")
	cliflag.Renamed(fs, map[string]string{"workers": "threads", "dir": "o"})
	fs.IntVar(&o.top, "top", 15, "functions to list by flat and by cumulative time")
	fs.BoolVar(&o.reference, "reference", false, "write the CPU profile as <o>/reference-cpu.pprof (the profile kept in the repository)")
	return func(args []string, out base.Output) error {
		switch {
		case len(args) > 0:
			return base.Usagef("unexpected arguments %q", args)
		case o.top < 1:
			return base.Usagef("-top %d: want at least 1", o.top)
		case w.Playouts < 1 || w.Repeat < 1 || w.Workers < 1:
			return base.Usagef("-playouts %d, -repeat %d, -threads %d: want each at least 1", w.Playouts, w.Repeat, w.Workers)
		}
		pol, err := policy.ByName(*policyName)
		if err != nil {
			return base.Usagef("-policy: %v", err)
		}
		w.Policy = pol
		return o.profile(out.Stdout)
	}
}

// profile runs the workload under the profilers, writes the profiles and prints where
// the time went.
func (o *options) profile(stdout io.Writer) error {
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return err
	}
	stamp := time.Now().Format("20060102-150405") + "-" + commit()
	cpuPath := filepath.Join(o.dir, "cpu-"+stamp+".pprof")
	if o.reference {
		cpuPath = filepath.Join(o.dir, "reference-cpu.pprof")
	}
	heapPath := filepath.Join(o.dir, "heap-"+stamp+".pprof")
	w := o.workload
	res, err := profileCPU(cpuPath, w)
	if err != nil {
		return err
	}
	if err := writeHeap(heapPath); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "workload: %d searches of %d playouts (%d workers, policy %s, seed %d)\n",
		res.Searches, w.Playouts, w.Workers, w.Policy.Name(), w.Seed)
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
	return sum.Write(stdout, o.top)
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
