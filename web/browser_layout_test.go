package web

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fullGame is a legal game of 24 actions (the last move number): its move list is the
// longest a game has.
const fullGame = "0,3 4,4 3,4 0,1 0,2 4,3 3,0 0,0 2,2 2,0 3,2 4,0 3,1 2,4 1,3 1,1 3,3 1,4 0,4 1,2 2,1 4,1 2,3 1,4"

// checkShot writes the page to $BOARD_CHECK_SHOTS/name when that names a directory: the
// pictures of what a test checks, to look at (docs/board.md's are BOARD_SCREENSHOTS').
func checkShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shotInto(t, ctx, os.Getenv("BOARD_CHECK_SHOTS"), name)
}

// boardLayout is what the layout test measures of the board and the move list.
type boardLayout struct {
	// Covered lists the margin labels ("i,j: 3") a stone covers, and Crossed the result
	// labels under the points a grid line runs through without a halo to stop it.
	Covered, Crossed []string
	// Margins counts the result labels under the points.
	Margins int
	// ListHidden is the height of the move list hidden behind a scroll, in pixels, and
	// ListCut the entries whose text runs out of their box or whose box runs out of the list.
	ListHidden int
	ListCut    []string
}

// measureBoard is the JavaScript that measures a boardLayout, in the board's units.
const measureBoard = `(() => {
	const out = {Covered: [], Crossed: [], Margins: 0, ListHidden: 0, ListCut: []};
	const stones = [...document.querySelectorAll("#board .stone")].map((c) => ({x: +c.getAttribute("cx"), y: +c.getAttribute("cy"), r: +c.getAttribute("r")}));
	for (const t of document.querySelectorAll("#board .coord")) {
		const b = t.getBBox();
		for (const s of stones) {
			const dx = Math.max(b.x - s.x, 0, s.x - (b.x + b.width)), dy = Math.max(b.y - s.y, 0, s.y - (b.y + b.height));
			if (Math.hypot(dx, dy) < s.r + 1) out.Covered.push(t.textContent + " under the stone at " + s.x + "," + s.y);
		}
	}
	const lines = [...document.querySelectorAll("#board .grid")].map((l) => ({x1: +l.getAttribute("x1"), y1: +l.getAttribute("y1"), x2: +l.getAttribute("x2"), y2: +l.getAttribute("y2")}));
	for (const t of document.querySelectorAll("#board [data-margin]")) {
		out.Margins++;
		const b = t.getBBox(), st = getComputedStyle(t);
		const halo = st.paintOrder.startsWith("stroke") && st.stroke !== "none" && parseFloat(st.strokeWidth) >= 2;
		for (const l of lines) {
			const vertical = l.x1 === l.x2;
			const crosses = vertical ? l.x1 > b.x && l.x1 < b.x + b.width && Math.max(l.y1, l.y2) > b.y && Math.min(l.y1, l.y2) < b.y + b.height
				: l.y1 > b.y && l.y1 < b.y + b.height && Math.max(l.x1, l.x2) > b.x && Math.min(l.x1, l.x2) < b.x + b.width;
			if (crosses && !halo) { out.Crossed.push(t.closest("[data-at]").dataset.at + ": " + t.textContent); break; }
		}
	}
	const list = document.querySelector(".view:not([hidden]) .moves");
	if (list) {
		out.ListHidden = list.scrollHeight - list.clientHeight;
		const box = list.getBoundingClientRect();
		for (const li of list.children) {
			const r = li.getBoundingClientRect();
			if (li.scrollWidth > li.clientWidth || r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5) out.ListCut.push(li.textContent);
		}
	}
	return out; })()`

// The board's small things, at a desktop's and a phone's width: Play's first screen
// says how to start; the row labels stay clear of the stones in column 0; the results
// under the points are not crossed by the grid; the whole move list of a full game is
// in view; the Analyse table says how many actions it leaves out; Watch's list gives
// each game's result in Go's notation first, where a narrow list does not cut it.
//
// It runs under each font set: the move list's rows and columns follow its text in
// whatever font draws monospace.
func TestBrowserTheBoardsSmallThings(t *testing.T) {
	forEachFont(t, theBoardsSmallThings)
}

