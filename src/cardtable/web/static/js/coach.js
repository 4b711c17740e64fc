// The coach (issue 31): "What would you play?" asks the server for the best player's suggestion for this
// seat's own decision; the answer names the move in the words of the move buttons, its chance to win and
// the two next-best moves, and marks the suggested thing on the table. It is offered once every person
// seated allows it (each seat's "allow the coach"), and it is gone after the move.
import { el, ServerCheckbox } from "./dom.js";

const QUESTION = "What would you play?";
const percent = (chance) => `${Math.round(chance * 100)}%`;

export class Coach {
  /** `send(message)`: sends a message on the table's WebSocket (false when it is closed). */
  constructor(send) {
    this.send = send;
    this.answer = null;
    this.asking = null;
    this.error = "";
    this.asked = 0;
    this.button = el("button", { type: "button", class: "coach-ask", onclick: () => this.ask() }, QUESTION);
    this.said = el("div", { class: "coach-answer", role: "status", "aria-live": "polite" });
    this.box = el("div", { id: "coach", class: "coach", hidden: true }, this.button, this.said);
    document.getElementById("decision").append(this.box);
    this.allow = el("input", { type: "checkbox", id: "allow-coach" });
    this.allowed = new ServerCheckbox(this.allow, (allow) => this.send({ type: "allow-coach", allow }));
    this.allowNote = el("small", { class: "muted" });
    this.allowBox = el("label", { id: "allow-coach-box", class: "ask-always", hidden: true,
      title: "The coach suggests moves from what your seat sees; it answers once every person seated allows it, and the game's record says who asked it" },
    this.allow, " allow the coach ", this.allowNote);
    document.getElementById("ask-always-box").after(this.allowBox);
  }

  ask() {
    if (this.asking !== null || !this.state) return;
    this.asked += 1;
    const id = `coach-${this.asked}`;
    if (this.send({ type: "coach", id }) === false) return;
    this.asking = id;
    this.error = "";
    this.button.disabled = true;
    this.button.setAttribute("aria-busy", "true");
    this.said.textContent = "Thinking…";
  }

  /** A message from the server: true when it was the coach's (its answer, or the refusal of its question). */
  receive(message) {
    if (this.asking === null || message.id !== this.asking) return false;
    if (message.type !== "coach" && message.type !== "error") return false;
    this.asking = null;
    this.answer = message.type === "coach" ? message : null;
    if (this.answer) this.said.dataset.seconds = String(message.seconds); // the server's time to answer
    this.error = message.type === "error" ? message.message : "";
    if (this.state) this.draw(this.state, this.about);
    return true;
  }

  /** Draw the coach's part of the table for `state`; `about(action)`: the game's words and keys of a move
   * (`game.move`), as the move buttons have them. Called after the table is drawn. */
  draw(state, about) {
    this.state = state;
    this.about = about;
    const seated = state.seat !== null && state.seat !== undefined;
    const coach = state.coach ?? { open: false, allowed: [] };
    // the seat's own decision, unless its only move is played for it (the table's forced move)
    const forced = state.legal.length === 1 && !state.ask_always;
    const mine = seated && !state.result && state.decision?.seat === state.seat && state.legal.length > 0 && !forced;
    if (this.answer && this.answer.move !== state.move) this.answer = null; // gone after the move
    this.allowBox.hidden = !seated || Boolean(state.result);
    this.allowed.show(seated && coach.allowed.includes(state.seat));
    const waiting = this.allow.checked && !coach.open;
    this.allowNote.textContent = waiting ? "(waiting for every person seated to allow it)" : "";
    this.box.hidden = !(coach.open && mine);
    this.button.disabled = this.asking !== null;
    if (this.asking === null) this.button.removeAttribute("aria-busy");
    for (const node of document.querySelectorAll(".coach-pick")) node.classList.remove("coach-pick");
    if (this.box.hidden) return;
    if (this.asking !== null) return;
    if (this.error) {
      this.said.replaceChildren(el("span", { class: "error" }, this.error));
      return;
    }
    if (!this.answer) {
      this.said.replaceChildren();
      return;
    }
    const [best, ...next] = this.answer.moves;
    // each move named as its button is; its own estimate on hover
    const named = (move, tag, kind) => el(tag, { class: kind, "data-action": move.action,
      title: move.chance === null ? "" : `estimated chance to win after this move: ${percent(move.chance)}` },
    about(move.action)?.label ?? move.action);
    const chance = this.answer.chance === null ? " (your only move)" : `: your chance to win is ${percent(this.answer.chance)}`;
    this.said.replaceChildren(
      "The coach would play ", named(best, "b", "coach-best"), chance,
      ...(next.length ? ["; next best: ", ...next.flatMap((move, i) => [i ? ", " : "", named(move, "span", "coach-next")])] : []),
      ".");
    this.mark(best.action, about(best.action));
  }

  /** Mark the suggested move's button, or else the first thing on the table it is about. */
  mark(action, move) {
    const button = [...document.querySelectorAll("#actions button[data-action]")].find((b) => b.dataset.action === action);
    if (button) {
      button.classList.add("coach-pick");
      return;
    }
    for (const key of move?.keys ?? []) {
      const node = [...document.querySelectorAll("#board [data-target], #dock [data-target]")].find((n) => n.dataset.target === key);
      if (node) {
        node.classList.add("coach-pick");
        return;
      }
    }
  }
}
