// app.js: the tabs, and the one board shared by the views.
"use strict";

const app = {
  views: {},
  current: "play",
  board: null,
  analysis: null,

  init() {
    this.board = new Board(document.getElementById("board"), (p) => this.view().click(p));
    this.analysis = new Analysis(() => this.draw());
    this.views.play = new PlayView(this);
    this.views.analyse = new AnalyseView(this);
    this.views.review = new ReviewView(this);
    this.views.watch = new WatchView(this);
    for (const b of document.querySelectorAll("#tabs button")) {
      b.addEventListener("click", () => this.show(b.dataset.view));
    }
    const hash = location.hash.slice(1);
    this.show(this.views[hash] ? hash : "play");
  },

  view() { return this.views[this.current]; },

  show(name) {
    this.current = name;
    for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.view === name);
    for (const v of document.querySelectorAll(".view")) v.hidden = v.id !== "view-" + name;
    say("");
    if (name === "analyse" && !this.views.analyse.pos) { this.views.analyse.go([]); return; }
    this.refresh();
  },

  // refresh starts or stops the analysis for the current view's position and redraws.
  refresh() {
    const v = this.view(), pos = v.position();
    if (pos && v.wantsAnalysis()) this.analysis.start(pos.actions, pos.turn);
    else this.analysis.stop();
    this.draw();
  },

  draw() {
    const v = this.view();
    this.board.show(v.position(), v.marks().concat(this.analysis.marks()));
  },
};

document.addEventListener("DOMContentLoaded", () => app.init());
