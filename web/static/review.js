// review.js: the Review view (a reviewed game, its value timeline and blunders) and the Watch view (an arena file's games).
"use strict";

// readFileInto copies a chosen file's text into a textarea.
function readFileInto(input, textarea) {
  input.addEventListener("change", () => {
    const f = input.files[0];
    if (!f) return;
    if (f.size > 1 << 20) { say("The file is larger than 1 MiB.", true); return; }
    f.text().then((t) => { textarea.value = t; }, (e) => say(e.message, true));
  });
}

function html(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Stepper steps through the positions of a list of actions: step k is the position after
// the first k actions.
class Stepper {
  constructor(app, container, onStep) {
    this.app = app;
    this.onStep = onStep;
    this.actions = [];
    this.step = 0;
    this.pos = null;
    const bar = html("div", { class: "steps" });
    const buttons = [["|◀", () => 0], ["◀", () => this.step - 1], ["▶", () => this.step + 1], ["▶|", () => this.actions.length]];
    for (const [label, to] of buttons) {
      const b = html("button", { type: "button", "data-step": label }, label);
      b.addEventListener("click", () => this.go(to()));
      bar.appendChild(b);
    }
    this.range = html("input", { type: "range", min: 0, max: 0, value: 0 });
    this.range.addEventListener("input", () => this.go(Number(this.range.value)));
    this.label = html("span", { class: "step-label" });
    bar.append(this.range, this.label);
    container.appendChild(bar);
  }

  load(actions, step) {
    this.actions = actions;
    this.range.max = actions.length;
    return this.go(step || 0);
  }

  async go(k) {
    k = Math.max(0, Math.min(this.actions.length, k));
    this.step = k;
    this.range.value = k;
    const n = this.actions.length;
    this.label.textContent = k < n ? "before move " + (k + 1) + " of " + n : "final position (" + n + " moves)";
    try {
      this.pos = await api("GET", "/api/position?moves=" + encodeURIComponent(this.actions.slice(0, k).join(" ")));
      say("");
    } catch (e) { say(e.message, true); }
    if (this.onStep) this.onStep(k);
    this.app.refresh();
  }
}

class ReviewView {
  constructor(app) {
    this.app = app;
    this.answer = null;
    this.stepper = null;
    readFileInto(document.getElementById("review-file"), document.getElementById("review-text"));
    document.getElementById("review-go").addEventListener("click", () => this.run(0));
  }

  position() { return this.stepper ? this.stepper.pos : null; }
  wantsAnalysis() { return false; }
  click() { say("Step through the game with the buttons or the slider.", false); }

  async run(index) {
    const text = document.getElementById("review-text").value;
    const out = document.getElementById("review-out");
    out.replaceChildren(html("p", {}, "Reviewing… (the solver proves what it can, a few seconds)"));
    try {
      this.answer = await api("POST", "/api/review?game=" + index, text);
    } catch (e) {
      out.replaceChildren();
      say(e.message, true);
      return;
    }
    this.render(out);
    await this.stepper.load(this.answer.review.moves.map((m) => m.action), this.firstBlunder());
  }

  firstBlunder() {
    const m = this.answer.review.moves.find((x) => x.blunder);
    return m ? m.number - 1 : 0;
  }

  render(out) {
    const a = this.answer, r = a.review;
    out.replaceChildren();
    if (a.games.length > 1) {
      const sel = html("select", { id: "review-game" });
      a.games.forEach((g, k) => sel.appendChild(html("option", { value: k }, g.name)));
      sel.value = a.index;
      sel.addEventListener("change", () => this.run(Number(sel.value)));
      out.appendChild(sel);
    }
    out.appendChild(html("p", { id: "review-verdict" }, r.verdict));
    this.stepper = new Stepper(this.app, out, (k) => this.onStep(k));
    out.appendChild(drawChart(r.moves, (k) => this.stepper.go(k)));
    out.appendChild(html("p", { class: "legend" }, "Black's chances before each move: filled dots proved, hollow dots the engine's estimate, " +
      "red dots blunders (a won position turned into a lost one). On the board: the move played next, red when a blunder, " +
      "green dots the moves that kept the win."));
    this.moveList = html("div", { class: "moves", id: "review-moves" });
    r.moves.forEach((m) => {
      const line = html("div", { "data-move": m.number, class: m.blunder ? "blunder" : "" }, moveText(m));
      line.addEventListener("click", () => this.stepper.go(m.number - 1));
      this.moveList.appendChild(line);
    });
    out.appendChild(this.moveList);
    for (const e of a.errors) out.appendChild(html("p", { class: "error" }, e));
  }

  onStep(k) {
    for (const line of this.moveList.children) line.classList.toggle("current", Number(line.dataset.move) === k + 1);
    const chart = document.getElementById("chart");
    if (chart) chart.querySelector(".now").setAttribute("x1", chartX(k + 1, this.answer.review.moves.length));
    if (chart) chart.querySelector(".now").setAttribute("x2", chartX(k + 1, this.answer.review.moves.length));
  }

  // marks shows the move played next: a blunder in red, with the moves that kept the win.
  marks() {
    if (!this.stepper || !this.answer) return [];
    const m = this.answer.review.moves[this.stepper.step];
    if (!m) return [];
    const out = [];
    if (m.action !== "PASS") out.push({ point: m.action, kind: m.blunder ? "blunder" : "played", text: m.blunder ? "?" : String(m.number) });
    for (const alt of m.winning_alternatives || []) out.push({ point: alt, kind: "alternative" });
    return out;
  }
}

// moveText describes one reviewed move.
function moveText(m) {
  let t = m.number + ". " + m.color + " " + m.action + ": " + m.before + " → " + m.after;
  if (m.blunder) t += "  BLUNDER" + (m.winning_alternatives ? "; " + m.winning_alternatives.join(", ") + " kept the win" : "");
  if (m.engine_move) t += "  (engine: " + m.engine_move + ")";
  return t;
}

// blackValue returns a move's position value before it, for Black, in [0, 1]: 1 or 0
// when proved, else the engine's win rate.
function blackValue(m) {
  let v = m.before === "win" ? 1 : m.before === "loss" ? 0 : m.engine_method ? m.engine_win_rate : 0.5;
  return m.color === "black" ? v : 1 - v;
}

const CHART_W = 510, CHART_H = 150, CHART_PAD = 24;
function chartX(n, count) { return CHART_PAD + (CHART_W - 2 * CHART_PAD) * (count > 1 ? (n - 1) / (count - 1) : 0.5); }
function chartY(v) { return CHART_H - CHART_PAD - (CHART_H - 2 * CHART_PAD) * v; }

// drawChart draws the value timeline: Black's chances before each move, proved values
// filled, the engine's estimates hollow, blunders red; clicking a move steps to it.
function drawChart(moves, onPick) {
  const svg = el("svg", { id: "chart", class: "chart", viewBox: "0 0 " + CHART_W + " " + CHART_H, role: "img", "aria-label": "value timeline" });
  svg.appendChild(el("line", { x1: CHART_PAD, y1: chartY(0.5), x2: CHART_W - CHART_PAD, y2: chartY(0.5), class: "mid" }));
  svg.appendChild(el("line", { x1: CHART_PAD, y1: chartY(0), x2: CHART_PAD, y2: chartY(1), class: "axis" }));
  svg.appendChild(el("text", { x: 2, y: chartY(1) + 4 }, "B"));
  svg.appendChild(el("text", { x: 2, y: chartY(0) + 4 }, "W"));
  svg.appendChild(el("text", { x: CHART_W / 2, y: CHART_H - 4 }, "move"));
  const pts = moves.map((m) => [chartX(m.number, moves.length), chartY(blackValue(m))]);
  svg.appendChild(el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "line" }));
  moves.forEach((m, k) => {
    const proved = m.before !== "unknown";
    const dot = el("circle", {
      cx: pts[k][0], cy: pts[k][1], r: m.blunder ? 6 : 3.5,
      class: "dot" + (m.blunder ? " blunder" : ""), "data-move": m.number,
      style: proved ? "" : "fill:#fff;stroke:#2050b0",
    });
    dot.addEventListener("click", () => onPick(m.number - 1));
    svg.appendChild(dot);
    if (m.blunder) svg.appendChild(el("text", { x: pts[k][0] + 6, y: pts[k][1] - 6, class: "blunder-label" }, "?" + m.number));
  });
  svg.appendChild(el("line", { x1: chartX(1, moves.length), y1: chartY(0), x2: chartX(1, moves.length), y2: chartY(1), class: "now" }));
  return svg;
}

