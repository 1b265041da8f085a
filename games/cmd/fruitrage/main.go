// Command fruitrage is the Fruit Rage agent (games/FRUITRAGE.md): run once per move, it
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
	"littlego/lib/atomicfile"
	"littlego/lib/cliflag"
	"littlego/lib/cputime"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run plays one move in the current directory (or calibrates) and returns the exit
// status: 0 done, 1 failed, 2 bad usage.
func run(args []string, _ io.Reader, _, stderr io.Writer) int {
	// The remaining time is charged from process start: the clock is the process's CPU
	// time, start-up included, read here before anything else.
	startup := cputime.Process()
	flags := flag.NewFlagSet("fruitrage", flag.ContinueOnError)
	calibrate := flags.Bool("calibrate", false, "measure this machine's search speed and write calibration.txt, then exit")
	calSeconds := flags.Float64("calibrate-seconds", 2, "CPU seconds the -calibrate measurement lasts (0.05..60)")
	verbose := flags.Bool("v", false, "write the search's figures to stderr")
	const header = "usage: fruitrage [-calibrate] [-v]\n\nReads input.txt and writes output.txt in the current directory (The Fruit Rage!, CSCI-561 HW2).\n"
	if status, ok := cliflag.Parse(flags, args, stderr, header); !ok {
		return status
	}
	bad := cliflag.Fail(stderr, "fruitrage")
	if flags.NArg() != 0 {
		return bad("no arguments expected (fruitrage -h for help)")
	}
	if !(*calSeconds >= 0.05 && *calSeconds <= 60) {
		return bad("-calibrate-seconds %g out of range: want 0.05..60", *calSeconds)
	}
	// One thread searches; the few allocations are bounded, so the collector stays off.
	runtime.GOMAXPROCS(1)
	debug.SetGCPercent(-1)
	var err error
	if *calibrate {
		err = calibrateIn(".", time.Duration(*calSeconds*float64(time.Second)), startup, *verbose, stderr)
	} else {
		err = moveIn(".", *verbose, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, "fruitrage:", err)
		return 1
	}
	return 0
}

// calibrateIn measures the search speed for d and writes dir/calibration.txt.
func calibrateIn(dir string, d, startup time.Duration, verbose bool, stderr io.Writer) error {
	s := fruitrage.NewSearcher(20)
	cal := fruitrage.Calibrate(s, cputime.Process, d, startup)
	var buf bytes.Buffer
	fruitrage.WriteCalibration(&buf, cal)
	if err := atomicfile.WriteFile(filepath.Join(dir, "calibration.txt"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	if verbose {
		fmt.Fprint(stderr, buf.String())
	}
	return nil
}

// moveIn reads dir/input.txt (and dir/calibration.txt when there is one), chooses the
// move and writes dir/output.txt.
func moveIn(dir string, verbose bool, stderr io.Writer) error {
	f, err := os.Open(filepath.Join(dir, "input.txt"))
	if err != nil {
		return err
	}
	in, err := fruitrage.ParseInput(f)
	f.Close()
	if err != nil {
		return err
	}
	cal := fruitrage.DefaultCalibration
	if cf, err := os.Open(filepath.Join(dir, "calibration.txt")); err == nil {
		cal = fruitrage.ParseCalibration(cf)
		cf.Close()
	} else if !errors.Is(err, fs.ErrNotExist) && verbose {
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
		return err
	}
	if verbose {
		fmt.Fprintf(stderr, "fruitrage: %s value %d depth %d complete %v exact %v nodes %d groups %d budget %.3fs greedy %v cpu %.3fs of %.3fs\n",
			in.Board.Name(m), res.Value, res.Depth, res.Complete, res.Exact, res.Nodes, res.Groups,
			plan.Budget.Seconds(), plan.Greedy, cputime.Process().Seconds(), in.Remaining)
	}
	return nil
}
