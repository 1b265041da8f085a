// players.go: the players a referee can seat: random, minimax3 (the course's reference), the agent in process, and an external program run once per move.

package referee

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"littlego/games/fruitrage"
	"littlego/lib/cputime"
)

// Fault says why a move lost the game.
type Fault int

// The faults.
const (
	// NoFault: the move was legal and in time.
	NoFault Fault = iota
	// Timeout: the move's CPU time used up the player's remaining time, or the program
	// ran past the remaining time + its wall-clock grace (10 s as the course runs it) and
	// was killed.
	Timeout
	// Invalid: the move names no fruit, the output is malformed, or its board is not the
	// board the move leaves.
	Invalid
	// Crash: the program could not be run or exited with an error.
	Crash
)

func (f Fault) String() string {
	return [...]string{"none", "timeout", "invalid", "crash"}[f]
}

// DefaultWallGrace is the course's wall-clock grace: a program is killed at its remaining
// time + 10 s. A loaded machine can stretch a move's wall-clock time far past its CPU
// time, so measurements there give more (fruitrage-referee -wall-grace).
const DefaultWallGrace = 10 * time.Second

// Turn is what a player is given: the board, the types p, its remaining CPU time.
type Turn struct {
	Board     *fruitrage.Board
	Types     int
	Remaining time.Duration
}

// Reply is a player's answer and what it cost.
type Reply struct {
	Move   fruitrage.Move
	CPU    time.Duration
	Fault  Fault
	Detail string
}

// Player plays one side of one game.
type Player interface {
	// Play answers one turn.
	Play(ctx context.Context, t *Turn) Reply
	// Close releases the player's resources (its working folder).
	Close() error
}

// Spec describes a player; NewPlayer makes one per game.
type Spec struct {
	// Name is the spec as given: random, minimax3, agent, alphabeta or exec:PATH [ARGS].
	Name string
	argv []string
	// WallGrace is how long past its remaining time an exec program may run in
	// wall-clock time before it is killed (0: DefaultWallGrace).
	WallGrace time.Duration
	// calibration is the calibration.txt written by the program's -calibrate run, if any.
	calibration []byte
	// playout is the alphabeta player's horizon playout length (0: the default).
	playout int
	// depth caps the alphabeta player's depth (0: none).
	depth int
	// safe makes the playout the waiting game's (fruitrage.SafeGroup).
	safe bool
}

// ParseSpec reads a player spec.
func ParseSpec(s string) (Spec, error) {
	sp := Spec{Name: s}
	switch {
	case s == "random", s == "minimax3", s == "alphabeta", s == "agent":
		return sp, nil
	case strings.HasPrefix(s, "alphabeta:playout="):
		v, err := strconv.Atoi(strings.TrimPrefix(s, "alphabeta:playout="))
		if err != nil || v < 1 || v > 1000 {
			return sp, fmt.Errorf("alphabeta:playout= wants 1..1000, got %q", s)
		}
		sp.playout = v
		return sp, nil
	case strings.HasPrefix(s, "alphabeta:depth="):
		v, err := strconv.Atoi(strings.TrimPrefix(s, "alphabeta:depth="))
		if err != nil || v < 1 || v > fruitrage.MaxPly {
			return sp, fmt.Errorf("alphabeta:depth= wants 1..%d, got %q", fruitrage.MaxPly, s)
		}
		sp.depth = v
		return sp, nil
	case strings.HasPrefix(s, "alphabeta:safe="):
		v, err := strconv.Atoi(strings.TrimPrefix(s, "alphabeta:safe="))
		if err != nil || v < 1 || v > 1000 {
			return sp, fmt.Errorf("alphabeta:safe= wants 1..1000, got %q", s)
		}
		sp.playout, sp.safe = v, true
		return sp, nil
	case strings.HasPrefix(s, "exec:"):
		sp.argv = strings.Fields(strings.TrimPrefix(s, "exec:"))
		if len(sp.argv) == 0 {
			return sp, errors.New("exec: wants a program path")
		}
		path, err := exec.LookPath(sp.argv[0])
		if err != nil {
			return sp, fmt.Errorf("exec: %w", err)
		}
		if sp.argv[0], err = filepath.Abs(path); err != nil {
			return sp, err
		}
		return sp, nil
	}
	return sp, fmt.Errorf("unknown player %q: want random, minimax3, agent, alphabeta or exec:PATH", s)
}