class WatchView {
  constructor(app) {
    this.app = app;
    this.games = [];
    this.stepper = new Stepper(app, document.getElementById("watch-out"), null);
    readFileInto(document.getElementById("watch-file"), document.getElementById("watch-text"));
    document.getElementById("watch-go").addEventListener("click", () => this.open());
    document.getElementById("watch-games").addEventListener("change", (e) => this.pick(Number(e.target.value)));
  }

  position() { return this.stepper.pos; }
  marks() { return []; }
  wantsAnalysis() { return false; }
  click() { say("Step through the game with the buttons or the slider.", false); }

  async open() {
    try {
      const a = await api("POST", "/api/watch", document.getElementById("watch-text").value);
      this.games = a.games;
      const sel = document.getElementById("watch-games");
      sel.replaceChildren();
      a.games.forEach((g, k) => {
        const who = g.black || g.white ? " — " + (g.black || "?") + " vs " + (g.white || "?") : "";
        sel.appendChild(html("option", { value: k }, g.name + who + (g.winner ? ", " + g.winner + " won" : "")));
      });
      sel.hidden = false;
      sel.value = 0;
      if (a.errors.length) say(a.errors.join("; "), true);
      await this.pick(0);
    } catch (e) { say(e.message, true); }
  }

  pick(k) {
    const g = this.games[k];
    return g ? this.stepper.load(g.actions, g.actions.length) : null;
  }
}
