// review.js: the Review view (a game reviewed by the server: its verdict, the value of
// every position, the blunders) and the Watch view (stepping through an arena file).
import { api, failure, html, say, infoRows, readFileInto } from "../dom.js";
import { bestValue, other, pointList, pointName, positionRows } from "../format.js";
import { reviewMarks } from "../marks.js";
import { Line } from "../line.js";
import { actionsParam, readActions, readStep } from "../state.js";
import { fetchAPI } from "../transport.js";

// Uploads tells pasted records apart: each paste gets its own name.
class Uploads {
  constructor(input, textarea, prefix) {
    this.textarea = textarea;
    this.prefix = prefix;
    this.count = 0;
    this.name = "";
    this.text = null;
    readFileInto(input, textarea, (name) => { this.name = name; this.text = textarea.value; });
  }

  // current returns the record and its name: the file's name while its text is unchanged,
  // else a new "pasted record N" for each different paste.
  current() {
    const t = this.textarea.value;
    if (t !== this.text) {
      this.count++;
      this.name = this.prefix + " " + this.count;
      this.text = t;
    }
    return { text: t, name: this.name };
  }
}

// reviewValues returns the value of each position of a review for the graph and the
// headline, and the flags of the moves (blunder, mistake). results are the server's
// ({before, after, beforeStones, afterStones}, in Go's notation: an exact result with
// its stones, or proved bounds without) for each move; the margins (margin_before,
// margin_after) are used where the review gives them, the bounds otherwise (as Analyse
// and Watch say them), and a position's value is the most known of the move before it
// and the move after it.
export function reviewValues(moves, results) {
  const values = [], flags = [];
  const valueOf = (verdict, colour, margin, result, stones, estimate) => {
    const v = {};
    if (verdict === "win" || verdict === "loss") v.winner = verdict === "win" ? colour : other(colour);
    if (typeof margin === "number") Object.assign(v, { margin, result, stones });
    else if (result) v.result = result;
    if (!v.winner && typeof estimate === "number") v.estimate = colour === "black" ? estimate : 1 - estimate;
    return v;
  };
  moves.forEach((m, k) => {
    const r = (results || [])[k] || {};
    const before = valueOf(m.before, m.color, m.margin_before, r.before, r.beforeStones, m.engine_method ? m.engine_win_rate : undefined);
    values[k] = bestValue(values[k], before);
    values[k + 1] = valueOf(m.after, m.color, m.margin_after, r.after, r.afterStones);
    flags[k + 1] = m.blunder ? "blunder" : m.mistake ? "mistake" : "";
  });
  if (!moves.length) values[0] = {};
  return { values, flags };
}

// moveText describes one reviewed move; res holds the proved results before and after
// it in Go's notation, from the server ({before, after}, "" where unknown).
export function moveText(m, res) {
  let t = "Move " + m.number + ", " + m.color + " " + pointName(m.action) + ": " + m.before + " → " + m.after;
  if (res && res.before && res.after) t += " (" + res.before + " → " + res.after + ")";
  if (typeof m.points_lost === "number" && m.points_lost > 0) t += ", " + m.points_lost + " points lost";
  if (m.mistake) {
    t += ". MISTAKE: points lost without changing the result";
    if (m.best_moves && m.best_moves.length) t += "; " + pointList(m.best_moves) + " kept " + (res && res.before ? res.before : "every point");
  }
  if (m.blunder) t += ". BLUNDER: a won position thrown away" + (m.winning_alternatives ? "; " + pointList(m.winning_alternatives) + " kept the win" : "");
  if (m.engine_move) t += ". " + engineWords(m);
  return t + ".";
}

// engineWords says what the engine would have played: its preferred move, or, where its
// pass rule chose the pass (the opponent had passed and the mover was ahead), that
// passing would have ended the game with the win on the board: a proved win, not the
// best result, so never said to be preferred over the move charged with points lost.
export function engineWords(m) {
  if (m.engine_method === "rule") return "Passing would have ended the game here with the win on the board (the engine's pass rule; not necessarily the best result)";
  return "The engine preferred " + pointName(m.engine_move);
}

