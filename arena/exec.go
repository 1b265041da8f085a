// exec.go: the exec: player, run exactly as the course host runs an agent: a fresh process per move in a working folder, input.txt in, output.txt out.

package arena

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"littlego/board"
	"littlego/internal/regularfile"
	"littlego/record"
)

// maxDiagnostics is how much of an agent's stderr is kept for the game record.
const maxDiagnostics = 2048

// execPlayer runs an external program once per move, as the course host does: in a
// working folder that lasts the whole game (so the program's helper files survive from
// move to move), it removes output.txt, writes input.txt with board.FormatInput (the
// colour, the previous board, the current board, no final newline), runs the program
// with no shell and no stdin, waits for it, and reads output.txt with board.ParseOutput
// (first line only, at most board.MaxInputBytes read). Reading never blocks: anything
// but a regular file in output.txt's place (a FIFO, a device, a folder) is bad output. The move's time is the child's
// CPU time as wait4 reports it (user + system, every thread, and any children it waited
// for), exact whatever else runs. A move over the CPU limit loses: the program is
// killed with its whole process group as soon as its CPU time (read from /proc while it
// runs) passes the limit, and also when it is still running at the wall-clock bound
// (a hung program). Each move runs in a process group of its own, killed whole once
// the program exits, so that nothing it started outlives the move; the move is read as
// soon as the program itself exits (no pipe to it that a child could hold open).
type execPlayer struct {
	argv      []string
	dir       string
	color     board.Color
	cpuLimit  time.Duration
	wallLimit time.Duration
}

// Answer runs one move.
func (p *execPlayer) Answer(ctx context.Context, t *Request) Reply {
	reply := Reply{Move: board.NoPoint}
	fail := func(r record.Reason, format string, a ...any) Reply {
		reply.Fault, reply.Detail = r, fmt.Sprintf(format, a...)
		return reply
	}
	if err := p.writeInput(t); err != nil {
		return fail(record.AgentError, "%v", err)
	}
	start := time.Now()
	m := p.runProgram(ctx, start)
	reply.CPU, reply.Measured = m.cpu, m.measured
	switch {
	case m.startErr != nil:
		return fail(record.AgentError, "%v", m.startErr)
	case ctx.Err() != nil:
		return fail(record.Aborted, "match interrupted")
	case m.killed == killedWall:
		return fail(record.Timeout, "killed after %.1f s of wall-clock time (%.3f s of CPU)", m.wall.Seconds(), m.cpu.Seconds())
	case m.killed == killedCPU:
		return fail(record.Timeout, "killed at %.3f s of CPU, over the limit of %.3f s", m.cpu.Seconds(), p.cpuLimit.Seconds())
	case m.measured && m.cpu > p.cpuLimit:
		return fail(record.Timeout, "%.3f s of CPU, over the limit of %.3f s", m.cpu.Seconds(), p.cpuLimit.Seconds())
	case m.exitErr != nil:
		return fail(record.Crash, "%v%s", m.exitErr, m.diag.summary())
	}
	data, err := readOutput(ctx, filepath.Join(p.dir, "output.txt"), max(p.wallLimit-time.Since(start), outputReadFloor))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail(record.NoOutput, "the program exited without writing output.txt%s", m.diag.summary())
	case ctx.Err() != nil:
		return fail(record.Aborted, "match interrupted")
	case err != nil:
		return fail(record.BadOutput, "cannot read output.txt: %v", err)
	}
	mv, err := board.ParseOutput(bytes.NewReader(data))
	switch {
	case errors.Is(err, board.ErrOffBoard):
		first, _, _ := strings.Cut(string(data), "\n")
		return fail(record.IllegalOffBoard, "output.txt says %q", strings.TrimSpace(clip(first)))
	case err != nil:
		return fail(record.BadOutput, "%v", err)
	}
	reply.Move = mv
	return reply
}

