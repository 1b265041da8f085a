// browser_edges_test.go: what a newcomer meets first on the board: the Play view's
// buttons before a game say what to do, an earlier position names its move as the info
// list does, a result under a point stays clear of the stone below it, and a pasted
// SGF's variations are said to be left out.

package web

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Before a game, Pass, Undo and the Analyse box each say to start one; in a game, a
// click on an earlier position names its move as the info list does ("Move 2 of 24").
func TestBrowserPlaySaysWhatToDoFirst(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	run(chromedp.Navigate(url+"/"), ready())
	for _, c := range []struct{ sel, want string }{
		{"#pass", "Start a game first"},
		{"#undo", "no move to take back"},
		{"#play-analyse", "The analysis follows a game, and there is none yet. Start a game first"},
	} {
		eval[any](t, ctx, `document.getElementById("message").textContent = ""`)
		run(click(c.sel))
		if got := text(t, ctx, "#message"); !strings.Contains(got, c.want) {
			t.Errorf("%s before a game says %q; want %q", c.sel, got, c.want)
		}
	}
	run(chromedp.SetValue(chromedp.CSS("#budget"), "0.05"), click("#new-game-button"),
		poll(`app.views.play.game !== null && !app.views.play.busy`, 10*time.Second),
		click(point("2,2")), poll(`!app.views.play.busy && app.views.play.game.position.actions.length === 2`, 30*time.Second))
	eval[any](t, ctx, `app.views.play.line.go(1)`)
	// The step is set at once, the position when the server has sent it: wait for both.
	run(poll(`app.views.play.line.step === 1 && app.views.play.line.pos !== null && app.views.play.line.pos.actions.length === 1`, 10*time.Second), click(point("0,0")))
	info := regexp.MustCompile(`Move\s*(\d+) of`).FindStringSubmatch(text(t, ctx, "#play-info"))
	said := regexp.MustCompile(`looking at move (\d+)`).FindStringSubmatch(text(t, ctx, "#message"))
	if info == nil || said == nil || info[1] != said[1] {
		t.Errorf("an earlier position: the info list says %v, the message %q; want the same move", info, text(t, ctx, "#message"))
	}
}

// A result under a point stays clear of the stone on the point below (it touched it):
// the board drawn with marks whose results sit above stones.
func TestBrowserAResultClearsTheStoneBelow(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	run(chromedp.Navigate(url+"/"), ready())
	gap := eval[float64](t, ctx, `(async () => {
		const {Board} = await import("/js/board.js");
		const el = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		el.setAttribute("viewBox", "0 0 304 304");
		el.style.width = "304px";
		document.body.appendChild(el);
		const b = new Board(el, () => {});
		const cells = Array(25).fill(0);
		cells[15] = 1; cells[12] = 2; // 3,0 Black, 2,2 White
		b.show({board: cells, actions: [], ko: ""}, [{point: "2,0", kind: "win", sub: "W+4.5"}, {point: "1,2", kind: "loss", sub: "B+10.5"}]);
		let least = Infinity;
		const stones = [...el.querySelectorAll(".stone")].map((c) => ({x: +c.getAttribute("cx"), y: +c.getAttribute("cy"), r: +c.getAttribute("r")}));
		for (const t of el.querySelectorAll("[data-margin]")) {
			const bb = t.getBBox();
			for (const s of stones) {
				const dx = Math.max(bb.x - s.x, 0, s.x - (bb.x + bb.width)), dy = Math.max(bb.y - s.y, 0, s.y - (bb.y + bb.height));
				least = Math.min(least, Math.hypot(dx, dy) - s.r);
			}
		}
		el.remove();
		return least; })()`, chromedp.EvalAwaitPromise)
	t.Logf("the closest result is %.1f board units from a stone", gap)
	if gap < 6 {
		t.Errorf("a result under a point is %.1f board units from the stone below; want 6 or more", gap)
	}
}

// An SGF with variations pasted into Review: the page reviews the main line and says,
// beside the verdict, that the variations were left out; Watch says it too.
func TestBrowserReviewSaysTheVariationsAreLeftOut(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	const tree = "(;GM[1]FF[4]SZ[5];B[cc](;W[dd];B[bb])(;W[bd]))"
	run(chromedp.Navigate(url+"/#review"), ready(), chromedp.SetValue(chromedp.CSS("#review-text"), tree), click("#review-go"),
		poll(`app.views.review.answer !== null && document.getElementById("review-left-out") !== null`, 40*time.Second))
	if got := text(t, ctx, "#review-left-out"); !strings.Contains(got, "1 variation") || !strings.Contains(got, "main line is read") {
		t.Errorf("Review says %q; want the variation left out named", got)
	}
	run(chromedp.Navigate(url+"/#watch"), ready(), chromedp.SetValue(chromedp.CSS("#watch-text"), tree), click("#watch-go"),
		poll(`app.views.watch.line.actions.length === 3`, 30*time.Second))
	if got := text(t, ctx, "#message"); !strings.Contains(got, "1 variation") {
		t.Errorf("Watch says %q; want the variation left out named", got)
	}
}
