// gtp.go: the gtp: player, which drives any Go Text Protocol engine (GNU Go, for one) under the arena's Little-Go referee.

package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"littlego/board"
	"littlego/record"
)

// gtpPlayer drives an engine that speaks GTP version 2 (Farnebäck, "Specification of
// the Go Text Protocol, version 2, draft 2", 2002) over its stdin and stdout. One
// process plays one side of one game: it is started with boardsize 5, komi 2.5 and
// clear_board, told every action of the game with play (passes as "pass"), and asked
// for its move with genmove. Vertices are read case-insensitively ("C3", "c3", "PASS",
// "pass"); a vertex outside the 5x5 board loses as an off-board move. A "resign" is
// played as a pass: the engine does not know Little-Go's scoring (stones only, the
// 24-move end) and may give up a game that is not lost under these rules, so the
// referee, not the engine, decides the game; the move record notes the resign.
// Everything the engine plays is judged by the arena's referee: a move that is illegal
// under Little-Go rules loses. The move's time is the engine process's CPU time (user +
// system, every thread) from /proc/PID/stat before the play commands and after
// genmove, at the kernel's clock-tick resolution; where /proc is missing it is wall
// time. Each command must be answered within the wall-clock bound, or the engine is
// killed and loses on time.
type gtpPlayer struct {
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	lines     chan string
	errFile   *os.File // the engine's stderr (a file, so that no child holds a pipe open)
	dir       string
	color     board.Color
	wallLimit time.Duration
	sent      int           // actions of the game the engine already knows
	broken    bool          // the engine failed; only Close is left
	waited    chan struct{} // closed when the process has been waited for
	done      chan struct{} // closed by Close, to stop the reader
}

// errGTPTimeout is returned when the engine does not answer within the bound.
var errGTPTimeout = errors.New("no answer within the wall-clock bound")

