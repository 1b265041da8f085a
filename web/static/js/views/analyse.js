// analyse.js: the Analyse view, a free board: clicks play for the side to move, and the
// live analysis follows the position shown.
import { say, infoRows } from "../dom.js";
import { positionRows } from "../format.js";
import { Line } from "../line.js";
import { actionsParam, readActions, readStep } from "../state.js";

export class AnalyseView {
  constructor(app) {
    this.app = app;
    this.line = new Line(document.getElementById("analyse-line"), {
      onStep: () => { infoRows(document.getElementById("analyse-info"), positionRows(this.line.pos)); app.changed(this); },
      onValue: () => app.valued(this),
      onReview: (actions) => app.reviewActions(actions),
      fetchValues: true,
      proofs: true,
    });
    this.loaded = false;
    document.getElementById("analyse-pass").addEventListener("click", () => this.click("PASS"));
    document.getElementById("analyse-reset").addEventListener("click", () => this.line.load([]));
  }

  position() { return this.line.pos; }
  marks() { return []; }
  wantsAnalysis() { return this.line.pos !== null; }
  state() {
    const l = this.line;
    return { moves: actionsParam(l.actions), at: l.step === l.actions.length ? "" : l.step };
  }

  async restore(params) {
    const actions = readActions(params.moves || "");
    if (this.loaded && actionsParam(actions) === actionsParam(this.line.actions)) {
      await this.line.go(readStep(params.at, actions.length));
      return;
    }
    this.loaded = true;
    await this.line.load(actions, readStep(params.at, actions.length));
  }

  // click plays point (or "PASS") after the position shown, dropping the moves after it.
  click(point) {
    const pos = this.line.pos;
    if (pos && pos.over) { say("The game is over.", true); return; }
    if (point !== "PASS" && pos && !pos.legal.includes(point)) {
      say(point + " is not legal here" + (pos.ko === point ? " (a ko: it may not be retaken at once)" : pos.board[Number(point[0]) * 5 + Number(point[2])] ? " (occupied)" : " (suicide)") + ".", true);
      return;
    }
    say("");
    this.line.load(this.line.actions.slice(0, this.line.step).concat(point));
  }
}
