// The log: the game's own narration of each move, one line per thing that happened, grouped under the
// round (or turn) it happened in; the automata's lines are marked as theirs, the person's own acts as
// "mine"; a move's notation only when asked for ("show notation"). The engine words every line and says
// which line opens a round, which is an automaton's and whose act it tells (`core.lines.Line`: {text,
// round, body, author, seat}); nothing here words a move or reads the words.
// It only grows while the game goes on: new lines are appended, and it is drawn anew only when lines
// change (a take-back, the end of the game showing every move).
import { el, named } from "./dom.js";

export class LogView {
  constructor(list) {
    this.list = list;
    this.drawn = null; // {setup, count, last, over}
  }

  /**
   * `lines`: the server's log ({move, seat, action, events}: `action` the move's notation as the viewer
   * may read it, `events` its lines); `setup`: the set-up's narration (lines); `game`: the game's module
   * (`roundWord`: what its rounds are called, "Round" by default; `groupBySeat`: a group per turn of a
   * seat); `ctx`: {seats, mySeat}.
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

  /** One line: `said` a narration line ({text, round, body, author, seat}, or its text alone). */
  add(said, line, first, ctx, game) {
    const { text, round = null, body = null, author = null, seat = null } = typeof said === "string" ? { text: said } : said;
    if (round !== null) {
      this.open(`${game.roundWord ?? "Round"} ${round}`);
      if (!body) return;
    }
    if (!this.group) this.open(line ? "" : "Set-up");
    // the person's own act (the engine says whose act a line tells); an automaton's is its own
    const mine = seat !== null && seat === ctx.mySeat && !author;
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
    events.forEach((said, i) => this.add(said, line, i === 0, ctx, game));
  }
}
