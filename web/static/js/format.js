// format.js: values in plain words, and coordinates. Pure: no DOM, no network.
//
// Results come from the server written as Go writes them, after the komi ("B+0.5",
// "W+2.5", "B+0.5 or more": package facts' formatter), with the stone count in words
// ("Black 3 stones ahead"); this module only puts them in sentences. A margin (a number)
// is the final margin black − white in stones before the komi: the graph's height.

export const KOMI = 2.5;
const SIZE = 5;

export function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
export function pct(x) { return Math.round(100 * x) + "%"; }
export function other(colour) { return colour === "black" ? "white" : "black"; }

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

// pointList names points for a sentence: "2,2", "1,2 and 2,1", "1,1; 2,2 and pass"
// (semicolons, since the course's coordinates hold commas).
export function pointList(points) {
  const names = points.map((p) => pointName(p));
  return names.length < 2 ? names.join("") : names.slice(0, -1).join("; ") + " and " + names[names.length - 1];
}

// colourOfMove returns the side that plays move n (from 1).
export function colourOfMove(n) { return n % 2 === 1 ? "black" : "white"; }

// methodText says in words how the engine chose a move (engine.Method's names).
export function methodText(method) {
  return {
    search: "chosen by the search (its win rate is an estimate)",
    book: "from the opening book (a proved win)",
    table: "from the opening table (a proved win)",
    solver: "proved to win by the solver",
    rule: "by the pass rule: you passed and the engine is ahead on the board, so its pass ends the game with its win",
    forced: "the only action left",
    fallback: "a fallback move (the search gave no move)",
    lost: "every move loses against perfect play; the engine chose the one hardest to refute",
  }[method] || method;
}

// resultWords says a proved result: "by 0.5 (B+0.5: Black 3 stones ahead, komi 2.5)"
// when it is exact (result and stones given), "(B+0.5 or more; the exact result not
// proved)" for bounds, "(the result not proved)" without.
export function resultWords(result, stones) {
  if (result && stones) return "by " + result.replace(/^[BW]\+/, "") + " (" + result + ": " + stones + ", komi " + KOMI + ")";
  return result ? "(" + result + "; the exact result not proved)" : "(the result not proved)";
}

// rank orders what is known of a value: 3 an exact margin, 2 a proved winner, 1 an
// estimate, 0 nothing.
function rank(v) {
  if (!v) return 0;
  return typeof v.margin === "number" ? 3 : v.winner ? 2 : typeof v.estimate === "number" ? 1 : 0;
}

// bestValue returns the one of two values of the same position that knows the most: a
// proof before an estimate, a proved margin before a bare winner (a live analysis and
// the server's /api/values may each know more than the other).
export function bestValue(a, b) {
  if (rank(b) > rank(a)) return b;
  return a || b || {};
}

// headline says the value of a position in one sentence. pos is a PositionView; value
// what is known of it: {winner, margin, allLose} where proved, estimate (Black's chance,
// 0..1, from a search) where not; winning lists the side to move's proved winning moves,
// open the number of its actions not proved yet (0: every action is, so winning are all
// of them; omitted: not known); checking says that the server is still being asked what
// is proved. kind is "proved", "estimate" or "unknown".
export function headline(pos, value, winning, checking, open) {
  if (pos.over) {
    const w = pos.score.startsWith("B") ? "Black" : "White";
    return { kind: "proved", text: "Game over: " + w + " wins " + resultWords(pos.score, pos.lead) + "." };
  }
  const me = pos.turn, v = value || {}, exact = Boolean(v.stones);
  const words = resultWords(v.result, v.stones);
  if (v.winner === me) {
    return {
      kind: "proved",
      text: cap(me) + " to play wins " + (exact ? words + " with perfect play" : "with perfect play " + words) +
        (winning && winning.length ? "; " + winningWords(winning, open) : "") + ".",
    };
  }
  if (v.winner) {
    const by = exact ? ", the best loses " + words : " " + words;
    return {
      kind: "proved",
      text: cap(me) + " to play loses" + (v.allLose ? ": every move is a proved loss" + by : " with perfect play: " + cap(v.winner) + " wins " + words) + ".",
    };
  }
  if (checking) return { kind: "unknown", text: "Looking up what is proved of this position…" };
  const bounds = v.result ? " The result is proved to be " + v.result + "." : "";
  if (typeof v.estimate === "number") {
    const mine = me === "black" ? v.estimate : 1 - v.estimate;
    return { kind: "estimate", text: "Not proved. Estimate: " + cap(me) + " to play wins " + pct(mine) + " of the search's playouts (an estimate, not a proof)." + bounds };
  }
  return { kind: "unknown", text: "Not proved: the value is unknown." + bounds };
}

