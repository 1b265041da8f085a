package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"littlego/board"
	"littlego/sgf"
)

// The browser tests of what a person reads on the page: the headline agrees with what
// the server has proved, nothing is offered for download before a move, the principal
// variation leaves the counts readable, and an analysis that cannot finish says so.

// analysed waits until the page shows the analysis of the position after moves ("2,2;1,1"):
// a link that changes only the URL's fragment keeps the page, and the last analysis's
// report until the new one's comes.
func analysed(moves string) chromedp.Action[chromedp.Void] {
	return poll(`app.analysis.key === "`+moves+`" && app.analysis.verdicts !== null && app.views.analyse.line.pos !== null &&
		app.views.analyse.line.pos.actions.join(";") === "`+moves+`"`, 20*time.Second)
}

// sizes are the widths every layout test runs at: a desktop's and a phone's.
var sizes = []struct {
	name string
	view func() chromedp.Action[chromedp.Void]
}{
	{"desktop", func() chromedp.Action[chromedp.Void] { return chromedp.EmulateViewport(1100, 860) }},
	{"phone", phone},
}

// provedValues returns /api/values of the game of actions: what is proved of each position.
func provedValues(t *testing.T, base string, actions []string) []PositionValue {
	t.Helper()
	var values []PositionValue
	if st := call(t, "GET", base+"/api/values?moves="+strings.Join(actions, ";"), nil, &values); st != 200 || len(values) != len(actions)+1 {
		t.Fatalf("/api/values: status %d, %d values for %d actions", st, len(values), len(actions))
	}
	return values
}

// headlineAgrees says why the headline h does not say v, the proved value of a position
// with turn to move, or "" when it does.
func headlineAgrees(h string, v PositionValue, turn string) string {
	side := strings.ToUpper(turn[:1]) + turn[1:]
	switch {
	case v.Winner == "":
		return "" // nothing proved: an estimate or "unknown" may be said
	case strings.Contains(h, "Not proved") || strings.Contains(h, "Looking up"):
		return "the position is proved, the headline says it is not"
	case v.Winner == turn && !strings.Contains(h, side+" to play wins"):
		return "want " + side + " to play wins"
	case v.Winner != turn && !strings.Contains(h, side+" to play loses"):
		return "want " + side + " to play loses"
	case v.Margin != nil && !strings.Contains(h, resultOf(*v.Margin)):
		return "want the result " + resultOf(*v.Margin)
	}
	return ""
}

// resultOf writes a final margin as Go writes a result after komi: B+0.5, W+2.5.
func resultOf(margin int) string {
	d := float64(margin) - board.Komi
	if d > 0 {
		return fmt.Sprintf("B+%g", d)
	}
	return fmt.Sprintf("W+%g", -d)
}

// After a new game and after a move and the engine's reply, the headline says what
// /api/values proves of the position shown, at both widths, once the server has answered.
func TestBrowserHeadlineAgreesWithTheProvedValues(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/"), ready(), chromedp.SetValue(chromedp.CSS("#budget"), "0.05"))
		for game := 1; game <= 2; game++ {
			run(click("#new-game-button"), poll(`app.views.play.game !== null && app.views.play.line.pos !== null &&
				app.views.play.line.actions.length === 0 && app.views.play.line.valuesPending === null`, 20*time.Second))
			agree := func(actions []string) {
				t.Helper()
				values := provedValues(t, url, actions)
				v := values[len(actions)]
				turn := eval[string](t, ctx, `app.views.play.line.pos.turn`)
				var why string
				// The page may still be drawing what arrived: a person reads it a moment later.
				for try := 0; try < 20; try++ {
					if why = headlineAgrees(text(t, ctx, "#headline"), v, turn); why == "" {
						return
					}
					time.Sleep(100 * time.Millisecond)
				}
				t.Errorf("%s, game %d, after %v: the headline reads %q while /api/values says %+v: %s",
					size.name, game, actions, text(t, ctx, "#headline"), v, why)
			}
			agree(nil)
			if h := text(t, ctx, "#headline"); !strings.Contains(h, "Black to play wins by 0.5 (B+0.5") {
				t.Errorf("%s, game %d: the empty board's headline is %q; want Black's proved win by B+0.5", size.name, game, h)
			}
			run(click(point("2,2")), poll(`!app.views.play.busy && app.views.play.game.position.actions.length === 2 &&
				app.views.play.line.step === 2 && app.views.play.line.valuesPending === null`, 30*time.Second))
			actions := eval[[]string](t, ctx, `app.views.play.game.position.actions`)
			if values := provedValues(t, url, actions); values[2].Winner != "black" {
				t.Fatalf("after %v /api/values proves %+v; want Black's win (the book's)", actions, values[2])
			}
			agree(actions)
		}
	}
}