export class ReviewView {
  constructor(app) {
    this.app = app;
    this.answer = null;
    this.uploads = new Uploads(document.getElementById("review-file"), document.getElementById("review-text"), "pasted record");
    this.line = new Line(document.getElementById("review-line"), {
      onStep: () => { this.render(); app.changed(this); },
      names: () => this.answer ? { black: this.answer.review.black, white: this.answer.review.white } : {},
    });
    this.line.el.hidden = true;
    document.getElementById("review-go").addEventListener("click", () => this.run(0));
  }

  position() { return this.answer ? this.line.pos : null; }
  wantsAnalysis() { return false; }
  click() { say("Step through the game with the buttons, the keys ← → Home End, the graph or the move list.", false); }
  state() {
    return this.answer ? { moves: actionsParam(this.line.actions), at: this.line.step } : {};
  }

  marks() {
    if (!this.answer || this.line.step === 0) return [];
    return reviewMarks(this.answer.review.moves[this.line.step - 1]);
  }

  async restore(params) {
    if (!params.moves) return;
    const actions = readActions(params.moves);
    if (this.answer && actionsParam(actions) === actionsParam(this.line.actions)) {
      await this.line.go(readStep(params.at, actions.length));
      return;
    }
    document.getElementById("review-text").value = actions.join(" ");
    await this.run(0, params.at);
  }

  async run(index, at) {
    const { text, name } = this.uploads.current();
    const out = document.getElementById("review-out");
    out.replaceChildren(html("p", {}, "Reviewing… (the solver proves what it can, a few seconds)"));
    let answer;
    try {
      answer = await api("POST", "/api/review?game=" + index + "&name=" + encodeURIComponent(name), text);
    } catch (e) {
      // No stale review: its marks and line go with it.
      this.answer = null;
      out.replaceChildren();
      this.line.clear();
      this.line.el.hidden = true;
      this.render();
      say(e.message, true);
      this.app.changed(this);
      return;
    }
    this.answer = answer;
    this.reviewed = { text, name, index };
    say("");
    this.renderHead(out);
    const moves = answer.review.moves, { values, flags } = reviewValues(moves, answer.results);
    const first = moves.find((m) => m.blunder);
    this.line.el.hidden = false;
    const step = at !== undefined ? readStep(at, moves.length) : first ? first.number : moves.length;
    await this.line.load(moves.map((m) => m.action), step, values, flags);
  }

  renderHead(out) {
    const a = this.answer;
    out.replaceChildren();
    if (a.games.length > 1) {
      const sel = html("select", { id: "review-game", "aria-label": "game" });
      a.games.forEach((g, k) => sel.appendChild(html("option", { value: k }, g.name)));
      sel.value = a.index;
      sel.addEventListener("change", () => this.run(Number(sel.value)));
      out.appendChild(sel);
    }
    out.appendChild(html("p", { id: "review-verdict" }, a.review.verdict));
    const sgf = html("button", { id: "review-sgf", title: "the review as SGF: each move's judgement in its comment and SGF's marks, the proved winning moves of blunders as variations with their proved lines" }, "Download the review as SGF");
    sgf.addEventListener("click", () => this.downloadSGF(sgf));
    out.appendChild(sgf);
    const left = (a.games[a.index] || {}).leftOut;
    if (left) out.appendChild(html("p", { class: "hint", id: "review-left-out" }, "Note: " + left + "."));
    for (const e of a.errors) out.appendChild(html("p", { class: "error" }, e));
  }

