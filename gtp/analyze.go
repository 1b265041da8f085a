// analyze.go: Leela Zero's lz-analyze and lz-genmove_analyze and KataGo's kata-analyze and kata-genmove_analyze, with the info lines Sabaki and Lizzie read.

package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"littlego/board"
	"littlego/engine"
	"littlego/internal/matchstats"
	"littlego/mcts"
	"littlego/policy"
	"littlego/solver"
)

// Analysis timing. The analysis searches in chunks of at most maxChunk of CPU and gives
// the solver as much for a margin and for a value between them (so that a new command
// is noticed within about three chunks), and prints a line every interval.
const (
	defaultInterval = time.Second
	minChunk        = 20 * time.Millisecond
	maxChunk        = 200 * time.Millisecond
	// chunkSeedStride separates the seeds of successive chunks (worker k of a search
	// seeded s uses s+k, and there are at most 64 workers).
	chunkSeedStride = 1024
)

// analyzeArgs are the arguments of the analysis commands.
type analyzeArgs struct {
	color    board.Color
	interval time.Duration
	maxMoves int // 0: every move searched
}

// parseAnalyzeArgs reads "[color] [interval] [interval N] [maxmoves N] [minmoves N]",
// the interval in centiseconds (0 or absent: 100). avoid and allow are refused.
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
			return a, fmt.Errorf("%s is not supported", arg)
		default:
			if f == kataFormat && kataSwitches[arg] && i+1 < len(args) {
				i++
				if err := s.kataSwitch(command, arg, args[i]); err != nil {
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

// analyze analyses the position for the given colour until the next command arrives:
// it runs short searches one after the other, merges their root statistics (root
// parallelism in time: Cazenave and Jouandeau, "On the parallelization of UCT", 2007),
// gives the solver one action at a time between them, and prints an info line per
// interval. It stops working once every action is proved. The board is not changed.
func (s *Server) analyze(id, command string, args []string, f infoFormat) error {
	a, err := s.parseAnalyzeArgs(command, args, f)
	if err != nil {
		return err
	}
	s.out.WriteString("=" + id + "\n")
	s.out.Flush()
	pos := s.game.searchPosition(a.color)
	acc := s.newAnalysis(&pos, s.proofSolver())
	chunk := min(max(a.interval, minChunk), maxChunk)
	lastPrint := time.Now()
	searching := !pos.Over
	for k := 0; !s.interrupted(); k++ {
		proving := acc.proofs.step(solver.Limits{CPU: chunk})
		if searching {
			searching = s.searchChunk(command, &pos, acc, chunk, k)
		}
		if acc.proofs.settled() {
			searching = false
		}
		if !searching && !proving {
			s.printInfo(acc, a, f)
			if s.waitInterrupt(a.interval) {
				break
			}
			continue
		}
		if time.Since(lastPrint) >= a.interval {
			s.printInfo(acc, a, f)
			lastPrint = time.Now()
		}
	}
	s.out.WriteString("\n")
	return nil
}

// searchChunk runs the k-th short search of an analysis, adds its statistics to acc
// and reports whether searching on can teach more.
func (s *Server) searchChunk(command string, pos *board.Position, acc *analysis, chunk time.Duration, k int) bool {
	o := s.opts
	o.Playouts, o.Plan = 0, false
	o.Book = false // analysis wants the search's statistics, not the book's answer
	o.Budget = chunk
	o.Seed = s.opts.Seed + uint64(k)*chunkSeedStride
	if err := s.useOptions(o); err != nil {
		s.diag("%s: %v", command, err)
		return false
	}
	_, rep := s.eng.GenMove(*pos)
	if rep.Search == nil {
		return false // a forced move or a fallback: nothing more to learn
	}
	acc.add(rep.Search)
	return rep.Search.Stop != mcts.StopProven && rep.Search.Stop != mcts.StopForced
}

// proofSolver returns the solver the analysis gives actions to (made on first use), or
// nil when the engine's solver is off.
func (s *Server) proofSolver() *solver.Solver {
	if !s.opts.Solve {
		return nil
	}
	if s.prover == nil {
		s.prover = solver.New(engine.SolverTableBits)
	}
	return s.prover
}

// newAnalysis returns an empty analysis of pos with what is proved of its actions.
func (s *Server) newAnalysis(pos *board.Position, sv *solver.Solver) *analysis {
	acc := newAnalysis(pos, s.opts.Policy, s.opts.Priors)
	acc.proofs = newProofs(pos, sv, s.game.rules == Area)
	acc.komi = s.game.komi
	return acc
}

// waitInterrupt waits up to d for a command line (or the end of input) and reports
// whether one came; the line is kept for next.
func (s *Server) waitInterrupt(d time.Duration) bool {
	if len(s.pending) > 0 || s.ctx.Err() != nil {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case line, ok := <-s.lines:
		if ok {
			s.pending = append(s.pending, line)
		} else {
			s.lines = closedLines
		}
		return true
	case <-s.ctx.Done():
		return true
	case <-t.C:
		return false
	}
}

// printInfo writes one line of info entries, if any move has been searched or proved,
// and flushes.
func (s *Server) printInfo(acc *analysis, a analyzeArgs, f infoFormat) {
	if line := acc.line(a.maxMoves, f); line != "" {
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
		acc := s.newAnalysis(&pos, nil)
		acc.add(rep.Search)
		if line := acc.line(a.maxMoves, f); line != "" {
			s.out.WriteString(line + "\n")
		}
	}
	s.out.WriteString("play " + Vertex(pt) + "\n\n")
	return nil
}

// analysis accumulates the root statistics of successive searches of one position.
type analysis struct {
	proofs *proofs
	komi   float64 // the session's, for KataGo's scoreLead
	totals mcts.Totals
	pv     [board.NumActions][]board.Point // the principal variation of the last search that chose each action
	priors [board.NumActions]float64       // prior probability of each action, summing to 1 over the legal ones
}

// newAnalysis returns an empty analysis of pos, nothing proved, komi 2.5, with priors from the rollout policy's
// prior knowledge (each legal action's prior win rate, normalised to sum to 1) when the
// policy has some and priors are on, otherwise uniform over the legal actions.
func newAnalysis(pos *board.Position, policyName string, usePriors bool) *analysis {
	a := &analysis{proofs: &proofs{pos: *pos}, komi: board.Komi}
	if pos.Over {
		return a
	}
	legal := pos.Legal() | board.Pass.Bit()
	var raw [board.NumActions]float64
	var pr [board.NumActions]policy.Prior
	priorer := priorerFor(policyName, usePriors)
	if priorer != nil {
		priorer.Priors(pos, &pr)
	}
	total := 0.0
	for p := board.Point(0); p < board.NumActions; p++ {
		if !legal.Has(p) {
			continue
		}
		raw[p] = 1
		if priorer != nil && pr[p].Visits > 0 {
			raw[p] = float64(pr[p].Wins) / float64(pr[p].Visits)
		}
		total += raw[p]
	}
	for p := range raw {
		if total > 0 {
			a.priors[p] = raw[p] / total
		}
	}
	return a
}

// priorerFor returns the named policy's prior knowledge, or nil.
func priorerFor(name string, use bool) policy.Priorer {
	if !use {
		return nil
	}
	pol, err := policy.ByName(name)
	if err != nil {
		return nil
	}
	pr, _ := pol.NewPlayer().(policy.Priorer)
	return pr
}

// add merges a search's root statistics.
func (a *analysis) add(res *mcts.Result) {
	a.totals.Add(res)
	if len(res.PV) > 0 && res.PV[0] >= 0 && int(res.PV[0]) < board.NumActions {
		a.pv[res.PV[0]] = append(a.pv[res.PV[0]][:0], res.PV...)
	}
}

// line formats the analysis as Leela Zero or KataGo does: one info entry per searched
// or proved action, best first (proved wins, then by visits, proved losses last), on
// one line, for the side to move. maxMoves > 0 limits the number of entries.
func (a *analysis) line(maxMoves int, f infoFormat) string {
	totals := a.proofs.apply(a.totals)
	var sb strings.Builder
	for order, st := range totals.Ranked() {
		if maxMoves > 0 && order >= maxMoves {
			break
		}
		p := st.Move
		t := &totals[p]
		w := t.WinRate()
		lcb := w
		if t.Proof == mcts.Unknown {
			lcb = wilsonLower(w, t.Visits)
		}
		if order > 0 {
			sb.WriteByte(' ')
		}
		pv := a.pv[p]
		if len(pv) == 0 {
			pv = []board.Point{p}
		}
		if f == kataFormat {
			lead, _ := a.proofs.lead(p, pv, a.komi)
			fmt.Fprintf(&sb, "info move %s visits %d winrate %s scoreMean %s scoreLead %s prior %s lcb %s order %d pv",
				Vertex(p), t.Visits, rate(w), points(lead), points(lead), rate(a.priors[p]), rate(lcb), order)
		} else {
			fmt.Fprintf(&sb, "info move %s visits %d winrate %d prior %d lcb %d order %d pv",
				Vertex(p), t.Visits, per10000(w), per10000(a.priors[p]), per10000(lcb), order)
		}
		for _, q := range pv {
			sb.WriteString(" " + Vertex(q))
		}
	}
	return sb.String()
}

// per10000 converts a probability to an integer 0..10000.
func per10000(x float64) int {
	return int(math.Round(10000 * min(max(x, 0), 1)))
}

// wilsonLower is the lower end of the 95% Wilson score interval of a rate p over n.
func wilsonLower(p float64, n int) float64 {
	lo, _ := matchstats.WilsonRate(p, n)
	if n <= 0 {
		return 0
	}
	return lo
}

// infoEntry is one candidate move of an lz-analyze info line.
type infoEntry struct {
	Move    string
	Visits  int
	Winrate int
	Prior   int
	LCB     int
	Order   int
	PV      []string
}

// infoFields is one entry of an info line: its key-value pairs (the move among them)
// and its principal variation.
type infoFields struct {
	values map[string]string
	pv     []string
}

// splitInfoLine splits a line of info entries, in Leela Zero's or KataGo's format, into
// its entries; each has a move.
func splitInfoLine(line string) ([]infoFields, error) {
	fields := strings.Fields(line)
	var out []infoFields
	for i := 0; i < len(fields); {
		if fields[i] != "info" {
			return nil, fmt.Errorf("expected info at field %d, got %q", i, fields[i])
		}
		e := infoFields{values: map[string]string{}}
		for i++; i < len(fields) && fields[i] != "info"; i += 2 {
			if fields[i] == "pv" {
				for i++; i < len(fields) && fields[i] != "info"; i++ {
					e.pv = append(e.pv, fields[i])
				}
				break
			}
			if i+1 >= len(fields) {
				return nil, fmt.Errorf("key %q has no value", fields[i])
			}
			e.values[fields[i]] = fields[i+1]
		}
		if e.values["move"] == "" {
			return nil, errors.New("info entry without a move")
		}
		out = append(out, e)
	}
	return out, nil
}

// parseInfoLine reads a line of info entries as lz-analyze writes them (and as Sabaki
// and Lizzie read them). Unknown keys with one value are skipped.
func parseInfoLine(line string) ([]infoEntry, error) {
	entries, err := splitInfoLine(line)
	if err != nil {
		return nil, err
	}
	out := make([]infoEntry, len(entries))
	for k, f := range entries {
		e := &out[k]
		e.Move, e.PV = f.values["move"], f.pv
		for key, dst := range map[string]*int{"visits": &e.Visits, "winrate": &e.Winrate, "prior": &e.Prior, "lcb": &e.LCB, "order": &e.Order} {
			val, ok := f.values[key]
			if !ok {
				continue
			}
			if *dst, err = strconv.Atoi(val); err != nil {
				return nil, fmt.Errorf("%s %q is not an integer", key, val)
			}
		}
	}
	return out, nil
}
