package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"littlego/board"
	"littlego/facts"
	"littlego/record"
	"littlego/sgf"
	"littlego/solver"
)

// The browser tests drive Debian's chromium (or $BOARD_CHROMIUM) headless through the
// DevTools protocol; they skip when no Chromium is found. With BOARD_SCREENSHOTS=DIR they
// write the screenshots of docs/board.md into DIR.

// findChromium returns the path of a Chromium binary, or "".
func findChromium() string {
	if p := os.Getenv("BOARD_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newBrowser starts the board and a headless Chromium (niced, with a fresh profile) and
// returns a browser context, the board's URL and its server.
func newBrowser(t *testing.T) (context.Context, string, *Server) {
	t.Helper()
	return newBrowserWith(t, Config{})
}

// newBrowserWith is newBrowser with the board's limits cfg.
func newBrowserWith(t *testing.T, cfg Config) (context.Context, string, *Server) {
	t.Helper()
	return startBrowser(t, cfg)
}

// startBrowser is newBrowserWith with more options for Chromium's start (its environment).
func startBrowser(t *testing.T, cfg Config, more ...chromedp.ExecAllocatorOption) (context.Context, string, *Server) {
	t.Helper()
	chromium := findChromium()
	if chromium == "" {
		t.Skip("no Chromium found (install Debian's chromium package or set BOARD_CHROMIUM): browser test skipped")
	}
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return launchBrowser(t, ts.URL, 3*time.Minute, more...), ts.URL, s
}

// launchBrowser starts a headless Chromium (niced, with a fresh profile) on url and
// returns its context, which ends after timeout.
func launchBrowser(t *testing.T, url string, timeout time.Duration, more ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	chromium := findChromium()
	if chromium == "" {
		t.Skip("no Chromium found (install Debian's chromium package or set BOARD_CHROMIUM): browser test skipped")
	}
	exe := chromium
	if nice, err := exec.LookPath("nice"); err == nil {
		// A wrapper runs the browser niced: the tests share the machine.
		exe = filepath.Join(t.TempDir(), "chromium-niced")
		script := fmt.Sprintf("#!/bin/sh\nexec %s -n 5 %s \"$@\"\n", nice, chromium)
		if err := os.WriteFile(exe, []byte(script), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(1000, 600),
	)
	opts = append(opts, more...)
	// Chromium now and then dies as it starts on a busy machine ("chrome failed to
	// start"): that is the machine, not the page, so a start is tried three times.
	for attempt := 1; ; attempt++ {
		fresh := append(opts[:len(opts):len(opts)], chromedp.UserDataDir(t.TempDir())) // a profile of its own each start
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), fresh...)
		ctx, cancelCtx := chromedp.NewContext(actx)
		ctx, cancelTime := context.WithTimeout(ctx, timeout)
		stop := func() {
			cancelTime()
			cancelCtx()
			cancelAlloc()
		}
		err := chromedp.Do(ctx, chromedp.EmulateViewport(980, 640), chromedp.Navigate(url+"/"), ready())
		if err == nil {
			t.Cleanup(stop)
			return ctx
		}
		stop()
		if attempt == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			t.Fatalf("loading the page: %v", err)
		}
		t.Logf("Chromium did not start (attempt %d of 3), trying again: %.200s", attempt, err)
	}
}

// ready waits until the page has loaded and applied its URL.
func ready() chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"] #board [data-point]`))
}

// screenshotDir returns $BOARD_SCREENSHOTS, a relative path taken from the repository's
// root (the tests run in web/), or "".
func screenshotDir() string {
	dir := os.Getenv("BOARD_SCREENSHOTS")
	if dir != "" && !filepath.IsAbs(dir) {
		dir = filepath.Join("..", dir)
	}
	return dir
}

// screenshot writes the page to $BOARD_SCREENSHOTS/name when that is set.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shotInto(t, ctx, screenshotDir(), name)
}

// shotInto writes the page to dir/name, unless dir is "".
func shotInto(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// poll waits until the JavaScript predicate is true.
func poll(predicate string, timeout time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(timeout))
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string, opts ...chromedp.EvaluateOption) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, opts...))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// text returns the text of the element sel selects.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	return v
}

// point is the selector of a point of the board.
func point(p string) string { return `#board [data-point="` + p + `"]` }

