// The log: the game's own narration of each move, one line per thing that happened, grouped under the
// round (or turn) it happened in; the automata's lines are marked as theirs; a move's notation only
// when asked for ("show notation"). The engine says which line opens a round and which is an
// automaton's (`core.lines.Line`: {text, round, body, author}); nothing here reads it from the words.
// It only grows while the game goes on: new lines are appended, and it is drawn anew only when lines
// change (a take-back, the end of the game showing every move).
import { el, named } from "./dom.js";

export class LogView {
  constructor(list) {
    this.list = list;
    this.drawn = null; // {setup, count, last, over}
  }

  /**
   * `lines`: the server's log ({move, seat, action, events, kind}: `kind`, in the mover's own lines
   * only, the decision it answered); `setup`: the set-up's narration (lines); `game`: the game's module
   * (`roundWord`: what its rounds are called, "Round" by default; `groupBySeat`: a group per turn of a
   * seat); `ctx.words(action, kind, line)`: {text, known}.
   */
  update(setup, lines, ctx, game, over) {
    const d = this.drawn;
    const grows = d && d.over === over && d.setup === setup.length && d.count <= lines.length
      && (d.count === 0 || JSON.stringify(lines[d.count - 1]) === d.last);
    if (!grows) {
      this.list.replaceChildren();
      this.group = null;
      this.lastSeat = null;
      for (const said of setup) this.add(said, null, false, ctx, game);
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

  /** One line: `said` a narration line ({text, round, body, author}), or a move's words as text. */
  add(said, line, first, ctx, game) {
    const { text, round = null, body = null, author = null } = typeof said === "string" ? { text: said } : said;
    if (round !== null) {
      this.open(`${game.roundWord ?? "Round"} ${round}`);
      if (!body) return;
    }
    if (!this.group) this.open(line ? "" : "Set-up");
    // an automaton's line names it in its words; it is marked as the automaton's, not the mover's
    const mine = line && line.seat === ctx.mySeat && !author;
    this.items.append(el("li", {
      class: `entry${author ? " auto" : ""}${mine ? " mine" : ""}${first ? " first" : ""}`,
      "data-move": line ? String(line.move) : "0",
      "data-author": author,
    },
    el("span", { class: "said" }, named(round !== null ? body : text, ctx.seats)),
    first && line?.action ? el("code", { class: "notation" }, line.action) : null));
  }

  addLine(line, ctx, game) {
    const events = line.events ?? [];
    const who = ctx.seats[line.seat]?.name ?? line.letter;
    if (game.groupBySeat && line.seat !== this.lastSeat) this.open(line.seat === ctx.mySeat ? "Your moves" : who);
    this.lastSeat = line.seat;
    if (events.length) {
      events.forEach((said, i) => this.add(said, line, i === 0, ctx, game));
      return;
    }
    const said = line.action ? ctx.words(line.action, line.kind, line) : { text: "moved (nothing you can see)", known: false };
    this.add(said.known ? `${who}: ${said.text}` : `${who} ${said.text}`, line, true, ctx, game);
  }
}
