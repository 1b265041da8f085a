// line.js: a game being stepped through, shared by every view: its actions, the step
// shown (the position after the first step actions), the step buttons, the value graph,
// the move list, the downloads and "Review this game".
import { api, html, svg, say } from "./dom.js";
import { colourOfMove, pointName } from "./format.js";
import { layout, nearest, traces, WIDTH, HEIGHT, PAD } from "./graph.js";
import { actionsParam, readActions } from "./state.js";

// graphLegend returns the key to the value graph's marks, each drawn as in the graph.
function graphLegend() {
  const p = html("p", { class: "legend graph-legend" });
  const key = (cls, words, end) => {
    const s = svg("svg", { class: "key", viewBox: "0 0 12 12", width: 12, height: 12, "aria-hidden": "true" });
    s.appendChild(cls === "now" ? svg("line", { x1: 6, y1: 0, x2: 6, y2: 12, class: "now" }) : svg("circle", { cx: 6, cy: 6, r: 4.5, class: "dot " + cls }));
    const item = html("span", { class: "item" });
    item.append(s, " " + words + end);
    p.append(item, " ");
  };
  p.append("Up is good for Black. ");
  key("margin", "proved (outside the grey band; further out, the larger the result)", ";");
  key("estimate", "the search's estimate (inside the band)", ";");
  key("blunder", "a blunder: a won game thrown away", ";");
  key("mistake", "a mistake: points lost, the result kept", ";");
  key("now", "the move shown; no dot: nothing known.", "");
  p.append("Click the graph to go to a move.");
  return p;
}

export class Line {
  // container receives the line's controls. opts: onStep(step) after each step;
  // onValue() when what is known of a position changed (a proof arrived, or the server
  // answered); onReview(actions) for "Review this game" (none: no button); names()
  // returns {black, white} for the records; gameId() the id of a game played on the
  // board, whose own record (with its clock, the arena's JSON line too) the downloads
  // then are; fetchValues: whether to ask the server for the proved values of the
  // positions (a review gives its own).
  constructor(container, opts) {
    this.opts = opts;
    this.actions = [];
    this.step = 0;
    this.pos = null;
    this.values = [];
    this.flags = [];
    this.known = new Map(); // prefix -> proved value, across loads
    this.estimates = new Map(); // prefix -> a search's estimate, across loads
    this.asked = new Set(); // the prefixes whose values the server was asked for
    this.seq = 0;
    this.valuesPending = null; // the actions whose values are being fetched
    this.el = html("div", { class: "line" });
    const bar = html("div", { class: "steps" });
    const buttons = [["first", "|◀", "Home", () => 0], ["back", "◀", "←", () => this.step - 1],
      ["forward", "▶", "→", () => this.step + 1], ["last", "▶|", "End", () => this.actions.length]];
    for (const [name, label, key, to] of buttons) {
      const b = html("button", { type: "button", "data-step": name, title: name + " (" + key + ")", "aria-label": name }, label);
      b.addEventListener("click", () => this.go(to()));
      bar.appendChild(b);
    }
    this.label = html("span", { class: "step-label" });
    bar.appendChild(this.label);
    this.graph = svg("svg", { class: "graph", viewBox: "0 0 " + WIDTH + " " + HEIGHT, role: "img", "aria-label": "the value over the game" });
    this.graph.addEventListener("click", (ev) => {
      const r = this.graph.getBoundingClientRect();
      this.go(nearest((ev.clientX - r.left) * WIDTH / r.width, this.actions.length));
    });
    this.list = html("ol", { class: "moves" });
    this.list.addEventListener("click", (ev) => {
      const li = ev.target.closest("[data-step]");
      if (li) this.go(Number(li.dataset.step));
    });
    const tools = html("div", { class: "buttons tools" });
    if (opts.onReview) {
      this.reviewButton = html("button", { type: "button", class: "review-this" }, "Review this game");
      this.reviewButton.addEventListener("click", () => { if (this.actions.length) opts.onReview(this.actions.slice()); });
      tools.appendChild(this.reviewButton);
    }
    tools.appendChild(html("span", {}, "Download:"));
    this.links = {};
    // The arena's JSON line needs a game's clock: only a game played on the board has one.
    const formats = [["sgf", "SGF"], ["actions", "actions"]].concat(opts.gameId ? [["json", "arena JSON"]] : [])
      .concat(opts.proofs ? [["proofs", "SGF with proofs"]] : []);
    const files = { actions: "littlego-game.txt", proofs: "littlego-analysis.sgf" };
    for (const [format, label] of formats) {
      this.links[format] = html("a", { download: files[format] || "littlego-game." + format, "data-format": format }, label);
      if (format === "proofs") this.links[format].title = "the game as SGF, the position shown with each proved action as a variation";
      tools.appendChild(this.links[format]);
    }
    this.noGame = html("span", { class: "hint" }, "(after the first move)");
    tools.insertBefore(this.noGame, this.links.proofs || null); // the proofs' file has a position from the start
    this.el.append(bar, this.graph, graphLegend(), this.list, tools);
    container.appendChild(this.el);
    this.updateLinks();
  }

