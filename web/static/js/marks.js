// marks.js: the marks drawn on the board, from the analysis and the review. Pure: no DOM.
// A mark is {point, kind, text, sub}; kinds: win, loss, thinking, unproved, book,
// candidate, pv, played, blunder, alternative.
import { pct } from "./format.js";

// analysisMarks returns the marks of a live analysis: the proved verdicts (with the
// exact result after the move, in Go's notation, as sub), the book move, the search's candidates and its
// principal variation, numbered from 1, the move now. turn is the side to move.
export function analysisMarks(verdicts, search, turn) {
  const out = [];
  if (verdicts) {
    for (const [move, verdict] of Object.entries(verdicts.moves)) {
      // Under the point only an exact result; bounds go to the table.
      const exact = verdicts.margins && typeof verdicts.margins[move] === "number";
      out.push({ point: move, kind: verdict, sub: exact && verdicts.results ? verdicts.results[move] || "" : "" });
    }
    for (const move of verdicts.thinking) out.push({ point: move, kind: "thinking" });
    for (const move of verdicts.unproved.concat(verdicts.stopped || [])) out.push({ point: move, kind: "unproved" });
    for (const [move, source] of Object.entries(verdicts.sources || {})) if (source === "book") out.push({ point: move, kind: "book" });
  }
  if (search) {
    for (const c of search.candidates.slice(0, 8)) {
      out.push({ point: c.move, kind: "candidate", text: pct(c.winrate), sub: String(c.visits) });
    }
    search.pv.slice(0, 6).forEach((move, k) => {
      // The principal variation alternates from the side to move.
      const colour = (k % 2 === 0) === (turn === "black") ? "black" : "white";
      out.push({ point: move, kind: "pv", text: String(k + 1), colour });
    });
  }
  return out.filter((m) => m.point !== "PASS");
}

// reviewMarks returns the marks of a reviewed move (review.MoveReview as JSON): the move
// played next, a blunder in red, and the moves that kept the win.
export function reviewMarks(m) {
  if (!m) return [];
  const out = [];
  if (m.action !== "PASS") out.push({ point: m.action, kind: m.blunder ? "blunder" : "played", text: m.blunder ? "?" : String(m.number) });
  for (const alt of m.winning_alternatives || []) if (alt !== "PASS") out.push({ point: alt, kind: "alternative" });
  return out;
}

// nextMoveMark returns the mark of the move played next in a game being stepped through.
export function nextMoveMark(actions, step) {
  const a = actions[step];
  return a && a !== "PASS" ? [{ point: a, kind: "played", text: String(step + 1) }] : [];
}
