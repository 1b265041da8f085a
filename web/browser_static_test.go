package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"littlego/facts"
	"littlego/lib/racedetect"
)

// The static site (Site, as "littlego board -static" writes it) from a plain static file
// server on loopback: the page's requests are answered by the handlers compiled to
// WebAssembly in a Web Worker, and after the first visit the site works offline. The
// site is compiled by the go command for js/wasm, once for the tests that use it.

// unprovedLine is a position whose actions the tables leave partly open: its analysis
// runs the search and the solver live.
const unprovedLine = "0,0 4,4 0,4 4,0 1,1"

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// staticSite compiles the board for js/wasm and writes the static site into a folder
// shared by the tests, which it returns; the test is skipped without the go command.
func staticSite(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: the static site cannot be compiled")
	}
	siteOnce.Do(func() { siteDir, siteErr = writeStaticSite(goTool) })
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

// writeStaticSite is staticSite's work, in a folder of its own under the system's
// temporary folder (the tests' TempDir is removed with the first test).
func writeStaticSite(goTool string) (string, error) {
	dir, err := os.MkdirTemp("", "littlego-static-site-")
	if err != nil {
		return "", err
	}
	wasmPath := filepath.Join(dir, SiteWasm)
	build := exec.Command(goTool, "build", "-trimpath", "-ldflags=-s -w", "-o", wasmPath, "littlego/cmd/littlego/internal/boardcmd/boardwasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return "", &buildError{err, string(out)}
	}
	root, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		return "", err
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return "", err
	}
	loader, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return "", err
	}
	files, err := Site(wasm, loader)
	if err != nil {
		return "", err
	}
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "go build for js/wasm: " + e.err.Error() + "\n" + e.out }

// offline cuts the page's network as DevTools does: every request fails, the service
// worker's too, and navigator.onLine says so.
func offline() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		yes := true
		if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &yes,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	})
}

// The static site at a desktop's and a phone's width: a whole game against the engine, the
// analysis of a table-proved position and of an unproved one, the review of a game with
// a blunder, an arena file watched; then with the network cut and the server stopped, a reload and all of it
// again, from the service worker's copy.
func TestBrowserStaticSiteWorksOffline(t *testing.T) {
	if findChromium() == "" {
		t.Skip("no Chromium found (install Debian's chromium package or set BOARD_CHROMIUM): browser test skipped")
	}
	if racedetect.Enabled {
		t.Skip("the static site runs no Go code of this process but its file server; .ci/run runs it without -race")
	}
	_, pos := mustReplay(t, unprovedLine)
	open := 0
	for _, m := range facts.Moves(pos, facts.Known(pos), facts.Known) {
		if m.Value == facts.Unknown {
			open++
		}
	}
	if open == 0 {
		t.Fatalf("the tables prove every action after %s: the test needs a position they leave open", unprovedLine)
	}
	dir := staticSite(t)
	shots := screenshotDir()
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
			defer ts.Close()
			ctx := launchBrowser(t, ts.URL, 10*time.Minute)
			run := runner(t, ctx)
			run(size.view(), chromedp.Reload(), ready())
			if kind := eval[string](t, ctx, `document.body.dataset.transport`); kind != "worker" {
				t.Fatalf("the static page's transport is %q; want the worker", kind)
			}
			// From a blank tab: the page, the worker and its WebAssembly start anew.
			run(chromedp.Navigate("about:blank"))
			start := time.Now()
			run(chromedp.Navigate(ts.URL+"/#analyse"), ready())
			board := time.Since(start)
			run(analysed(""))
			t.Logf("%s: the first board %v, the empty board's proved verdicts %v after the page was asked for", size.name,
				board.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
			staticRound(t, ctx, ts.URL, size.name+" online")
			shotInto(t, ctx, shots, "board-static-"+size.name+".png")

			run(poll(`document.body.dataset.offline === "ready"`, 60*time.Second), offline())
			ts.Close()
			run(chromedp.Navigate(ts.URL+"/#play"), chromedp.Reload(), ready(),
				poll(`!document.getElementById("offline").hidden`, 10*time.Second))
			if note := text(t, ctx, "#offline"); !strings.Contains(note, "offline") {
				t.Errorf("offline the page says %q; want it to say it works offline", note)
			}
			staticRound(t, ctx, ts.URL, size.name+" offline")
			shotInto(t, ctx, shots, "board-static-"+size.name+"-offline.png")
		})
	}
}