  // load shows a game: its actions and the step to show (default: the end). values, when
  // given, are the game's own (a review's); otherwise the server is asked.
  load(actions, step, values, flags) {
    this.actions = actions.slice();
    const noted = (k) => { const p = actionsParam(this.actions.slice(0, k)); return this.known.get(p) || this.estimates.get(p); };
    this.values = values ? values.slice() : this.actions.map((_, k) => noted(k)).concat([noted(this.actions.length)]);
    this.flags = flags || [];
    this.renderList();
    this.updateLinks();
    if (!values && this.opts.fetchValues) this.fetchValues();
    return this.go(step === undefined ? actions.length : step);
  }

  clear() {
    this.actions = [];
    this.values = [];
    this.flags = [];
    this.pos = null;
    this.step = 0;
    this.renderList();
    this.renderGraph();
    this.updateLinks();
    this.label.textContent = "";
  }

  // go shows the position after the first k actions.
  async go(k) {
    k = Math.max(0, Math.min(this.actions.length, k));
    this.step = k;
    const seq = ++this.seq;
    try {
      const pos = await api("GET", "/api/position?moves=" + encodeURIComponent(actionsParam(this.actions.slice(0, k))));
      if (seq !== this.seq) return; // a later step was asked for meanwhile
      this.pos = pos;
    } catch (e) { say(e.message, true); return; }
    if (this.opts.proofs) this.updateLinks(); // the proofs' file is of the position shown
    this.render();
    this.opts.onStep(k);
  }

  // note records what is known of the position after k actions (from the live analysis,
  // the server, or the engine's move): proofs and estimates are kept across loads, and
  // nothing known ({}) hides nothing noted before.
  note(k, value) {
    if (k < 0 || k > this.actions.length || !(value.winner || value.result || typeof value.estimate === "number")) return;
    const old = this.values[k] || {};
    if (old.winner && !value.winner) return; // a proof outranks an estimate
    if (typeof old.margin === "number" && typeof value.margin !== "number" && value.winner) return;
    this.values[k] = value;
    const p = actionsParam(this.actions.slice(0, k));
    if (value.winner) this.known.set(p, value);
    else if (typeof value.estimate === "number") this.estimates.set(p, value);
    this.renderGraph();
    if (this.opts.onValue) this.opts.onValue();
  }

  // fetchValues asks the server for the proved values of the positions it was not asked
  // about yet; the answer still counts if the game has grown meanwhile.
  async fetchValues() {
    const prefix = (k) => actionsParam(this.actions.slice(0, k));
    let from = 0;
    while (from <= this.actions.length && this.asked.has(prefix(from))) from++;
    if (from > this.actions.length) return;
    const asked = this.actions.slice(), key = actionsParam(asked);
    for (let k = from; k <= asked.length; k++) this.asked.add(prefix(k));
    this.valuesPending = key;
    try {
      const vals = await api("GET", "/api/values?from=" + from + "&moves=" + encodeURIComponent(key));
      if (actionsParam(this.actions.slice(0, asked.length)) !== key) return; // another game now
      vals.forEach((v, i) => {
        if (v.winner) this.note(from + i, v);
      });
    } catch (e) {
      for (let k = from; k <= asked.length; k++) this.asked.delete(actionsParam(asked.slice(0, k)));
    } finally {
      if (this.valuesPending === key) {
        this.valuesPending = null;
        if (this.opts.onValue) this.opts.onValue(); // the headline stops "looking up"
      }
    }
  }

