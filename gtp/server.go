// server.go: the GTP engine server: reads commands, keeps the game, answers on one writer, diagnostics on another.

// Package gtp is the engine's Go Text Protocol version 2 mode (Farnebäck, "Specification
// of the Go Text Protocol, version 2, draft 2", 2002), so that GUIs (GoGui, Sabaki,
// Lizzie) and match runners can play against it and analyse with it. It answers the
// required commands and undo, showboard, final_score, the time controls, cputime, Leela
// Zero's lz-analyze and lz-genmove_analyze, and littlego-set_param / littlego-get_param
// / littlego-rules. Games follow the course's Little-Go rules (komi 2.5, the 24-move
// end, stones-only score) unless area scoring is chosen. The board is 5x5 only.
package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"littlego/analysis"
	"littlego/board"
	"littlego/engine"
)

// Name and Version are the answers to name and version.
const (
	Name = "littlego"
	// Version is the Leela Zero release whose analysis commands this engine speaks
	// (lz-analyze with its interval and minmoves, lz-genmove_analyze): Lizzie reads the
	// number after the first dot and asks for 0.15 or later.
	Version = "0.17"
)

// maxLine bounds a command line; the rest of a longer line is dropped (the command is
// then usually a syntax error).
const maxLine = 1 << 16

// Config configures a Server.
type Config struct {
	// Rules are the starting rules (littlego-rules changes them).
	Rules Rules
	// Log receives diagnostics (nil: discarded). Protocol output never goes there.
	Log io.Writer
}

// Engine is what a GTP session drives: its moves, each within the turn the session
// gives it (GenMoveTurn: the game plan's, or the clock's share); its settings (Options,
// and SetOptions for the parameter commands and the rules, which change them); and the
// search of the analyses (analysis.Engine). *engine.Engine is one.
type Engine interface {
	analysis.Engine
	GenMoveTurn(pos board.Position, turn engine.Turn) (board.Point, engine.Report)
	Options() engine.Options
	SetOptions(o engine.Options) error
}

// Server is one GTP session: an engine, a game and the time controls. It is not safe
// for concurrent use; Run drives it.
type Server struct {
	eng   Engine
	opts  engine.Options // the options set at start and by littlego-set_param
	game  game
	clock clock
	log   io.Writer

	ctx      context.Context // Run's, while it runs
	out      *bufio.Writer
	lines    <-chan string // preprocessed, non-empty command lines
	pending  []string      // lines read during an analysis, to run next
	quit     bool
	analysis *analysis.Analyzer                 // the analysis driver, made on first use
	analysed map[analysedKey]*analysis.Snapshot // each position's last analysis, to resume
}

// NewServer returns a server that plays with eng, starting from eng's options (without
// the proved tables under area rules: see engineOptions).
func NewServer(eng Engine, cfg Config) *Server {
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	s := &Server{eng: eng, opts: eng.Options(), game: newGame(cfg.Rules), log: log}
	if err := s.applyOptions(s.opts); err != nil {
		s.diag("%v", err)
	}
	return s
}

// engineOptions returns the engine's settings for the session's options o: o, without
// the proved tables under area rules, whose game they do not describe.
func (s *Server) engineOptions(o engine.Options) engine.Options {
	if s.game.rules != LittleGo {
		o.Book = false
	}
	return o
}

// applyOptions gives the engine the settings of the session's options o under the
// session's rules, if they differ from what it has: at the start, after
// littlego-set_param and after littlego-rules.
func (s *Server) applyOptions(o engine.Options) error {
	if e := s.engineOptions(o); e != s.eng.Options() {
		return s.eng.SetOptions(e)
	}
	return nil
}

// Run reads commands from in and writes the responses to out until quit, the end of
// in or the end of ctx. It returns nil on quit or end of input, ctx's error when ctx
// ends first (after the command under way), or the first read or write error.
func (s *Server) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	s.ctx = ctx
	s.out = bufio.NewWriter(out)
	lines := make(chan string)
	done := make(chan struct{})
	defer close(done)
	var readErr error
	go func() {
		defer close(lines)
		readErr = readLines(in, lines, done)
	}()
	s.lines = lines
	s.quit = false
	for !s.quit {
		line, ok := s.next()
		if !ok {
			if err := ctx.Err(); err != nil {
				return err
			}
			if readErr != nil && !errors.Is(readErr, io.EOF) {
				return readErr
			}
			return nil
		}
		s.execute(line)
		if err := s.out.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// readLines sends each preprocessed, non-empty line of in on lines until the end of
// in or done is closed.
func readLines(in io.Reader, lines chan<- string, done <-chan struct{}) error {
	r := bufio.NewReaderSize(in, 4096)
	var buf []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if len(buf) < maxLine {
			buf = append(buf, chunk[:min(len(chunk), maxLine-len(buf))]...)
		}
		if isPrefix && err == nil {
			continue
		}
		if err != nil && len(buf) == 0 {
			return err
		}
		if line := Preprocess(string(buf)); line != "" {
			select {
			case lines <- line:
			case <-done:
				return nil
			}
		}
		buf = buf[:0]
		if err != nil {
			return err
		}
	}
}

// next returns the next command line: one read during an analysis first.
func (s *Server) next() (string, bool) {
	if len(s.pending) > 0 {
		line := s.pending[0]
		s.pending = s.pending[1:]
		return line, true
	}
	select {
	case line, ok := <-s.lines:
		return line, ok
	case <-s.ctx.Done():
		return "", false
	}
}

