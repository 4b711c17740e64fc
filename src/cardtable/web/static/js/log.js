// The log: the game's own narration of each move, one line per thing that happened, grouped under the
// round (or turn) it happened in; the automata's lines are marked as theirs; a move's notation only
// when asked for ("show notation"). It only grows while the game goes on: new lines are appended, and
// it is drawn anew only when lines change (a take-back, the end of the game showing every move).
import { el, named } from "./dom.js";

export class LogView {
  constructor(list) {
    this.list = list;
    this.drawn = null; // {setup, count, last, over}
  }

  /**
   * `lines`: the server's log ({move, seat, action, events}); `setup`: the set-up's narration; `game`:
   * the game's module (`header(text)`: a group title when a line opens a round or a turn;
   * `automaton(text)`: the automaton's name when a line is its own; `groupBySeat`: a group per turn
   * of a seat); `ctx.words(action)`: {text, known}.
   */
  update(setup, lines, ctx, game, over) {
    const d = this.drawn;
    const grows = d && d.over === over && d.setup === setup.length && d.count <= lines.length
      && (d.count === 0 || JSON.stringify(lines[d.count - 1]) === d.last);
    if (!grows) {
      this.list.replaceChildren();
      this.group = null;
      this.lastSeat = null;
      for (const text of setup) this.add(text, null, false, ctx, game);
    }
    for (const line of lines.slice(grows ? d.count : 0)) this.addLine(line, ctx, game);
    this.drawn = { setup: setup.length, count: lines.length, last: JSON.stringify(lines.at(-1) ?? null), over };
    if (!grows || d.count !== lines.length) this.list.scrollTop = this.list.scrollHeight; // the log, not the page
  }

  open(title) {
    this.items = el("ol", { class: "log-lines" });
    this.group = el("li", { class: "log-group" }, title ? el("h3", { class: "log-title" }, title) : null, this.items);
    this.list.append(this.group);
  }

  add(text, line, first, ctx, game) {
    text = named(text, ctx.seats);
    const header = game.header?.(text) ?? null;
    if (header) {
      this.open(header.title);
      if (!header.rest) return;
      text = header.rest;
    }
    if (!this.group) this.open(line ? "" : "Set-up");
    const robot = game.automaton?.(text) ?? null;
    const mine = line && line.seat === ctx.mySeat && !robot;
    this.items.append(el("li", {
      class: `entry${robot ? " auto" : ""}${mine ? " mine" : ""}${first ? " first" : ""}`,
      "data-move": line ? String(line.move) : "0",
    },
    robot && !text.startsWith(robot) ? el("span", { class: "auto-tag" }, robot) : null,
    el("span", { class: "said" }, text),
    first && line?.action ? el("code", { class: "notation" }, line.action) : null));
  }

  addLine(line, ctx, game) {
    const events = line.events ?? [];
    const who = ctx.seats[line.seat]?.name ?? line.letter;
    if (game.groupBySeat && line.seat !== this.lastSeat) this.open(line.seat === ctx.mySeat ? "Your moves" : who);
    this.lastSeat = line.seat;
    if (events.length) {
      events.forEach((text, i) => this.add(text, line, i === 0, ctx, game));
      return;
    }
    const said = line.action ? ctx.words(line.action) : { text: "moved (nothing you can see)", known: false };
    this.add(said.known ? `${who}: ${said.text}` : `${who} ${said.text}`, line, true, ctx, game);
  }
}
