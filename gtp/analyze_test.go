// analyze_test.go: lz-analyze over a live pipe (info lines, stop on the next command), lz-genmove_analyze, merging and formatting.

package gtp

import (
	"bufio"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
)

// pipeSession runs a server over pipes, so that a test can send a command while an
// analysis is running.
type pipeSession struct {
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startPipe(t *testing.T, s *Server) *pipeSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ps := &pipeSession{in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := s.Run(context.Background(), inR, outW)
		outW.Close()
		ps.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
		for sc.Scan() {
			ps.lines <- sc.Text()
		}
		close(ps.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return ps
}

func (ps *pipeSession) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(ps.in, line+"\n"); err != nil {
		t.Fatalf("send %q: %v", line, err)
	}
}

// read returns the next output line, failing the test if none comes within a generous
// bound (a guard against a hang, not a timing assertion).
func (ps *pipeSession) read(t *testing.T) string {
	t.Helper()
	select {
	case l, ok := <-ps.lines:
		if !ok {
			t.Fatal("output ended")
		}
		return l
	case <-time.After(20 * time.Second):
		t.Fatal("no output line within 20 s")
	}
	return ""
}

// expect reads one line and fails unless it is want.
func (ps *pipeSession) expect(t *testing.T, want string) {
	t.Helper()
	if got := ps.read(t); got != want {
		t.Fatalf("read %q, want %q", got, want)
	}
}

// checkInfoLine parses an info line and checks it against pos, the position analysed.
func checkInfoLine(t *testing.T, line string, pos board.Position) []infoEntry {
	t.Helper()
	es, err := parseInfoLine(line)
	if err != nil {
		t.Fatalf("%v in %q", err, line)
	}
	if len(es) == 0 {
		t.Fatalf("no entries in %q", line)
	}
	seen := map[string]bool{}
	for i, e := range es {
		pt, err := board.ParseVertex(e.Move)
		switch {
		case err != nil || !pos.IsLegal(pt):
			t.Fatalf("entry %d: move %q not legal", i, e.Move)
		case seen[e.Move]:
			t.Fatalf("entry %d: move %s listed twice", i, e.Move)
		case e.Order != i:
			t.Fatalf("entry %d has order %d", i, e.Order)
		case e.Visits < 0 || e.Visits == 0 && e.Winrate != 0 && e.Winrate != 10000:
			// Only an action proven when its parent was expanded (one that ends the
			// game) is listed without a visit.
			t.Fatalf("entry %d: %d visits", i, e.Visits)
		case e.Winrate < 0 || e.Winrate > 10000 || e.Prior < 0 || e.Prior > 10000:
			t.Fatalf("entry %d: winrate %d prior %d out of 0..10000", i, e.Winrate, e.Prior)
		case e.LCB < 0 || e.LCB > e.Winrate:
			t.Fatalf("entry %d: lcb %d for winrate %d", i, e.LCB, e.Winrate)
		case len(e.PV) == 0 || e.PV[0] != e.Move:
			t.Fatalf("entry %d: pv %v does not start with %s", i, e.PV, e.Move)
		}
		for _, v := range e.PV {
			if _, err := board.ParseVertex(v); err != nil {
				t.Fatalf("entry %d: pv vertex %q: %v", i, v, err)
			}
		}
		seen[e.Move] = true
	}
	return es
}

// afterC3 starts a server behind a pipe, plays Black's C3 and returns the server, the
// pipe and the position, White to move (the book's line: White has lost).
func afterC3(t *testing.T) (*Server, *pipeSession, board.Position) {
	t.Helper()
	s, _ := newTestServer(t, LittleGo, 100)
	ps := startPipe(t, s)
	ps.send(t, "play b c3")
	ps.expect(t, "= ")
	ps.expect(t, "")
	return s, ps, withTurn(s.game.pos, board.White)
}

func TestLzAnalyzeStopsOnNextCommand(t *testing.T) {
	s, ps, pos := afterC3(t)
	before := s.game.pos

	ps.send(t, "lz-analyze 5") // an info line every 50 ms, for White (the side to move)
	ps.expect(t, "=")
	var total []int
	for len(total) < 3 {
		es := checkInfoLine(t, ps.read(t), pos)
		sum := 0
		for _, e := range es {
			sum += e.Visits
		}
		total = append(total, sum)
	}
	for i := 1; i < len(total); i++ {
		if total[i] < total[i-1] {
			t.Fatalf("visits shrank from line to line: %v", total)
		}
	}
	ps.send(t, "11 name")
	for {
		l := ps.read(t)
		if l == "" {
			break // the empty line that ends the analysis response
		}
		checkInfoLine(t, l, pos)
	}
	ps.expect(t, "=11 littlego")
	ps.expect(t, "")

	// The analysis played nothing.
	ps.send(t, "final_score")
	ps.expect(t, "= W+1.5") // one Black stone, komi 2.5
	ps.expect(t, "")
	if s.game.pos != before {
		t.Fatal("lz-analyze changed the position")
	}

	// A finished game's one move is the pass, carrying the proved end (White's win by
	// the komi: a loss for Black), on one line; the analysis still stops.
	ps.send(t, "clear_board")
	ps.expect(t, "= ")
	ps.expect(t, "")
	ps.send(t, "play b pass") // a Black pass on move 1 ends the game
	ps.expect(t, "= ")
	ps.expect(t, "")
	ps.send(t, "lz-analyze b 5")
	ps.expect(t, "=")
	ps.expect(t, "info move pass visits 1 winrate 0 prior 10000 lcb 0 order 0 pv pass")
	ps.send(t, "name")
	ps.expect(t, "")
	ps.expect(t, "= littlego")
	ps.expect(t, "")
	// KataGo's line says the score: White by the komi.
	ps.send(t, "kata-analyze b 5")
	ps.expect(t, "=")
	if l := ps.read(t); !strings.HasPrefix(l, "info move pass visits 1 ") || !strings.Contains(l, " winrate 0.000000 ") ||
		!strings.Contains(l, " scoreLead -2.5 ") || !strings.HasSuffix(l, " pv pass") {
		t.Errorf("kata-analyze of a finished game: %q; want the pass, a loss by 2.5 points", l)
	}
	ps.send(t, "name")
	ps.expect(t, "")
	ps.expect(t, "= littlego")
	ps.expect(t, "")

	ps.send(t, "quit")
	ps.expect(t, "= ")
	ps.expect(t, "")
	if err := <-ps.done; err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func TestLzAnalyzeEndsWithInput(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	ps := startPipe(t, s)
	ps.send(t, "lz-analyze 2")
	ps.expect(t, "=")
	checkInfoLine(t, ps.read(t), board.New())
	ps.in.Close()
	for l := range ps.lines {
		if l != "" {
			checkInfoLine(t, l, board.New())
		}
	}
	if err := <-ps.done; err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func TestLzGenmoveAnalyzePlaysItsFirstEntry(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 400)
	for _, c := range []string{"b", "w", "b", "w"} {
		col, _ := ParseColor(c)
		pos := withTurn(s.game.pos, col)
		r := send(t, s, "lz-genmove_analyze "+c+" 10")
		lines := strings.Split(r.text, "\n")
		if !r.ok || len(lines) != 3 || lines[0] != "" || !strings.HasPrefix(lines[2], "play ") {
			t.Fatalf("response %q", r.raw)
		}
		es := checkInfoLine(t, lines[1], pos)
		played := strings.TrimPrefix(lines[2], "play ")
		if es[0].Move != played {
			t.Fatalf("played %s but the first entry is %s", played, es[0].Move)
		}
		pt := mustVertex(t, played)
		if pt != board.Pass && !s.game.pos.Stones[col].Has(pt) {
			t.Fatalf("%s not on the board", played)
		}
	}
}

func TestParseAnalyzeArgs(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	mustOK(t, s, "play b c3") // White to move
	cases := []struct {
		args     string
		color    board.Color
		interval time.Duration
		maxMoves int
		err      bool
	}{
		{args: "", color: board.White, interval: defaultInterval},
		{args: "b", color: board.Black, interval: defaultInterval},
		{args: "50", color: board.White, interval: 500 * time.Millisecond},
		{args: "B 50", color: board.Black, interval: 500 * time.Millisecond},
		{args: "0", color: board.White, interval: defaultInterval},
		{args: "interval 20", color: board.White, interval: 200 * time.Millisecond},
		{args: "w interval 7 maxmoves 3 minmoves 2", color: board.White, interval: 70 * time.Millisecond, maxMoves: 3},
		{args: "b 10 20", err: true},
		{args: "10 b", err: true},
		{args: "interval", err: true},
		{args: "maxmoves x", err: true},
		{args: "-5", err: true},
		{args: "avoid b a1 1", color: board.White, interval: defaultInterval},
		{args: "allow w c3 5", color: board.White, interval: defaultInterval},
		{args: "avoid b a1", err: true},
		{args: "avoid x a1 1", err: true},
		{args: "allow w c3 5 allow w c4 5", err: true},
	}
	for _, c := range cases {
		a, err := s.parseAnalyzeArgs("lz-analyze", strings.Fields(c.args), lzFormat)
		if (err != nil) != c.err {
			t.Errorf("%q: error %v, want error %v", c.args, err, c.err)
			continue
		}
		if !c.err && (a.color != c.color || a.interval != c.interval || a.maxMoves != c.maxMoves) {
			t.Errorf("%q: %+v, want colour %v interval %v maxmoves %d", c.args, a, c.color, c.interval, c.maxMoves)
		}
	}
}

func TestInfoLineFormat(t *testing.T) {
	pos := board.New()
	v := &infoView{pos: pos, komi: board.Komi, priors: analysis.Priors(&pos, "light", false)} // uniform priors: 26 actions
	c3, b2, d4, e5 := mustVertex(t, "C3"), mustVertex(t, "B2"), mustVertex(t, "D4"), mustVertex(t, "E5")
	unproved := func(a board.Point, visits int, w float64, pv ...board.Point) analysis.Move {
		return analysis.Move{Action: a, Visits: visits, WinRate: w, After: facts.Unproved(board.White), PV: append([]board.Point{a}, pv...)}
	}
	snap := &analysis.Snapshot{Position: pos, Moves: []analysis.Move{
		unproved(b2, 100, 0.64, c3), unproved(c3, 100, 0.48, mustVertex(t, "D3"), mustVertex(t, "C2")), unproved(board.Pass, 0, 0),
	}}
	// Pass, never visited and not proved, is not listed.
	want := "info move B2 visits 100 winrate 6400 prior 385 lcb " + itoa(per10000(lcbOf(0.64, 100))) + " order 0 pv B2 C3 " +
		"info move C3 visits 100 winrate 4800 prior 385 lcb " + itoa(per10000(lcbOf(0.48, 100))) + " order 1 pv C3 D3 C2"
	if got := v.line(snap, 0, lzFormat); got != want {
		t.Fatalf("line\n%s\nwant\n%s", got, want)
	}
	// A proved win shows 10000 whatever the search's rate, a proved loss 0, their
	// bounds the same.
	win, loss := unproved(d4, 5, 0.2), unproved(e5, 500, 0.9)
	win.Value, win.After = facts.Win, facts.Proof(board.White, facts.Loss, facts.Book)
	loss.Value, loss.After = facts.Loss, facts.Proof(board.White, facts.Win, facts.Solver)
	snap.Moves = append([]analysis.Move{win}, append(snap.Moves, loss)...)
	es, err := parseInfoLine(v.line(snap, 0, lzFormat))
	if err != nil {
		t.Fatal(err)
	}
	// The proved loss's 500 visits are shown on the best move, the proved win, as a
	// search that knew the proof would have spent them: 505, the most.
	if len(es) != 4 || es[0].Winrate != 10000 || es[0].LCB != 10000 || es[3].Winrate != 0 || es[3].LCB != 0 || es[3].Visits != 0 || es[0].Visits != 505 {
		t.Fatalf("proved entries: %+v", es)
	}
	if got := v.line(snap, 2, lzFormat); strings.Count(got, "info move") != 2 {
		t.Fatalf("maxmoves 2 gave %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestPriors(t *testing.T) {
	pos := replay(t, "b c3", "w c4", "b b4") // White to move
	for _, use := range []bool{true, false} {
		priors := analysis.Priors(&pos, "light", use)
		legal := pos.Legal() | board.Pass.Bit()
		sum := 0.0
		for p := board.Point(0); p < board.NumActions; p++ {
			switch {
			case legal.Has(p) && priors[p] <= 0:
				t.Errorf("priors %v: legal %s has prior %v", use, board.Vertex(p), priors[p])
			case !legal.Has(p) && priors[p] != 0:
				t.Errorf("priors %v: illegal %s has prior %v", use, board.Vertex(p), priors[p])
			}
			sum += priors[p]
		}
		if !near(sum, 1) {
			t.Errorf("priors %v sum to %v", use, sum)
		}
	}
	// The light policy's prior knowledge counts Pass as bad while placements remain.
	priors := analysis.Priors(&pos, "light", true)
	if priors[board.Pass] >= priors[mustVertex(t, "A1")] {
		t.Errorf("pass prior %v not below a placement's %v", priors[board.Pass], priors[mustVertex(t, "A1")])
	}
	over := board.New()
	over.Pass()
	v := &infoView{pos: over, priors: analysis.Priors(&over, "light", true)}
	if got := v.line(analysis.OfSearch(over, nil, nil, analysis.Config{}), 0, lzFormat); got != "" {
		t.Errorf("a finished game has the analysis line %q", got)
	}
}

// lcbOf is the lower bound the info lines give an unproved move of win rate p over n visits.
func lcbOf(p float64, n int) float64 {
	_, lcb := (&analysis.Move{WinRate: p, Visits: n}).Rates()
	return lcb
}

func TestParseInfoLine(t *testing.T) {
	es, err := parseInfoLine("info move D4 visits 10 winrate 4829 prior 1843 lcb 4500 order 0 pv D4 C3 info move pass visits 2 winrate 100 scoreLead 3 order 1 pv pass")
	if err != nil || len(es) != 2 {
		t.Fatalf("%v, %v", es, err)
	}
	if e := es[0]; e.Move != "D4" || e.Visits != 10 || e.Winrate != 4829 || e.Prior != 1843 || e.LCB != 4500 || e.Order != 0 || strings.Join(e.PV, " ") != "D4 C3" {
		t.Fatalf("first entry %+v", e)
	}
	if e := es[1]; e.Move != "pass" || e.Order != 1 || len(e.PV) != 1 {
		t.Fatalf("second entry %+v", e)
	}
	for _, bad := range []string{"move D4", "info visits 3", "info move D4 visits x", "info move D4 visits"} {
		if _, err := parseInfoLine(bad); err == nil {
			t.Errorf("parseInfoLine(%q) accepted", bad)
		}
	}
}

// The analysis's solver gets as many threads as the search's workers, so that the
// analysis uses no more cores than -workers allow, one at least.
func TestAnalysisUsesNoMoreThreadsThanTheWorkers(t *testing.T) {
	s, _ := newTestServer(t, LittleGo, 100)
	for _, workers := range []int{1, 2, 3} {
		s.opts.Workers = workers
		if got := s.analysisConfig(time.Second).Workers; got != workers {
			t.Errorf("-workers %d: the analysis's solver threads %d", workers, got)
		}
	}
}