// interrupted reports, without waiting, whether a command line has arrived (or the
// input has ended); the line is kept for next.
func (s *Server) interrupted() bool {
	if s.hasPending() {
		return true
	}
	select {
	case line, ok := <-s.lines:
		s.keepLine(line, ok)
		return true
	default:
		return false
	}
}

// hasPending reports whether a command line waits to run next or the session is
// cancelled.
func (s *Server) hasPending() bool {
	return len(s.pending) > 0 || s.ctx.Err() != nil
}

// keepLine keeps a line received from s.lines (ok) to run next, or notes that the input has
// ended (!ok).
func (s *Server) keepLine(line string, ok bool) {
	if ok {
		s.pending = append(s.pending, line)
	} else {
		s.lines = closedLines
	}
}

// closedLines stands for an input that has ended.
var closedLines = func() <-chan string {
	c := make(chan string)
	close(c)
	return c
}()

// handler runs a command: it returns the response text, or an error whose text is the
// failure message.
type handler func(s *Server, args []string) (string, error)

// streamer runs a command that writes its own response (the analysis commands): after
// validating its arguments it writes "=[id]" and its lines, and the final empty line.
type streamer func(s *Server, id string, args []string) error

// commandEntry is a command name and what runs it: run, or stream for the commands that
// write their own response.
type commandEntry struct {
	name   string
	run    handler
	stream streamer
}

// commandTable lists the commands in the order list_commands gives them; commandIndex
// maps a name to its entry. Both are filled by init (the handlers refer to them).
var (
	commandTable []commandEntry
	commandIndex map[string]int
)

func init() {
	commandTable = []commandEntry{
		{name: "protocol_version", run: (*Server).protocolVersion},
		{name: "name", run: (*Server).name},
		{name: "version", run: (*Server).version},
		{name: "known_command", run: (*Server).knownCommand},
		{name: "list_commands", run: (*Server).listCommands},
		{name: "quit", run: (*Server).quitCommand},
		{name: "boardsize", run: (*Server).boardsize},
		{name: "clear_board", run: (*Server).clearBoard},
		{name: "komi", run: (*Server).komi},
		{name: "play", run: (*Server).play},
		{name: "genmove", run: (*Server).genmove},
		{name: "undo", run: (*Server).undo},
		{name: "showboard", run: (*Server).showboard},
		{name: "final_score", run: (*Server).finalScore},
		{name: "time_settings", run: (*Server).timeSettings},
		{name: "kgs-time_settings", run: (*Server).kgsTimeSettings},
		{name: "time_left", run: (*Server).timeLeft},
		{name: "cputime", run: (*Server).cputime},
		{name: "lz-analyze", stream: (*Server).lzAnalyze},
		{name: "lz-genmove_analyze", stream: (*Server).lzGenmoveAnalyze},
		{name: "kata-analyze", stream: (*Server).kataAnalyze},
		{name: "kata-genmove_analyze", stream: (*Server).kataGenmoveAnalyze},
		{name: "littlego-set_param", run: (*Server).setParam},
		{name: "littlego-get_param", run: (*Server).getParam},
		{name: "littlego-rules", run: (*Server).rulesCommand},
		{name: "kata-get-rules", run: (*Server).kataGetRules},
		{name: "kata-set-rules", run: (*Server).kataSetRules},
		{name: "kata-list-params", run: (*Server).kataListParams},
		{name: "kata-get-param", run: (*Server).kataGetParam},
		{name: "kata-set-param", run: (*Server).kataSetParam},
		{name: "stop", run: (*Server).stop},
		{name: "clear_cache", run: (*Server).clearCache},
		{name: "get_komi", run: (*Server).getKomi},
		{name: "final_status_list", run: (*Server).finalStatusList},
		{name: "printsgf", run: (*Server).printsgf},
	}
	commandIndex = make(map[string]int, len(commandTable))
	for i, c := range commandTable {
		commandIndex[c.name] = i
	}
}

// execute runs one command line and writes its response.
func (s *Server) execute(line string) {
	cmd, err := ParseCommand(line)
	if err != nil {
		s.diag("%q: %v", line, err)
		s.out.WriteString(FormatFailure(cmd.ID, msgSyntaxError))
		return
	}
	i, ok := commandIndex[cmd.Name]
	if !ok {
		s.out.WriteString(FormatFailure(cmd.ID, msgUnknownCommand))
		return
	}
	entry := commandTable[i]
	if entry.stream != nil {
		if err := entry.stream(s, cmd.ID, cmd.Args); err != nil {
			s.out.WriteString(FormatFailure(cmd.ID, err.Error()))
		}
		return
	}
	text, err := entry.run(s, cmd.Args)
	if err != nil {
		s.out.WriteString(FormatFailure(cmd.ID, err.Error()))
		return
	}
	s.out.WriteString(FormatSuccess(cmd.ID, text))
}

// diag writes one diagnostic line to the log.
func (s *Server) diag(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	fmt.Fprintln(s.log, "gtp: "+strings.TrimRight(msg, "\n"))
}

// syntaxError logs why a command's arguments are wrong and returns the standard
// "syntax error" failure.
func (s *Server) syntaxError(command string, why error) error {
	s.diag("%s: %v", command, why)
	return errors.New(msgSyntaxError)
}
