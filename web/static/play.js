// play.js: the Play view (a game against the engine) and the Analyse view (a free board).
"use strict";

class PlayView {
  constructor(app) {
    this.app = app;
    this.game = null;
    this.busy = false;
    document.getElementById("new-game").addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
    document.getElementById("pass").addEventListener("click", () => this.move("PASS"));
    document.getElementById("undo").addEventListener("click", () => this.undo());
    document.getElementById("play-analyse").addEventListener("change", () => this.app.refresh());
  }

  position() { return this.game ? this.game.position : null; }
  marks() { return []; }
  wantsAnalysis() { return document.getElementById("play-analyse").checked && this.game !== null; }

  async newGame() {
    const colour = document.getElementById("colour").value;
    const budget = Number(document.getElementById("budget").value);
    try {
      this.set(await api("POST", "/api/game", { color: colour, budget: budget }));
      say("New game: you play " + colour + ".");
      await this.engineTurn();
    } catch (e) { say(e.message, true); }
  }

  set(game) {
    this.game = game;
    this.render();
    this.app.refresh();
  }

  async click(point) {
    if (!this.game) { say("Start a new game first.", true); return; }
    await this.move(point);
  }

  // move plays the human's action, then lets the engine answer.
  async move(action) {
    if (this.busy) { say("Wait: the engine is thinking.", true); return; }
    if (!this.game) return;
    const p = this.game.position;
    if (p.over) { say("The game is over: start a new one.", true); return; }
    if (p.turn !== this.game.human) { say("Wait: the engine is to move.", true); return; }
    this.busy = true;
    try {
      this.set(await api("POST", "/api/game/" + this.game.id + "/play", { move: action }));
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
      this.set(await api("POST", "/api/game/" + this.game.id + "/genmove"));
      const e = this.game.engine;
      say("The engine played " + e.move + " (" + e.method + ").");
    } catch (err) {
      say(err.message, true);
    } finally {
      this.busy = false;
      document.body.classList.remove("thinking");
    }
  }

  async undo() {
    if (!this.game || this.busy) return;
    try {
      this.set(await api("POST", "/api/game/" + this.game.id + "/undo"));
      say("Move taken back.");
      await this.engineTurn();
    } catch (e) { say(e.message, true); }
  }

  render() {
    const g = this.game, dl = document.getElementById("play-info"), res = document.getElementById("result");
    if (!g) { infoRows(dl, []); res.textContent = ""; return; }
    const rows = positionRows(g.position);
    rows.unshift(["You", cap(g.human) + " against the engine at " + g.budget + " s a move"]);
    if (g.engine) rows.push(["Engine", g.engine.move + " by " + g.engine.method]);
    infoRows(dl, rows);
    const p = g.position;
    res.textContent = g.winner ? "Game over: " + cap(g.winner) + " wins, " + p.blackStones + " to " +
      p.whiteStones + " + " + p.komi + " komi. " + (g.winner === g.human ? "You win!" : "The engine wins.") : "";
  }
}

// AnalyseView is a free board: clicks play for the side to move, and the analysis follows.
class AnalyseView {
  constructor(app) {
    this.app = app;
    this.pos = null;
    document.getElementById("analyse-back").addEventListener("click", () => this.go(this.actions().slice(0, -1)));
    document.getElementById("analyse-pass").addEventListener("click", () => this.go(this.actions().concat("PASS")));
    document.getElementById("analyse-reset").addEventListener("click", () => this.go([]));
  }

  actions() { return this.pos ? this.pos.actions : []; }
  position() { return this.pos; }
  marks() { return []; }
  wantsAnalysis() { return this.pos !== null; }

  async go(actions) {
    try {
      this.pos = await api("GET", "/api/position?moves=" + encodeURIComponent(actions.join(" ")));
      say("");
      infoRows(document.getElementById("analyse-info"), positionRows(this.pos));
      this.app.refresh();
    } catch (e) { say(e.message, true); }
  }

  click(point) {
    if (this.pos && this.pos.over) { say("The game is over.", true); return; }
    this.go(this.actions().concat(point));
  }
}
