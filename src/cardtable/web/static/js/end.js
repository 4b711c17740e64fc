// The end of a game: the score table in the game's own categories, the winner marked, and the ways on:
// play again (same seats and options), the replay, the record.
import { el } from "./dom.js";
import { icon } from "./icons.js";

/** A sentence's first letter as a capital ("no winner (...)" opens the title as "No winner (...)"). */
const capital = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** A column's heading in words: its label, and on a phone its short words where it has them (the label
 * is still read aloud). */
const columnWords = (c) => (c.short && c.short !== c.label
  ? [el("span", { class: "col-long" }, c.label), el("span", { class: "col-short", "aria-hidden": "true" }, c.short)]
  : c.label);

/** The section drawn at the end. `table`: {columns: [{label, icon}], rows: [{seat, cells, note}], note}
 * (a row's note is a line under the player's name, e.g. "team with Cyd"). */
export function endSection(state, table, links) {
  const result = state.result;
  const winners = new Set(result.winners ?? []);
  const head = el("tr", {}, el("th", { scope: "col" }, "Player"),
    table.columns.map((c) => el("th", { scope: "col", title: c.label },
      c.icon ? icon(c.icon, c.label) : null, c.icon ? el("span", { class: "col-words" }, c.short ?? c.label) : columnWords(c))));
  const rows = table.rows.map((row) => {
    const seat = state.seats[row.seat];
    const won = winners.has(row.seat);
    const mine = row.seat === state.seat && seat.name.toLowerCase() !== "you";
    const name = row.name ?? (mine ? `${seat.name} (you)` : seat.name);
    return el("tr", { class: `${won ? "winner" : ""}${row.seat === state.seat ? " me" : ""}` },
      el("th", { scope: "row" }, won ? el("span", { class: "crown", "aria-label": "winner" }, "★ ") : null, name,
        row.note ? el("span", { class: "row-note" }, row.note) : null),
      row.cells.map((cell, i) => el("td", { class: table.columns[i]?.total ? "total" : "" }, cell === null || cell === undefined ? "—" : String(cell))));
  });
  return [
    el("h2", { class: "end-title" }, capital(result.text)),
    el("div", { class: "scores-wrap" }, el("table", { class: "scores", "aria-label": "scores" }, el("thead", {}, head), el("tbody", {}, rows))),
    table.note ? el("p", { class: "end-note" }, table.note) : null,
    el("div", { class: "end-links" },
      el("button", { type: "button", id: "play-again", class: "primary", onclick: links.again }, "Play again"),
      el("a", { href: links.replay, id: "replay-link", class: "button-link" }, "Watch the replay"),
      el("a", { href: links.text, id: "record-text", download: "" }, "Download the record"),
      el("a", { href: links.json, id: "record-json", download: "" }, "(JSON)"),
      el("a", { href: "/" }, "Another game")),
    el("div", { id: "again-links", hidden: true }),
  ];
}
