// commands.go: the GTP commands about the session, the board, moves, scoring and time.

package gtp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"littlego/analysis"
	"littlego/board"
	"littlego/engine"
	"littlego/facts"
	"littlego/lib/cputime"
)

func (s *Server) protocolVersion([]string) (string, error) { return "2", nil }

func (s *Server) name([]string) (string, error) { return Name, nil }

func (s *Server) version([]string) (string, error) { return Version, nil }

func (s *Server) knownCommand(args []string) (string, error) {
	if len(args) != 1 {
		return "", s.syntaxError("known_command", errors.New("want one command name"))
	}
	if _, ok := commandIndex[args[0]]; ok {
		return "true", nil
	}
	return "false", nil
}

func (s *Server) listCommands([]string) (string, error) {
	names := make([]string, len(commandTable))
	for i, c := range commandTable {
		names[i] = c.name
	}
	return strings.Join(names, "\n"), nil
}

func (s *Server) quitCommand([]string) (string, error) {
	s.quit = true
	return "", nil
}

func (s *Server) boardsize(args []string) (string, error) {
	if len(args) != 1 {
		return "", s.syntaxError("boardsize", errors.New("want one size"))
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", s.syntaxError("boardsize", err)
	}
	if n != board.Size {
		return "", errors.New(msgUnacceptableSize)
	}
	s.game.clear()
	return "", nil
}

func (s *Server) clearBoard([]string) (string, error) {
	s.game.clear()
	s.clock.set(s.clock.system, s.clock.main, s.clock.period, s.clock.stones, s.clock.periods)
	return "", nil
}

// komi sets the komi. Under the course's rules a half-point komi is taken: what is
// proved for the course's 2.5 (the tables, the book, the solver) decides another komi
// where the margin's proved bounds do, and the analysis estimates the rest; an
// integral komi, under which a game can be drawn, answers "unacceptable komi" (a draw
// is not modelled), the reason on the log. Under area rules, where nothing is proved,
// any komi is stored for final_score and the scores. The search plays for the course's
// result (komi 2.5) in both.
func (s *Server) komi(args []string) (string, error) {
	if len(args) != 1 {
		return "", s.syntaxError("komi", errors.New("want one number"))
	}
	k, err := parseFloat(args[0])
	if err != nil {
		return "", s.syntaxError("komi", err)
	}
	if s.game.rules == LittleGo && (!analysis.HalfPointKomi(k) || k < -400 || k > 400) {
		s.diag("komi %g: an integral komi allows a draw, which is not modelled; give a half-point komi (the course's is %g)", k, board.Komi)
		return "", errors.New("unacceptable komi")
	}
	if k != board.Komi {
		s.diag("komi %g: the proofs are for komi %g; under %g a value is proved where the margin's proved bounds decide it, estimated elsewhere; the search still plays for komi %g", k, board.Komi, k, board.Komi)
	}
	s.game.komi = k
	return "", nil
}

// parseMove reads the colour and vertex of play.
func (s *Server) parseMove(args []string) (board.Color, board.Point, error) {
	if len(args) != 2 {
		return 0, 0, s.syntaxError("play", errors.New("want a colour and a vertex"))
	}
	c, err := ParseColor(args[0])
	if err != nil {
		return 0, 0, s.syntaxError("play", err)
	}
	pt, err := board.ParseVertex(args[1])
	if errors.Is(err, board.ErrOffBoard) {
		s.diag("play %s: off the 5x5 board", args[1])
		return 0, 0, errors.New(msgIllegalMove)
	}
	if err != nil {
		return 0, 0, s.syntaxError("play", err)
	}
	return c, pt, nil
}

func (s *Server) play(args []string) (string, error) {
	c, pt, err := s.parseMove(args)
	if err != nil {
		return "", err
	}
	if !s.game.play(c, pt) {
		s.diag("play %s %s: %s", board.ColorLetter(c), board.Vertex(pt), s.game.illegalReason(c, pt))
		return "", errors.New(msgIllegalMove)
	}
	return "", nil
}

// parseColorArg reads the single colour argument of genmove.
func (s *Server) parseColorArg(command string, args []string) (board.Color, error) {
	if len(args) != 1 {
		return 0, s.syntaxError(command, errors.New("want a colour"))
	}
	c, err := ParseColor(args[0])
	if err != nil {
		return 0, s.syntaxError(command, err)
	}
	return c, nil
}

func (s *Server) genmove(args []string) (string, error) {
	c, err := s.parseColorArg("genmove", args)
	if err != nil {
		return "", err
	}
	pt, _ := s.think(c)
	return board.Vertex(pt), nil
}

// think chooses c's move with the engine under the time controls, plays it on the
// board and returns it with the engine's report. When the game is over it passes
// without playing. It never resigns.
func (s *Server) think(c board.Color) (board.Point, engine.Report) {
	if s.game.pos.Over {
		return board.Pass, engine.Report{Move: board.Pass, Method: engine.MethodForced}
	}
	pos := s.game.searchPosition(c)
	start := time.Now()
	pt, rep := s.eng.GenMoveTurn(pos, s.moveTurn(c, pos))
	s.clock.spent(int(c), time.Since(start).Seconds())
	if rep.Proved.Proved() && s.game.rules != Area {
		facts.Shared().Learn(pos, rep.Proved) // what the move proves, for the analyses that follow
	}
	if !s.game.play(c, pt) {
		// GenMove's move is legal in pos; pos differs from the game only in the move
		// numbering under Area rules, so this cannot happen, but a pass is always safe.
		s.diag("genmove: engine move %s not playable, passing", board.Vertex(pt))
		pt = board.Pass
		s.game.play(c, pt)
	}
	if s.opts.Verbose {
		s.diag("genmove %s: %s by %s, %d iterations, budget %v", board.ColorLetter(c), board.Vertex(pt), rep.Method, rep.Iterations, rep.Budget)
	}
	if s.opts.Verbose || rep.Method == engine.MethodFallback {
		// The engine's own account of the move: why it fell back, and when verbose the
		// solver's verdict and the search's statistics.
		for _, d := range rep.Details {
			s.diag("%s", d)
		}
	}
	return pt, rep
}