// IsExec reports whether the spec runs an external program.
func (sp *Spec) IsExec() bool { return len(sp.argv) > 0 }

// Calibrate runs the program once with -calibrate appended in a scratch folder, as the
// course host runs calibrate once before the games, and keeps the calibration.txt it
// writes for every game's folder.
func (sp *Spec) Calibrate(ctx context.Context) error {
	if !sp.IsExec() {
		return nil
	}
	dir, err := os.MkdirTemp("", "fruitrage-calibrate-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, sp.argv[0], append(sp.argv[1:], "-calibrate")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s -calibrate: %v: %s", sp.Name, err, strings.TrimSpace(string(out)))
	}
	sp.calibration, err = os.ReadFile(filepath.Join(dir, "calibration.txt"))
	if err != nil {
		return fmt.Errorf("%s -calibrate wrote no calibration.txt: %w", sp.Name, err)
	}
	return nil
}

// NewPlayer makes the player for one game; seed drives a random player.
func (sp *Spec) NewPlayer(seed uint64) (Player, error) {
	switch sp.Name {
	case "random":
		return &randomPlayer{rng: rand.New(rand.NewPCG(seed, 0x72616e64))}, nil
	case "minimax3":
		return &searchPlayer{s: fruitrage.NewSearcher(10), minimax: true}, nil
	}
	if sp.Name == "alphabeta" || sp.Name == "agent" || sp.playout > 0 || sp.depth > 0 {
		s := fruitrage.NewSearcher(20)
		s.MaxDepth = sp.depth
		if sp.playout > 0 {
			s.Playout, s.Safe = sp.playout, sp.safe
		}
		pl := &searchPlayer{s: s, mode: fruitrage.ModeSearcher}
		if sp.Name == "agent" {
			pl.mode = fruitrage.ModeAuto
		}
		return pl, nil
	}
	dir, err := os.MkdirTemp("", "fruitrage-game-")
	if err != nil {
		return nil, err
	}
	if sp.calibration != nil {
		if err := os.WriteFile(filepath.Join(dir, "calibration.txt"), sp.calibration, 0o644); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	grace := sp.WallGrace
	if grace <= 0 {
		grace = DefaultWallGrace
	}
	return &execPlayer{argv: sp.argv, dir: dir, grace: grace}, nil
}

// randomPlayer takes a uniformly random group.
type randomPlayer struct {
	rng *rand.Rand
	g   fruitrage.Groups
}

func (p *randomPlayer) Play(_ context.Context, t *Turn) Reply {
	var r Reply
	cpu := onThread(func() {
		p.g.Find(t.Board)
		r.Move = p.g.Rep[p.rng.IntN(p.g.Count)]
	})
	r.CPU = cpu
	return r
}

func (p *randomPlayer) Close() error { return nil }

// searchPlayer runs a search in process: minimax3 (plain minimax, at most 3 plies,
// shallower when short of time) or the agent's alpha-beta search. Both plan their time
// with fruitrage.PlanMove on the thread's CPU clock, so they never overrun.
type searchPlayer struct {
	s       *fruitrage.Searcher
	mode    fruitrage.Mode
	minimax bool
	g       fruitrage.Groups
}

func (p *searchPlayer) Play(_ context.Context, t *Turn) Reply {
	var r Reply
	r.CPU = onThread(func() {
		clock := cputime.Thread
		base := clock()
		if p.minimax {
			p.g.Find(t.Board)
			plan := fruitrage.PlanMove(t.Remaining, base, clock(), p.g.Count, fruitrage.Calibration{NodesPerSecond: 1e5})
			if plan.Greedy {
				// Depth 1 only: one labelling, the largest group.
				plan.Limits = fruitrage.Limits{Soft: base, Hard: base}
			}
			r.Move = p.s.Minimax(t.Board, clock, 3, plan.Limits).Move
			return
		}
		in := fruitrage.Input{Board: *t.Board, Types: t.Types, Remaining: t.Remaining.Seconds()}
		r.Move, _, _ = fruitrage.Decide(&in, p.s, clock, base, fruitrage.Calibration{NodesPerSecond: 1e5}, p.mode)
	})
	return r
}

func (p *searchPlayer) Close() error { return nil }

// onThread runs f on a goroutine locked to its OS thread and returns the thread's CPU
// time f used: exact whatever else the process runs at the same time.
func onThread(f func()) time.Duration {
	done := make(chan time.Duration)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := cputime.Thread()
		f()
		done <- cputime.Thread() - start
	}()
	return <-done
}

