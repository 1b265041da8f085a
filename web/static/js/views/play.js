// play.js: the Play view, a game against the engine kept on the server under its id.
import { api, say, infoRows } from "../dom.js";
import { cap, methodText, pointName, positionRows } from "../format.js";
import { Line } from "../line.js";
import { readStep } from "../state.js";

// START says how to begin, for whatever is asked of the Play view before a game.
const START = "Start a game first: choose your colour and the engine's time a move, then press New game.";
// ANALYSE_FIRST says the same to one who asks for the analysis before a game.
export const ANALYSE_FIRST = "The analysis follows a game, and there is none yet. " + START;

export class PlayView {
  constructor(app) {
    this.app = app;
    this.game = null;
    this.busy = false;
    this.line = new Line(document.getElementById("play-line"), {
      onStep: () => { this.render(); app.changed(this); },
      onValue: () => app.valued(this),
      onReview: (actions) => app.reviewActions(actions),
      names: () => this.names(),
      gameId: () => (this.game ? this.game.id : null),
      fetchValues: true,
    });
    document.getElementById("new-game").addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
    document.getElementById("pass").addEventListener("click", () => this.move("PASS"));
    document.getElementById("undo").addEventListener("click", () => this.undo());
    document.getElementById("play-analyse").addEventListener("change", (e) => {
      if (e.target.checked && !this.game) say(ANALYSE_FIRST, true);
      app.changed(this);
    });
  }

  names() {
    if (!this.game) return {};
    return this.game.human === "black" ? { black: "you", white: "littlego engine" } : { black: "littlego engine", white: "you" };
  }

  position() { return this.line.pos; }
  marks() { return []; }
  wantsAnalysis() { return document.getElementById("play-analyse").checked && this.game !== null; }
  atEnd() { return this.line.step === this.line.actions.length; }
  state() { return this.game ? { id: this.game.id, at: this.atEnd() ? "" : this.line.step } : {}; }

  // restore shows the game and move the URL names.
  async restore(params) {
    if (!params.id) return;
    if (this.game && this.game.id === params.id) {
      await this.line.go(readStep(params.at, this.line.actions.length));
      return;
    }
    try {
      const g = await api("GET", "/api/game/" + encodeURIComponent(params.id));
      await this.set(g, readStep(params.at, g.position.actions.length));
      say("");
      await this.engineTurn();
    } catch (e) {
      say("That game is no longer on the server (" + e.message + ").", true);
    }
  }

  async newGame() {
    const colour = document.getElementById("colour").value;
    const budget = Number(document.getElementById("budget").value);
    try {
      await this.set(await api("POST", "/api/game", { color: colour, budget }));
      say("New game: you play " + colour + ".");
      await this.engineTurn();
    } catch (e) { say(e.message, true); }
  }

  // set shows game; each engine move says what is known of the positions before and
  // after it (steps e.step-1 and e.step of the line, loaded first): proved by its
  // method, or the search's estimate (a hollow dot that stays over a reload).
  set(game, at) {
    this.game = game;
    document.getElementById("play-hint").hidden = true;
    const load = this.line.load(game.position.actions, at);
    for (const e of game.engine_moves || []) {
      if (e.before && e.before.winner) this.line.note(e.step - 1, e.before);
      if (e.value && e.value.winner) this.line.note(e.step, e.value);
      else if (typeof e.winrate === "number") this.line.note(e.step, { estimate: game.human === "black" ? 1 - e.winrate : e.winrate });
    }
    return load;
  }

  async click(point) {
    if (!this.game) { say(START, true); return; }
    // The info list's "Move N of 24" is the move about to be played here; so is this N.
    if (!this.atEnd()) { say("You are looking at move " + this.line.pos.move + ", not the game's last: press End (▶|) to go back to the game.", true); return; }
    await this.move(point);
  }

  // move plays the human's action, then lets the engine answer.
  async move(action) {
    if (this.busy) { say("Wait: the engine is thinking.", true); return; }
    if (!this.game) { say(START, true); return; }
    const p = this.game.position;
    if (p.over) { say("The game is over: start a new one.", true); return; }
    if (p.turn !== this.game.human) { say("Wait: the engine is to move.", true); return; }
    this.busy = true;
    try {
      await this.set(await api("POST", "/api/game/" + this.game.id + "/play", { move: action }));
      say("");
    } catch (e) {
      say(e.message, true);
      return;
    } finally {
      this.busy = false;
    }
    await this.engineTurn();
  }

  async engineTurn() {
    const p = this.game.position;
    if (p.over || p.turn === this.game.human) return;
    this.busy = true;
    document.body.classList.add("thinking");
    say("The engine is thinking…");
    try {
      await this.set(await api("POST", "/api/game/" + this.game.id + "/genmove"));
      const e = this.game.engine;
      say("The engine played " + pointName(e.move) + " — " + methodText(e.method) + ".");
    } catch (err) {
      say(err.message, true);
    } finally {
      this.busy = false;
      document.body.classList.remove("thinking");
    }
  }

  async undo() {
    if (!this.game) { say(START + " (there is no move to take back yet)", true); return; }
    if (this.busy) { say("Wait: the engine is thinking.", true); return; }
    try {
      await this.set(await api("POST", "/api/game/" + this.game.id + "/undo"));
      say("Move taken back.");
      await this.engineTurn();
    } catch (e) { say(e.message, true); }
  }

  render() {
    const g = this.game, dl = document.getElementById("play-info"), res = document.getElementById("result");
    if (!g || !this.line.pos) { infoRows(dl, []); res.textContent = ""; return; }
    const rows = positionRows(this.line.pos);
    rows.unshift(["You", cap(g.human) + " against the engine at " + g.budget + " s a move"]);
    if (g.engine) rows.push(["Engine", pointName(g.engine.move) + " — " + methodText(g.engine.method)]);
    infoRows(dl, rows);
    const p = g.position;
    res.textContent = g.winner ? "Game over: " + p.score + " (Black " + p.blackStones + ", White " + p.whiteStones + " + " + p.komi +
      " komi). " + (g.winner === g.human ? "You win!" : "The engine wins.") : "";
  }
}
