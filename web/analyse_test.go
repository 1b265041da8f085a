package web

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"littlego/analysis"
	"littlego/board"
	"littlego/facts"
	"littlego/opening"
	"littlego/solver"
)

// openAnalysis starts an analysis of the position after moves and returns its events.
func openAnalysis(t *testing.T, ctx context.Context, base, moves string) <-chan event {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/api/analyse?moves="+strings.ReplaceAll(moves, " ", "+"), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 {
		t.Fatalf("analyse %q: status %d", moves, res.StatusCode)
	}
	return readEvents(res.Body)
}

func TestTheEmptyBoardShowsAtOnceThatOnly22Wins(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev, _ := nextEvent(t, openAnalysis(t, ctx, ts.URL, ""), "verdicts", 5*time.Second)
	var v VerdictsView
	if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Moves) != board.NumActions || len(v.Thinking) != 0 {
		t.Fatalf("first verdicts: %d proved, %d thinking; want all %d actions proved at once", len(v.Moves), len(v.Thinking), board.NumActions)
	}
	for move, verdict := range v.Moves {
		if want := map[bool]string{true: "win", false: "loss"}[move == "2,2"]; verdict != want {
			t.Errorf("%s: %s, want %s", move, verdict, want)
		}
	}
	if src := v.Sources["2,2"]; src != string(facts.EmptyBoard) && src != string(facts.Table) {
		t.Errorf("2,2 proved by %q; want the solved empty board or the opening table", src)
	}
	if v.Results["2,2"] != "B+0.5" || v.Value.Result != "B+0.5" || v.Value.Stones != "Black 3 stones ahead" {
		t.Errorf("2,2's result %q, the position's %q (%q); want B+0.5, Black 3 stones ahead", v.Results["2,2"], v.Value.Result, v.Value.Stones)
	}
	// On the book's line past the opening table's levels Black's move is the book's: its
	// proof is the book (and that of the move symmetric to it, which the page may name).
	line := bookLinePastTheTable(t)
	ev, _ = nextEvent(t, openAnalysis(t, ctx, ts.URL, line), "verdicts", 5*time.Second)
	v = VerdictsView{}
	if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
		t.Fatal(err)
	}
	_, pos := mustReplay(t, line)
	if mv, ok := opening.BookMove(pos); !ok || v.Sources[v.Book] != string(facts.Book) || v.Moves[mv.String()] != "win" || v.Sources[mv.String()] != string(facts.Book) {
		t.Errorf("after %s the book's move is %v (%v); the first verdicts name %q, proved %q by %q", line, mv, ok, v.Book, v.Moves[mv.String()], v.Sources[mv.String()])
	}
}

func TestTheEmptyBoardSeedAgreesWithTheBook(t *testing.T) {
	mv, ok := opening.BookMove(board.New())
	if !ok || facts.WinningFirstMove != mv {
		t.Fatalf("book move %v (%v), seed %v: the seed's only winner must be the book's first move", mv, ok, facts.WinningFirstMove)
	}
}

// TestTheEmptyBoardSeedIsProved proves the seed again: about 650 CPU-seconds, so only
// with BOARD_PROVE_EMPTY=1.
func TestTheEmptyBoardSeedIsProved(t *testing.T) {
	if os.Getenv("BOARD_PROVE_EMPTY") == "" {
		t.Skip("set BOARD_PROVE_EMPTY=1 to prove the empty board again (about 650 CPU-seconds)")
	}
	win, _, known := solver.New(25).WinningMoves(board.New(), solver.Limits{})
	if !known || len(win) != 1 || win[0] != facts.WinningFirstMove {
		t.Fatalf("winning first moves %v (known %v), seed %v", win, known, facts.WinningFirstMove)
	}
}

// endgame is a position at move 15 whose every action the solver proves in well under a
// second; Black has winning and losing moves.
var endgame = "0,3 0,0 1,2 0,4 1,3 2,1 2,0 3,2 2,4 3,4 3,3 4,0 4,3 4,2"

func TestTheSolversVerdictsMatchAnIndependentSolve(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, pos := mustReplay(t, endgame)
	events := openAnalysis(t, ctx, ts.URL, endgame)
	var v VerdictsView
	searches := 0
	timeout := time.After(60 * time.Second)
	// Until every action is proved and the search has reported, or the analysis ends.
	for done := false; !done && (searches == 0 || len(v.Moves) == 0 || len(v.Thinking) > 0); {
		select {
		case ev, ok := <-events:
			switch {
			case !ok:
				t.Fatal("the stream ended without a done event")
			case ev.name == "search":
				searches++
			case ev.name == "done":
				done = true
			case ev.name == "verdicts":
				if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
					t.Fatal(err)
				}
			}
		case <-timeout:
			t.Fatal("the verdicts were not complete within 60 s")
		}
	}
	if len(v.Thinking) > 0 || len(v.Unproved) > 0 {
		t.Fatalf("verdicts %+v: want every action proved", v)
	}
	if searches == 0 {
		t.Error("no search event")
	}
	win, lose, known := solver.New(20).WinningMoves(pos, solver.Limits{})
	if !known {
		t.Fatal("the independent solve did not finish")
	}
	var gotWin, gotLose, wantWin, wantLose []string
	for m, verdict := range v.Moves {
		if verdict == "win" {
			gotWin = append(gotWin, m)
		} else {
			gotLose = append(gotLose, m)
		}
	}
	for _, a := range win {
		wantWin = append(wantWin, a.String())
	}
	for _, a := range lose {
		wantLose = append(wantLose, a.String())
	}
	sort.Strings(gotWin)
	sort.Strings(gotLose)
	sort.Strings(wantWin)
	sort.Strings(wantLose)
	if strings.Join(gotWin, " ") != strings.Join(wantWin, " ") || strings.Join(gotLose, " ") != strings.Join(wantLose, " ") {
		t.Errorf("wins %v, losses %v; the solver says wins %v, losses %v", gotWin, gotLose, wantWin, wantLose)
	}
}

