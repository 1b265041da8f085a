// analyze.go: Leela Zero's lz-analyze and lz-genmove_analyze and KataGo's kata-analyze and kata-genmove_analyze, with the info lines Sabaki and Lizzie read.

package gtp

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// Analysis timing. The analysis searches in chunks of at most maxChunk of CPU and gives
// the solver at most as much between two of them (so that a new command is noticed
// within about two chunks), and prints a line every interval.
const (
	defaultInterval = time.Second
	minChunk        = 20 * time.Millisecond
	maxChunk        = 200 * time.Millisecond
)

// analyzeArgs are the arguments of the analysis commands.
type analyzeArgs struct {
	color    board.Color
	interval time.Duration
	maxMoves int // 0: every move searched
	// ownership, movesOwnership and rootInfo are kata-analyze's switches provided.
	ownership, movesOwnership, rootInfo bool
	restrict                            *restriction // avoid and allow; nil: none
}

// parseAnalyzeArgs reads "[color] [interval] [interval N] [maxmoves N] [minmoves N]",
// the interval in centiseconds (0 or absent: 100), "avoid|allow COLOUR VERTICES DEPTH"
// (KataGo's, repeatable), and kata-analyze's switches.
func (s *Server) parseAnalyzeArgs(command string, args []string, f infoFormat) (analyzeArgs, error) {
	a := analyzeArgs{color: s.game.pos.Turn, interval: defaultInterval}
	colorSeen, intervalSeen := false, false
	setInterval := func(v string) error {
		cs, err := parseCount(v)
		if err != nil {
			return err
		}
		if cs > 0 {
			a.interval = time.Duration(cs) * 10 * time.Millisecond
		}
		intervalSeen = true
		return nil
	}
	for i := 0; i < len(args); i++ {
		arg := strings.ToLower(args[i])
		if c, err := ParseColor(arg); err == nil && !colorSeen && !intervalSeen {
			a.color, colorSeen = c, true
			continue
		}
		if isDigits(arg) && !intervalSeen {
			if err := setInterval(arg); err != nil {
				return a, s.syntaxError(command, err)
			}
			continue
		}
		switch arg {
		case "interval", "maxmoves", "minmoves":
			if i+1 >= len(args) {
				return a, s.syntaxError(command, fmt.Errorf("%s wants a number", arg))
			}
			i++
			var err error
			switch arg {
			case "interval":
				err = setInterval(args[i])
			case "maxmoves":
				a.maxMoves, err = parseCount(args[i])
			default:
				_, err = parseCount(args[i]) // minmoves: every searched move is listed anyway
			}
			if err != nil {
				return a, s.syntaxError(command, err)
			}
		case "avoid", "allow":
			if i+3 >= len(args) {
				return a, s.syntaxError(command, fmt.Errorf("%s wants a colour, vertices and an until depth", arg))
			}
			if a.restrict == nil {
				a.restrict = &restriction{}
			}
			if err := a.restrict.add(arg, args[i+1], args[i+2], args[i+3]); err != nil {
				return a, s.syntaxError(command, err)
			}
			i += 3
		default:
			if _, known := kataSwitches[arg]; f == kataFormat && known && i+1 < len(args) {
				i++
				if err := s.kataSwitch(command, arg, args[i], &a); err != nil {
					return a, err
				}
				continue
			}
			return a, s.syntaxError(command, fmt.Errorf("argument %q not understood", args[i]))
		}
	}
	return a, nil
}

// lzAnalyze is lz-analyze: analyze with Leela Zero's info lines.
func (s *Server) lzAnalyze(id string, args []string) error {
	return s.analyze(id, "lz-analyze", args, lzFormat)
}

// kataAnalyze is kata-analyze: analyze with KataGo's info lines.
func (s *Server) kataAnalyze(id string, args []string) error {
	return s.analyze(id, "kata-analyze", args, kataFormat)
}

// provedVisits is how many iterations the analysis's search runs in all once every
// move is proved, so that a GUI has visits to draw beside the proofs (a GUI's heat map
// weighs each move by its visits); after them a proved position uses no more CPU.
const provedVisits = 50_000

// errInterrupted stops an analysis when the next command arrives.
var errInterrupted = errors.New("the next command arrived")

