// Command fruitrage is the Fruit Rage agent (docs/FRUITRAGE.md): run once per move, it
// reads input.txt and writes output.txt (the move and the board after it); -calibrate
// writes calibration.txt, the machine's search speed for the time plan.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"littlego/games/fruitrage"
	"littlego/internal/atomicfile"
	"littlego/internal/cliflag"
	"littlego/internal/cputime"
)

func main() {
	// The remaining time is charged from process start: the clock is the process's
	// CPU time, start-up included.
	startup := cputime.Process()
	os.Exit(run(os.Args[1:], ".", startup, os.Stderr))
}

// run plays one move in dir (or calibrates) and returns the exit status.
func run(args []string, dir string, startup time.Duration, stderr io.Writer) int {
	flags := flag.NewFlagSet("fruitrage", flag.ContinueOnError)
	flags.SetOutput(stderr)
	calibrate := flags.Bool("calibrate", false, "measure this machine's search speed and write calibration.txt, then exit")
	calSeconds := flags.Float64("calibrate-seconds", 2, "CPU seconds the -calibrate measurement lasts (0.05..60)")
	verbose := flags.Bool("v", false, "write the search's figures to stderr")
	const header = "usage: fruitrage [-calibrate] [-v]\n\nReads input.txt and writes output.txt in the current directory (The Fruit Rage!, CSCI-561 HW2).\n"
	if status, ok := cliflag.Parse(flags, args, stderr, header); !ok {
		return status
	}
	if flags.NArg() != 0 {
		fmt.Fprintln(stderr, "fruitrage: no arguments expected (fruitrage -h for help)")
		return 2
	}
	// One thread searches; the few allocations are bounded, so the collector stays off.
	runtime.GOMAXPROCS(1)
	debug.SetGCPercent(-1)
	if !(*calSeconds >= 0.05 && *calSeconds <= 60) {
		fmt.Fprintf(stderr, "fruitrage: -calibrate-seconds %g out of range: want 0.05..60\n", *calSeconds)
		return 2
	}
	if *calibrate {
		s := fruitrage.NewSearcher(20)
		cal := fruitrage.Calibrate(s, cputime.Process, time.Duration(*calSeconds*float64(time.Second)), startup)
		var buf bytes.Buffer
		fruitrage.WriteCalibration(&buf, cal)
		if err := atomicfile.WriteFile(filepath.Join(dir, "calibration.txt"), buf.Bytes(), 0o644); err != nil {
			fmt.Fprintln(stderr, "fruitrage:", err)
			return 1
		}
		if *verbose {
			fmt.Fprint(stderr, buf.String())
		}
		return 0
	}
	f, err := os.Open(filepath.Join(dir, "input.txt"))
	if err != nil {
		fmt.Fprintln(stderr, "fruitrage:", err)
		return 1
	}
	in, err := fruitrage.ParseInput(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(stderr, "fruitrage:", err)
		return 1
	}
	cal := fruitrage.DefaultCalibration
	if cf, err := os.Open(filepath.Join(dir, "calibration.txt")); err == nil {
		cal = fruitrage.ParseCalibration(cf)
		cf.Close()
	} else if !errors.Is(err, fs.ErrNotExist) && *verbose {
		fmt.Fprintln(stderr, "fruitrage: calibration.txt:", err)
	}
	m, res, plan := fruitrage.Decide(&in, nil, cputime.Process, 0, cal, fruitrage.ModeAuto)
	var g fruitrage.Groups
	g.Find(&in.Board)
	var after fruitrage.Board
	fruitrage.Play(&after, &in.Board, &g, g.GroupOf(m))
	var buf bytes.Buffer
	fruitrage.WriteOutput(&buf, &after, m)
	if err := atomicfile.WriteFile(filepath.Join(dir, "output.txt"), buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(stderr, "fruitrage:", err)
		return 1
	}
	if *verbose {
		fmt.Fprintf(stderr, "fruitrage: %s value %d depth %d complete %v exact %v nodes %d groups %d budget %.3fs greedy %v cpu %.3fs of %.3fs\n",
			in.Board.Name(m), res.Value, res.Depth, res.Complete, res.Exact, res.Nodes, res.Groups,
			plan.Budget.Seconds(), plan.Greedy, cputime.Process().Seconds(), in.Remaining)
	}
	return 0
}
