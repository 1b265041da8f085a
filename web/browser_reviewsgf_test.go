package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"littlego/board"
	"littlego/sgf"
)

// reviewSGF clicks the Review view's "Download the review as SGF" and returns the file
// the page saves: the page's Blob and the click on its download link are caught (the
// page's content policy keeps fetch off blob: URLs), so that the test does not depend on
// the browser's downloads.
func reviewSGF(t *testing.T, ctx context.Context, within time.Duration) string {
	t.Helper()
	run := runner(t, ctx)
	eval[bool](t, ctx, `(() => { window.__saved = null;
		const create = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
		URL.createObjectURL = (b) => { window.__blob = b; return create(b); };
		HTMLAnchorElement.prototype.click = function () {
			if (!this.download) return click.call(this);
			const name = this.download;
			window.__blob.text().then((s) => { window.__saved = {name, text: s}; });
		}; return true; })()`)
	run(click("#review-sgf"),
		poll(`window.__saved !== null || document.getElementById("message").className === "error"`, within))
	type saved struct{ Name, Text string }
	s := eval[saved](t, ctx, `window.__saved || {name: "", text: ""}`)
	if s.Name == "" {
		t.Fatalf("the review as SGF is not saved: %q", text(t, ctx, "#message"))
	}
	if s.Name != "littlego-review.sgf" {
		t.Errorf("the review's SGF is saved as %q", s.Name)
	}
	return s.Text
}

// checkReviewSGFOfBlunder checks the review as SGF of a game whose first move, Black's
// 0,0, throws the solved win away: the verdict at the root, BM on the move, and the
// proved winning move 2,2 as a variation beside it.
func checkReviewSGFOfBlunder(t *testing.T, name, file, verdict string) {
	t.Helper()
	trees, err := sgf.ParseTrees(strings.NewReader(file))
	if err != nil || len(trees) != 1 {
		t.Fatalf("%s: the saved SGF: %d trees, %v:\n%s", name, len(trees), err, file)
	}
	root := trees[0]
	line := root.MainLine()
	if !strings.Contains(root.Value("C"), verdict) || len(line) < 2 {
		t.Fatalf("%s: root comment %q (want the verdict %q), %d nodes", name, root.Value("C"), verdict, len(line))
	}
	if _, bm := line[1].Get("BM"); line[1].Value("B") != sgf.Coord(board.PointAt(0, 0)) || !bm {
		t.Errorf("%s: the first move %+v, want B 0,0 marked BM", name, line[1].Props)
	}
	if len(root.Children) != 2 || root.Children[1].Value("B") != sgf.Coord(board.PointAt(2, 2)) {
		t.Errorf("%s: %d children of the root, want the game and the variation 2,2", name, len(root.Children))
	}
}
