// graph.js: the geometry of the value graph over a game. Pure: no DOM.
//
// values[k] is what is known of the position after k actions (k = 0..n): {winner,
// margin} where proved, estimate (Black's chance 0..1, from a search) where not; null
// or {} when nothing is known. Up is good for Black. A proved value is drawn outside the
// band |level| < BAND (further out the larger its margin); an estimate inside it, so
// that the two cannot be mistaken for each other.
import { KOMI } from "./format.js";

export const WIDTH = 510, HEIGHT = 160;
export const PAD = { left: 28, right: 10, top: 10, bottom: 24 };
export const BAND = 0.3;
const FULL_MARGIN = 10; // a proved result of this many points or more is drawn at the edge

// level returns a value's height in [-1, 1] and its kind ("margin", "proved" or
// "estimate"), or null when nothing is known.
export function level(v) {
  if (!v) return null;
  if (typeof v.margin === "number") {
    const d = v.margin - KOMI;
    return { y: Math.sign(d) * (BAND + (1 - BAND) * Math.min(Math.abs(d), FULL_MARGIN) / FULL_MARGIN), kind: "margin" };
  }
  if (v.winner) return { y: v.winner === "black" ? BAND : -BAND, kind: "proved" };
  if (typeof v.estimate === "number") return { y: (2 * v.estimate - 1) * BAND * 0.9, kind: "estimate" };
  return null;
}

// xAt returns the x of position k of a game of n actions.
export function xAt(k, n) {
  return PAD.left + (WIDTH - PAD.left - PAD.right) * (n > 0 ? k / n : 0.5);
}

// yAt returns the y of a level.
export function yAt(y) {
  const mid = PAD.top + (HEIGHT - PAD.top - PAD.bottom) / 2;
  return mid - y * (HEIGHT - PAD.top - PAD.bottom) / 2;
}

// tickEvery returns the step between numbered ticks for a game of n actions.
export function tickEvery(n) { return n <= 12 ? 1 : n <= 24 ? 2 : 4; }

// layout returns the graph of values over a game of n actions: its points (k, x, y,
// kind), the ticks (x, label for every tickEvery-th), the y of the middle line and of
// the band's edges.
export function layout(values, n) {
  const points = [];
  for (let k = 0; k <= n; k++) {
    const l = level(values[k]);
    if (l) points.push({ k, x: xAt(k, n), y: yAt(l.y), kind: l.kind });
  }
  const ticks = [];
  for (let k = 0; k <= n; k++) ticks.push({ k, x: xAt(k, n), label: k % tickEvery(n) === 0 ? String(k) : "" });
  return { points, ticks, mid: yAt(0), bandTop: yAt(BAND), bandBottom: yAt(-BAND), top: yAt(1), bottom: yAt(-1) };
}

// nearest returns the position k whose x is nearest x, for a game of n actions.
export function nearest(x, n) {
  if (n <= 0) return 0;
  const k = Math.round((x - PAD.left) / (WIDTH - PAD.left - PAD.right) * n);
  return Math.max(0, Math.min(n, k));
}

// traces returns the runs of a layout's points to join by a line: neighbouring
// positions only, so that a position of which nothing is known is a gap, not a value.
export function traces(points) {
  const out = [];
  let run = [];
  for (const p of points) {
    if (run.length && p.k !== run[run.length - 1].k + 1) {
      if (run.length > 1) out.push(run);
      run = [];
    }
    run.push(p);
  }
  if (run.length > 1) out.push(run);
  return out;
}
