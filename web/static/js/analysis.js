// analysis.js: the live analysis of a position over server-sent events: the search's
// candidates and principal variation, the solver's verdicts and margins, and the panel
// that lists them.
import { html } from "./dom.js";
import { endNote, pct, pointList, pointName, proofSummary, statusText, trustNote, verdictCell } from "./format.js";
import { analysisMarks } from "./marks.js";
import { actionsParam } from "./state.js";
import { events } from "./transport.js";

// MAX_ROWS bounds the analysis table; moreText says what it leaves out.
export const MAX_ROWS = 12;

// tableRows returns the rows of the analysis table: the proved actions first (wins,
// then losses; within each the better exact result for the side to move turn first, the
// pass after the points of the same standing, then the search's most visited first),
// then the search's other candidates in its order, then the actions neither proved nor
// visited (being proved, or not proved), so that every action of the position has a
// row; {move, winrate, visits}, "" where the search has none. The table shows the
// first MAX_ROWS, so that what is proved is never hidden behind an estimate.
export function tableRows(verdicts, search, turn) {
  const seen = {};
  for (const c of search ? search.candidates : []) seen[c.move] = { winrate: pct(c.winrate), visits: String(c.visits) };
  const row = (m) => Object.assign({ move: m, winrate: "", visits: "" }, seen[m] || {});
  const proved = verdicts ? Object.keys(verdicts.moves) : [];
  const visits = (m) => (seen[m] ? Number(seen[m].visits) : 0);
  const margin = (m) => (typeof verdicts.margins[m] === "number" ? verdicts.margins[m] : turn === "black" ? -99 : 99);
  proved.sort((a, b) =>
    (verdicts.moves[a] === "win" ? 0 : 1) - (verdicts.moves[b] === "win" ? 0 : 1) ||
    (turn === "black" ? margin(b) - margin(a) : margin(a) - margin(b)) || (a === "PASS") - (b === "PASS") ||
    visits(b) - visits(a));
  const rows = proved.map(row);
  const listed = new Set(proved);
  for (const c of search ? search.candidates : []) if (!listed.has(c.move)) { listed.add(c.move); rows.push(row(c.move)); }
  const open = verdicts ? (verdicts.thinking || []).concat(verdicts.unproved || [], verdicts.stopped || []) : [];
  for (const m of open) if (!listed.has(m)) { listed.add(m); rows.push(row(m)); }
  return rows;
}

// moreText says what the table leaves out of rows, counted by kind: "" when it shows
// them all, else "…and 14 more proved losses (12 of 26 shown); the board marks them
// all.", "…and 3 more: 1 proved loss and 2 search estimates (12 of 15 shown); the board
// marks the proved one.", "…and 10 more search estimates (12 of 22 shown)." or
// "…and 12 more: 2 search estimates and 10 unproved actions (12 of 24 shown)." (the
// board marks every proved point, not the pass, and no estimate).
export function moreText(verdicts, rows) {
  const rest = rows.slice(MAX_ROWS);
  if (!rest.length) return "";
  const kind = (v) => rest.filter((r) => (verdicts && verdicts.moves[r.move]) === v).length;
  const wins = kind("win"), losses = kind("loss");
  const estimates = rest.filter((r) => !(verdicts && verdicts.moves[r.move]) && r.winrate !== "").length;
  const open = rest.length - wins - losses - estimates;
  const parts = [[wins, "proved win", "proved wins"], [losses, "proved loss", "proved losses"], [estimates, "search estimate", "search estimates"],
    [open, "unproved action", "unproved actions"]].filter(([n]) => n > 0).map(([n, one, many]) => n + " " + (n === 1 ? one : many));
  const what = parts.length === 1 ? parts[0].replace(" ", " more ") :
    rest.length + " more: " + parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1];
  return "…and " + what + " (" + MAX_ROWS + " of " + rows.length + " shown)" + boardText(verdicts, rest, wins + losses) + ".";
}

// boardText says which of the proved actions among rest the board marks: every proved
// point, never the pass (it has no point).
function boardText(verdicts, rest, proved) {
  const pass = rest.some((r) => r.move === "PASS" && verdicts && verdicts.moves.PASS);
  const points = proved - (pass ? 1 : 0);
  if (!points) return "";
  if (proved === rest.length) return pass ? "; the board marks them all but the pass" : "; the board marks them all";
  if (pass) return points === 1 ? "; the board marks the proved point" : "; the board marks the proved points";
  return points === 1 ? "; the board marks the proved one" : "; the board marks the proved ones";
}

