package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserScreenshots writes the screenshots of docs/board.md, each view at a
// desktop's and a phone's width; it runs only when BOARD_SCREENSHOTS names a directory.
func TestBrowserScreenshots(t *testing.T) {
	dir := screenshotDir()
	if dir == "" {
		t.Skip("BOARD_SCREENSHOTS not set")
	}
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	desktop := chromedp.EmulateViewport(1100, 860)
	shoot := func(name string) {
		t.Helper()
		for _, size := range []struct {
			suffix string
			view   chromedp.Action[chromedp.Void]
		}{{"", desktop}, {"-phone", phone()}} {
			run(size.view, chromedp.Sleep(300*time.Millisecond))
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+size.suffix+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		run(desktop)
	}
	run(desktop)
	// Play: a game at move 7 with the analysis on.
	run(chromedp.SetValue(chromedp.CSS("#budget"), "0.05"), click("#new-game-button"), poll(`app.views.play.game !== null`, 10*time.Second))
	for _, p := range []string{"2,2", "1,3", "3,1"} {
		run(poll(`!app.views.play.busy`, 20*time.Second))
		if !eval[bool](t, ctx, `app.views.play.game.position.legal.includes("`+p+`")`) {
			continue
		}
		run(click(point(p)), poll(`!app.views.play.busy && app.views.play.game.position.turn === "black"`, 20*time.Second))
	}
	run(click("#play-analyse"), poll(`app.analysis.search !== null`, 20*time.Second), chromedp.Sleep(3*time.Second))
	shoot("board-play")
	run(click("#play-analyse"))
	// Analyse: the move-15 endgame, every move proved.
	run(chromedp.Navigate(url+"/#analyse?moves="+strings.ReplaceAll(endgame, " ", ";")), ready(),
		poll(`(() => { const v = app.analysis.verdicts; return v !== null && v.thinking.length === 0 && v.marginsPending === 0; })()`, 60*time.Second),
		poll(`app.views.analyse.line.valuesPending === null`, 30*time.Second))
	shoot("board-analyse")
	// Analyse: the empty board, every first move's margin from the opening table.
	run(chromedp.Navigate(url+"/#analyse?moves="), ready(), poll(`document.querySelectorAll('#board [data-margin]').length === 25`, 10*time.Second))
	shoot("board-opening")
	// Review: a blunder at move 1.
	run(click(`#tabs [data-view="review"]`), chromedp.SetValue(chromedp.CSS("#review-text"), "0,0 2,2 1,1 1,2 2,1 3,1 3,2 2,3 0,2 1,3 4,2 0,3 0,1 4,1 3,0 PASS PASS"),
		click("#review-go"), chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="blunder"]`)))
	shoot("board-review")
	// Watch: an arena file's game, stepped back to move 9.
	lines := `{"game":1,"black":"engine","white":"random","winner":"black","moves":[` + jsonMoves("2,2 1,2 1,1 2,1 3,2 1,3 2,3 0,2 3,1 4,1 PASS 0,1") + `]}
{"game":2,"black":"random","white":"engine","winner":"white","moves":[{"color":"B","move":"4,4"},{"color":"W","move":"2,2"}]}`
	run(click(`#tabs [data-view="watch"]`), chromedp.SetValue(chromedp.CSS("#watch-text"), lines), click("#watch-go"))
	if err := chromedp.Do(ctx, poll(`app.views.watch.line.actions.length === 12`, 10*time.Second),
		clickUntil(t, `#watch-line .moves [data-step="9"]`, `app.views.watch.line.step === 9`),
		poll(`app.views.watch.line.valuesPending === null`, 30*time.Second)); err != nil {
		t.Fatalf("watching: %v; the page says %q, the line is %s", err, text(t, ctx, "#message"),
			eval[string](t, ctx, `JSON.stringify({n: app.views.watch.line.actions.length, step: app.views.watch.line.step, pending: app.views.watch.line.valuesPending})`))
	}
	shoot("board-watch")
}

// jsonMoves writes actions as the moves of an arena -json line.
func jsonMoves(actions string) string {
	var parts []string
	for k, a := range strings.Fields(actions) {
		parts = append(parts, fmt.Sprintf(`{"color":%q,"move":%q}`, map[bool]string{true: "B", false: "W"}[k%2 == 0], a))
	}
	return strings.Join(parts, ",")
}

// TestBrowserScreenshotsOfAnUnfinishedAnalysis writes the screenshot of an analysis
// that its time limit (here 8 s) ended before every move was proved.
func TestBrowserScreenshotsOfAnUnfinishedAnalysis(t *testing.T) {
	dir := screenshotDir()
	if dir == "" {
		t.Skip("BOARD_SCREENSHOTS not set")
	}
	ctx, url, _ := newBrowserWith(t, Config{AnalysisTime: 8 * time.Second})
	run := runner(t, ctx)
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/#analyse?moves=2,2;1,1"), ready(), poll(`app.analysis.status === "done"`, 60*time.Second),
			chromedp.Sleep(300*time.Millisecond))
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		name := "board-analyse-limit.png"
		if size.name == "phone" {
			name = "board-analyse-limit-phone.png"
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