func TestFiftyClientsThatVanishLeaveNoAnalysisRunning(t *testing.T) {
	s, ts := newTestServer(t, Config{MaxAnalyses: 2, AnalysisTime: time.Minute})
	before := runtime.NumGoroutine()
	var wg sync.WaitGroup
	var mu sync.Mutex
	peak := 0
	for k := 0; k < 50; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			// Move 3, far from proved: the analysis would run its whole minute.
			req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/analyse?moves=0,0+4,4", nil)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			buf := make([]byte, 64)
			_, _ = res.Body.Read(buf) // the first event has come: the analysis has started or waits
			time.Sleep(time.Duration(k%5) * 50 * time.Millisecond)
			mu.Lock()
			peak = max(peak, s.Running())
			mu.Unlock()
		}()
	}
	wg.Wait()
	if peak != 2 {
		t.Errorf("at most %d analyses ran at once; want the cap, 2", peak)
	}
	deadline := time.Now().Add(10 * time.Second)
	for s.Running() > 0 || len(s.waiting) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d analyses still running, %d waiting, 10 s after their clients went away", s.Running(), len(s.waiting))
		}
		time.Sleep(20 * time.Millisecond)
	}
	http.DefaultClient.CloseIdleConnections()
	ts.CloseClientConnections()
	for time.Now().Before(deadline) && runtime.NumGoroutine() > before+2 {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines, %d before the clients came:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
	if len(s.slots) != 2 {
		t.Errorf("%d free analysis slots, want 2", len(s.slots))
	}
}

// deepLine is a line off the book and past the opening table's levels (and what they
// imply), whose actions the solver proves in seconds each, not all in an analysis's time.
const deepLine = "2,2 1,1 0,0 4,4 0,4 4,0"

// An analysis stopped by its time limit leaves nothing "thinking": its last verdicts
// list every action not proved, and its done event says why it ended. In 2 s of wall
// time no action had its own 4 s of the solver: each is stopped by the analysis's limit,
// none "not proved within its limit"; the limits are in the event.
func TestAnAnalysisAtItsTimeLimitLeavesNothingThinking(t *testing.T) {
	_, ts := newTestServer(t, Config{AnalysisTime: 2 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := openAnalysis(t, ctx, ts.URL, deepLine)
	var last VerdictsView
	deadline := time.After(30 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("the stream ended without a done event")
			}
			switch ev.name {
			case "verdicts":
				last = VerdictsView{}
				if err := json.Unmarshal([]byte(ev.data), &last); err != nil {
					t.Fatal(err)
				}
			case "done":
				var d struct{ Reason string }
				_ = json.Unmarshal([]byte(ev.data), &d)
				if d.Reason != analysis.Limit.String() {
					t.Errorf("done: %q; want %q", d.Reason, analysis.Limit.String())
				}
				_, pos := mustReplay(t, deepLine)
				if len(last.Thinking) != 0 || last.MarginsPending != 0 || len(last.Stopped) == 0 || len(last.Unproved) != 0 ||
					len(last.Moves)+len(last.Stopped) != len(facts.Actions(pos)) {
					t.Errorf("the last verdicts: %d proved, %d unproved, %d stopped, %d thinking, %d margins pending, of %d actions; want every action proved or stopped by the time limit",
						len(last.Moves), len(last.Unproved), len(last.Stopped), len(last.Thinking), last.MarginsPending, len(facts.Actions(pos)))
				}
				if last.MoveLimit != 4 || last.TimeLimit != 2 {
					t.Errorf("the last verdicts give the limits %v s an action and %v s the analysis; want 4 and 2", last.MoveLimit, last.TimeLimit)
				}
				return
			}
		case <-deadline:
			t.Fatal("no done event within 30 s of a 2 s analysis")
		}
	}
}

// bookLinePastTheTable returns the actions, as the page sends them, of a line from 2,2
// 1,1 on which Black plays the book's moves and White its first legal point, to the
// first Black move past the opening table's levels.
func bookLinePastTheTable(t *testing.T) string {
	t.Helper()
	pos := board.New()
	pos.Play(facts.WinningFirstMove)
	pos.Play(board.PointAt(1, 1))
	line := []string{facts.WinningFirstMove.String(), board.PointAt(1, 1).String()}
	for int(pos.Move)-1 <= opening.LastLevel() {
		mv, ok := opening.BookMove(pos)
		if !ok {
			t.Fatalf("the book has no move at move %d", pos.Move)
		}
		pos.Play(mv)
		reply := pos.Legal().First()
		pos.Play(reply)
		line = append(line, mv.String(), reply.String())
	}
	return strings.Join(line, " ")
}