// pvText says the search's principal variation, an estimate; where a proved winning
// move of the side to move is not its first move, the proof first: "Proved: pass wins.
// The search's principal variation, an estimate, starts with another move: 2,3 3,2
// (1200 playouts)."
export function pvText(search, verdicts) {
  if (!search || !search.pv || !search.pv.length) return "";
  const line = search.pv.map((p) => pointName(p)).join(" ") + " (" + search.iterations + " playouts).";
  const winning = verdicts ? Object.keys(verdicts.moves).filter((m) => verdicts.moves[m] === "win") : [];
  if (!winning.length || winning.includes(search.pv[0])) return "Principal variation: " + line;
  return "Proved: " + pointList(winning) + (winning.length === 1 ? " wins" : " win") +
    ". The search's principal variation, an estimate, starts with another move: " + line;
}

export class Analysis {
  // onChange is called whenever what the analysis knows changes.
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
    this.reason = "";
  }

  // ended says the analysis is over: nothing more will be proved.
  ended() { return this.status === "done" || this.status === "stopped"; }

  // start analyses the position after actions with turn to move, unless it is already
  // being analysed.
  start(actions, turn) {
    const key = actionsParam(actions);
    if (this.key === key) return;
    this.stop();
    this.key = key;
    this.turn = turn;
    this.status = "starting";
    document.getElementById("analysis").hidden = false;
    const es = events("/api/analyse?moves=" + encodeURIComponent(key));
    this.source = es;
    const on = (name, f) => es.addEventListener(name, (e) => { if (this.source === es) { f(JSON.parse(e.data)); this.changed(); } });
    on("verdicts", (d) => { this.verdicts = d; this.status = "running"; });
    on("search", (d) => { this.search = d; this.status = "running"; });
    on("status", (d) => { this.status = d.status; });
    on("done", (d) => {
      this.status = "done";
      this.reason = d.reason;
      this.settle();
      es.close();
      this.source = null;
    });
    es.onerror = () => {
      es.close();
      if (this.source === es) {
        this.source = null;
        if (this.status !== "done") this.status = "stopped";
        this.settle();
        this.changed();
      }
    };
    this.changed();
  }

  // settle marks what the ended analysis left open as stopped before its own limit: no
  // move is "thinking" once nothing runs.
  settle() {
    const v = this.verdicts;
    if (!v) return;
    if (v.thinking.length && this.status !== "done") v.lost = true; // not the time limit: the stream was lost
    v.stopped = (v.stopped || []).concat(v.thinking);
    v.thinking = [];
    v.marginsPending = 0;
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

  marks() { return this.active() ? analysisMarks(this.verdicts, this.search, this.turn) : []; }

  // value returns what the analysis knows of its position: the proved value, else the
  // search's estimate as Black's chance.
  value() {
    const v = Object.assign({}, this.verdicts ? this.verdicts.value : {});
    const best = this.search && this.search.candidates.length ? this.search.candidates[0] : null;
    if (!v.winner && best) v.estimate = this.turn === "black" ? best.winrate : 1 - best.winrate;
    return v;
  }

  // winning returns the proved winning moves of the side to move.
  winning() {
    const v = this.verdicts;
    return v ? Object.keys(v.moves).filter((m) => v.moves[m] === "win") : [];
  }

  // open returns how many actions are not proved (yet), or -1 before the first verdicts.
  open() {
    const v = this.verdicts;
    return v ? v.thinking.length + v.unproved.length + (v.stopped || []).length : -1;
  }

  // render fills the analysis panel.
  render() {
    document.getElementById("analysis-status").textContent = this.status ? "(" + statusText(this.status, this.reason) + ")" : "";
    const v = this.verdicts;
    document.getElementById("verdict-summary").textContent = proofSummary(v, this.ended());
    document.getElementById("analysis-end").textContent = endNote(v, this.status, this.reason);
    const s = this.search;
    document.getElementById("trust").textContent = s ? trustNote(v) : "";
    const body = document.querySelector("#candidates tbody");
    body.replaceChildren();
    const rows = tableRows(v, s, this.turn);
    document.getElementById("candidates").hidden = rows.length === 0;
    document.getElementById("more-rows").textContent = moreText(v, rows);
    for (const r of rows.slice(0, MAX_ROWS)) {
      const tr = html("tr", { class: v && v.moves[r.move] && r.visits !== "" ? "proved" : "" });
      for (const t of [pointName(r.move), r.winrate, r.visits, verdictCell(v, r.move)]) tr.appendChild(html("td", {}, t));
      body.appendChild(tr);
    }
    document.getElementById("pv").textContent = pvText(s, v);
  }
}
