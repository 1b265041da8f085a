// Package player runs one turn of my_player as the course host runs it: read input.txt,
// work out the move number (helper file, or inferred from the boards), ask the engine for
// a move under the CPU budget, write output.txt and the helper file, and survive every
// kind of bad input, stale file or runaway search with a legal move.
package player

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/internal/atomicfile"
	"littlego/internal/cliflag"
	"littlego/internal/cputime"
	"littlego/internal/engineflag"
)

// exitReserve is the CPU time kept back from each move's budget for the work after the
// search: writing output.txt and the helper file, and exiting.
const exitReserve = 10 * time.Millisecond

// watchdogLimit is the process CPU time after which the watchdog writes the fallback
// move and ends the process, whatever the search is doing: well under the host's 10 s.
const watchdogLimit = 8 * time.Second

// Main runs one turn of my_player with the given arguments, writing diagnostics to
// stderr, and returns the exit status: 0 when output.txt was written, 1 when input.txt
// could not be used at all, 2 for bad flags.
func Main(args []string, stderr io.Writer) int {
	opts := engine.Defaults()
	fs := flag.NewFlagSet("my_player", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engineflag.Register(fs, &opts)
	move := fs.Int("move", 0, "number of the move about to be played, 1..24 (Black plays odd numbers); 0: from the helper file")
	dir := fs.String("dir", ".", "working directory holding input.txt, output.txt and the helper file")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of this move to `file`")
	const header = "usage: my_player [flags]\n\nReads input.txt and writes output.txt in -dir, as the CSCI-561 Little-Go host expects.\n\n"
	if status, ok := cliflag.Parse(fs, args, stderr, header); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "my_player: unexpected argument %q (flags only)\n", fs.Arg(0))
		return 2
	}
	if err := opts.Validate(); err != nil {
		fmt.Fprintf(stderr, "my_player: %v\n", err)
		return 2
	}
	if *move < 0 || *move > board.MaxMoves {
		fmt.Fprintf(stderr, "my_player: -move %d out of range: want 1..24 (0: from the helper file)\n", *move)
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "my_player: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "my_player: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	t := &turn{opts: opts, dir: *dir, moveFlag: *move, stderr: stderr}
	return t.run()
}

// turn is one run of my_player.
type turn struct {
	opts     engine.Options
	dir      string
	moveFlag int
	stderr   io.Writer

	once sync.Once // writes output.txt exactly once (search or watchdog)
	done chan struct{}
}

func (t *turn) warn(format string, a ...any) {
	fmt.Fprintf(t.stderr, "my_player: "+format+"\n", a...)
}

func (t *turn) run() int {
	data, err := os.ReadFile(filepath.Join(t.dir, "input.txt"))
	if err != nil {
		t.warn("cannot read input.txt: %v", err)
		return 1
	}
	in, perr := board.ParseInput(bytes.NewReader(data))
	if perr != nil {
		if !in.HaveColour || !in.HaveCurrent {
			t.warn("%v", perr)
			return 1
		}
		t.warn("%v; playing from the current board alone", perr)
	}
	if perr == nil {
		if err := in.Consistency(); err != nil {
			t.warn("boards inconsistent (%v); playing from the current board", err)
		}
	}

	if !in.HavePrevious {
		// Unknown previous board: judge the move number from the current board alone.
		in.Previous = in.Current
	}
	var st *State
	stPath := filepath.Join(t.dir, StateFileName(in.Colour))
	if f, err := os.Open(stPath); err == nil {
		s, err := ReadState(f)
		f.Close()
		if err == nil {
			st = &s
		} else {
			t.warn("ignoring %s: %v", StateFileName(in.Colour), err)
		}
	}
	m, note := MoveNumber(&in, st)
	if t.moveFlag != 0 {
		if fixed := board.FixMoveNumber(in.Colour, t.moveFlag); fixed != t.moveFlag {
			t.warn("-move %d is not a move of %s (Black plays odd numbers)", t.moveFlag, in.Colour)
			return 2
		}
		m, note = t.moveFlag, ""
	}
	if note != "" {
		t.warn("%s", note)
	}
	pos := in.Position(m)
	if !in.HavePrevious {
		// Unknown previous board: assume the opponent did not pass and there is no ko.
		pos.Passed, pos.Ko = false, 0
	}

	eng, err := engine.New(t.opts)
	if err != nil {
		t.warn("%v", err)
		return 2
	}
	fallback := engine.FallbackMove(pos)
	t.done = make(chan struct{})
	go t.watchdog(pos, fallback)

	// The host counts the process's CPU from its start: the start-up so far and the
	// work after the move (writing the files, exiting) come out of the plan's budget.
	budget := engine.PlanBudget(t.opts, m) - cputime.Process() - exitReserve
	mv, rep := eng.GenMoveWithin(pos, budget)
	if !pos.IsLegal(mv) {
		t.warn("engine chose illegal %s; playing %s", mv, fallback)
		mv = fallback
	}
	if t.opts.Verbose {
		t.warn("move %d, %s: %s by %s, %d iterations, budget %v, CPU %v", m, in.Colour, mv, rep.Method,
			rep.Iterations, rep.Budget, cputime.Process().Round(time.Millisecond))
		for _, l := range rep.Details {
			fmt.Fprintln(t.stderr, "  "+l)
		}
	}
	ok := t.finish(pos, mv, m)
	close(t.done)
	if !ok {
		return 1
	}
	return 0
}

// finish writes output.txt and the helper file once; it reports whether output.txt was
// written by this call or an earlier one.
func (t *turn) finish(pos board.Position, mv board.Point, m int) bool {
	ok := true
	t.once.Do(func() {
		var out bytes.Buffer
		if err := board.WriteOutput(&out, mv); err != nil {
			t.warn("%v", err)
			ok = false
			return
		}
		if err := atomicfile.WriteFile(filepath.Join(t.dir, "output.txt"), out.Bytes(), 0o644); err != nil {
			t.warn("cannot write output.txt: %v", err)
			ok = false
			return
		}
		after := pos
		after.Play(mv)
		var sb strings.Builder
		WriteState(&sb, State{Colour: pos.Turn, Move: m, After: after.Stones})
		if err := atomicfile.WriteFile(filepath.Join(t.dir, StateFileName(pos.Turn)), []byte(sb.String()), 0o644); err != nil {
			t.warn("cannot write helper file: %v", err)
		}
	})
	return ok
}

// watchdog plays the fallback move and ends the process if the process CPU time nears
// the host's limit, whatever the search is doing.
func (t *turn) watchdog(pos board.Position, fallback board.Point) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-t.done:
			return
		case <-tick.C:
			if cputime.Process() > watchdogLimit {
				t.warn("CPU time near the limit: playing the fallback move %s", fallback)
				t.finish(pos, fallback, int(pos.Move))
				os.Exit(0)
			}
		}
	}
}
