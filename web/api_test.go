package web

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/record"
	"littlego/solver"
)

func TestBadRequestsGetAStatusAndAMessage(t *testing.T) {
	_, ts := newTestServer(t, Config{MaxBody: 256, MaxUpload: 512})
	var g GameView
	if st := call(t, "POST", ts.URL+"/api/game", map[string]any{"color": "black", "budget": 0.05}, &g); st != 200 {
		t.Fatalf("new game: status %d", st)
	}
	game := ts.URL + "/api/game/" + g.ID
	if st := call(t, "POST", game+"/play", map[string]string{"move": "2,2"}, nil); st != 200 {
		t.Fatalf("play 2,2: status %d", st)
	}
	cases := []struct {
		name, method, path string
		body               any
		status             int
		want               string
	}{
		{"new game: not JSON", "POST", "/api/game", "{colour", 400, "bad JSON"},
		{"new game: empty body", "POST", "/api/game", "", 400, "empty request body"},
		{"new game: unknown field", "POST", "/api/game", `{"colour":"black","budget":1}`, 400, "unknown field"},
		{"new game: bad colour", "POST", "/api/game", map[string]any{"color": "red", "budget": 1}, 400, "color"},
		{"new game: budget too large", "POST", "/api/game", map[string]any{"color": "black", "budget": 100}, 400, "budget"},
		{"new game: budget zero", "POST", "/api/game", map[string]any{"color": "black", "budget": 0}, 400, "budget"},
		{"new game: two values", "POST", "/api/game", `{"color":"black","budget":1}{}`, 400, "more than one"},
		{"new game: body too large", "POST", "/api/game", `{"color":"` + strings.Repeat("b", 300) + `"}`, 413, "larger than 256"},
		{"play: off the board", "POST", "/api/game/" + g.ID + "/play", map[string]string{"move": "5,0"}, 400, "0 <= i,j <= 4"},
		{"play: junk", "POST", "/api/game/" + g.ID + "/play", map[string]string{"move": "a,b"}, 400, "want i,j"},
		{"play: the engine's turn", "POST", "/api/game/" + g.ID + "/play", map[string]string{"move": "0,0"}, 400, "engine's turn"},
		{"play: no such game", "POST", "/api/game/nope/play", map[string]string{"move": "0,0"}, 404, "no game"},
		{"get: no such game", "GET", "/api/game/nope", nil, 404, "no game"},
		{"position: bad action", "GET", "/api/position?moves=2,2+9,9", nil, 400, "want i,j"},
		{"position: occupied", "GET", "/api/position?moves=2,2+2,2", nil, 400, "move 2 (2,2): illegal: 2,2 is occupied"},
		{"position: too long", "GET", "/api/position?moves=" + strings.Repeat("PASS+", 30), nil, 400, "at most 24"},
		{"position: after the end", "GET", "/api/position?moves=PASS+0,0", nil, 400, "game is over"},
		{"analyse: illegal", "GET", "/api/analyse?moves=1,1+1,1", nil, 400, "occupied"},
		{"review: empty", "POST", "/api/review", "", 400, "empty upload"},
		{"review: too large", "POST", "/api/review", strings.Repeat("2,2 ", 200), 413, "larger than 512"},
		{"review: not a record", "POST", "/api/review", "hello", 400, "hello"},
		{"watch: empty", "POST", "/api/watch", "", 400, "empty upload"},
		{"watch: not JSON", "POST", "/api/watch", "{nope", 400, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var e apiError
			st := call(t, c.method, ts.URL+c.path, c.body, &e)
			if st != c.status || e.Error == "" || !strings.Contains(e.Error, c.want) {
				t.Errorf("status %d, error %q; want %d and a message with %q", st, e.Error, c.status, c.want)
			}
		})
	}
}