// theBoardsSmallThings is TestBrowserTheBoardsSmallThings in one browser.
func theBoardsSmallThings(t *testing.T, ctx context.Context, url string, _ *Server) {
	run := runner(t, ctx)
	font := strings.TrimPrefix(t.Name(), "TestBrowserTheBoardsSmallThings/")
	arena := `{"game":1,"black":"littlego engine","white":"random player","moves":[{"color":"B","move":"2,2"},{"color":"W","move":"3,3"},{"color":"B","move":"PASS"},{"color":"W","move":"PASS"}]}
{"game":2,"black":"random player","white":"littlego engine","winner":"white","moves":[{"color":"B","move":"4,4"},{"color":"W","move":"2,2"}]}`
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/"), ready())
		if hint := eval[string](t, ctx, `(() => { const h = document.getElementById("play-hint"); return h && h.offsetParent ? h.innerText : ""; })()`); !strings.Contains(hint, "New game") {
			t.Errorf("%s: Play's first screen says %q; want how to start: New game", size.name, hint)
		}
		checkShot(t, ctx, font+"-small-play-"+size.name+".png")

		// Stones on rows 3 and 4 of column 0, beside their labels.
		run(chromedp.Navigate(url+"/#analyse?moves=3,0;2,2;4,0;1,1;0,0"), ready(), analysed("3,0;2,2;4,0;1,1;0,0"))
		if l := eval[boardLayout](t, ctx, measureBoard); len(l.Covered) > 0 {
			t.Errorf("%s: labels under stones: %v", size.name, l.Covered)
		}
		checkShot(t, ctx, font+"-small-labels-"+size.name+".png")

		// The empty board: every point's result from the opening table, and more proved
		// actions than the table shows.
		run(chromedp.Navigate(url+"/#analyse?moves="), ready(), poll(`document.querySelectorAll('#board [data-margin]').length === 25 && app.analysis.verdicts && Object.keys(app.analysis.verdicts.moves).length === 26`, 15*time.Second))
		l := eval[boardLayout](t, ctx, measureBoard)
		if l.Margins != 25 || len(l.Crossed) > 0 {
			t.Errorf("%s: %d results under the points, crossed by the grid: %v", size.name, l.Margins, l.Crossed)
		}
		rows := eval[int](t, ctx, `document.querySelectorAll("#candidates tbody tr").length`)
		more := text(t, ctx, "#more-rows")
		if rows != 12 || !strings.Contains(more, "and 14 more proved losses (12 of 26 shown)") {
			t.Errorf("%s: the table shows %d rows and says %q of the rest; want 12 and the 14 more", size.name, rows, more)
		}
		checkShot(t, ctx, font+"-small-margins-"+size.name+".png")
		eval[any](t, ctx, `document.getElementById("more-rows").scrollIntoView({block: "center"})`)
		checkShot(t, ctx, font+"-small-table-"+size.name+".png")

		// A full game's move list is in view, none of it behind a scroll.
		run(chromedp.Navigate(url+"/#analyse?moves="+strings.ReplaceAll(fullGame, " ", ";")), ready(), analysed(strings.ReplaceAll(fullGame, " ", ";")))
		if l := eval[boardLayout](t, ctx, measureBoard); l.ListHidden > 0 || len(l.ListCut) > 0 {
			t.Errorf("%s: %d px of the move list of a full game are hidden behind a scroll; entries cut: %v", size.name, l.ListHidden, l.ListCut)
		}
		eval[any](t, ctx, `document.querySelector(".view:not([hidden]) .moves").scrollIntoView({block: "center"})`)
		checkShot(t, ctx, font+"-small-moves-"+size.name+".png")

		// Watch: each game's result first, in Go's notation, in view.
		run(chromedp.Navigate(url+"/#watch"), ready(), chromedp.SetValue(chromedp.CSS("#watch-text"), arena), click("#watch-go"),
			poll(`document.querySelectorAll("#watch-games option").length === 2`, 10*time.Second))
		type option struct {
			Text      string
			ResultEnd float64
			Width     float64
		}
		opts := eval[[]option](t, ctx, `(() => { const sel = document.getElementById("watch-games"), st = getComputedStyle(sel);
			const c = document.createElement("canvas").getContext("2d"); c.font = st.fontSize + " " + st.fontFamily;
			return [...sel.options].map((o) => ({Text: o.textContent, ResultEnd: c.measureText(o.textContent.split(" · ")[0]).width,
				Width: sel.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 8})); })()`)
		want := []string{"W+2.5", "W+"}
		for k, o := range opts {
			if !regexp.MustCompile(`^`+regexp.QuoteMeta(want[k])+` · `).MatchString(o.Text) || strings.Contains(o.Text, "won") {
				t.Errorf("%s: Watch lists game %d as %q; want its result %s first, in Go's notation", size.name, k+1, o.Text, want[k])
			}
			if o.ResultEnd > o.Width {
				t.Errorf("%s: game %d's result ends %.0f px into a list %.0f px wide", size.name, k+1, o.ResultEnd, o.Width)
			}
		}
		eval[any](t, ctx, `document.getElementById("watch-games").scrollIntoView({block: "center"})`)
		checkShot(t, ctx, font+"-small-watch-"+size.name+".png")
	}
}

