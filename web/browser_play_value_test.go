package web

import (
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
			poll(`app.views.play.line.valuesPending === null`, 30*time.Second))
		method := eval[string](t, ctx, `app.views.play.game.engine.method`)
		kind := eval[string](t, ctx, `document.getElementById("headline").className`)
		headline := text(t, ctx, "#headline")
		dot := eval[string](t, ctx, `(() => { const c = document.querySelector('#play-line .graph circle[data-step="8"]'); return c ? c.getAttribute("class") : ""; })()`)
		screenshot(t, ctx, "play-engine-value-"+size.name+".png")
		t.Logf("%s: the engine's method %q; headline (%s) %q; dot %q", size.name, method, kind, headline, dot)
		switch method {
		case "solver", "book", "table":
			if kind != "proved" || !strings.Contains(headline, "Black to play loses") {
				t.Errorf("%s: the engine's move is %s, yet the headline (%s) says %q", size.name, method, kind, headline)
			}
			if !strings.Contains(dot, "proved") && !strings.Contains(dot, "margin") {
				t.Errorf("%s: the engine's move is %s, yet the graph's dot at move 8 is %q", size.name, method, dot)
			}
		case "search":
			if !strings.Contains(dot, "estimate") {
				t.Errorf("%s: the engine's move is the search's, yet the graph's dot at move 8 is %q, not its estimate", size.name, dot)
			}
		}
	}
}
