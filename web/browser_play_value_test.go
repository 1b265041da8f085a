package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startGameAt makes a game on s with the human playing Black at budget seconds a move,
// with actions already played, and returns its id.
func startGameAt(t *testing.T, url string, s *Server, budget float64, actions string) string {
	t.Helper()
	var g GameView
	if st := call(t, "POST", url+"/api/game", map[string]any{"color": "black", "budget": budget}, &g); st != 200 {
		t.Fatalf("POST /api/game: status %d", st)
	}
	list, _ := mustReplay(t, actions)
	gm := s.sessions.get(g.ID)
	for _, a := range list {
		gm.play(a)
	}
	gm.mu.Unlock()
	return g.ID
}

// Play's headline and graph say what the engine's move proves: after the engine answers
// a position with a proved move, the position after it is a proved loss for the human,
// in the headline and as a dot on the graph; a move of the search leaves its estimate,
// a hollow dot inside the band. At a desktop's and a phone's width.
func TestBrowserPlaySaysWhatTheEnginesMoveProves(t *testing.T) {
	ctx, url, s := newBrowser(t)
	run := runner(t, ctx)
	for _, size := range []struct {
		name string
		view chromedp.Action[chromedp.Void]
	}{{"desktop", chromedp.EmulateViewport(1100, 860)}, {"phone", phone()}} {
		id := startGameAt(t, url, s, 1, "2,2 2,1 1,1 1,2 3,3 1,0 1,3")
		run(size.view, chromedp.Navigate(url+"/#play?id="+id), ready(),
			poll(`app.views.play.game !== null && !app.views.play.busy && app.views.play.line.actions.length === 8 && app.views.play.line.pos.actions.length === 8`, 30*time.Second),
			poll(`app.views.play.line.valuesPending === null`, 30*time.Second),
			// What the engine's move proves, or its estimate, reaches the page after the
			// move: wait for the headline and the move's dot, however slow the machine.
			poll(`(() => { const h = document.getElementById("headline"); return h !== null && !h.textContent.startsWith("Looking up") && document.querySelector('#play-line .graph circle[data-step="8"]') !== null; })()`, 30*time.Second))
		method := eval[string](t, ctx, `app.views.play.game.engine.method`)
		kind := eval[string](t, ctx, `document.getElementById("headline").className`)
		headline := text(t, ctx, "#headline")
		dot := eval[string](t, ctx, `(() => { const c = document.querySelector('#play-line .graph circle[data-step="8"]'); return c ? c.getAttribute("class") : ""; })()`)
		checkShot(t, ctx, "play-engine-value-"+size.name+".png")
		t.Logf("%s: the engine's method %q; headline (%s) %q; dot %q", size.name, method, kind, headline, dot)
		switch method {
		case "solver", "book", "table":
			if kind != "proved" || !strings.Contains(headline, "Black to play loses") {
				t.Errorf("%s: the engine's move is %s, yet the headline (%s) says %q", size.name, method, kind, headline)
			}
			if !strings.Contains(dot, "proved") && !strings.Contains(dot, "margin") {
				t.Errorf("%s: the engine's move is %s, yet the graph's dot at move 8 is %q", size.name, method, dot)
			}
			// The position the engine moved in is its proved win too, without a reload.
			if before := eval[string](t, ctx, `(() => { const c = document.querySelector('#play-line .graph circle[data-step="7"]'); return c ? c.getAttribute("class") : ""; })()`); !strings.Contains(before, "proved") && !strings.Contains(before, "margin") {
				t.Errorf("%s: the engine's move is %s, yet the graph's dot before it, at move 7, is %q", size.name, method, before)
			}
		case "search":
			if !strings.Contains(dot, "estimate") {
				t.Errorf("%s: the engine's move is the search's, yet the graph's dot at move 8 is %q, not its estimate", size.name, dot)
			}
		}
		searchEstimatesStay(t, ctx, url, s, size.name)
	}
}