// moveTurn returns the turn of c's next move, in pos: the clock's share when time
// controls are set (the clock's share already spreads the time, so the game plan does
// not), otherwise the game plan's for the move under the session's options; no bank
// either way.
func (s *Server) moveTurn(c board.Color, pos board.Position) engine.Turn {
	turn := engine.PlanTurn(s.opts, int(pos.Move), engine.Account{})
	if b, ok := s.clock.moveBudget(int(c), s.ourMovesLeft()); ok {
		turn.Budget = time.Duration(b * float64(time.Second))
	}
	return turn
}

// ourMovesLeft estimates how many moves the side to move still has to play: exact under
// Little-Go rules, half the empty points plus a few under Area rules.
func (s *Server) ourMovesLeft() int {
	pos := &s.game.pos
	if s.game.rules == LittleGo {
		return (pos.MovesLeft() + 1) / 2
	}
	return (pos.Empty().Count()+1)/2 + 4
}

func (s *Server) undo([]string) (string, error) {
	if !s.game.undo() {
		return "", errors.New(msgCannotUndo)
	}
	return "", nil
}

func (s *Server) showboard([]string) (string, error) {
	return "\n" + s.game.showboard(), nil
}

func (s *Server) finalScore([]string) (string, error) {
	return s.game.finalScore(), nil
}

// timeSettings reads "main_time byo_yomi_time byo_yomi_stones" (Canadian byo-yomi).
func (s *Server) timeSettings(args []string) (string, error) {
	if len(args) != 3 {
		return "", s.syntaxError("time_settings", errors.New("want main_time byo_yomi_time byo_yomi_stones"))
	}
	main, err1 := parseSeconds(args[0])
	period, err2 := parseSeconds(args[1])
	stones, err3 := parseCount(args[2])
	if err := errors.Join(err1, err2, err3); err != nil {
		return "", s.syntaxError("time_settings", err)
	}
	s.clock.setCanadian(main, period, stones)
	return "", nil
}

// kgsTimeSettings reads KGS's "none", "absolute main", "byoyomi main period periods" or
// "canadian main period stones".
func (s *Server) kgsTimeSettings(args []string) (string, error) {
	bad := func(why string) (string, error) {
		return "", s.syntaxError("kgs-time_settings", errors.New(why))
	}
	if len(args) == 0 {
		return bad("want none, absolute, byoyomi or canadian")
	}
	nums := args[1:]
	want := map[string]int{"none": 0, "absolute": 1, "byoyomi": 3, "canadian": 3}
	n, ok := want[strings.ToLower(args[0])]
	if !ok {
		return bad(fmt.Sprintf("time system %q unknown", args[0]))
	}
	if len(nums) != n {
		return bad(fmt.Sprintf("%s takes %d numbers", args[0], n))
	}
	var main, period float64
	var count int
	var err error
	if n >= 1 {
		if main, err = parseSeconds(nums[0]); err != nil {
			return bad(err.Error())
		}
	}
	if n == 3 {
		if period, err = parseSeconds(nums[1]); err != nil {
			return bad(err.Error())
		}
		if count, err = parseCount(nums[2]); err != nil {
			return bad(err.Error())
		}
	}
	switch strings.ToLower(args[0]) {
	case "none":
		s.clock.set(noLimit, 0, 0, 0, 0)
	case "absolute":
		s.clock.set(absolute, main, 0, 0, 0)
	case "byoyomi":
		if period == 0 || count == 0 {
			s.clock.set(absolute, main, 0, 0, 0)
		} else {
			s.clock.set(byoyomi, main, period, 0, count)
		}
	case "canadian":
		if period == 0 || count == 0 {
			s.clock.set(absolute, main, 0, 0, 0)
		} else {
			s.clock.set(canadian, main, period, count, 0)
		}
	}
	return "", nil
}

// timeLeft reads "color time stones": the seconds left on c's clock and the stones left
// in the current period (0 while main time runs).
func (s *Server) timeLeft(args []string) (string, error) {
	if len(args) != 3 {
		return "", s.syntaxError("time_left", errors.New("want color time stones"))
	}
	c, err := ParseColor(args[0])
	if err != nil {
		return "", s.syntaxError("time_left", err)
	}
	t, err1 := parseSeconds(args[1])
	stones, err2 := parseCount(args[2])
	if err := errors.Join(err1, err2); err != nil {
		return "", s.syntaxError("time_left", err)
	}
	s.clock.left[c] = clockState{time: t, stones: stones}
	return "", nil
}

// cputime answers the CPU time used by the whole process, in seconds.
func (s *Server) cputime([]string) (string, error) {
	return strconv.FormatFloat(cputime.Process().Seconds(), 'f', 3, 64), nil
}

func (s *Server) rulesCommand(args []string) (string, error) {
	switch len(args) {
	case 0:
		return s.game.rules.String(), nil
	case 1:
		r, err := ParseRules(args[0])
		if err != nil {
			return "", err
		}
		s.game.rules = r
		s.game.clear()
		if r == LittleGo {
			s.game.komi = board.Komi // the only komi of the course's rules
		}
		if err := s.applyOptions(s.opts); err != nil {
			return "", errors.New(oneLine(err.Error()))
		}
		return "", nil
	}
	return "", s.syntaxError("littlego-rules", errors.New("want littlego or area"))
}