// Before a move there is nothing to download or review: the links are off, not links to
// the page itself, but for Analyse's file of the position's proofs, which the empty board
// has (its 26 actions, each a variation); after one, each download reads back as the
// game, and only a game played on the board offers the arena's JSON line, with its seed
// and its clock.
func TestBrowserNothingToDownloadBeforeAMove(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	type tools struct {
		Hrefs    []string
		Formats  []string
		Disabled bool
		Hint     bool
	}
	toolsOf := func(line string) tools {
		t.Helper()
		return eval[tools](t, ctx, `(() => { const l = document.getElementById("`+line+`");
			const links = [...l.querySelectorAll("a[data-format]")], b = l.querySelector(".review-this");
			return {Hrefs: links.filter((a) => a.dataset.format !== "proofs").map((a) => a.getAttribute("href") || ""), Formats: links.map((a) => a.dataset.format),
				Disabled: b ? b.disabled : true, Hint: !l.querySelector(".hint").hidden}; })()`)
	}
	off := func(where string, got tools) {
		t.Helper()
		for _, h := range got.Hrefs {
			if h != "" {
				t.Errorf("%s before a move: a download links to %q", where, h)
			}
		}
		if !got.Disabled || !got.Hint {
			t.Errorf("%s before a move: Review this game enabled %v, the hint shown %v; want it off and said", where, !got.Disabled, got.Hint)
		}
	}
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/"), ready())
		off(size.name+" Play", toolsOf("play-line"))
		run(click(`#tabs [data-view="watch"]`), poll(`app.current === "watch"`, 5*time.Second))
		off(size.name+" Watch", toolsOf("watch-line"))
		run(click(`#tabs [data-view="analyse"]`), poll(`app.views.analyse.line.pos !== null`, 10*time.Second))
		got := toolsOf("analyse-line")
		off(size.name+" Analyse", got)
		if strings.Join(got.Formats, " ") != "sgf actions proofs" {
			t.Errorf("%s Analyse offers %v; want SGF, actions and the proofs (no clock, so no arena JSON line)", size.name, got.Formats)
		}
		eval[any](t, ctx, `app.reviewActions([])`)
		if app := eval[string](t, ctx, `app.current`); app != "analyse" || !strings.Contains(text(t, ctx, "#message"), "no move") {
			t.Errorf("%s: reviewing no moves opens %s and says %q; want it refused in words", size.name, app, text(t, ctx, "#message"))
		}
	}
	roots, err := sgf.ParseTrees(bytes.NewReader(download(t, ctx, `#analyse-line a[data-format="proofs"]`)))
	if err != nil || len(roots) != 1 || len(roots[0].Children) != board.NumActions {
		t.Errorf("the empty board's proofs: %d trees (%v); want one with a variation per action", len(roots), err)
	}
	// A move in Analyse: the SGF reads back as it.
	run(click(point("2,2")), poll(`app.views.analyse.line.actions.join() === "2,2"`, 10*time.Second))
	game, err := sgf.Parse(strings.NewReader(string(download(t, ctx, `#analyse-line a[data-format="sgf"]`))))
	if err != nil || len(game.Moves) != 1 || game.Moves[0].Point.String() != "2,2" {
		t.Errorf("the SGF of 2,2 reads back as %+v (%v)", game, err)
	}
	if got := toolsOf("analyse-line"); got.Disabled || got.Hint {
		t.Errorf("after a move: Review this game disabled %v, the hint shown %v", got.Disabled, got.Hint)
	}
	// A game played on the board: its arena JSON line has the engine's seed and each move's time.
	run(click(`#tabs [data-view="play"]`), chromedp.SetValue(chromedp.CSS("#budget"), "0.05"), click("#new-game-button"),
		poll(`app.views.play.game !== null && !app.views.play.busy`, 10*time.Second),
		click(point("2,2")), poll(`!app.views.play.busy && app.views.play.game.position.actions.length === 2`, 30*time.Second))
	var line struct {
		Seed  uint64
		Moves []struct {
			Seconds float64
			Clock   string
		}
	}
	if err := json.Unmarshal(download(t, ctx, `#play-line a[data-format="json"]`), &line); err != nil {
		t.Fatal(err)
	}
	if line.Seed == 0 || len(line.Moves) != 2 {
		t.Errorf("the arena JSON line has seed %d and %d moves; want the engine's seed and 2 moves", line.Seed, len(line.Moves))
	}
	for k, m := range line.Moves {
		if m.Seconds <= 0 || m.Clock != "wall" {
			t.Errorf("move %d took %v s on the %q clock; want its time", k+1, m.Seconds, m.Clock)
		}
	}
}