  // checking says whether the server is being asked what is proved of the position shown.
  checking() {
    return this.valuesPending !== null && this.step <= readActions(this.valuesPending).length;
  }

  // updateLinks points the downloads at the game shown; with no move played there is
  // nothing to download or review, and the links and the button say so by being off.
  updateLinks() {
    const n = this.opts.names ? this.opts.names() : {}, id = this.opts.gameId ? this.opts.gameId() : null;
    const none = this.actions.length === 0;
    for (const [format, a] of Object.entries(this.links)) {
      const q = new URLSearchParams({ format, moves: actionsParam(this.actions), black: n.black || "Black", white: n.white || "White" });
      if (format === "proofs") { // the position shown, the empty board too
        q.set("at", String(this.step));
        a.href = "/api/record?" + q.toString();
        a.removeAttribute("aria-disabled");
        continue;
      }
      if (none || (format === "json" && !id)) {
        a.removeAttribute("href");
        a.setAttribute("aria-disabled", "true");
      } else {
        a.href = id ? "/api/game/" + encodeURIComponent(id) + "/record?format=" + format : "/api/record?" + q.toString();
        a.removeAttribute("aria-disabled");
      }
    }
    if (this.reviewButton) this.reviewButton.disabled = none;
    this.noGame.hidden = !none;
  }

  renderList() {
    this.list.replaceChildren();
    this.list.appendChild(html("li", { "data-step": 0, class: "start" }, "start"));
    this.actions.forEach((a, k) => {
      const li = html("li", { "data-step": k + 1, class: this.flags[k + 1] || "" },
        (k + 1) + ". " + (colourOfMove(k + 1) === "black" ? "B " : "W ") + pointName(a));
      this.list.appendChild(li);
    });
  }

  render() {
    const n = this.actions.length, k = this.step;
    this.label.textContent = k === 0 ? "start of " + n + " actions" : "after move " + k + " of " + n + " (" +
      (colourOfMove(k) === "black" ? "B " : "W ") + pointName(this.actions[k - 1]) + ")";
    for (const li of this.list.children) li.classList.toggle("current", Number(li.dataset.step) === k);
    const cur = this.list.querySelector(".current");
    if (cur && this.list.scrollHeight > this.list.clientHeight) {
      this.list.scrollTop = cur.offsetTop - this.list.offsetTop - this.list.clientHeight / 2;
    }
    this.renderGraph();
  }

  renderGraph() {
    const n = this.actions.length, g = this.graph, L = layout(this.values, n);
    g.replaceChildren();
    g.appendChild(svg("rect", { x: PAD.left, y: L.bandTop, width: WIDTH - PAD.left - PAD.right, height: L.bandBottom - L.bandTop, class: "band" }));
    g.appendChild(svg("line", { x1: PAD.left, y1: L.mid, x2: WIDTH - PAD.right, y2: L.mid, class: "mid" }));
    g.appendChild(svg("text", { x: 2, y: L.top + 8 }, "B"));
    g.appendChild(svg("text", { x: 2, y: L.bottom }, "W"));
    for (const t of L.ticks) {
      g.appendChild(svg("line", { x1: t.x, y1: L.bottom, x2: t.x, y2: L.bottom + (t.label ? 5 : 3), class: "tick" }));
      if (t.label) g.appendChild(svg("text", { x: t.x, y: HEIGHT - 4, class: "ticklabel" }, t.label));
    }
    for (const run of traces(L.points)) {
      g.appendChild(svg("polyline", { points: run.map((p) => p.x + "," + p.y).join(" "), class: "trace" }));
    }
    for (const p of L.points) {
      const flag = this.flags[p.k] || "";
      g.appendChild(svg("circle", { cx: p.x, cy: p.y, r: flag ? 5.5 : p.kind === "estimate" ? 3.5 : 4.5, class: "dot " + p.kind + " " + flag, "data-step": p.k }));
    }
    const x = L.ticks[Math.min(this.step, n)] ? L.ticks[Math.min(this.step, n)].x : PAD.left;
    g.appendChild(svg("line", { x1: x, y1: L.top, x2: x, y2: L.bottom, class: "now" }));
  }
}
