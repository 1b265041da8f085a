package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// What is proved comes first where a person reads it, and a proved move's implication
// reads as proved: after 2,2 3,3 PASS the pass, White's only winning action, heads the
// Analyse table and the headline names it; after 0,3 2,2 the headline says Black to play
// loses by W+4.5 and the graph's dot there is proved, not an estimate. At a desktop's
// and a phone's width.
func TestBrowserProvedFirstAndImplied(t *testing.T) {
	ctx, url, _ := newBrowser(t)
	run := runner(t, ctx)
	for _, size := range sizes {
		run(size.view(), chromedp.Navigate(url+"/#analyse?moves=2,2;3,3;PASS"), ready(), analysed("2,2;3,3;PASS"),
			poll(`document.querySelector("#candidates tbody tr") !== null`, 10*time.Second))
		first := text(t, ctx, "#candidates tbody tr td")
		headline := text(t, ctx, "#headline")
		checkShot(t, ctx, "proved-first-"+size.name+".png")
		eval[any](t, ctx, `document.getElementById("candidates").scrollIntoView({block: "center"})`)
		checkShot(t, ctx, "proved-first-table-"+size.name+".png")
		if first != "pass" || !strings.Contains(headline, "winning moves") || !strings.Contains(headline, "pass") {
			t.Errorf("%s: after 2,2 3,3 PASS the table's first row is %q and the headline %q; want the winning pass first and named", size.name, first, headline)
		}
		run(chromedp.Navigate(url+"/#analyse?moves=0,3;2,2"), ready(), analysed("0,3;2,2"),
			poll(`document.getElementById("headline").className === "proved"`, 10*time.Second),
			poll(`app.views.analyse.line.valuesPending === null`, 30*time.Second))
		headline = text(t, ctx, "#headline")
		dot := eval[string](t, ctx, `(() => { const c = document.querySelector('#analyse-line .graph circle[data-step="2"]'); return c ? c.getAttribute("class") : ""; })()`)
		checkShot(t, ctx, "implied-"+size.name+".png")
		if !strings.Contains(headline, "Black to play loses") || !strings.Contains(headline, "W+4.5") || dot == "" || strings.Contains(dot, "estimate") {
			t.Errorf("%s: after 0,3 2,2 the headline is %q and the graph's dot %q; want Black's proved loss by W+4.5, a proved dot", size.name, headline, dot)
		}
	}
}