// click clicks the middle of the element sel selects, where a person would: the board
// is redrawn often, so the element is looked up at the moment of the click.
func click(sel string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		// The centre, once a hit test there reaches the element (the page may still be
		// laying out after the last change).
		expr := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return [];
			e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect();
			const x = r.x + r.width / 2, y = r.y + r.height / 2, hit = document.elementFromPoint(x, y);
			return hit && (hit === e || e.contains(hit)) ? [x, y] : [-1]; })()`, sel)
		for try := 0; ; try++ {
			xy, err := chromedp.Evaluate[[]float64](expr)(ctx, tg)
			switch {
			case err != nil:
				return chromedp.Void{}, err
			case len(xy) == 0:
				return chromedp.Void{}, fmt.Errorf("no element %s to click", sel)
			case len(xy) == 2:
				return chromedp.MouseClickXY(xy[0], xy[1])(ctx, tg)
			case try == 50:
				return chromedp.Void{}, fmt.Errorf("%s stays covered by another element", sel)
			}
			if _, err := chromedp.Sleep(100*time.Millisecond)(ctx, tg); err != nil {
				return chromedp.Void{}, err
			}
		}
	}
}

// clickUntil clicks sel until the JavaScript predicate holds, at most three times a few
// seconds apart: a click may be lost while the page redraws between the press and the
// release, and a person would click again.
func clickUntil(t *testing.T, sel, predicate string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		var err error
		// The mouse events the page saw, to say what happened to a click that had no effect.
		_, _ = chromedp.Evaluate[any](`(() => { if (window.__clicks) return; window.__clicks = [];
			for (const k of ["mousedown", "mouseup", "click"]) document.addEventListener(k, (e) => window.__clicks.push(k + ":" + (e.target.tagName || "") + "." + (e.target.className && e.target.className.baseVal !== undefined ? e.target.className.baseVal : e.target.className) + "@" + e.clientX + "," + e.clientY), true); })()`)(ctx, tg)
		for try := range 3 {
			if try > 0 {
				log, _ := chromedp.Evaluate[[]string](`window.__clicks.splice(0)`)(ctx, tg)
				t.Logf("clicked %s again: %v; events %v", sel, err, log)
			}
			if _, err = click(sel)(ctx, tg); err != nil {
				return chromedp.Void{}, err
			}
			if _, err = poll(predicate, 3*time.Second)(ctx, tg); err == nil {
				return chromedp.Void{}, nil
			}
		}
		return chromedp.Void{}, fmt.Errorf("%s clicked three times: %v", sel, err)
	}
}

// runner returns a function that runs browser actions and fails the test on an error.
func runner(t *testing.T, ctx context.Context) func(actions ...chromedp.Action[chromedp.Void]) {
	return func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
}

// playByClicks plays a game against the engine by clicks until it is over, and returns its
// actions.
func playByClicks(t *testing.T, ctx context.Context) []string {
	t.Helper()
	run := runner(t, ctx)
	run(chromedp.SetValue(chromedp.CSS("#budget"), "0.05"), click("#new-game-button"),
		chromedp.WaitVisible(chromedp.CSS("#play-info dt")))
	engineMoves := 0
	for turn := 0; ; turn++ {
		if turn > 30 {
			t.Fatal("the game did not end within 30 turns")
		}
		type gameState struct {
			Over    bool
			Mine    bool
			Legal   []string
			Actions []string
		}
		run(poll(`!app.views.play.busy && app.views.play.game !== null`, 20*time.Second))
		state := eval[gameState](t, ctx, `(() => { const g = app.views.play.game, p = g.position;
				return {Over: p.over, Mine: p.turn === g.human, Legal: p.legal, Actions: p.actions}; })()`)
		if state.Over {
			if engineMoves == 0 {
				t.Error("the engine never answered")
			}
			return state.Actions
		}
		if !state.Mine {
			t.Fatalf("the engine has not answered: %+v", state)
		}
		if len(state.Actions) > 0 {
			engineMoves++
		}
		if len(state.Legal) == 0 {
			run(click("#pass"))
		} else {
			run(chromedp.Click(point(state.Legal[len(state.Legal)/2])))
		}
	}
}

// download fetches a link of the page and returns its body.
func download(t *testing.T, ctx context.Context, sel string) []byte {
	t.Helper()
	href := eval[string](t, ctx, `document.querySelector(`+fmt.Sprintf("%q", sel)+`).href`)
	res, err := http.Get(href)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%s: status %d, %v: %s", href, res.StatusCode, err, data)
	}
	return data
}

func TestBrowserPlaysAGameThatSurvivesAReload(t *testing.T) {
	ctx, _, s := newBrowser(t)
	run := runner(t, ctx)
	actions := playByClicks(t, ctx)
	result := text(t, ctx, "#result")
	if !strings.Contains(result, "Game over") || !strings.Contains(result, "komi") {
		t.Errorf("the result reads %q; want the end of the game with the score", result)
	}
	run(poll(`app.views.play.line.valuesPending === null`, 30*time.Second))
	screenshot(t, ctx, "board-game-over.png")
	run(click(point("2,2")))
	if message := text(t, ctx, "#message"); !strings.Contains(message, "over") {
		t.Errorf("a click after the end says %q", message)
	}
	id := eval[string](t, ctx, `app.views.play.game.id`)
	if hash := eval[string](t, ctx, `location.hash`); !strings.Contains(hash, "id="+id) {
		t.Fatalf("the URL %q does not name the game %s", hash, id)
	}

	// A reload shows the same game, and leaves no other game on the server.
	run(chromedp.Reload(), ready(), poll(`app.views.play.game !== null && app.views.play.line.pos !== null`, 10*time.Second))
	if got := eval[[]string](t, ctx, `app.views.play.game.position.actions`); strings.Join(got, " ") != strings.Join(actions, " ") {
		t.Errorf("after a reload the game is %v; want %v", got, actions)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#play-line .moves li").length`); n != len(actions)+1 {
		t.Errorf("the move list has %d entries; want the start and %d moves", n, len(actions))
	}
	if n := s.sessions.count(); n != 1 {
		t.Errorf("%d games on the server after a reload; want 1", n)
	}

	// The keys step through the game, and the step is in the URL.
	run(chromedp.KeyEvent(kb.ArrowLeft), poll(`location.hash.includes("at=`+fmt.Sprint(len(actions)-1)+`")`, 5*time.Second),
		chromedp.KeyEvent(kb.Home), poll(`app.views.play.line.step === 0 && location.hash.includes("at=0")`, 5*time.Second),
		chromedp.KeyEvent(kb.End), poll(`app.views.play.line.step === `+fmt.Sprint(len(actions)), 5*time.Second))

	// Each download reads back as the same game.
	game, err := sgf.Parse(bytes.NewReader(download(t, ctx, `#play-line a[data-format="sgf"]`)))
	if err != nil {
		t.Fatalf("the SGF download: %v", err)
	}
	var fromSGF []string
	for _, m := range game.Moves {
		fromSGF = append(fromSGF, m.Point.String())
	}
	if strings.Join(fromSGF, " ") != strings.Join(actions, " ") {
		t.Errorf("the SGF's moves are %v; want %v", fromSGF, actions)
	}
	for _, format := range []string{"actions", "json"} {
		games, errs := record.Parse(format, download(t, ctx, `#play-line a[data-format="`+format+`"]`))
		if len(games) != 1 || len(errs) != 0 || actionString(games[0].Actions()) != strings.Join(actions, " ") {
			t.Errorf("the %s download reads back as %v (errors %v); want the game's %v", format, games, errs, actions)
		}
	}

	// A tab is a history entry: Back returns to the game.
	run(click(`#tabs [data-view="analyse"]`), poll(`location.hash.startsWith("#analyse")`, 5*time.Second))
	eval[any](t, ctx, `history.back()`)
	run(poll(`app.current === "play" && location.hash.includes("id=`+id+`")`, 5*time.Second))

	// "Review this game" opens its review; the keys step through it.
	run(clickUntil(t, "#play-line .review-this", `app.current === "review"`))
	if err := chromedp.Do(ctx, poll(`app.views.review.answer !== null && app.views.review.line.pos !== null`, 60*time.Second)); err != nil {
		t.Fatalf("the review of the game: %v; the view is %s, the URL %s, the page says %q", err, eval[string](t, ctx, `app.current`),
			eval[string](t, ctx, `location.hash`), text(t, ctx, "#message"))
	}
	if got := eval[[]string](t, ctx, `app.views.review.line.actions`); strings.Join(got, " ") != strings.Join(actions, " ") {
		t.Errorf("the review is of %v; want the game played, %v", got, actions)
	}
	run(chromedp.KeyEvent(kb.Home), poll(`app.views.review.line.step === 0`, 5*time.Second),
		chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight),
		poll(`app.views.review.line.step === 2 && app.views.review.line.pos.actions.length === 2 && location.hash.includes("at=2")`, 5*time.Second),
		chromedp.KeyEvent(kb.End), poll(`app.views.review.line.step === `+fmt.Sprint(len(actions)), 5*time.Second))
	if info := text(t, ctx, "#review-info"); !strings.Contains(info, "Captures") || !strings.Contains(info, "komi") {
		t.Errorf("the review shows %q; want the score and the captures", info)
	}
}