// winningWords names the proved winning moves: all of them once open, the actions not
// proved, is 0; else "so far", with how many are still open when that is known.
function winningWords(winning, open) {
  if (open === 0) return "winning moves: " + pointList(winning);
  const rest = open > 0 ? " (" + open + (open === 1 ? " action" : " actions") + " not proved yet)" : "";
  return "winning moves so far: " + pointList(winning) + rest;
}

// trustNote says which value to believe when the search's win rates sit beside proofs,
// or "" when nothing is proved.
export function trustNote(verdicts) {
  if (!verdicts || !Object.keys(verdicts.moves).length) return "";
  return "Win rates are the search's estimates from random playouts; where a move is proved (✓ win, ✗ loss) believe the proof.";
}

// moveLimit says the solver's limit per action ("4 s", "the limit" when the server did
// not say); ownLimit the same of some actions ("their own 4 s"); timeLimit the
// analysis's own ("the analysis's 60 s", "the analysis's time limit").
function moveLimit(v) { return v && v.moveLimit ? v.moveLimit + " s" : "the limit"; }
function ownLimit(v) { return "their own " + (v && v.moveLimit ? v.moveLimit + " s" : "limit"); }
function timeLimit(v) { return "the analysis's " + (v && v.timeLimit ? v.timeLimit + " s" : "time limit"); }

// verdictCell says what is proved of one move for the table: "win B+0.5 · solver", "loss",
// "being proved…", "not proved within 4 s" (its own limit), "not proved: the analysis's
// 60 s ran out first" (stopped before its own limit) or "".
export function verdictCell(verdicts, move) {
  if (!verdicts) return "";
  const v = verdicts.moves[move], r = verdicts.results && verdicts.results[move], src = verdicts.sources && verdicts.sources[move];
  if (v) return v + (r ? " " + r : "") + (src ? " · " + ((verdicts.sourceNames && verdicts.sourceNames[src]) || src) : "");
  if (verdicts.thinking.includes(move)) return "being proved…";
  if (verdicts.unproved.includes(move)) return "not proved within " + moveLimit(verdicts);
  if ((verdicts.stopped || []).includes(move)) return "not proved: " + (verdicts.lost ? "the analysis stopped first" : timeLimit(verdicts) + " ran out first");
  return "";
}

// boardScore says who leads on the board with komi, in Go's notation (the server's
// score): "no stones yet", "W+1.5 if the game ended now", or for a finished game
// "W+1.5, final".
export function boardScore(v) {
  if (!v.blackStones && !v.whiteStones) return "no stones yet";
  return v.over ? v.score + ", final" : v.score + " if the game ended now";
}

// positionRows describes a position for an info list: [term, value] pairs.
export function positionRows(v) {
  const move = v.over ? "game over after " + v.actions.length + " actions" : v.move + " of " + v.last + ", " + v.turn + " to play";
  return [
    ["Move", move],
    ["Stones", "Black " + v.blackStones + " – White " + v.whiteStones + " + " + v.komi + " komi: " + boardScore(v)],
    ["Captures", "Black " + v.captures.black + ", White " + v.captures.white],
    ["Ko ban", v.ko ? pointName(v.ko) + " (" + v.turn + " may not retake now)" : "none"],
  ];
}

