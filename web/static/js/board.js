// board.js: the SVG board. It draws a position (a PositionView) and marks, and reports
// clicks on points; it knows nothing of the views.
import { svg } from "./dom.js";
import { pointName } from "./format.js";

const SIZE = 5, STEP = 56, MARGIN = 48, SIDE = 304;

// xy returns the centre of point "i,j" (row i, column j).
function xy(point) {
  const [i, j] = point.split(",").map(Number);
  return [MARGIN + j * STEP, MARGIN + i * STEP];
}

function stoneAt(v, point) {
  const [i, j] = point.split(",").map(Number);
  return ["", "black", "white"][v.board[i * SIZE + j]];
}

export class Board {
  constructor(el, onClick) {
    this.svg = el;
    this.view = null;
    this.marks = [];
    el.addEventListener("click", (ev) => {
      const t = ev.target.closest("[data-point]");
      if (t) onClick(t.dataset.point);
    });
  }

  // show draws view (a PositionView, or null for an empty board) with marks.
  show(view, marks) {
    this.view = view;
    this.marks = marks || [];
    this.draw();
  }

  // draw redraws the stones and marks. The grid and the points that take clicks are
  // drawn once (again when the coordinates change), so that a click is not lost to a
  // redraw between the press and the release of the button.
  draw() {
    const style = pointName("0,0");
    if (this.built !== style) this.build(style);
    this.layer.replaceChildren();
    if (this.view) this.drawStones(this.view);
    for (const m of this.marks) this.drawMark(m);
  }

  build(style) {
    this.built = style;
    const s = this.svg;
    s.replaceChildren(svg("rect", { x: 0, y: 0, width: SIDE, height: SIDE, class: "wood" }));
    const lo = MARGIN, hi = MARGIN + (SIZE - 1) * STEP;
    for (let k = 0; k < SIZE; k++) {
      const c = MARGIN + k * STEP;
      s.appendChild(svg("line", { x1: lo, y1: c, x2: hi, y2: c, class: "grid" }));
      s.appendChild(svg("line", { x1: c, y1: lo, x2: c, y2: hi, class: "grid" }));
      const col = pointName("0," + k), row = pointName(k + ",0");
      // The labels sit in the margin's outer half, clear of the stones on the edge.
      s.appendChild(svg("text", { x: c, y: 15, class: "coord" }, col.includes(",") ? String(k) : col[0]));
      s.appendChild(svg("text", { x: 12, y: c + 4.5, class: "coord" }, row.includes(",") ? String(k) : row.slice(1)));
    }
    this.layer = svg("g", { class: "layer" });
    s.appendChild(this.layer);
    for (let i = 0; i < SIZE; i++) {
      for (let j = 0; j < SIZE; j++) {
        const p = i + "," + j, [x, y] = xy(p);
        s.appendChild(svg("rect", {
          x: x - STEP / 2, y: y - STEP / 2, width: STEP, height: STEP,
          class: "hit", "data-point": p, "aria-label": "point " + pointName(p),
        }));
      }
    }
  }

  drawStones(v) {
    v.board.forEach((s, idx) => {
      if (!s) return;
      const p = Math.floor(idx / SIZE) + "," + (idx % SIZE), [x, y] = xy(p);
      this.layer.appendChild(svg("circle", { cx: x, cy: y, r: STEP * 0.45, class: s === 1 ? "stone black" : "stone white", "data-stone": p }));
    });
    const last = v.actions.length ? v.actions[v.actions.length - 1] : "";
    // The last move's ring, unless a mark of the move played sits there already.
    if (last && last !== "PASS" && !this.marks.some((m) => m.point === last && (m.kind === "played" || m.kind === "blunder"))) {
      const [x, y] = xy(last);
      this.layer.appendChild(svg("circle", { cx: x, cy: y, r: 7, class: "last " + stoneAt(v, last) }));
    }
    if (v.ko) {
      const [x, y] = xy(v.ko);
      this.layer.appendChild(svg("rect", { x: x - 13, y: y - 13, width: 26, height: 26, class: "ko", "data-ko": v.ko }));
      this.layer.appendChild(svg("text", { x, y: y + 4, class: "ko-text" }, "ko"));
    }
  }

  // drawMark draws one mark (marks.js names the kinds).
  drawMark(m) {
    const [x, y] = xy(m.point), colour = this.view ? stoneAt(this.view, m.point) : "";
    const g = svg("g", { class: "mark " + m.kind, "data-mark": m.kind, "data-at": m.point });
    switch (m.kind) {
      case "win": case "loss": case "thinking": case "unproved":
        g.appendChild(svg("circle", { cx: x, cy: y, r: STEP * 0.42 }));
        g.appendChild(svg("text", { x: x + 18, y: y - 12, class: "tag" }, { win: "✓", loss: "✗", thinking: "…", unproved: "?" }[m.kind]));
        // Inside the point's circle, clear of the stone on the point below.
        if (m.sub) g.appendChild(svg("text", { x, y: y + 21, class: "margin", "data-margin": m.sub }, m.sub));
        break;
      case "book":
        g.appendChild(svg("text", { x, y: y - 14, class: "tag" }, "★"));
        break;
      case "candidate":
        g.appendChild(svg("text", { x, y, class: "rate" }, m.text));
        g.appendChild(svg("text", { x, y: y + 11, class: "visits" }, m.sub));
        break;
      case "pv":
        // Top left, clear of the win rate and playouts in the middle, the verdict's tag
        // top right and the result below.
        g.appendChild(svg("circle", { cx: x - 20, cy: y - 20, r: 7, class: "pv " + (m.colour || "") }));
        g.appendChild(svg("text", { x: x - 20, y: y - 16.5, class: "pvnum" }, m.text));
        break;
      case "blunder": case "played":
        g.appendChild(svg("circle", { cx: x, cy: y, r: STEP * 0.42, class: colour }));
        g.appendChild(svg("text", { x, y: y + 6, class: "tag" }, m.text || ""));
        break;
      case "alternative":
        g.appendChild(svg("circle", { cx: x, cy: y, r: 9 }));
        break;
    }
    this.layer.appendChild(g);
  }
}