// execPlayer runs an external program once per move as the course host does (the
// Little-Go arena's exec player does the same job for that game): in a working folder
// kept for the whole game, it removes output.txt, writes input.txt, runs the program with
// no arguments, no shell and no stdin, and reads output.txt. The move's time is the
// child's CPU time from wait4 (user + system, every thread). A program still running at
// its remaining time + the spec's WallGrace of wall-clock time is killed with its
// process group.
type execPlayer struct {
	argv  []string
	dir   string
	grace time.Duration
}

// maxDiagnostics is how much of a program's stderr is kept for the fault's detail.
const maxDiagnostics = 2048

func (p *execPlayer) Play(ctx context.Context, t *Turn) Reply {
	r := Reply{Move: fruitrage.NoMove}
	fail := func(f Fault, format string, a ...any) Reply {
		r.Fault, r.Detail = f, fmt.Sprintf(format, a...)
		return r
	}
	out := filepath.Join(p.dir, "output.txt")
	if err := os.Remove(out); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(Crash, "cannot remove output.txt: %v", err)
	}
	var in bytes.Buffer
	in.WriteString(strconv.Itoa(t.Board.N) + "\n" + strconv.Itoa(t.Types) + "\n")
	in.WriteString(strconv.FormatFloat(t.Remaining.Seconds(), 'f', -1, 64) + "\n")
	in.Write(fruitrage.AppendRows(nil, t.Board))
	if err := os.WriteFile(filepath.Join(p.dir, "input.txt"), in.Bytes(), 0o644); err != nil {
		return fail(Crash, "cannot write input.txt: %v", err)
	}
	mctx, cancel := context.WithTimeout(ctx, t.Remaining+p.grace)
	defer cancel()
	cmd := exec.CommandContext(mctx, p.argv[0], p.argv[1:]...)
	cmd.Dir = p.dir
	var diag bytes.Buffer
	cmd.Stderr = &limitedBuffer{buf: &diag, max: maxDiagnostics}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		r.CPU = wall
		return fail(Crash, "cannot start %s: %v", p.argv[0], err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	} else {
		r.CPU = wall
	}
	if errors.Is(mctx.Err(), context.DeadlineExceeded) {
		return fail(Timeout, "killed after %.1f s of wall-clock time", wall.Seconds())
	}
	if r.CPU >= t.Remaining {
		return fail(Timeout, "%.3f s of CPU with %.3f s left", r.CPU.Seconds(), t.Remaining.Seconds())
	}
	if err != nil {
		return fail(Crash, "%v: %s", err, strings.TrimSpace(diag.String()))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return fail(Invalid, "no output.txt: %v", err)
	}
	m, rows, err := fruitrage.ParseOutput(bytes.NewReader(data), t.Board.N)
	if err != nil {
		return fail(Invalid, "%v", err)
	}
	if !t.Board.Legal(m) {
		return fail(Invalid, "%s names an empty cell", t.Board.Name(m))
	}
	var g fruitrage.Groups
	var after fruitrage.Board
	g.Find(t.Board)
	fruitrage.Play(&after, t.Board, &g, g.GroupOf(m))
	if want := fruitrage.AppendRows(nil, &after); !bytes.Equal(rows, want) {
		return fail(Invalid, "the board written after %s is not the board it leaves", t.Board.Name(m))
	}
	r.Move = m
	return r
}

// Close removes the working folder.
func (p *execPlayer) Close() error { return os.RemoveAll(p.dir) }

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	buf *bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(data []byte) (int, error) {
	if room := b.max - b.buf.Len(); room > 0 {
		b.buf.Write(data[:min(room, len(data))])
	}
	return len(data), nil
}