func TestIllegalPlaysAreRefusedWithTheReason(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	// Black captures at 1,2 and White may not retake at 1,1 at once: a ko.
	ko := []string{"0,1", "0,2", "1,0", "1,3", "2,1", "2,2", "4,4", "1,1", "1,2"}
	var v PositionView
	if st := call(t, "GET", ts.URL+"/api/position?moves="+strings.Join(ko, "+"), nil, &v); st != 200 {
		t.Fatalf("status %d", st)
	}
	if v.Ko != "1,1" || v.Turn != "white" || v.Captures.Black != 1 {
		t.Fatalf("ko %q, turn %s, captures %+v: want the ko at 1,1, White to move, one Black capture", v.Ko, v.Turn, v.Captures)
	}
	for _, p := range v.Legal {
		if p == "1,1" {
			t.Errorf("the ko point 1,1 is listed as legal")
		}
	}
	var e apiError
	st := call(t, "GET", ts.URL+"/api/position?moves="+strings.Join(append(ko, "1,1"), "+"), nil, &e)
	if st != 400 || !strings.Contains(e.Error, "ko") {
		t.Errorf("retaking the ko: status %d, %q; want 400 naming the ko", st, e.Error)
	}
	// Suicide: White at 0,0 inside Black's 0,1 and 1,0.
	st = call(t, "GET", ts.URL+"/api/position?moves=0,1+4,4+1,0+0,0", nil, &e)
	if st != 400 || !strings.Contains(e.Error, "suicide") {
		t.Errorf("suicide: status %d, %q; want 400 naming suicide", st, e.Error)
	}
}

// playGame plays a whole game over the API, the human taking the first legal point
// (passing when there is none), and returns the final view.
func playGame(t *testing.T, base string, human string) GameView {
	t.Helper()
	var g GameView
	if st := call(t, "POST", base+"/api/game", map[string]any{"color": human, "budget": 0.02}, &g); st != 200 {
		t.Fatalf("new game: status %d", st)
	}
	url := base + "/api/game/" + g.ID
	for steps := 0; !g.Position.Over; steps++ {
		if steps > 30 {
			t.Fatalf("no end after %d turns", steps)
		}
		var st int
		if g.Position.Turn == human {
			move := "PASS"
			if len(g.Position.Legal) > 0 {
				move = g.Position.Legal[0]
			}
			st = call(t, "POST", url+"/play", map[string]string{"move": move}, &g)
		} else {
			st = call(t, "POST", url+"/genmove", nil, &g)
			if st == 200 && g.Engine == nil {
				t.Fatalf("the engine's move is not described")
			}
		}
		if st != 200 {
			t.Fatalf("status %d", st)
		}
		grid, ok := reference(g.Position.Actions)
		if !ok {
			t.Fatalf("the reference rules refuse the game %v", g.Position.Actions)
		}
		for p := range grid {
			if grid[p] != g.Position.Board[p] {
				t.Fatalf("after %v the board is %v; the reference has %v", g.Position.Actions, g.Position.Board, grid)
			}
		}
	}
	return g
}

func TestAWholeGameAgainstTheEngine(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, human := range []string{"black", "white"} {
		g := playGame(t, ts.URL, human)
		p := g.Position
		want := "white"
		if float64(p.BlackStones) > float64(p.WhiteStones)+board.Komi {
			want = "black"
		}
		if g.Winner != want || p.Leader != want {
			t.Errorf("%d to %d: winner %q, leader %q; want %s", p.BlackStones, p.WhiteStones, g.Winner, p.Leader, want)
		}
		var e apiError
		if st := call(t, "POST", ts.URL+"/api/game/"+g.ID+"/genmove", nil, &e); st != 400 || !strings.Contains(e.Error, "over") {
			t.Errorf("genmove after the end: status %d, %q", st, e.Error)
		}
	}
}

func TestUndoReturnsToTheHumansTurn(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var g GameView
	call(t, "POST", ts.URL+"/api/game", map[string]any{"color": "white", "budget": 0.02}, &g)
	url := ts.URL + "/api/game/" + g.ID
	call(t, "POST", url+"/genmove", nil, &g)
	call(t, "POST", url+"/play", map[string]string{"move": "0,0"}, &g)
	call(t, "POST", url+"/genmove", nil, &g)
	if len(g.Position.Actions) != 3 {
		t.Fatalf("actions %v: want 3", g.Position.Actions)
	}
	if st := call(t, "POST", url+"/undo", nil, &g); st != 200 {
		t.Fatalf("undo: status %d", st)
	}
	if len(g.Position.Actions) != 1 || g.Position.Turn != "white" {
		t.Errorf("after undo: actions %v, %s to move; want the engine's first move only, White to move", g.Position.Actions, g.Position.Turn)
	}
}

