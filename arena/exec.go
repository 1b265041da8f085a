// exec.go: the exec: player, run exactly as the course host runs an agent: a fresh process per move in a working folder, input.txt in, output.txt out.

package arena

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"littlego/board"
)

// maxDiagnostics is how much of an agent's stderr is kept for the game record.
const maxDiagnostics = 2048

// execPlayer runs an external program once per move, as the course host does: in a
// working folder that lasts the whole game (so the program's helper files survive from
// move to move), it removes output.txt, writes input.txt with board.FormatInput (the
// colour, the previous board, the current board, no final newline), runs the program
// with no shell and no stdin, waits for it, and reads output.txt with board.ParseOutput
// (first line only, at most board.MaxInputBytes read). The move's time is the child's
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

// Play runs one move.
func (p *execPlayer) Play(ctx context.Context, t *Turn) Reply {
	reply := Reply{Move: board.NoPoint}
	fail := func(r Reason, format string, a ...any) Reply {
		reply.Fault, reply.Detail = r, fmt.Sprintf(format, a...)
		return reply
	}
	out := filepath.Join(p.dir, "output.txt")
	if err := os.Remove(out); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(AgentError, "cannot remove output.txt: %v", err)
	}
	var in bytes.Buffer
	board.FormatInput(&in, p.color, t.Previous, t.Pos.Stones)
	if err := os.WriteFile(filepath.Join(p.dir, "input.txt"), in.Bytes(), 0o644); err != nil {
		return fail(AgentError, "cannot write input.txt: %v", err)
	}

	errFile, err := stderrFile()
	if err != nil {
		return fail(AgentError, "cannot make a file for stderr: %v", err)
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
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return fail(AgentError, "cannot start %s: %v", p.argv[0], err)
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
	diag := tailOf(errFile, maxDiagnostics)
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		reply.CPU = wall
		return fail(AgentError, "cannot wait for %s: %v", p.argv[0], err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		reply.CPU, reply.Measured = time.Duration(ru.Utime.Nano()+ru.Stime.Nano()), true
	} else {
		reply.CPU = wall
	}
	if ctx.Err() != nil {
		return fail(Aborted, "match interrupted")
	}
	switch killed.Load() {
	case killedWall:
		return fail(Timeout, "killed after %.1f s of wall-clock time (%.3f s of CPU)", wall.Seconds(), reply.CPU.Seconds())
	case killedCPU:
		return fail(Timeout, "killed at %.3f s of CPU, over the limit of %.3f s", reply.CPU.Seconds(), p.cpuLimit.Seconds())
	}
	if reply.Measured && reply.CPU > p.cpuLimit {
		return fail(Timeout, "%.3f s of CPU, over the limit of %.3f s", reply.CPU.Seconds(), p.cpuLimit.Seconds())
	}
	if err != nil {
		return fail(Crash, "%v%s", err, diag.summary())
	}
	f, err := os.Open(out)
	if errors.Is(err, fs.ErrNotExist) {
		return fail(NoOutput, "the program exited without writing output.txt%s", diag.summary())
	}
	if err != nil {
		return fail(BadOutput, "cannot read output.txt: %v", err)
	}
	defer f.Close()
	first, _ := bufio.NewReader(io.LimitReader(f, board.MaxInputBytes)).ReadString('\n')
	if _, err := f.Seek(0, 0); err != nil {
		return fail(BadOutput, "cannot read output.txt: %v", err)
	}
	mv, err := board.ParseOutput(f)
	if err != nil {
		if offBoard(first) {
			return fail(IllegalOffBoard, "output.txt says %q", strings.TrimSpace(clip(first)))
		}
		return fail(BadOutput, "%v", err)
	}
	reply.Move = mv
	return reply
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

// offBoard reports whether an output.txt first line is two integers that name no
// point of the board: the host reads such a move and then rejects it as illegal.
func offBoard(line string) bool {
	f := strings.Split(strings.TrimSpace(line), ",")
	if len(f) < 2 {
		return false
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(f[0]))
	j, err2 := strconv.Atoi(strings.TrimSpace(f[1]))
	return err1 == nil && err2 == nil && (i < 0 || i >= board.Size || j < 0 || j >= board.Size)
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