// whiteLosesEverywhere is the endgame with Black's winning 1,1 played: White to play, and
// every White move is a proved loss.
var whiteLosesEverywhere = endgame + " 1,1"

func TestBrowserSaysPlainlyWhenEveryMoveLoses(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	// The empty board first: its value is known at once.
	run(click(`#tabs [data-view="analyse"]`), chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="win"][data-at="2,2"]`)),
		poll(`document.getElementById("headline").textContent.includes("wins by 0.5")`, 10*time.Second))
	if h := text(t, ctx, "#headline"); !strings.Contains(h, "Black to play wins by 0.5 (B+0.5") || !strings.Contains(h, "2,2") {
		t.Errorf("the empty board's headline is %q; want Black's proved win by 0.5 with 2,2", h)
	}
	// A shared link opens the position; every move loses, and each point shows its margin.
	moves := strings.ReplaceAll(whiteLosesEverywhere, " ", ";")
	run(chromedp.Navigate(url+"/#analyse?moves="+moves), ready(), analysed(moves),
		poll(`(() => { const v = app.analysis.verdicts; return v !== null && v.thinking.length === 0 && v.marginsPending === 0 && v.value.margin !== undefined; })()`, 60*time.Second))
	h := text(t, ctx, "#headline")
	if !strings.Contains(h, "White to play loses: every move is a proved loss, the best loses by 0.5 (B+0.5") {
		t.Errorf("the headline reads %q; want White's loss in words", h)
	}
	_, pos := mustReplay(t, whiteLosesEverywhere)
	sv := solver.New(16)
	for _, a := range facts.Actions(pos) {
		if a == board.Pass {
			continue
		}
		child := pos
		child.Play(a)
		r := sv.Margin(child, solver.Limits{})
		want := fmt.Sprintf("B+%g", float64(r.Margin)-board.Komi)
		if r.Margin < board.BlackMargin {
			want = fmt.Sprintf("W+%g", board.Komi-float64(r.Margin))
		}
		got := eval[string](t, ctx, `(() => { const e = document.querySelector('#board [data-at="`+a.String()+`"] [data-margin]'); return e ? e.textContent : ""; })()`)
		if got != want {
			t.Errorf("the margin shown at %s is %q; want %q", a, got, want)
		}
	}
	if status := text(t, ctx, "#analysis-status"); !strings.Contains(status, "every move proved") {
		t.Errorf("the analysis says %q; want it stopped once every move is proved", status)
	}
}

// The first moves are answered at once: on the empty board every first move's verdict
// and exact margin (the opening table's) are in the analysis's first report, and after
// 1,1 every reply the table proves; only the others are left to the solver.
func TestBrowserOpeningVerdictsAreInstant(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	for _, moves := range []string{"", "1,1"} {
		_, pos := mustReplay(t, moves)
		// What is known without search (package facts: the table, the solved empty board,
		// the book) is in the first report; only the rest is left to the solver.
		proved, margins, open := 0, 0, 0
		for _, m := range facts.Moves(pos, facts.Known(pos), facts.Known) {
			_, exact := m.After.Margin()
			switch {
			case m.Value != facts.Unknown && m.Action != board.Pass:
				proved++
			case m.Value == facts.Unknown:
				open++
			}
			if exact && m.Action != board.Pass {
				margins++
			}
		}
		if moves == "" && margins != 25 || moves != "" && proved == 0 {
			t.Fatalf("after %q the table proves %d actions, %d margins", moves, proved, margins)
		}
		start := time.Now()
		run(chromedp.Navigate(url+"/#analyse?moves="+moves), ready(), analysed(strings.ReplaceAll(moves, " ", ";")))
		first := time.Since(start)
		if n := eval[int](t, ctx, `app.analysis.verdicts.thinking.length + app.analysis.verdicts.unproved.length`); n != open {
			t.Errorf("after %q: %d actions left to prove in the first report; want the %d that facts.Known leaves", moves, n, open)
		}
		run(poll(`document.querySelectorAll('#board [data-mark="win"], #board [data-mark="loss"]').length >= `+fmt.Sprint(proved)+
			` && document.querySelectorAll('#board [data-margin]').length >= `+fmt.Sprint(margins), 5*time.Second))
		t.Logf("after %q: %d verdicts and %d margins proved without search, the first report %v after the page was asked for; %d actions left open",
			moves, proved, margins, first.Round(time.Millisecond), open)
	}
}

func TestBrowserReviewMarksTheBlunder(t *testing.T) {
	ctx, _, _ := newBrowser(t)
	run := runner(t, ctx)
	// Black's first move 0,0 throws away the solved win: a blunder, 2,2 the alternative.
	record := "0,0 2,2 1,1 1,2 2,1 3,1 3,2 2,3 0,2 1,3 4,2 0,3 0,1 4,1 3,0 PASS PASS"
	run(click(`#tabs [data-view="review"]`),
		chromedp.SetValue(chromedp.CSS("#review-text"), record),
		click("#review-go"),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="blunder"][data-at="0,0"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="alternative"][data-at="2,2"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#review-line .graph .dot.blunder`)))
	verdict := text(t, ctx, "#review-verdict")
	if !strings.Contains(verdict, "White won") {
		t.Errorf("verdict %q: want White's win", verdict)
	}
	checkReviewSGFOfBlunder(t, "http", reviewSGF(t, ctx, 2*time.Minute), verdict)
	// The graph's orange dots are the review's mistakes, and its legend says so in the
	// same colour.
	type key struct {
		Dots, Keys              int
		DotFill, KeyFill, Words string
	}
	k := eval[key](t, ctx, `(() => { const d = document.querySelector("#review-line .graph .dot.mistake"),
		e = document.querySelector("#review-line .graph-legend .dot.mistake");
		return {Dots: document.querySelectorAll("#review-line .graph .dot.mistake").length, Keys: e ? 1 : 0,
			DotFill: d ? getComputedStyle(d).fill : "", KeyFill: e ? getComputedStyle(e).fill : "",
			Words: e ? e.closest(".item").textContent : ""}; })()`)
	if k.Dots == 0 || k.Keys != 1 || k.DotFill != k.KeyFill || !strings.Contains(k.Words, "mistake: points lost") {
		t.Errorf("the graph's mistakes and their key: %+v; want the mistakes' dots explained in their colour", k)
	}
	// A failed review leaves nothing of the last one: no marks, no verdict, no move text.
	run(chromedp.SetValue(chromedp.CSS("#review-text"), "9,9"), click("#review-go"),
		chromedp.WaitNotPresent(chromedp.CSS(`#board [data-mark]`)))
	if msg := text(t, ctx, "#message"); msg == "" {
		t.Error("a failed review says nothing")
	}
	if left := eval[string](t, ctx, `document.getElementById("review-out").innerText + document.getElementById("review-info").innerText +
		document.getElementById("headline").innerText`); left != "" {
		t.Errorf("after a failed review the page still says %q", left)
	}
}

