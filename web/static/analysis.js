// analysis.js: live analysis of a position over server-sent events: candidates, principal variation, solver verdicts.
"use strict";

class Analysis {
  // onChange is called whenever the marks to draw change.
  constructor(onChange) {
    this.onChange = onChange;
    this.source = null;
    this.key = null;
    this.clear();
  }

  clear() {
    this.search = null;
    this.verdicts = null;
    this.status = "";
  }

  // start analyses the position after actions (a list of "i,j" / "PASS"), unless it is
  // already being analysed.
  start(actions, turn) {
    const key = actions.join(" ");
    if (this.source && this.key === key) return;
    this.stop();
    this.key = key;
    this.turn = turn;
    this.status = "starting";
    document.getElementById("analysis").hidden = false;
    const es = new EventSource("/api/analyse?moves=" + encodeURIComponent(key));
    this.source = es;
    es.addEventListener("verdicts", (e) => { this.verdicts = JSON.parse(e.data); this.status = "running"; this.changed(); });
    es.addEventListener("search", (e) => { this.search = JSON.parse(e.data); this.status = "running"; this.changed(); });
    es.addEventListener("status", (e) => { this.status = JSON.parse(e.data).status; this.changed(); });
    es.addEventListener("done", (e) => {
      this.status = "done: " + JSON.parse(e.data).reason;
      es.close();
      if (this.source === es) this.source = null;
      this.changed();
    });
    es.onerror = () => {
      es.close();
      if (this.source === es) {
        this.source = null;
        if (!this.status.startsWith("done")) this.status = "stopped";
        this.changed();
      }
    };
    this.changed();
  }

  // stop ends the stream and forgets the analysis.
  stop() {
    if (this.source) this.source.close();
    this.source = null;
    this.key = null;
    this.clear();
    document.getElementById("analysis").hidden = true;
  }

  active() { return this.key !== null; }

  changed() {
    this.render();
    this.onChange();
  }

  // marks returns the board marks: verdicts, the book move, candidates and the
  // principal variation.
  marks() {
    if (!this.active()) return [];
    const out = [];
    const v = this.verdicts;
    if (v) {
      for (const [move, verdict] of Object.entries(v.moves)) out.push({ point: move, kind: verdict });
      for (const move of v.thinking) out.push({ point: move, kind: "thinking" });
      if (v.book) out.push({ point: v.book, kind: "book" });
    }
    const s = this.search;
    if (s) {
      for (const c of s.candidates.slice(0, 8)) {
        out.push({ point: c.move, kind: "candidate", text: pct(c.winrate), sub: String(c.visits) });
      }
      s.pv.slice(1, 6).forEach((move, k) => {
        out.push({ point: move, kind: "pv", text: String(k + 2), colour: (k % 2 === 0) === (this.turn === "black") ? "white" : "black" });
      });
    }
    return out;
  }

  // render fills the analysis panel.
  render() {
    document.getElementById("analysis-status").textContent = this.status ? "(" + this.status + ")" : "";
    const v = this.verdicts, sum = document.getElementById("verdict-summary");
    if (v) {
      const wins = Object.keys(v.moves).filter((m) => v.moves[m] === "win");
      const known = Object.keys(v.moves).length;
      let text = "Solver: " + (wins.length ? "winning moves " + wins.join(", ") : known ? "no winning move found yet" : "nothing proved yet");
      text += "; " + known + " proved";
      if (v.thinking.length) text += ", thinking about " + v.thinking.length;
      if (v.unproved.length) text += ", " + v.unproved.length + " not proved within the limit";
      if (v.book) text += ". Book move: " + v.book + " ★";
      sum.textContent = text + ".";
    } else {
      sum.textContent = "";
    }
    const body = document.querySelector("#candidates tbody");
    body.replaceChildren();
    const s = this.search;
    if (s) {
      for (const c of s.candidates) {
        const tr = document.createElement("tr");
        const verdict = v && v.moves[c.move] ? v.moves[c.move] : v && v.thinking.includes(c.move) ? "thinking" : "";
        for (const t of [c.move, pct(c.winrate), String(c.visits), verdict]) {
          const td = document.createElement("td");
          td.textContent = t;
          tr.appendChild(td);
        }
        body.appendChild(tr);
      }
      document.getElementById("pv").textContent = "Principal variation: " + s.pv.join(" ") + " (" + s.iterations + " playouts)";
    } else {
      document.getElementById("pv").textContent = "";
    }
  }
}

function pct(x) { return Math.round(100 * x) + "%"; }