// searchEstimatesStay checks that the search's estimate of an engine's move stays its
// hollow dot as the game goes on, at that move and not the next: at 0.05 s a move the
// engine answers 0,0 4,4 0,4 4,0 1,1 by its search, and nothing proves the position.
func searchEstimatesStay(t *testing.T, ctx context.Context, url string, s *Server, size string) {
	t.Helper()
	run := runner(t, ctx)
	dots := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll('#play-line .graph circle')].map((c) => c.dataset.step + ":" + c.getAttribute("class").trim()).join(" ")`)
	}
	id := startGameAt(t, url, s, 0.05, "0,0 4,4 0,4 4,0 1,1")
	run(chromedp.Navigate(url+"/#play?id="+id), ready(),
		poll(`app.views.play.game !== null && !app.views.play.busy && app.views.play.line.pos !== null && app.views.play.line.pos.actions.length === 6`, 30*time.Second))
	if m := eval[string](t, ctx, `app.views.play.game.engine.method`); m != "search" {
		t.Logf("%s: the engine chose move 6 by %q, not its search: the estimates are not checked", size, m)
		return
	}
	move := eval[string](t, ctx, `app.views.play.game.position.legal[0]`)
	run(click(point(move)), poll(`!app.views.play.busy && app.views.play.line.pos !== null && app.views.play.line.pos.actions.length === 8`, 30*time.Second),
		poll(`app.views.play.line.valuesPending === null`, 30*time.Second))
	got := dots()
	checkShot(t, ctx, "play-estimates-"+size+".png")
	if !strings.Contains(" "+got+" ", " 6:dot estimate ") || strings.Contains(" "+got+" ", " 7:dot estimate ") {
		t.Errorf("%s: after the human's move 7 and the engine's 8 the graph's dots are %q; want the search's estimate still at 6, none at 7", size, got)
	}
	// A reload keeps them: the server says what each engine move of the game estimated.
	run(chromedp.Reload(), ready(),
		poll(`app.views.play.game !== null && !app.views.play.busy && app.views.play.line.pos !== null && app.views.play.line.pos.actions.length === 8`, 30*time.Second),
		poll(`app.views.play.line.valuesPending === null`, 30*time.Second))
	if again := dots(); !strings.Contains(" "+again+" ", " 6:dot estimate ") || strings.Contains(" "+again+" ", " 7:dot estimate ") {
		t.Errorf("%s: after a reload the graph's dots are %q; want the search's estimate still at 6 (before it, %q)", size, again, got)
	}
}

// After 2,2 3,3 PASS White wins by passing (the pass ends the game on the score): the
// board's Analyse says so at once, and so do Review and Watch, in the headline and with
// a dot on the graph. At a desktop's and a phone's width.
func TestBrowserAWinningPassIsProvedInEveryView(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	const record = "2,2 3,3 PASS"
	said := func(view string) (string, string, string) {
		return eval[string](t, ctx, `document.getElementById("headline").className`), text(t, ctx, "#headline"),
			eval[string](t, ctx, `(() => { const c = document.querySelector('#`+view+`-line .graph circle[data-step="3"]'); return c ? c.getAttribute("class") : ""; })()`)
	}
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/#analyse?moves=2,2;3,3;PASS"), ready(), analysed("2,2;3,3;PASS"),
			poll(`document.getElementById("headline").className === "proved"`, 10*time.Second))
		if kind, h, _ := said("analyse"); !strings.Contains(h, "White to play wins") {
			t.Errorf("%s: Analyse says (%s) %q; want White's win", size.name, kind, h)
		}
		// The search's line, an estimate, does not stand alone beside the proved pass.
		run(poll(`app.analysis.search !== null && app.analysis.search.pv.length > 0 && app.analysis.verdicts.moves.PASS === "win"`, 20*time.Second))
		type line struct {
			Text      string
			FirstWins bool
		}
		l := eval[line](t, ctx, `({Text: document.getElementById("pv").textContent, FirstWins: app.analysis.verdicts.moves[app.analysis.search.pv[0]] === "win"})`)
		if pv := l.Text; !(strings.HasPrefix(pv, "Proved: ") && strings.Contains(pv, "pass")) && !(l.FirstWins && strings.HasPrefix(pv, "Principal variation: ")) {
			t.Errorf("%s: beside the proved winning pass the panel says %q; want the proof first", size.name, pv)
		}
		run(chromedp.Navigate(url+"/#review"), ready(), chromedp.SetValue(chromedp.CSS("#review-text"), record), click("#review-go"),
			poll(`app.views.review.answer !== null && app.views.review.line.step === 3 && app.views.review.line.pos !== null`, 40*time.Second))
		kind, h, dot := said("review")
		checkShot(t, ctx, "pass-review-"+size.name+".png")
		if kind != "proved" || !strings.Contains(h, "White to play wins") || dot == "" || strings.Contains(dot, "estimate") {
			t.Errorf("%s: after %s Review says (%s) %q, its graph's dot %q; want White's proved win", size.name, record, kind, h, dot)
		}
		run(chromedp.Navigate(url+"/#watch"), ready(), chromedp.SetValue(chromedp.CSS("#watch-text"), record), click("#watch-go"),
			poll(`app.views.watch.line.actions.length === 3 && app.views.watch.line.pos !== null && app.views.watch.line.valuesPending === null`, 30*time.Second))
		kind, h, dot = said("watch")
		checkShot(t, ctx, "pass-watch-"+size.name+".png")
		if kind != "proved" || !strings.Contains(h, "White to play wins") || dot == "" || strings.Contains(dot, "estimate") {
			t.Errorf("%s: after %s Watch says (%s) %q, its graph's dot %q; want White's proved win", size.name, record, kind, h, dot)
		}
	}
}