func TestBrowserWatchStepsThroughAnArenaFile(t *testing.T) {
	ctx, _, _ := newBrowser(t)
	run := runner(t, ctx)
	lines := `{"game":1,"black":"engine","white":"random","winner":"black","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"0,0"},{"color":"B","move":"1,1"}]}
{"game":2,"black":"random","white":"engine","winner":"white","moves":[{"color":"B","move":"4,4"},{"color":"W","move":"2,2"}]}`
	run(click(`#tabs [data-view="watch"]`),
		chromedp.SetValue(chromedp.CSS("#watch-text"), lines),
		click("#watch-go"),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-stone="1,1"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("#watch-games option").length`); n != 2 {
		t.Errorf("%d games listed, want 2", n)
	}
	// Step back once: Black's 1,1 goes away.
	run(click(`#watch-line [data-step="back"]`), chromedp.WaitNotPresent(chromedp.CSS(`#board [data-stone="1,1"]`)))
	if got := text(t, ctx, "#watch-line .step-label"); !strings.Contains(got, "after move 2 of 3") {
		t.Errorf("the step reads %q, want after move 2 of 3", got)
	}
	if info := text(t, ctx, "#watch-info"); !strings.Contains(info, "black to play") || !strings.Contains(info, "Captures") {
		t.Errorf("the watch shows %q; want the turn and the captures", info)
	}
	// A click on a move jumps to it.
	run(clickUntil(t, `#watch-line .moves [data-step="1"]`, `app.views.watch.line.step === 1`))
	// A second paste gets a name of its own.
	run(chromedp.SetValue(chromedp.CSS("#watch-text"), lines+"\n"), click("#watch-go"),
		poll(`document.querySelector("#watch-games option").textContent.includes("pasted file 2")`, 5*time.Second))
}

// phone is the viewport of a phone held upright.
func phone() chromedp.Action[chromedp.Void] {
	return chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)
}