// The words of the limits, the rows left out and the games' labels, over cases worked
// out by hand: an analysis of 60 s with 4 s an action, where 3 points had their 4 s and
// 19 did not.
func TestBrowserPureModulesSayWhichLimit(t *testing.T) {
	ctx, _, _ := newBrowser(t)
	checkCases(t, eval[[]caseOutcome](t, ctx, `(async () => {
		const f = await import("/js/format.js"), a = await import("/js/analysis.js"), r = await import("/js/views/review.js");
		const out = [], eq = (name, got, want) => out.push({Name: name, Got: String(got), Want: String(want)});
		const pts = (n, from) => Array.from({length: n}, (_, k) => Math.floor((from + k) / 5) + "," + (from + k) % 5);
		const v = {moves: {"2,2": "win", "1,1": "loss", PASS: "loss"}, margins: {}, thinking: [], unproved: pts(3, 2), stopped: pts(19, 5),
			marginsPending: 0, moveLimit: 4, timeLimit: 60};
		eq("cell: its own limit", f.verdictCell(v, "0,2"), "not proved within 4 s");
		eq("cell: the analysis's limit", f.verdictCell(v, "1,0"), "not proved: the analysis's 60 s ran out first");
		eq("cell: the stream lost", f.verdictCell(Object.assign({}, v, {lost: true}), "1,0"), "not proved: the analysis stopped first");
		const named = {moves: {"2,2": "win", "1,1": "loss"}, results: {"2,2": "B+0.5"}, sources: {"2,2": "book", "1,1": "implied by the solver's 2,2"},
			sourceNames: {book: "opening book", "implied by the solver's 2,2": "implied by the solver's 2,2"}, thinking: [], unproved: []};
		eq("cell: the server's name of its source", f.verdictCell(named, "2,2"), "win B+0.5 · opening book");
		eq("cell: an implied source", f.verdictCell(named, "1,1"), "loss · implied by the solver's 2,2");
		eq("summary", f.proofSummary(v, true), "2 of 24 points proved, and the pass; 3 not proved within 4 s each; 19 not proved when the analysis's 60 s ran out.");
		eq("end note", f.endNote(v, "done", "time limit"),
			"The analysis stopped at its time limit (60 s) with 22 points not proved (marked ?): 3 within their own 4 s, 19 stopped by the analysis's 60 s before their own 4 s. Where the search visited them, their win rates are its estimates, not proofs.");
		const proved = {moves: Object.fromEntries(pts(25, 0).concat("PASS").map((m) => [m, "loss"])), margins: {}};
		const rows = a.tableRows(proved, null, "black");
		eq("all the rows", rows.length, 26);
		eq("the rows left out", a.moreText(proved, rows), "…and 14 more proved losses (12 of 26 shown); the board marks them all but the pass.");
		eq("none left out", a.moreText(proved, rows.slice(0, 12)), "");
		eq("game label", r.gameLabel({name: "m.json game 1", black: "a", white: "b", result: "W+2.5"}), "W+2.5 · m.json game 1 — a vs b");
		eq("unfinished game label", r.gameLabel({name: "m.json game 2"}), "unfinished · m.json game 2");
		return out; })()`, chromedp.EvalAwaitPromise))
}

// caseOutcome is one case of the pure modules run in the page: what it gave and what
// was worked out by hand.
type caseOutcome struct{ Name, Got, Want string }

// checkCases fails the test for each case whose outcome is not the one wanted.
func checkCases(t *testing.T, results []caseOutcome) {
	t.Helper()
	if len(results) == 0 {
		t.Fatal("no cases ran")
	}
	for _, r := range results {
		if r.Got != r.Want {
			t.Errorf("%s: got %q, want %q", r.Name, r.Got, r.Want)
		}
	}
}
