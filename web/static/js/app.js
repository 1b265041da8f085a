// app.js: the page: the tabs, the URL, the keys, and the one board and analysis the
// views share.
//
// The views' contract. A view (views/*.js) owns a Line (line.js: the game it steps
// through) and gives the app:
//   position()      the PositionView to draw (the API's position), or null;
//   marks()         its own marks on the board (marks.js kinds), beside the analysis's;
//   wantsAnalysis() whether the live analysis should follow its position;
//   click(point)    what a click on a point ("i,j") does;
//   state()         its part of the URL ({id, moves, at}: state.js writes it);
//   restore(params) shows what a URL's params name (async).
// It calls app.changed(view) whenever its position or marks change, and
// app.valued(view) when what is known of a position of its line changed, and
// app.reviewActions(actions) for "Review this game". The pure parts (format.js,
// marks.js, graph.js, state.js) touch no DOM.
import { Board } from "./board.js";
import { Analysis } from "./analysis.js";
import { say } from "./dom.js";
import { bestValue, headline, setCoordStyle } from "./format.js";
import { format, parse, actionsParam } from "./state.js";
import { PlayView } from "./views/play.js";
import { AnalyseView } from "./views/analyse.js";
import { ReviewView, WatchView } from "./views/review.js";
import { kind, start as startTransport } from "./transport.js";

const app = {
  views: {},
  current: "play",

  async init() {
    startTransport();
    document.body.dataset.transport = kind;
    const coords = document.getElementById("coords");
    coords.value = localStorage.getItem("coords") || "course";
    setCoordStyle(coords.value);
    this.board = new Board(document.getElementById("board"), (p) => this.view().click(p));
    this.analysis = new Analysis(() => this.analysed());
    this.views = { play: new PlayView(this), analyse: new AnalyseView(this), review: new ReviewView(this), watch: new WatchView(this) };
    for (const b of document.querySelectorAll("#tabs button")) {
      b.addEventListener("click", () => this.open(b.dataset.view));
    }
    coords.addEventListener("change", () => {
      setCoordStyle(coords.value);
      localStorage.setItem("coords", coords.value);
      for (const v of Object.values(this.views)) { v.line.renderList(); if (v.line.pos) v.line.render(); }
      this.refresh();
    });
    window.addEventListener("popstate", () => this.applyURL());
    document.addEventListener("keydown", (e) => this.key(e));
    await this.applyURL();
    window.app = this; // for the browser tests and the curious
    document.body.dataset.ready = "1";
  },

  view() { return this.views[this.current]; },

  // applyURL shows the view, game and move the URL names.
  async applyURL() {
    const { view, params } = parse(location.hash);
    this.show(view);
    await this.views[view].restore(params);
    if (view === "analyse" && !this.views.analyse.loaded) await this.views.analyse.restore({});
    this.refresh();
  },

  // open switches to a tab, as a new history entry so that Back returns.
  async open(name) {
    if (name === this.current) return;
    history.pushState(null, "", format(name, this.views[name].state()));
    this.show(name);
    if (name === "analyse" && !this.views.analyse.loaded) await this.views.analyse.restore({});
    this.refresh();
  },

  show(name) {
    this.current = name;
    for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.view === name);
    for (const v of document.querySelectorAll(".view")) v.hidden = v.id !== "view-" + name;
    say("");
  },

  // changed is the views' signal that their position or marks changed.
  changed(view) {
    if (view !== this.view()) return;
    const h = format(this.current, view.state());
    if (h !== location.hash) history.replaceState(null, "", h);
    this.refresh();
  },

  // valued is the views' signal that what is known of a position of their line changed:
  // the headline is redrawn from it.
  valued(view) {
    if (view === this.view()) this.draw();
  },

  // reviewActions opens the review of a game given as actions.
  async reviewActions(actions) {
    if (!actions.length) { say("There is no move to review yet.", true); return; }
    history.pushState(null, "", format("review", { moves: actionsParam(actions) }));
    this.show("review");
    await this.views.review.restore({ moves: actionsParam(actions) });
  },

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, textarea, select")) return;
    const line = this.view().line, to = { ArrowLeft: line.step - 1, ArrowRight: line.step + 1, Home: 0, End: line.actions.length }[e.key];
    if (to === undefined || (!line.actions.length && !line.pos)) return;
    e.preventDefault();
    line.go(to);
  },

  // refresh starts or stops the analysis for the current view's position and redraws.
  refresh() {
    const v = this.view(), pos = v.position();
    if (pos && v.wantsAnalysis()) this.analysis.start(pos.actions, pos.turn);
    else this.analysis.stop();
    this.draw();
  },

  // analysed takes the analysis's news: the graph gets its value, the board its marks.
  analysed() {
    const v = this.view(), pos = v.position();
    if (pos && this.analysis.key === actionsParam(pos.actions)) v.line.note(v.line.step, this.analysis.value());
    this.draw();
  },

  draw() {
    const v = this.view(), pos = v.position();
    this.board.show(pos, v.marks().concat(this.analysis.marks()));
    const h = document.getElementById("headline");
    if (!pos) { h.textContent = ""; h.className = ""; return; }
    // The live analysis and the server's proved values may each know more than the other.
    const live = this.analysis.active() && this.analysis.key === actionsParam(pos.actions);
    const known = v.line.values[v.line.step], value = live ? bestValue(this.analysis.value(), known) : known;
    const said = headline(pos, value, live ? this.analysis.winning() : [], v.line.checking(), live ? this.analysis.open() : undefined);
    h.textContent = said.text;
    h.className = said.kind;
  },
};

document.addEventListener("DOMContentLoaded", () => app.init());
