package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
// returns a browser context and the board's URL.
func newBrowser(t *testing.T) (context.Context, string) {
	t.Helper()
	chromium := findChromium()
	if chromium == "" {
		t.Skip("no Chromium found (install Debian's chromium package or set BOARD_CHROMIUM): browser test skipped")
	}
	s := New(Config{})
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
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
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1000, 600),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancelCtx()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(980, 640), chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#board [data-point]"))); err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	return ctx, ts.URL
}

// screenshot writes the page to $BOARD_SCREENSHOTS/name when that is set.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("BOARD_SCREENSHOTS")
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
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
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
		expr := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return [];
			const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel)
		xy, err := chromedp.Evaluate[[]float64](expr)(ctx, tg)
		if err != nil {
			return chromedp.Void{}, err
		}
		if len(xy) != 2 {
			return chromedp.Void{}, fmt.Errorf("no element %s to click", sel)
		}
		return chromedp.MouseClickXY(xy[0], xy[1])(ctx, tg)
	}
}

func TestBrowserPlaysAWholeGame(t *testing.T) {
	ctx, _ := newBrowser(t)
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	run(chromedp.SetValue(chromedp.CSS("#budget"), "0.05"), click("#new-game-button"),
		chromedp.WaitVisible(chromedp.CSS("#play-info dt")))
	// Clicking an occupied point later gets a clear message; first, play the game out.
	engineMoves := 0
	for turn := 0; ; turn++ {
		if turn > 30 {
			t.Fatal("the game did not end within 30 turns")
		}
		type gameState struct {
			Over  bool
			Mine  bool
			Legal []string
			Moves int
		}
		run(poll(`!app.views.play.busy && app.views.play.game !== null`, 20*time.Second))
		state := eval[gameState](t, ctx, `(() => { const g = app.views.play.game, p = g.position;
				return {Over: p.over, Mine: p.turn === g.human, Legal: p.legal, Moves: p.actions.length}; })()`)
		if state.Over {
			break
		}
		if !state.Mine {
			t.Fatalf("the engine has not answered: %+v", state)
		}
		if state.Moves > 0 {
			engineMoves++
		}
		if state.Moves == 6 {
			screenshot(t, ctx, "board-play.png")
		}
		if len(state.Legal) == 0 {
			run(click("#pass"))
		} else {
			run(chromedp.Click(point(state.Legal[len(state.Legal)/2])))
		}
	}
	result := text(t, ctx, "#result")
	if !strings.Contains(result, "Game over") || !strings.Contains(result, "komi") {
		t.Errorf("the result reads %q; want the end of the game with the score", result)
	}
	if engineMoves == 0 {
		t.Error("the engine never answered")
	}
	screenshot(t, ctx, "board-game-over.png")
	// An illegal click after the end gets a clear message, not a move.
	run(click(point("2,2")))
	message := text(t, ctx, "#message")
	if !strings.Contains(message, "over") {
		t.Errorf("a click after the end says %q", message)
	}
}

func TestBrowserShowsTheSolversVerdicts(t *testing.T) {
	ctx, _ := newBrowser(t)
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	run(click(`#tabs [data-view="analyse"]`),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="win"][data-at="2,2"]`)))
	losses := eval[int](t, ctx, `document.querySelectorAll('#board [data-mark="loss"]').length`)
	if losses != 24 {
		t.Errorf("the empty board shows %d losing points; want the 24 other than 2,2", losses)
	}
	// Play into the endgame by clicks, then wait for the solver to prove every move.
	for _, a := range strings.Fields(endgame) {
		if a == "PASS" {
			run(click("#analyse-pass"))
		} else {
			run(click(point(a)))
		}
		if err := chromedp.Do(ctx, poll(fmt.Sprintf(`app.views.analyse.pos && app.views.analyse.pos.actions.at(-1) === %q`, a), 10*time.Second)); err != nil {
			t.Fatalf("after a click on %s: %v; the page says %q, the actions are %v", a, err, text(t, ctx, "#message"),
				eval[[]string](t, ctx, `app.views.analyse.pos.actions`))
		}
	}
	run(poll(`(() => { const v = app.analysis.verdicts, s = app.analysis.search;
		return v !== null && s !== null && v.thinking.length === 0 && Object.keys(v.moves).length > 0; })()`, 60*time.Second))
	marks := eval[int](t, ctx, `document.querySelectorAll('#board [data-mark="win"], #board [data-mark="loss"]').length`)
	if marks == 0 {
		t.Error("no verdict is drawn on the board")
	}
	screenshot(t, ctx, "board-analyse.png")
}

func TestBrowserReviewMarksTheBlunder(t *testing.T) {
	ctx, _ := newBrowser(t)
	// Black's first move 0,0 throws away the solved win: a blunder, 2,2 the alternative.
	record := "0,0 2,2 1,1 1,2 2,1 3,1 3,2 2,3 0,2 1,3 4,2 0,3 0,1 4,1 3,0 PASS PASS"
	err := chromedp.Do(ctx,
		click(`#tabs [data-view="review"]`),
		chromedp.SetValue(chromedp.CSS("#review-text"), record),
		click("#review-go"),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="blunder"][data-at="0,0"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="alternative"][data-at="2,2"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#chart .dot.blunder`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	verdict := text(t, ctx, "#review-verdict")
	if !strings.Contains(verdict, "White won") {
		t.Errorf("verdict %q: want White's win", verdict)
	}
	screenshot(t, ctx, "board-review.png")
}

func TestBrowserWatchStepsThroughAnArenaFile(t *testing.T) {
	ctx, _ := newBrowser(t)
	lines := `{"game":1,"black":"engine","white":"random","winner":"black","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"0,0"},{"color":"B","move":"1,1"}]}
{"game":2,"black":"random","white":"engine","winner":"white","moves":[{"color":"B","move":"4,4"},{"color":"W","move":"2,2"}]}`
	err := chromedp.Do(ctx,
		click(`#tabs [data-view="watch"]`),
		chromedp.SetValue(chromedp.CSS("#watch-text"), lines),
		click("#watch-go"),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-stone="1,1"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#watch-games option").length`); n != 2 {
		t.Errorf("%d games listed, want 2", n)
	}
	// Step back once: Black's 1,1 goes away.
	if err := chromedp.Do(ctx, click(`#watch-out [data-step="◀"]`), chromedp.WaitNotPresent(chromedp.CSS(`#board [data-stone="1,1"]`))); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, "#watch-out .step-label"); !strings.Contains(got, "before move 3") {
		t.Errorf("the step reads %q, want before move 3", got)
	}
}