// proofSummary says in words what is proved of the moves of a position (any source):
// the points and the pass counted apart (a 5x5 board has 25 points). ended says the
// analysis is over: no action is then "thinking"; what is left is "not proved within 4 s"
// (its own limit) or stopped by the analysis's own time limit first, each said apart.
export function proofSummary(v, ended) {
  if (!v) return "";
  const points = (list) => (list || []).filter((m) => m !== "PASS").length;
  const proved = points(Object.keys(v.moves)), open = points(v.thinking), unproved = points(v.unproved);
  const stopped = points(v.stopped) + (ended ? open : 0);
  if (!proved && !open && !unproved && !points(v.stopped) && !v.moves.PASS) return "The game is over: no move is left to prove.";
  let text = proved + " of " + (proved + open + unproved + points(v.stopped)) + " points proved" + (v.moves.PASS ? ", and the pass" : "");
  const margins = points(Object.keys(v.margins));
  if (margins) text += "; " + margins + (margins === 1 ? " with its exact result" : " with their exact result");
  if (!ended && open) text += "; working on " + open;
  if (unproved) text += "; " + unproved + " not proved within " + moveLimit(v) + (unproved > 1 ? " each" : "");
  if (stopped) text += "; " + stopped + " not proved when " + timeLimit(v) + " ran out";
  if (!ended && v.marginsPending) text += "; finding " + v.marginsPending + (v.marginsPending === 1 ? " exact result" : " exact results");
  return text + ".";
}

// statusText says the analysis's state in words: its status while it runs, and why it
// ended (the server's done reasons).
export function statusText(status, reason) {
  if (status === "done") {
    return {
      "every move proved": "finished: every move proved",
      complete: "finished",
      "time limit": "stopped at its time limit",
    }[reason] || "stopped";
  }
  return { starting: "starting…", running: "running", stopped: "stopped: the connection to the board was lost" }[status] || status;
}

// resultsNote ends endNote's sentence for an analysis whose every move is proved but
// not every exact result found: how many results it found (the points and the pass
// alike), ".": "; no exact result was found." or "; 3 of 10 exact results were found.".
function resultsNote(v) {
  const proved = Object.keys(v.moves).length, found = Object.keys(v.margins || {}).length;
  if (!proved || found >= proved) return ".";
  if (!found) return proved === 1 ? ", but its exact result was not found." : ", but no exact result was found.";
  return ", but only " + found + " of the " + proved + " exact results " + (found === 1 ? "was" : "were") + " found.";
}

// endNote says in a sentence how an ended analysis left its moves, or "" while it runs:
// every move proved, or how many points are not proved, stopped by which limit, and what their
// win rates are then worth.
export function endNote(v, status, reason) {
  if (status !== "done" && status !== "stopped") return "";
  const pts = (list) => (list || []).filter((m) => m !== "PASS").length;
  const unproved = v ? pts(v.unproved) : 0, stopped = v ? pts(v.stopped) + pts(v.thinking) : 0, open = unproved + stopped;
  const how = { "time limit": "The analysis stopped at its time limit" + (v && v.timeLimit ? " (" + v.timeLimit + " s)" : ""), complete: "The analysis finished", "every move proved": "The analysis finished" }[reason] ||
    "The analysis stopped";
  if (!v) return how + ".";
  if (!open) return how + ": every move is proved" + (reason === "every move proved" ? ", each with its exact result." : resultsNote(v));
  const parts = [];
  if (unproved) parts.push(unproved + " within " + ownLimit(v));
  if (stopped) parts.push(stopped + " stopped by " + timeLimit(v) + " before " + ownLimit(v));
  return how + " with " + open + (open === 1 ? " point" : " points") + " not proved (marked ?): " + parts.join(", ") +
    ". Where the search visited them, their win rates are its estimates, not proofs.";
}
