// format.js: values in plain words, and coordinates. Pure: no DOM, no network.
//
// A margin is the final margin black - white in stones with perfect play (the solver's
// solver.Margin); Black wins when it is at least BLACK_MARGIN, so with komi the result is
// margin - KOMI for Black.

export const KOMI = 2.5;
export const BLACK_MARGIN = 3;
const SIZE = 5;

export function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
export function pct(x) { return Math.round(100 * x) + "%"; }
export function other(colour) { return colour === "black" ? "white" : "black"; }

// result returns the result with komi of a final margin: "B+0.5", "W+2.5".
export function result(margin) {
  const d = margin - KOMI;
  return d > 0 ? "B+" + d : "W+" + (-d);
}

// winnerOf returns the side a margin makes the winner.
export function winnerOf(margin) { return margin >= BLACK_MARGIN ? "black" : "white"; }

let coordStyle = "course";

// setCoordStyle sets the style pointName uses by default: "course" or "go".
export function setCoordStyle(style) { coordStyle = style === "go" ? "go" : "course"; }

// pointName writes a point "i,j" in a coordinate style: "course" (row,column from 0, as
// in output.txt) or "go" (columns A-E from the left, rows 5-1 from the top: "C3").
export function pointName(p, style = coordStyle) {
  if (p === "PASS") return "pass";
  if (style !== "go") return p;
  const [i, j] = p.split(",").map(Number);
  return "ABCDE"[j] + (SIZE - i);
}

// colourOfMove returns the side that plays move n (from 1).
export function colourOfMove(n) { return n % 2 === 1 ? "black" : "white"; }

// methodText says in words how the engine chose a move (engine.Method's names).
export function methodText(method) {
  return {
    search: "chosen by the search (its win rate is an estimate)",
    book: "from the opening book (a proved win)",
    solver: "proved to win by the solver",
    rule: "by the pass rule: you passed and the engine is ahead on the board, so its pass ends the game with its win",
    forced: "the only action left",
    fallback: "a fallback move (the search gave no move)",
    lost: "every move loses against perfect play; the engine chose the one hardest to refute",
  }[method] || method;
}

// marginWords says a proved margin: "by 0.5 (B+0.5: Black 3 stones ahead, komi 2.5)".
export function marginWords(margin) {
  const lead = margin === 0 ? "equal stones" : margin > 0 ? "Black " + margin + " stones ahead" : "White " + (-margin) + " stones ahead";
  return "by " + Math.abs(margin - KOMI) + " (" + result(margin) + ": " + lead + ", komi " + KOMI + ")";
}

// headline says the value of a position in one sentence. pos is a PositionView; value
// what is known of it: {winner, margin, allLose} where proved, estimate (Black's chance,
// 0..1, from a search) where not; winning lists the side to move's proved winning moves.
// kind is "proved", "estimate" or "unknown".
export function headline(pos, value, winning) {
  if (pos.over) {
    const m = pos.blackStones - pos.whiteStones;
    return { kind: "proved", text: "Game over: " + cap(winnerOf(m)) + " wins " + marginWords(m) + "." };
  }
  const me = pos.turn, v = value || {}, known = typeof v.margin === "number";
  if (v.winner === me) {
    return {
      kind: "proved",
      text: cap(me) + " to play wins " + (known ? marginWords(v.margin) + " with perfect play" : "with perfect play (margin not proved)") +
        (winning && winning.length ? "; winning moves: " + winning.map((p) => pointName(p)).join(", ") : "") + ".",
    };
  }
  if (v.winner) {
    const by = known ? ", the best loses " + marginWords(v.margin) : " (margin not proved)";
    return {
      kind: "proved",
      text: cap(me) + " to play loses" + (v.allLose ? ": every move is a proved loss" + by : " with perfect play" + (known ? ": " + cap(v.winner) + " wins " + marginWords(v.margin) : " (margin not proved)")) + ".",
    };
  }
  if (typeof v.estimate === "number") {
    const mine = me === "black" ? v.estimate : 1 - v.estimate;
    return { kind: "estimate", text: "Not proved. Estimate: " + cap(me) + " to play wins " + pct(mine) + " of the search's playouts (an estimate, not a proof)." };
  }
  return { kind: "unknown", text: "Not proved: the value is unknown." };
}

// trustNote says which value to believe when the search's win rates sit beside proofs,
// or "" when nothing is proved.
export function trustNote(verdicts) {
  if (!verdicts || !Object.keys(verdicts.moves).length) return "";
  return "Win rates are the search's estimates from random playouts; where the solver has proved a move (✓ win, ✗ loss) believe the proof.";
}

// verdictCell says the solver's word on one move for the table: "win B+0.5", "loss",
// "thinking…", "not proved" or "".
export function verdictCell(verdicts, move) {
  if (!verdicts) return "";
  const v = verdicts.moves[move];
  if (v) return v + (typeof verdicts.margins[move] === "number" ? " " + result(verdicts.margins[move]) : "");
  if (verdicts.thinking.includes(move)) return "thinking…";
  if (verdicts.unproved.includes(move)) return "not proved";
  return "";
}

// positionRows describes a position for an info list: [term, value] pairs.
export function positionRows(v) {
  const move = v.over ? "game over after " + v.actions.length + " actions" : v.move + " of " + v.last + ", " + v.turn + " to play";
  return [
    ["Move", move],
    ["Stones", "Black " + v.blackStones + " – White " + v.whiteStones + " + " + v.komi + " komi (" + cap(v.leader) + (v.over ? " wins)" : " ahead on the board)")],
    ["Captures", "Black " + v.captures.black + ", White " + v.captures.white],
    ["Ko ban", v.ko ? pointName(v.ko) + " (" + v.turn + " may not retake now)" : "none"],
  ];
}