// The principal variation is numbered from 1, the move now, and its discs cover none of
// the words and numbers of the points: win rates, playouts, results, tags.
func TestBrowserPrincipalVariationLeavesTheCountsClear(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	type discs struct {
		Numbers []string
		First   string
		PV0     string
		Covered []string
	}
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/#analyse?moves="+strings.ReplaceAll(deepLine, " ", ";")), ready(),
			poll(`app.analysis.search !== null && app.analysis.search.pv.length >= 4 &&
				document.querySelectorAll('#board [data-mark="pv"]').length >= 3 && document.querySelectorAll('#board .visits').length >= 3`, 30*time.Second))
		got := eval[discs](t, ctx, `(() => {
			const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
			const pv = [...document.querySelectorAll('#board [data-mark="pv"]')];
			const words = [...document.querySelectorAll('#board .mark text:not(.pvnum)')];
			const out = {Numbers: pv.map((g) => g.querySelector(".pvnum").textContent), Covered: [],
				First: (pv.find((g) => g.querySelector(".pvnum").textContent === "1") || {dataset: {}}).dataset.at || "",
				PV0: app.analysis.search.pv[0]};
			for (const g of pv) {
				const disc = g.querySelector("circle").getBoundingClientRect();
				for (const w of words) if (overlap(disc, w.getBoundingClientRect())) out.Covered.push(g.dataset.at + " covers " + w.textContent);
			}
			return out; })()`)
		if len(got.Numbers) == 0 || got.Numbers[0] != "1" || got.First != got.PV0 {
			t.Errorf("%s: the variation is numbered %v, 1 at %q; want 1, 2, ... from the search's move %q", size.name, got.Numbers, got.First, got.PV0)
		}
		if len(got.Covered) > 0 {
			t.Errorf("%s: the variation's discs cover %v", size.name, got.Covered)
		}
	}
}