  // downloadSGF asks the server for the review just shown as SGF (the review again, from
  // what it proved, and the variations' lines) and saves it.
  async downloadSGF(button) {
    const { text, name, index } = this.reviewed;
    button.disabled = true;
    say("Writing the review as SGF: proving the variations' lines (up to a minute)…", false);
    try {
      const res = await fetchAPI("/api/review?format=sgf&game=" + index + "&name=" + encodeURIComponent(name),
        { method: "POST", headers: { "Content-Type": "text/plain" }, body: text });
      if (!res.ok) throw await failure(res);
      const url = URL.createObjectURL(await res.blob());
      const a = html("a", { href: url, download: "littlego-review.sgf" });
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      say("The review is saved as littlego-review.sgf.", false);
    } catch (e) {
      say("The review as SGF: " + e.message, true);
    } finally {
      button.disabled = false;
    }
  }

  render() {
    const dl = document.getElementById("review-info");
    if (!this.answer || !this.line.pos) { infoRows(dl, []); return; }
    const rows = positionRows(this.line.pos), m = this.answer.review.moves[this.line.step - 1];
    if (m) rows.unshift(["Played", moveText(m, (this.answer.results || [])[this.line.step - 1])]);
    infoRows(dl, rows);
  }
}

// gameLabel names a game of a list: its result first, in Go's notation (the server's:
// "B+0.5", "W+Forfeit", "W+"; "unfinished" without one), so that a narrow list cuts the names,
// not the result; then its name and players.
export function gameLabel(g) {
  const who = g.black || g.white ? " — " + (g.black || "?") + " vs " + (g.white || "?") : "";
  return (g.result || "unfinished") + " · " + g.name + who;
}

export class WatchView {
  constructor(app) {
    this.app = app;
    this.games = [];
    this.index = 0;
    this.uploads = new Uploads(document.getElementById("watch-file"), document.getElementById("watch-text"), "pasted file");
    this.line = new Line(document.getElementById("watch-line"), {
      onStep: () => { infoRows(document.getElementById("watch-info"), this.line.pos ? positionRows(this.line.pos) : []); app.changed(this); },
      onValue: () => app.valued(this),
      onReview: (actions) => app.reviewActions(actions),
      names: () => this.games[this.index] || {},
      fetchValues: true,
    });
    document.getElementById("watch-go").addEventListener("click", () => this.open());
    document.getElementById("watch-games").addEventListener("change", (e) => this.pick(Number(e.target.value)));
  }

  position() { return this.games.length ? this.line.pos : null; }
  marks() { return []; }
  wantsAnalysis() { return false; }
  click() { say("Step through the game with the buttons, the keys ← → Home End, the graph or the move list.", false); }
  state() { return this.games.length ? { moves: actionsParam(this.line.actions), at: this.line.step } : {}; }

  async restore(params) {
    if (!params.moves) return;
    const actions = readActions(params.moves);
    if (this.games.length && actionsParam(actions) === actionsParam(this.line.actions)) {
      await this.line.go(readStep(params.at, actions.length));
      return;
    }
    this.list([{ name: "the game of the link", actions }]);
    await this.line.load(actions, readStep(params.at, actions.length));
  }

  list(games) {
    this.games = games;
    const sel = document.getElementById("watch-games");
    sel.replaceChildren();
    games.forEach((g, k) => {
      const text = gameLabel(g);
      sel.appendChild(html("option", { value: k, title: text }, text));
    });
    sel.hidden = false;
    sel.value = 0;
  }

  async open() {
    const { text, name } = this.uploads.current();
    try {
      const a = await api("POST", "/api/watch?name=" + encodeURIComponent(name), text);
      this.list(a.games);
      const left = a.games.filter((g) => g.leftOut).map((g) => g.name + ": " + g.leftOut);
      say(a.errors.length ? a.errors.join("; ") : left.join("; "), a.errors.length > 0);
      await this.pick(0);
    } catch (e) { say(e.message, true); }
  }

  pick(k) {
    const g = this.games[k];
    this.index = k;
    return g ? this.line.load(g.actions, g.actions.length) : null;
  }
}