// staticRound plays a game, analyses a proved and an unproved position, reviews a game
// with a blunder and steps through an arena file, on the page at url.
func staticRound(t *testing.T, ctx context.Context, url, name string) {
	t.Helper()
	run := runner(t, ctx)
	run(chromedp.Navigate(url+"/#play"), ready())
	actions := playByClicks(t, ctx)
	if result := text(t, ctx, "#result"); !strings.Contains(result, "Game over") {
		t.Errorf("%s: after %d actions the result reads %q; want the end of the game", name, len(actions), result)
	}
	// The game's download comes from the worker too.
	sgfText := eval[string](t, ctx, `(async () => { const a = document.querySelector('#play-line a[data-format="sgf"]');
		const m = await import("./js/transport.js"); return (await m.fetchAPI(a.href)).text(); })()`,
		chromedp.EvalAwaitPromise)
	if !strings.HasPrefix(strings.TrimSpace(sgfText), "(;") {
		t.Errorf("%s: the game's SGF reads %.80q", name, sgfText)
	}

	// The empty board: the table's verdicts at once.
	run(chromedp.Navigate(url+"/#analyse?moves="), ready(), analysed(""),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="win"][data-at="2,2"]`)),
		poll(`document.getElementById("headline").textContent.includes("wins by 0.5")`, 20*time.Second))

	// An unproved position: the search's lines arrive live, and the analysis ends on its own.
	moves := strings.ReplaceAll(unprovedLine, " ", ";")
	start := time.Now()
	run(chromedp.Navigate(url+"/#analyse?moves="+moves), ready(), analysed(moves),
		poll(`app.analysis.search !== null && app.analysis.search.iterations > 0 && app.analysis.search.candidates.length > 0`, 60*time.Second))
	t.Logf("%s: the first search line of %s %v after the page was asked for", name, unprovedLine, time.Since(start).Round(time.Millisecond))
	// The page stays responsive while the worker searches: a click plays a move at once.
	run(clickUntil(t, point("2,2"), `app.views.analyse.line.actions.length === 6`),
		poll(`app.analysis.ended()`, 90*time.Second))

	// A review with a blunder: Black's first move 0,0 throws away the solved win.
	record := "0,0 2,2 1,1 1,2 2,1 3,1 3,2 2,3 0,2 1,3 4,2 0,3 0,1 4,1 3,0 PASS PASS"
	run(chromedp.Navigate(url+"/#review"), ready(),
		chromedp.SetValue(chromedp.CSS("#review-text"), record),
		click("#review-go"),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-mark="blunder"][data-at="0,0"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#review-line .graph .dot.blunder`)))
	verdict := text(t, ctx, "#review-verdict")
	if !strings.Contains(verdict, "White won") {
		t.Errorf("%s: the review's verdict %q; want White's win", name, verdict)
	}
	checkReviewSGFOfBlunder(t, name, reviewSGF(t, ctx, 3*time.Minute), verdict)
	// Watch: an arena file's games, stepped through.
	lines := `{"game":1,"black":"engine","white":"random","winner":"black","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"0,0"},{"color":"B","move":"1,1"}]}`
	run(chromedp.Navigate(url+"/#watch"), ready(),
		chromedp.SetValue(chromedp.CSS("#watch-text"), lines), click("#watch-go"),
		chromedp.WaitVisible(chromedp.CSS(`#board [data-stone="1,1"]`)),
		click(`#watch-line [data-step="back"]`), chromedp.WaitNotPresent(chromedp.CSS(`#board [data-stone="1,1"]`)))
	mem := eval[float64](t, ctx, `import("./js/transport.js").then((m) => m.memory())`, chromedp.EvalAwaitPromise)
	t.Logf("%s: the worker's WebAssembly memory %.0f MiB after a game, two analyses and a review", name, mem/(1<<20))
}