// The empty board: the pass is not counted as a point, and no side is "ahead" on a board
// without stones.
func TestBrowserCountsPointsAndSaysTheScoreInGoNotation(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/#analyse"), ready(), analysed(""))
		if s := text(t, ctx, "#verdict-summary"); !strings.Contains(s, "25 of 25 points proved, and the pass") || strings.Contains(s, "26") {
			t.Errorf("%s: the empty board's summary reads %q; want 25 of 25 points and the pass", size.name, s)
		}
		if info := text(t, ctx, "#analyse-info"); !strings.Contains(info, "no stones yet") || strings.Contains(info, "ahead") {
			t.Errorf("%s: the empty board's score reads %q; want no stones yet", size.name, info)
		}
		run(chromedp.Navigate(url+"/#analyse?moves=2,2"), ready(), analysed("2,2"))
		if info := text(t, ctx, "#analyse-info"); !strings.Contains(info, "W+1.5 if the game ended now") {
			t.Errorf("%s: after 2,2 the score reads %q; want W+1.5 (1 stone to 0 and the komi) if the game ended now", size.name, info)
		}
	}
}

// An analysis that runs out of time ends saying so: each move left open is marked not
// proved, none reads "thinking", and the end is said in words, with the limit that
// stopped it: in 3 s no point had its own 4 s, so none is "not proved within 4 s".
func TestBrowserAnAnalysisThatCannotFinishSaysSo(t *testing.T) {
	ctx, url, _ := newBrowserWith(t, Config{AnalysisTime: 3 * time.Second})
	run := runner(t, ctx)
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/#analyse?moves="+strings.ReplaceAll(deepLine, " ", ";")), ready(), poll(`app.analysis.status === "done"`, 30*time.Second))
		type end struct {
			Status, Summary, Page string
			Thinking, Unproved    int
			Open                  int
			Cells                 []string
		}
		got := eval[end](t, ctx, `(() => { const v = app.analysis.verdicts, pts = (l) => l.filter((m) => m !== "PASS");
			return {Status: document.getElementById("analysis-status").textContent, Summary: document.getElementById("verdict-summary").textContent,
				Page: document.body.innerText, Thinking: document.querySelectorAll('#board [data-mark="thinking"]').length,
				Unproved: document.querySelectorAll('#board [data-mark="unproved"]').length,
				Open: pts(v.unproved).length + pts(v.thinking).length + pts(v.stopped || []).length,
				Cells: [...document.querySelectorAll("#candidates td:last-child")].map((td) => td.textContent)}; })()`)
		if end := text(t, ctx, "#analysis-end"); !strings.Contains(end, fmt.Sprintf("stopped at its time limit (3 s) with %d points not proved (marked ?): %[1]d stopped by the analysis's 3 s before their own 4 s", got.Open)) {
			t.Errorf("%s: the end line reads %q; want the time limit and the %d points not proved, in words", size.name, end, got.Open)
		}
		if !strings.Contains(got.Status, "stopped at its time limit") {
			t.Errorf("%s: the analysis ends saying %q; want it stopped at its time limit, in words", size.name, got.Status)
		}
		if got.Open == 0 || got.Unproved != got.Open || got.Thinking != 0 {
			t.Errorf("%s: %d points left open, %d marked not proved, %d still thinking", size.name, got.Open, got.Unproved, got.Thinking)
		}
		if !strings.Contains(got.Summary, fmt.Sprint(got.Open)+" not proved when the analysis's 3 s ran out") || strings.Contains(got.Summary, "working on") ||
			strings.Contains(got.Summary, "within") {
			t.Errorf("%s: the summary reads %q; want the %d points not proved within the limit", size.name, got.Summary, got.Open)
		}
		for _, bad := range []string{"thinking", "client gone", "time limit or"} {
			if strings.Contains(got.Page, bad) {
				t.Errorf("%s: after the end the page says %q", size.name, bad)
			}
		}
		for _, c := range got.Cells {
			if c != "" && c != "not proved: the analysis's 3 s ran out first" && !strings.HasPrefix(c, "win") && !strings.HasPrefix(c, "loss") {
				t.Errorf("%s: a move's proof reads %q after the end", size.name, c)
			}
		}
	}
}