// writeInput removes the last move's output.txt and writes input.txt afresh. Both are
// removed first, so that nothing the program left in their place (a FIFO, whose opening
// would block) is opened.
func (p *execPlayer) writeInput(t *Request) error {
	for _, name := range []string{"output.txt", "input.txt"} {
		if err := os.Remove(filepath.Join(p.dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot remove %s: %v", name, err)
		}
	}
	var in bytes.Buffer
	board.FormatInput(&in, p.color, t.Previous, t.Pos.Stones)
	f, err := os.OpenFile(filepath.Join(p.dir, "input.txt"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("cannot write input.txt: %v", err)
	}
	if _, err := f.Write(in.Bytes()); err != nil {
		f.Close()
		return fmt.Errorf("cannot write input.txt: %v", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write input.txt: %v", err)
	}
	return nil
}

// programRun is how one run of the program went.
type programRun struct {
	startErr error         // the program could not be started or waited for
	exitErr  error         // its exit status, when not 0
	killed   int           // notKilled, killedCPU or killedWall
	cpu      time.Duration // its CPU time when measured, else the wall-clock time
	measured bool
	wall     time.Duration
	diag     *tailBuffer // the end of its stderr
}

// runProgram runs the program once in the working folder, in a process group of its
// own that is killed whole when it exits, and watches its CPU and wall-clock time.
func (p *execPlayer) runProgram(ctx context.Context, start time.Time) programRun {
	errFile, err := stderrFile()
	if err != nil {
		return programRun{startErr: fmt.Errorf("cannot make a file for stderr: %v", err), diag: &tailBuffer{}}
	}
	defer errFile.Close()
	mctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(mctx, p.argv[0], p.argv[1:]...)
	cmd.Dir = p.dir
	// stdout and stdin are /dev/null and stderr a file: no pipe a child could hold open,
	// so Wait returns when the agent itself exits.
	cmd.Stderr = errFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if err := cmd.Start(); err != nil {
		return programRun{startErr: fmt.Errorf("cannot start %s: %v", p.argv[0], err), diag: &tailBuffer{}}
	}
	addGroup(cmd.Process.Pid)
	// Whatever happens, nothing the agent started outlives its move.
	defer killGroup(cmd.Process.Pid)
	var killed atomic.Int32
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		killed.Store(int32(p.watch(cmd.Process.Pid, start, done)))
		if killed.Load() != notKilled {
			cancel()
		}
	}()
	err = cmd.Wait()
	close(done)
	<-watched
	killGroup(cmd.Process.Pid)
	r := programRun{exitErr: err, killed: int(killed.Load()), diag: tailOf(errFile, maxDiagnostics), wall: time.Since(start)}
	r.cpu = r.wall
	if cmd.ProcessState == nil {
		r.startErr = fmt.Errorf("cannot wait for %s: %v", p.argv[0], err)
		return r
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.cpu, r.measured = time.Duration(ru.Utime.Nano()+ru.Stime.Nano()), true
	}
	return r
}

// outputReadFloor is the least time readOutput is given, for a program that exits at
// the wall-clock bound.
const outputReadFloor = 100 * time.Millisecond

// readOutput returns the start of output.txt, at most board.MaxInputBytes, and never
// blocks past timeout or ctx: only a regular file is read (a FIFO, a device or a folder
// is bad output, as is a symbolic link to one), opened without blocking. A missing file
// gives an error that wraps fs.ErrNotExist.
func readOutput(ctx context.Context, path string, timeout time.Duration) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if t := fi.Mode().Type(); t != 0 && t != fs.ModeSymlink {
		return nil, regularfile.Check(t)
	}
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := regularfile.Read(path, board.MaxInputBytes)
		done <- result{data, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.data, r.err
	case <-timer.C:
		return nil, fmt.Errorf("not read within %v", timeout.Round(time.Millisecond))
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Why watch stopped a program.
const (
	notKilled = iota
	killedCPU
	killedWall
)

// watchInterval is how often a running program's CPU time is read.
const watchInterval = 20 * time.Millisecond

// watch polls the CPU time of the program pid until done is closed, and returns
// killedCPU as soon as it is over the CPU limit (so a runaway program is stopped near
// the limit, not at the wall-clock bound) or killedWall once the wall-clock bound has
// passed (a program that hangs without using CPU). A program that waits for a CPU
// on a busy or stalled machine is not killed until that far larger bound: the host
// counts CPU time, not wall time. Where /proc cannot be read only the wall bound holds.
func (p *execPlayer) watch(pid int, start time.Time, done <-chan struct{}) int {
	tick := time.NewTicker(watchInterval)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return notKilled
		case <-tick.C:
		}
		if cpu, ok := processCPU(pid); ok && cpu > p.cpuLimit {
			return killedCPU
		}
		if time.Since(start) > p.wallLimit {
			return killedWall
		}
	}
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// Close removes the working folder.
func (p *execPlayer) Close() error { return os.RemoveAll(p.dir) }

// tailBuffer keeps the last max bytes written to it; it is safe for concurrent use.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write keeps the end of what it is given.
func (b *tailBuffer) Write(data []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, data...)
	if len(b.buf) > b.max {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-b.max:]...)
	}
	return len(data), nil
}

// summary returns "; stderr: <last line>" or "" when nothing was written.
func (b *tailBuffer) summary() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := strings.TrimSpace(string(b.buf))
	if s == "" {
		return ""
	}
	if k := strings.LastIndexByte(s, '\n'); k >= 0 {
		s = s[k+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return "; stderr: " + strings.TrimSpace(s)
}