func TestNewGamesAreNeverRefused(t *testing.T) {
	s, ts := newTestServer(t, Config{MaxSessions: 3})
	newGame := func() GameView {
		t.Helper()
		var g GameView
		if st := call(t, "POST", ts.URL+"/api/game", map[string]any{"color": "black", "budget": 0.02}, &g); st != 200 {
			t.Fatalf("new game: status %d; want 200", st)
		}
		return g
	}
	for range 40 {
		newGame()
	}
	if n := s.sessions.count(); n != 3 {
		t.Errorf("%d games kept; want the bound, 3", n)
	}
	// A, B, C fill the table; A is touched; D drops B, the least recently used.
	a, b := newGame(), newGame()
	newGame()
	time.Sleep(10 * time.Millisecond)
	if st := call(t, "GET", ts.URL+"/api/game/"+a.ID, nil, nil); st != 200 {
		t.Fatalf("game A: status %d", st)
	}
	newGame()
	var e apiError
	if st := call(t, "GET", ts.URL+"/api/game/"+b.ID, nil, &e); st != 404 || !strings.Contains(e.Error, "least recently used") {
		t.Errorf("the least recently used game: status %d (%s); want 404 saying why", st, e.Error)
	}
	if st := call(t, "GET", ts.URL+"/api/game/"+a.ID, nil, nil); st != 200 {
		t.Errorf("the game used since: status %d; want it kept", st)
	}
}

func TestIdleGamesAreDropped(t *testing.T) {
	s, ts := newTestServer(t, Config{IdleTimeout: time.Second, MaxSessions: 2})
	var g GameView
	if st := call(t, "POST", ts.URL+"/api/game", map[string]any{"color": "black", "budget": 0.02}, &g); st != 200 {
		t.Fatalf("status %d", st)
	}
	time.Sleep(1200 * time.Millisecond)
	var e apiError
	if st := call(t, "GET", ts.URL+"/api/game/"+g.ID, nil, &e); st != 404 {
		t.Errorf("an idle game: status %d; want 404", st)
	}
	if n := s.sessions.count(); n != 0 {
		t.Errorf("%d games kept after their idle timeout", n)
	}
}

func TestThePageIsServed(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, path := range []string{"/", "/js/board.js", "/style.css", "/js/app.js", "/js/views/play.js", "/favicon.ico", "/favicon.svg"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("%s: status %d", path, res.StatusCode)
		}
	}
}

func TestSemicolonsSeparateActions(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, q := range []string{"2,2;1,2", "2,2%3B1,2", "2,2+1,2", "2,2%201,2"} {
		var v PositionView
		if st := call(t, "GET", ts.URL+"/api/position?moves="+q, nil, &v); st != 200 || strings.Join(v.Actions, " ") != "2,2 1,2" {
			t.Errorf("moves=%s: status %d, actions %v; want 2,2 then 1,2", q, st, v.Actions)
		}
	}
	var e apiError
	if st := call(t, "GET", ts.URL+"/api/position?moves=2,2;;x", nil, &e); st != 400 || e.Error == "" {
		t.Errorf("moves=2,2;;x: status %d (%q); want 400 with a message", st, e.Error)
	}
}

func TestUnknownPathsAndMethodsAnswerJSON(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	cases := []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/api/nothing", 404, ""},
		{"DELETE", "/api/game/x", 405, "GET"},
		{"GET", "/api/review", 405, "POST"},
		{"GET", "/api/game/x/play", 405, "POST"},
		{"POST", "/api/position", 405, "GET"},
		{"POST", "/index.html", 405, "GET, HEAD"},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiError
		decErr := json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != c.status || decErr != nil || e.Error == "" || res.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: status %d, Allow %q, body error %q (%v); want %d, Allow %q and a JSON error",
				c.method, c.path, res.StatusCode, res.Header.Get("Allow"), e.Error, decErr, c.status, c.allow)
		}
	}
}

func TestRecordsReadBackAsTheGame(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	moves := "2,2 1,2 1,1 PASS PASS"
	for _, format := range []string{"sgf", "actions"} {
		res, err := http.Get(ts.URL + "/api/record?format=" + format + "&black=Ann&white=Bob&moves=" + strings.ReplaceAll(moves, " ", ";"))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("%s: status %d, %q", format, res.StatusCode, res.Header.Get("Content-Disposition"))
		}
		games, errs := record.Parse(format, data)
		if len(games) != 1 || len(errs) > 0 || actionString(games[0].Actions()) != moves {
			t.Errorf("%s: %q reads back as %+v (%v); want %s", format, data, games, errs, moves)
			continue
		}
		if w, ok := games[0].Won(); !ok || w != board.White {
			t.Errorf("%s: winner %v %v; want White (2 stones to 1 with komi)", format, w, ok)
		}
		if format != "actions" && (games[0].Black != "Ann" || games[0].White != "Bob") {
			t.Errorf("%s: players %q and %q; want Ann and Bob", format, games[0].Black, games[0].White)
		}
	}
	var e apiError
	if st := call(t, "GET", ts.URL+"/api/record?format=pdf&moves=2,2", nil, &e); st != 400 || !strings.Contains(e.Error, "sgf") {
		t.Errorf("format=pdf: status %d (%q); want 400 naming the formats", st, e.Error)
	}
	// The arena's JSON line holds a clock and a seed that a list of actions does not have.
	if st := call(t, "GET", ts.URL+"/api/record?format=json&moves=2,2", nil, &e); st != 400 || !strings.Contains(e.Error, "/api/game/{id}/record") {
		t.Errorf("format=json without a game: status %d (%q); want 400 naming the game's record", st, e.Error)
	}
}

