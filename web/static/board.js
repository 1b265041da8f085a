// board.js: the SVG board, the API helpers and the page's shared state.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const SIZE = 5, STEP = 56, MARGIN = 48;

// xy returns the centre of point "i,j" (row i, column j).
function xy(point) {
  const [i, j] = point.split(",").map(Number);
  return [MARGIN + j * STEP, MARGIN + i * STEP];
}

function el(name, attrs, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Board draws a position and its marks, and reports clicks on points.
class Board {
  constructor(svg, onClick) {
    this.svg = svg;
    this.onClick = onClick;
    this.view = null;
    this.marks = [];
    svg.addEventListener("click", (ev) => {
      const t = ev.target.closest("[data-point]");
      if (t && this.onClick) this.onClick(t.dataset.point);
    });
  }

  // show draws view (a PositionView) with marks: [{point, kind, text}].
  show(view, marks) {
    this.view = view;
    this.marks = marks || [];
    this.draw();
  }

  setMarks(marks) {
    this.marks = marks || [];
    this.draw();
  }

  // draw redraws the stones and marks. The grid and the points that take clicks are
  // drawn once and kept, so that a click is not lost to a redraw between the press and
  // the release of the button (live analysis redraws several times a second).
  draw() {
    if (!this.layer) this.build();
    this.layer.replaceChildren();
    const v = this.view;
    if (v) this.drawStones(v);
    for (const m of this.marks) this.drawMark(m, v);
  }

  build() {
    const svg = this.svg;
    svg.replaceChildren();
    svg.appendChild(el("rect", { x: 0, y: 0, width: 304, height: 304, class: "wood" }));
    const lo = MARGIN, hi = MARGIN + (SIZE - 1) * STEP;
    for (let k = 0; k < SIZE; k++) {
      const c = MARGIN + k * STEP;
      svg.appendChild(el("line", { x1: lo, y1: c, x2: hi, y2: c, class: "grid" }));
      svg.appendChild(el("line", { x1: c, y1: lo, x2: c, y2: hi, class: "grid" }));
      svg.appendChild(el("text", { x: c, y: 20, class: "coord" }, String(k)));
      svg.appendChild(el("text", { x: 18, y: c + 4, class: "coord" }, String(k)));
    }
    this.layer = el("g", { class: "layer" });
    svg.appendChild(this.layer);
    for (let i = 0; i < SIZE; i++) {
      for (let j = 0; j < SIZE; j++) {
        const p = i + "," + j, [x, y] = xy(p);
        svg.appendChild(el("rect", {
          x: x - STEP / 2, y: y - STEP / 2, width: STEP, height: STEP,
          class: "hit", "data-point": p, "aria-label": "point " + p,
        }));
      }
    }
  }

  drawStones(v) {
    v.board.forEach((s, idx) => {
      if (!s) return;
      const p = Math.floor(idx / SIZE) + "," + (idx % SIZE), [x, y] = xy(p);
      this.layer.appendChild(el("circle", {
        cx: x, cy: y, r: STEP * 0.45, class: s === 1 ? "stone black" : "stone white", "data-stone": p,
      }));
    });
    const last = v.actions.length ? v.actions[v.actions.length - 1] : "";
    if (last && last !== "PASS") {
      const [x, y] = xy(last);
      this.layer.appendChild(el("circle", { cx: x, cy: y, r: 7, class: "last " + stoneAt(v, last) }));
    }
    if (v.ko) {
      const [x, y] = xy(v.ko);
      this.layer.appendChild(el("rect", { x: x - 13, y: y - 13, width: 26, height: 26, class: "ko", "data-ko": v.ko }));
      this.layer.appendChild(el("text", { x: x, y: y + 4, class: "ko-text" }, "ko"));
    }
  }

  // drawMark draws one mark: a candidate, a verdict, the book move, a blunder, an
  // alternative or a principal-variation number.
  drawMark(m, v) {
    if (m.point === "PASS") return;
    const [x, y] = xy(m.point), colour = v ? stoneAt(v, m.point) : "";
    const g = el("g", { class: "mark " + m.kind, "data-mark": m.kind, "data-at": m.point });
    switch (m.kind) {
      case "win": case "loss": case "thinking":
        g.appendChild(el("circle", { cx: x, cy: y, r: STEP * 0.42 }));
        g.appendChild(el("text", { x: x + 18, y: y - 12, class: "tag" }, m.kind === "win" ? "✓" : m.kind === "loss" ? "✗" : "…"));
        break;
      case "book":
        g.appendChild(el("text", { x: x - 18, y: y - 10, class: "tag" }, "★"));
        break;
      case "candidate":
        g.appendChild(el("text", { x: x, y: y, class: "rate" }, m.text));
        g.appendChild(el("text", { x: x, y: y + 11, class: "visits" }, m.sub));
        break;
      case "pv":
        g.appendChild(el("circle", { cx: x + 16, cy: y + 16, r: 8, class: "pv " + (m.colour || "") }));
        g.appendChild(el("text", { x: x + 16, y: y + 19.5, class: "pvnum" }, m.text));
        break;
      case "blunder": case "played":
        g.appendChild(el("circle", { cx: x, cy: y, r: STEP * 0.42, class: colour }));
        g.appendChild(el("text", { x: x, y: y + 6, class: "tag" }, m.text || ""));
        break;
      case "alternative":
        g.appendChild(el("circle", { cx: x, cy: y, r: 9 }));
        break;
    }
    this.layer.appendChild(g);
  }
}

// stoneAt returns "black", "white" or "" for the stone at point.
function stoneAt(v, point) {
  const [i, j] = point.split(",").map(Number);
  return ["", "black", "white"][v.board[i * SIZE + j]];
}

// api calls the JSON API and throws an Error carrying the server's message.
async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = typeof body === "string" ? "text/plain" : "application/json";
  }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) throw new Error((data && data.error) || res.status + " " + res.statusText);
  return data;
}

function say(text, isError) {
  const m = document.getElementById("message");
  m.textContent = text || "";
  m.className = isError ? "error" : "";
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// scoreLine says the stones and the score with komi, and who is ahead.
function scoreLine(v) {
  return "Black " + v.blackStones + " – White " + v.whiteStones + " + " + v.komi + " komi = " +
    (v.whiteStones + v.komi) + " (" + cap(v.leader) + (v.over ? " wins)" : " ahead)");
}

// infoRows fills a <dl> with pairs [term, value].
function infoRows(dl, rows) {
  dl.replaceChildren();
  for (const [k, val] of rows) {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k;
    dd.textContent = val;
    dl.append(dt, dd);
  }
}

// positionRows describes a position for an info list.
function positionRows(v) {
  const move = v.over ? "game over after " + v.actions.length + " actions" : v.move + " of " + v.last + ", " + v.turn + " to play";
  return [
    ["Move", move],
    ["Stones", scoreLine(v)],
    ["Captures", "Black " + v.captures.black + ", White " + v.captures.white],
    ["Ko ban", v.ko ? v.ko + " (" + v.turn + " may not retake now)" : "none"],
  ];
}
