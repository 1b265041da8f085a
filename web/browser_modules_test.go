package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The page's pure modules (format.js, graph.js, state.js, marks.js and the review
// view's helpers), run in Chromium as the page loads them, over cases worked out by hand.

func TestBrowserPureModules(t *testing.T) {
	ctx, _, _ := newBrowser(t)
	// The pure modules, loaded as the page loads them, over cases worked out by hand.
	results := eval[[]caseOutcome](t, ctx, `(async () => {
		const f = await import("/js/format.js"), g = await import("/js/graph.js"), s = await import("/js/state.js"), m = await import("/js/marks.js");
		const pos = (turn, over, b, w, score, lead) => ({turn, over, blackStones: b, whiteStones: w, score, lead, actions: []});
		const out = [];
		const eq = (name, got, want) => out.push({Name: name, Got: String(got), Want: String(want)});
		eq("exact result in words", f.resultWords("W+0.5", "Black 2 stones ahead"), "by 0.5 (W+0.5: Black 2 stones ahead, komi 2.5)");
		eq("bounds in words", f.resultWords("B+0.5 or more"), "(B+0.5 or more; the exact result not proved)");
		eq("go name 0,0", f.pointName("0,0", "go"), "A5");
		eq("go name 4,3", f.pointName("4,3", "go"), "D1");
		eq("course name", f.pointName("4,3", "course"), "4,3");
		eq("pass name", f.pointName("PASS", "go"), "pass");
		eq("point list", f.pointList(["1,2", "2,1", "PASS"]), "1,2; 2,1 and pass");
		eq("point list of one", f.pointList(["1,2"]), "1,2");
		eq("all lose", f.headline(pos("white", false), {winner: "black", margin: 5, result: "B+2.5", stones: "Black 5 stones ahead", allLose: true}).text,
			"White to play loses: every move is a proved loss, the best loses by 2.5 (B+2.5: Black 5 stones ahead, komi 2.5).");
		eq("win", f.headline(pos("black", false), {winner: "black", margin: 7, result: "B+4.5", stones: "Black 7 stones ahead"}, ["2,2"]).text,
			"Black to play wins by 4.5 (B+4.5: Black 7 stones ahead, komi 2.5) with perfect play; winning moves so far: 2,2.");
		eq("win, no margin", f.headline(pos("white", false), {winner: "white"}).text, "White to play wins with perfect play (the result not proved).");
		eq("win, bounds", f.headline(pos("white", false), {winner: "white", result: "W+0.5 or more"}).text,
			"White to play wins with perfect play (W+0.5 or more; the exact result not proved).");
		eq("unknown, bounds", f.headline(pos("white", false), {result: "between W+1.5 and B+2.5"}).text,
			"Not proved: the value is unknown. The result is proved to be between W+1.5 and B+2.5.");
		eq("estimate", f.headline(pos("white", false), {estimate: 0.36}).kind, "estimate");
		eq("estimate words", f.headline(pos("white", false), {estimate: 0.36}).text.includes("wins 64%"), true);
		eq("unknown", f.headline(pos("black", false), {}).kind, "unknown");
		eq("over", f.headline(pos("black", true, 10, 12, "W+4.5", "White 2 stones ahead"), null).text, "Game over: White wins by 4.5 (W+4.5: White 2 stones ahead, komi 2.5).");
		eq("method table", f.methodText("table"), "from the opening table (a proved win)");
		eq("method rule", f.methodText("rule").includes("pass rule"), true);
		eq("trust", f.trustNote({moves: {"2,2": "win"}}).includes("believe the proof"), true);
		eq("no trust note", f.trustNote({moves: {}}), "");
		const lv = (v) => g.level(v);
		eq("proved outside the band", Math.abs(lv({winner: "white"}).y) >= g.BAND, true);
		eq("a margin outside the band", lv({margin: 3}).y > g.BAND && lv({margin: 2}).y < -g.BAND, true);
		eq("a larger margin further out", lv({margin: 9}).y > lv({margin: 4}).y, true);
		eq("estimates inside the band", Math.abs(lv({estimate: 1}).y) < g.BAND && Math.abs(lv({estimate: 0}).y) < g.BAND, true);
		eq("nothing known", lv({}), null);
		const L = g.layout([{margin: 3}, null, {estimate: 0.5}], 2);
		eq("layout points", L.points.map((p) => p.k + p.kind).join(), "0margin,2estimate");
		eq("layout ticks", L.ticks.length, 3);
		const T = g.traces(g.layout([{margin: 3}, {winner: "black"}, null, {estimate: 0.5}, {estimate: 0.4}, null, {margin: 1}], 6).points);
		eq("traces break at the unknown", T.map((r) => r.map((p) => p.k).join("-")).join(" "), "0-1 3-4");
		eq("nearest", g.nearest(g.xAt(7, 20) + 3, 20), 7);
		eq("tick step", g.tickEvery(24), 2);
		const st = s.parse(s.format("analyse", {moves: "2,2;1,1;PASS", at: 1}));
		eq("state round trip", st.view + " " + st.params.moves + " " + st.params.at, "analyse 2,2;1,1;PASS 1");
		eq("state in the URL", s.format("play", {id: "ab", at: ""}), "#play?id=ab");
		eq("bad view", s.parse("#nope?x=1").view, "play");
		eq("read step out of range", s.readStep("9", 4), 4);
		eq("read step", s.readStep("0", 4), 0);
		eq("read actions", s.readActions("2,2;PASS").join(" "), "2,2 PASS");
		const marks = m.analysisMarks({moves: {"2,2": "win", "1,1": "loss"}, margins: {"2,2": 3}, results: {"2,2": "B+0.5", "1,1": "W+0.5 or more"},
			sources: {"2,2": "book", "1,1": "solver"}, thinking: ["0,0"], unproved: ["4,4"], book: "2,2"}, null, "black");
		eq("verdict marks", marks.map((x) => x.point + x.kind + x.sub).sort().join(), "0,0thinkingundefined,1,1loss,2,2bookundefined,2,2winB+0.5,4,4unprovedundefined");
		const pvMarks = m.analysisMarks(null, {candidates: [], pv: ["2,2", "1,1", "PASS", "3,3"]}, "white").filter((x) => x.kind === "pv");
		eq("pv from 1, the move now", pvMarks.map((x) => x.point + "=" + x.text + x.colour).join(), "2,2=1white,1,1=2black,3,3=4black");
		eq("best value: a proof over an estimate", JSON.stringify(f.bestValue({estimate: 0.4}, {winner: "black"})), '{"winner":"black"}');
		eq("best value: a margin over a winner", JSON.stringify(f.bestValue({winner: "black", allLose: true}, {winner: "black", margin: 3})), '{"winner":"black","margin":3}');
		eq("best value: the first when equal", JSON.stringify(f.bestValue({winner: "white", allLose: true}, {winner: "white"})), '{"winner":"white","allLose":true}');
		eq("best value of nothing", JSON.stringify(f.bestValue(undefined, undefined)), "{}");
		eq("checking", f.headline(pos("black", false), {estimate: 0.5}, [], true).text, "Looking up what is proved of this position…");
		eq("a proof while checking", f.headline(pos("black", false), {winner: "black"}, [], true).kind, "proved");
		eq("score, empty", f.boardScore({blackStones: 0, whiteStones: 0}), "no stones yet");
		eq("score", f.boardScore({blackStones: 3, whiteStones: 3, score: "W+2.5"}), "W+2.5 if the game ended now");
		eq("score, over", f.boardScore({blackStones: 13, whiteStones: 10, over: true, score: "B+0.5"}), "B+0.5, final");
		const sv = {moves: {"2,2": "win", "1,1": "loss", PASS: "loss"}, margins: {"2,2": 3, PASS: 2}, thinking: ["0,0", "0,1"], unproved: ["4,4"], marginsPending: 1, book: ""};
		eq("summary while running", f.proofSummary(sv, false), "2 of 5 points proved, and the pass; 1 with its exact result; working on 2; 1 not proved within the limit; finding 1 exact result.");
		eq("summary at the end", f.proofSummary(sv, true), "2 of 5 points proved, and the pass; 1 with its exact result; 1 not proved within the limit; 2 not proved when the analysis's time limit ran out.");
		eq("summary of a finished game", f.proofSummary({moves: {}, margins: {}, thinking: [], unproved: []}, true), "The game is over: no move is left to prove.");
				eq("status at the time limit", f.statusText("done", "time limit"), "stopped at its time limit");
		eq("status when all is proved", f.statusText("done", "every move proved"), "finished: every move proved");
		eq("end note at the time limit", f.endNote(sv, "done", "time limit"),
			"The analysis stopped at its time limit with 3 points not proved (marked ?): 1 within their own limit, 2 stopped by the analysis's time limit before their own limit. Where the search visited them, their win rates are its estimates, not proofs.");
		eq("end note, all proved", f.endNote({moves: {}, thinking: [], unproved: ["PASS"]}, "done", "every move proved"), "The analysis finished: every move is proved, each with its exact result.");
		eq("no end note while running", f.endNote(sv, "running", ""), "");
		const allProved = {moves: {"0,0": "win", "1,1": "loss", PASS: "loss"}, margins: {}, thinking: [], unproved: [], stopped: []};
		eq("end note, all proved, no result", f.endNote(allProved, "done", "time limit"),
			"The analysis stopped at its time limit: every move is proved, but no exact result was found.");
		eq("end note, all proved, some results", f.endNote(Object.assign({}, allProved, {margins: {"0,0": 3}}), "done", "time limit"),
			"The analysis stopped at its time limit: every move is proved, but only 1 of the 3 exact results was found.");
		eq("end note, all proved, every result", f.endNote(Object.assign({}, allProved, {margins: {"0,0": 3, "1,1": 2, PASS: 1}}), "done", "complete"),
			"The analysis finished: every move is proved.");
		const p = await import("/js/views/play.js");
		eq("the analysis before a game", p.ANALYSE_FIRST, "The analysis follows a game, and there is none yet. Start a game first: choose your colour and the engine's time a move, then press New game.");
		eq("review marks", m.reviewMarks({action: "0,0", blunder: true, number: 1, winning_alternatives: ["2,2", "PASS"]}).map((x) => x.kind).join(), "blunder,alternative");
		const a = await import("/js/analysis.js");
		const rows = a.tableRows({moves: {"0,0": "loss", "1,1": "loss", "2,2": "win", PASS: "loss"}, margins: {"0,0": 1, "1,1": -2, "2,2": 3}},
			{candidates: [{move: "1,1", winrate: 0.25, visits: 40}]}, "black");
		eq("table rows", rows.map((r) => r.move + ":" + r.winrate + ":" + r.visits).join(" "), "2,2:: 0,0:: 1,1:25%:40 PASS::");
		eq("table rows without anything", a.tableRows(null, null, "white").length, 0);
		const r = await import("/js/views/review.js");
		const rv = r.reviewValues([
			{number: 1, color: "black", action: "2,2", before: "win", after: "win", margin_before: 3, margin_after: 3, engine_win_rate: 0},
			{number: 2, color: "white", action: "0,0", before: "loss", after: "unknown", margin_before: null, margin_after: null, mistake: true, engine_win_rate: 0},
			{number: 3, color: "black", action: "1,1", before: "unknown", after: "win", margin_before: null, margin_after: 7, engine_method: "search", engine_win_rate: 0.7}],
			[{before: "B+0.5", after: "B+0.5", beforeStones: "Black 3 stones ahead", afterStones: "Black 3 stones ahead"}, {before: "", after: ""},
				{before: "", after: "B+4.5", afterStones: "Black 7 stones ahead"}]);
		// Move 2's unknown margin before it is move 1's proved one after it; where nothing
		// is proved, the search's estimate.
		const b3 = '{"winner":"black","margin":3,"result":"B+0.5","stones":"Black 3 stones ahead"}';
		eq("review values", JSON.stringify(rv.values), "[" + b3 + "," + b3 + ',{"estimate":0.7},{"winner":"black","margin":7,"result":"B+4.5","stones":"Black 7 stones ahead"}]');
		eq("review flags", rv.flags.join(), ",,mistake,");
		eq("review move text", r.moveText({number: 2, color: "white", action: "0,0", before: "loss", after: "loss", margin_before: 3, margin_after: 7, points_lost: 4, mistake: true, best_moves: ["1,1", "PASS"]},
			{before: "B+0.5", after: "B+4.5"}),
			"Move 2, white 0,0: loss → loss (B+0.5 → B+4.5), 4 points lost. MISTAKE: points lost without changing the result; 1,1 and pass kept B+0.5.");
		return out; })()`, chromedp.EvalAwaitPromise)
	checkCases(t, results)
	// The coordinates option relabels the board and the move list.
	run := runner(t, ctx)
	run(click(`#tabs [data-view="analyse"]`), poll(`app.views.analyse.line.pos !== null`, 5*time.Second), click(point("0,0")),
		poll(`app.views.analyse.line.actions.join() === "0,0"`, 5*time.Second))
	eval[any](t, ctx, `(() => { const s = document.getElementById("coords"); s.value = "go"; s.dispatchEvent(new Event("change")); })()`)
	labels := eval[string](t, ctx, `[...document.querySelectorAll("#board .coord")].map((e) => e.textContent).join(" ")`)
	if labels != "A 5 B 4 C 3 D 2 E 1" {
		t.Errorf("the board's coordinates read %q in Go style; want A 5 B 4 C 3 D 2 E 1", labels)
	}
	if move := text(t, ctx, `#analyse-line .moves [data-step="1"]`); move != "1. B A5" {
		t.Errorf("the move list reads %q in Go style; want 1. B A5", move)
	}
}