// A game played on the board downloads as the arena's JSON line with the engine's seed
// and every move's time, and in every format as the same game.
func TestAPlayedGamesRecordHasItsClock(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	g := playGame(t, ts.URL, "white")
	get := func(format string) []byte {
		t.Helper()
		res, err := http.Get(ts.URL + "/api/game/" + g.ID + "/record?format=" + format)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d: %s", format, res.StatusCode, data)
		}
		return data
	}
	var line record.JSONGame
	if err := json.Unmarshal(get("json"), &line); err != nil {
		t.Fatal(err)
	}
	if line.Seed == 0 || line.Black != "littlego engine" || line.White != "you" || line.WallSeconds <= 0 {
		t.Errorf("seed %d, players %q and %q, wall %v s; want the engine's seed, the players and the game's time", line.Seed, line.Black, line.White, line.WallSeconds)
	}
	sum := 0.0
	for k, m := range line.Moves {
		if m.Seconds <= 0 || m.Clock != "wall" {
			t.Errorf("move %d: %v s on the %q clock; want its wall-clock time", k+1, m.Seconds, m.Clock)
		}
		sum += m.Seconds
	}
	if math.Abs(sum-line.WallSeconds) > 1e-6 {
		t.Errorf("the moves' times sum to %v s; the game's to %v s", sum, line.WallSeconds)
	}
	for _, format := range []string{"sgf", "actions", "json"} {
		games, errs := record.Parse(format, get(format))
		if len(games) != 1 || len(errs) > 0 || strings.Join(g.Position.Actions, " ") != actionString(games[0].Actions()) {
			t.Errorf("%s: reads back as %+v (%v); want %v", format, games, errs, g.Position.Actions)
		}
	}
	var e apiError
	if st := call(t, "GET", ts.URL+"/api/game/"+g.ID+"/record?format=pdf", nil, &e); st != 400 {
		t.Errorf("format=pdf: status %d (%q); want 400", st, e.Error)
	}
	if st := call(t, "GET", ts.URL+"/api/game/nope/record?format=sgf", nil, &e); st != 404 {
		t.Errorf("no such game: status %d (%q); want 404", st, e.Error)
	}
}

func TestValuesOfAGameAreProvedOrAbsent(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	actions, err := parseActions(endgame + " 1,1 PASS PASS")
	if err != nil {
		t.Fatal(err)
	}
	var values []PositionValue
	if st := call(t, "GET", ts.URL+"/api/values?from=10&moves="+strings.ReplaceAll(actionString(actions), " ", ";"), nil, &values); st != 200 {
		t.Fatalf("status %d", st)
	}
	if len(values) != len(actions)+1-10 {
		t.Fatalf("%d values; want one per position from 10 to %d", len(values), len(actions))
	}
	sv := solver.New(16)
	for i, v := range values {
		pos, _, _ := replay(actions[:10+i])
		if v.Margin == nil {
			if v.Winner != "" {
				r := sv.Solve(pos, solver.Limits{})
				if want := map[bool]board.Color{true: pos.Turn, false: pos.Turn.Other()}[r.Win]; colorName(want) != v.Winner {
					t.Errorf("position %d: winner %s; the solver says %s", 10+i, v.Winner, colorName(want))
				}
			}
			continue
		}
		if r := sv.Margin(pos, solver.Limits{}); !r.Known || r.Margin != *v.Margin {
			t.Errorf("position %d: margin %d; the solver says %d", 10+i, *v.Margin, r.Margin)
		}
	}
	final, _, _ := replay(actions)
	if last := values[len(values)-1]; last.Margin == nil || *last.Margin != final.Margin() || last.Winner != colorName(final.Winner()) {
		t.Errorf("the final position's value is %+v; want its score, margin %d", last, final.Margin())
	}
}