// analyze analyses the position for the given colour until the next command arrives,
// with the one live-analysis driver (package analysis): short searches one after the
// other, their root statistics merged (root parallelism in time: Cazenave and
// Jouandeau, "On the parallelization of UCT", 2007), and between them the solver on the
// moves not yet proved (package facts). An analysis of a position analysed before in the
// session starts from where that one ended, so that the visits only grow, as in Leela
// Zero and KataGo, which keep their trees. It prints an info line per interval, each
// distinct line once (none when nothing changed); once the driver has nothing left to do
// it prints its final line, if new, and waits for the next command without using CPU.
// When it ends, one line on the log says where every move stands. The board is not
// changed.
func (s *Server) analyze(id, command string, args []string, f infoFormat) error {
	a, err := s.parseAnalyzeArgs(command, args, f)
	if err != nil {
		return err
	}
	s.out.WriteString("=" + id + "\n")
	s.out.Flush()
	pos := s.game.searchPosition(a.color)
	view := s.newInfoView(&pos).with(a)
	if pos.Over {
		return s.analyzeFinished(command, view, f)
	}
	cfg := s.analysisConfig(a.interval)
	cfg.NoMargins = cfg.NoMargins || f == lzFormat // Leela Zero's lines show no score
	key := analysedKey{pos: pos, area: s.game.rules == Area}
	cfg.Resume = s.analysed[key]
	lastPrint, printed := time.Now(), ""
	show := func(snap *analysis.Snapshot) {
		if line := view.line(snap, a.maxMoves, f); line != printed {
			s.printInfo(line)
			printed = line
		}
	}
	final := s.analyzer().Run(s.ctx, pos, cfg, func(snap *analysis.Snapshot) error {
		if time.Since(lastPrint) >= a.interval || snap.Done() {
			show(snap)
			lastPrint = time.Now()
		}
		if !snap.Done() && s.interrupted() {
			return errInterrupted
		}
		return nil
	})
	s.keepAnalysed(key, final)
	if final.End == analysis.Failed {
		s.diag("%s: %v", command, final.Err)
	}
	for final.End != analysis.Stopped && !s.waitInterrupt(time.Minute) {
	}
	s.diag("%s: %s", command, summary(final))
	s.out.WriteString("\n")
	return nil
}

// analyzeFinished is the analysis of a finished game: one line, the pass carrying the
// proved end (analysis.Finished, as the JSON engine answers), then the wait for the next
// command.
func (s *Server) analyzeFinished(command string, view *infoView, f infoFormat) error {
	final := analysis.Finished(view.pos, s.analyzer().Prover().Known(view.pos))
	s.printInfo(view.line(final, 0, f))
	for !s.waitInterrupt(time.Minute) {
	}
	s.diag("%s: %s", command, summary(final))
	s.out.WriteString("\n")
	return nil
}

// analysedKey names a position analysed in the session: the position searched, and
// whether under area rules (where nothing is proved).
type analysedKey struct {
	pos  board.Position
	area bool
}

// maxAnalysed bounds the positions whose last analysis the session keeps (a game and
// its variations; each is a snapshot of a few kilobytes).
const maxAnalysed = 256

// keptReplies is how many of an analysis's most visited moves leave the positions after
// them ready to resume (analysis.Snapshot.After): the moves a user is likely to play.
const keptReplies = 8

// keepAnalysed keeps the final snapshot of the analysis of key's position, for the next
// analysis of it to resume, and, under the course's rules, the search's replies to its
// most visited moves, for the analysis after one of them is played to resume (unless
// that position's own analysis went further).
func (s *Server) keepAnalysed(key analysedKey, final *analysis.Snapshot) {
	if final.End == analysis.Failed {
		return
	}
	s.keep(key, final)
	if key.area {
		return // the positions analysed under area rules are not the game's (searchPosition)
	}
	moves := slices.Clone(final.Moves)
	slices.SortStableFunc(moves, func(x, y analysis.Move) int { return y.Visits - x.Visits })
	for k := 0; k < len(moves) && k < keptReplies; k++ {
		after := final.After(moves[k].Action)
		if after == nil {
			continue
		}
		child := analysedKey{pos: after.Position}
		if old := s.analysed[child]; old == nil || old.Iterations < after.Iterations {
			s.keep(child, after)
		}
	}
}