// On a phone, under each font set: every point can be tapped, nothing scrolls
// sideways, the tabs and the step buttons each stay on one line.
func TestBrowserWorksOnAPhone(t *testing.T) {
	forEachFont(t, worksOnAPhone)
}

// worksOnAPhone is TestBrowserWorksOnAPhone in one browser.
func worksOnAPhone(t *testing.T, ctx context.Context, url string, _ *Server) {
	run := runner(t, ctx)
	run(phone(), chromedp.Navigate(url+"/#analyse?moves="+strings.ReplaceAll(endgame, " ", ";")), ready(),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark]`)))
	type layout struct {
		ScrollWidth, Width int
		Covered            []string
		TabRows            int
		StepRows           int
	}
	// Every point is on screen and is what a tap at its centre reaches; nothing scrolls
	// sideways; the tabs and the step buttons each stay on one line.
	const check = `(() => {
		window.scrollTo(0, 0);
		const out = {ScrollWidth: document.documentElement.scrollWidth, Width: window.innerWidth, Covered: []};
		for (const e of document.querySelectorAll("#board [data-point]")) {
			const r = e.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
			const hit = document.elementFromPoint(x, y);
			if (x < 0 || x > window.innerWidth || !hit || !hit.closest("#board")) out.Covered.push(e.dataset.point);
		}
		const rows = (sel) => new Set([...document.querySelectorAll(sel)].filter((e) => e.offsetParent).map((e) => Math.round(e.getBoundingClientRect().top))).size;
		out.TabRows = rows("#tabs button");
		out.StepRows = rows(".view:not([hidden]) .steps button");
		return out; })()`
	for _, view := range []string{"analyse", "play", "review", "watch"} {
		run(click(`#tabs [data-view="`+view+`"]`), poll(`app.current === "`+view+`"`, 5*time.Second))
		l := eval[layout](t, ctx, check)
		if l.ScrollWidth > l.Width || len(l.Covered) > 0 || l.TabRows != 1 || l.StepRows > 1 {
			t.Errorf("%s at 390x844: page %d px wide in a %d px window, points not tappable %v, tabs on %d lines, step buttons on %d",
				view, l.ScrollWidth, l.Width, l.Covered, l.TabRows, l.StepRows)
		}
	}
	// A point can be played by a tap.
	run(click(`#tabs [data-view="analyse"]`),
		clickUntil(t, `#analyse-reset`, `app.views.analyse.line.pos !== null && app.views.analyse.line.pos.actions.length === 0`),
		click(point("4,4")))
	if err := chromedp.Do(ctx, poll(`app.views.analyse.line.actions.join() === "4,4"`, 15*time.Second)); err != nil {
		t.Errorf("a tap on 4,4 of the empty board: %v; the actions are %v, the page says %q", err,
			eval[[]string](t, ctx, `app.views.analyse.line.actions`), text(t, ctx, "#message"))
	}
}