// startGTP starts the engine in dir and sets up a 5x5 Little-Go game.
func startGTP(argv []string, dir string, color board.Color, wallLimit time.Duration) (*gtpPlayer, error) {
	g := &gtpPlayer{dir: dir, color: color, wallLimit: wallLimit,
		lines: make(chan string, 16), waited: make(chan struct{}), done: make(chan struct{})}
	g.cmd = exec.Command(argv[0], argv[1:]...)
	g.cmd.Dir = dir
	var err error
	if g.errFile, err = stderrFile(); err != nil {
		return nil, err
	}
	g.cmd.Stderr = g.errFile
	g.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if g.stdin, err = g.cmd.StdinPipe(); err != nil {
		g.errFile.Close()
		return nil, err
	}
	// A pipe of our own rather than StdoutPipe: the reader owns it until end of file,
	// and Wait does not close it under the reader's feet.
	stdout, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	g.cmd.Stdout = w
	err = g.cmd.Start()
	w.Close()
	if err != nil {
		stdout.Close()
		g.errFile.Close()
		return nil, fmt.Errorf("cannot start %s: %v", argv[0], err)
	}
	addGroup(g.cmd.Process.Pid)
	go func() {
		defer stdout.Close()
		defer close(g.lines)
		r := bufio.NewReader(io.LimitReader(stdout, 1<<24))
		for {
			line, err := r.ReadString('\n')
			if len(line) > 4096 {
				line = line[:4096]
			}
			if line != "" {
				select {
				case g.lines <- line:
				case <-g.done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		g.cmd.Wait()
		close(g.waited)
	}()
	for _, c := range []string{"boardsize 5", fmt.Sprintf("komi %.1f", board.Komi), "clear_board"} {
		if _, err := g.command(context.Background(), c); err != nil {
			g.Close()
			return nil, fmt.Errorf("%s: %v%s", c, err, g.diagnostics())
		}
	}
	return g, nil
}

// command sends one GTP command and returns the answer's text after "=", or an error
// holding the text after "?", a timeout, or the engine's exit.
func (g *gtpPlayer) command(ctx context.Context, c string) (string, error) {
	if _, err := io.WriteString(g.stdin, c+"\n"); err != nil {
		return "", fmt.Errorf("engine stopped reading commands: %v", err)
	}
	timer := time.NewTimer(g.wallLimit)
	defer timer.Stop()
	var answer []string
	for {
		select {
		case line, ok := <-g.lines:
			if !ok {
				return "", errors.New("engine exited")
			}
			line = strings.TrimRight(line, "\r\n")
			if len(answer) == 0 {
				if strings.TrimSpace(line) == "" {
					continue // blank lines before an answer are tolerated
				}
				if line[0] != '=' && line[0] != '?' {
					return "", fmt.Errorf("answer %q does not start with '=' or '?'", clip(line))
				}
			} else if strings.TrimSpace(line) == "" {
				return gtpAnswer(answer)
			}
			answer = append(answer, line)
		case <-timer.C:
			return "", errGTPTimeout
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// gtpAnswer turns the lines of a response into its text (an optional id after the
// status character is dropped) or an error for a "?" response.
func gtpAnswer(lines []string) (string, error) {
	first := lines[0]
	text := strings.TrimLeft(first[1:], "0123456789")
	all := strings.TrimSpace(strings.Join(append([]string{text}, lines[1:]...), "\n"))
	if first[0] == '?' {
		return "", fmt.Errorf("engine answered ? %s", all)
	}
	return all, nil
}

// parseGenmove reads a genmove answer with package gtp's vertex codec: the point,
// board.Pass for "pass", resigned=true for "resign" (with board.Pass), offBoard=true for
// a well-formed vertex outside the 5x5 board, or an error for anything else.
func parseGenmove(answer string) (p board.Point, resigned, offBoard bool, err error) {
	v := strings.TrimSpace(answer)
	if strings.EqualFold(v, "resign") {
		return board.Pass, true, false, nil
	}
	p, err = board.ParseVertex(v)
	if errors.Is(err, board.ErrOffBoard) {
		return board.NoPoint, false, true, nil
	}
	return p, false, false, err
}

// Answer tells the engine the actions it has not seen and asks for its move.
func (g *gtpPlayer) Answer(ctx context.Context, t *Request) Reply {
	reply := Reply{Move: board.NoPoint}
	start := time.Now()
	cpu0, cpuOK := processCPU(g.cmd.Process.Pid)
	fail := func(r record.Reason, format string, a ...any) Reply {
		g.broken = true
		reply.CPU = time.Since(start)
		reply.Fault, reply.Detail = r, fmt.Sprintf(format, a...)+g.diagnostics()
		return reply
	}
	if g.broken {
		return fail(record.AgentError, "engine already failed")
	}
	for k := g.sent; k < len(t.History); k++ {
		c := board.Black
		if k%2 == 1 {
			c = board.White
		}
		cmd := "play " + board.ColorLetter(c) + " " + board.Vertex(t.History[k])
		if _, err := g.command(ctx, cmd); err != nil {
			if errors.Is(err, errGTPTimeout) {
				return fail(record.Timeout, "%s: %v", cmd, err)
			}
			return fail(record.AgentError, "%s: %v", cmd, err)
		}
	}
	g.sent = len(t.History)
	cmd := "genmove " + board.ColorLetter(g.color)
	ans, err := g.command(ctx, cmd)
	if err != nil {
		if errors.Is(err, errGTPTimeout) {
			return fail(record.Timeout, "%s: %v (%.1f s)", cmd, err, g.wallLimit.Seconds())
		}
		return fail(record.AgentError, "%s: %v", cmd, err)
	}
	reply.CPU = time.Since(start)
	if cpu1, ok := processCPU(g.cmd.Process.Pid); ok && cpuOK {
		reply.CPU, reply.Measured = cpu1-cpu0, true
	}
	g.sent++ // the engine played its own move on its board
	p, resigned, off, err := parseGenmove(ans)
	switch {
	case err != nil:
		return fail(record.BadOutput, "%s answered %q", cmd, clip(ans))
	case off:
		return fail(record.IllegalOffBoard, "%s answered %s", cmd, strings.TrimSpace(ans))
	case resigned:
		reply.Detail = "resigned; counted as a pass"
	}
	reply.Move = p
	return reply
}

// Close asks the engine to quit, kills it if it does not, and removes its folder.
func (g *gtpPlayer) Close() error {
	if !g.broken {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		g.command(ctx, "quit")
		cancel()
	}
	g.stdin.Close()
	wait := 2 * time.Second
	if g.broken {
		wait = 0
	}
	select {
	case <-g.waited:
	case <-time.After(wait):
		killGroup(g.cmd.Process.Pid)
		<-g.waited
	}
	// The engine's children, if any, go with it.
	killGroup(g.cmd.Process.Pid)
	close(g.done)
	g.errFile.Close()
	return os.RemoveAll(g.dir)
}

// diagnostics returns the end of the engine's stderr as "; stderr: <last line>".
func (g *gtpPlayer) diagnostics() string { return tailOf(g.errFile, maxDiagnostics).summary() }

// processCPU returns the user + system CPU time of process pid (every thread, and the
// children it waited for) from /proc/PID/stat, or false where that cannot be read.
func processCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name, in parentheses, may hold spaces: the fields follow the last ')'.
	s := string(data)
	k := strings.LastIndexByte(s, ')')
	if k < 0 {
		return 0, false
	}
	f := strings.Fields(s[k+1:])
	// f[0] is field 3 (state); utime, stime, cutime, cstime are fields 14-17.
	if len(f) < 15 {
		return 0, false
	}
	var ticks int64
	for _, x := range f[11:15] {
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	// Linux reports these in USER_HZ clock ticks, 100 per second on every architecture.
	return time.Duration(ticks) * (time.Second / 100), true
}