// keep keeps snap for key, starting afresh when the session holds maxAnalysed.
func (s *Server) keep(key analysedKey, snap *analysis.Snapshot) {
	if s.analysed == nil || len(s.analysed) >= maxAnalysed {
		s.analysed = map[analysedKey]*analysis.Snapshot{}
	}
	s.analysed[key] = snap
}

// analysisConfig returns the driver's settings for the session: the session's search
// options, chunks of at most maxChunk (less with a shorter interval), the solver unless
// it is off (with as many threads as the search's workers: together they use no more
// cores than -workers allow), nothing proved under area rules.
func (s *Server) analysisConfig(interval time.Duration) analysis.Config {
	return analysis.Config{
		Search:        s.opts,
		Chunk:         min(max(interval, minChunk), maxChunk),
		Workers:       max(s.opts.Workers, 1),
		NoSolver:      !s.opts.Solve,
		Unproved:      s.game.rules == Area,
		MinIterations: provedVisits,
	}
}

// analyzer returns the session's analysis driver (made on first use): the session's
// engine, and a prover over the process's shared cache of facts.
func (s *Server) analyzer() *analysis.Analyzer {
	if s.analysis == nil {
		s.analysis = analysis.New(s.eng, facts.NewProver(nil))
	}
	return s.analysis
}

// summary says where an ended analysis left the moves: "stopped by the next command
// after 1.2 s of CPU: 3 moves proved, 20 estimated, 1 not proved within the limit".
func summary(snap *analysis.Snapshot) string {
	var proved, estimated, unproved int
	for _, m := range snap.Moves {
		switch m.Status {
		case analysis.Proved:
			proved++
		case analysis.Estimated:
			estimated++
		default:
			unproved++
		}
	}
	why := snap.Reason("stopped by the next command")
	return fmt.Sprintf("%s after %.1f s of CPU, %d iterations: %d moves proved, %d estimated by the search, %d not proved within the limit",
		why, snap.CPU.Seconds(), snap.Iterations, proved, estimated, unproved)
}

// waitInterrupt waits up to d for a command line (or the end of input) and reports
// whether one came; the line is kept for next.
func (s *Server) waitInterrupt(d time.Duration) bool {
	if s.hasPending() {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case line, ok := <-s.lines:
		s.keepLine(line, ok)
		return true
	case <-s.ctx.Done():
		return true
	case <-t.C:
		return false
	}
}

// printInfo writes one line of info entries, if there is one, and flushes.
func (s *Server) printInfo(line string) {
	if line != "" {
		s.out.WriteString(line + "\n")
	}
	s.out.Flush()
}

// lzGenmoveAnalyze is lz-genmove_analyze: genmoveAnalyze with Leela Zero's info line.
func (s *Server) lzGenmoveAnalyze(id string, args []string) error {
	return s.genmoveAnalyze(id, "lz-genmove_analyze", args, lzFormat)
}

// kataGenmoveAnalyze is kata-genmove_analyze: genmoveAnalyze with KataGo's info line.
func (s *Server) kataGenmoveAnalyze(id string, args []string) error {
	return s.genmoveAnalyze(id, "kata-genmove_analyze", args, kataFormat)
}

// genmoveAnalyze chooses and plays a move for the colour (default: the side to move)
// as genmove does and answers with the info line of that search followed by "play
// VERTEX". The engine's search does not report while it runs, so there is one info
// line, at the end, whatever the interval; a move from the opening book or a solver
// proof ran no search and has no info line.
func (s *Server) genmoveAnalyze(id, command string, args []string, f infoFormat) error {
	a, err := s.parseAnalyzeArgs(command, args, f)
	if err != nil {
		return err
	}
	s.out.WriteString("=" + id + "\n")
	pos := s.game.searchPosition(a.color)
	pt, rep := s.think(a.color)
	if rep.Search != nil {
		snap := analysis.OfSearch(pos, rep.Search, s.analyzer().Prover(), s.analysisConfig(a.interval))
		if line := s.newInfoView(&pos).with(a).line(snap, a.maxMoves, f); line != "" {
			s.out.WriteString(line + "\n")
		}
	}
	s.out.WriteString("play " + board.Vertex(pt) + "\n\n")
	return nil
}
