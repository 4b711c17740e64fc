// The players' panels: one per seat, always in view: name, whose turn it is, the score (or the game's
// measure of progress), and the few public numbers that matter in that game.
import { el } from "./dom.js";
import { icon } from "./icons.js";

function kindWords(kind) {
  if (kind === "human") return "";
  if (kind === "automaton") return "rulebook automaton";
  return `${kind} bot`;
}

/** Each seat's colour (the hue of its panel and of its markers on the table). */
export const seatHue = (seat) => [205, 20, 130, 280, 50, 330][seat % 6];

/** One stat: icon (or short label) and value; its label is its accessible name. */
export function stat(s) {
  const drawn = s.icon ? icon(s.icon, s.label) : null;
  return el("li", { class: `stat${s.class ? ` ${s.class}` : ""}`, title: s.label, "data-id": s.id ?? null },
    drawn ?? el("span", { class: "stat-label" }, s.short ?? s.label),
    el("b", { class: "stat-value" }, String(s.value)),
    drawn ? el("span", { class: "sr-only" }, ` ${s.label}`) : null);
}

/** The region "players": one article per seat (`game.panel(view, seat, ctx)` fills it). */
export function seatPanels(state, game, ctx) {
  const deciding = state.result ? null : state.decision?.seat ?? null;
  return state.seats.map((seat) => {
    const info = game.panel(state.view ?? {}, seat.seat, ctx) ?? {};
    const mine = seat.seat === state.seat;
    const name = mine && seat.name.toLowerCase() !== "you" ? `${seat.name} (you)` : seat.name;
    const turn = deciding === seat.seat;
    const score = info.score;
    return el("article", {
      class: `seat-panel${mine ? " me" : ""}${turn ? " to-move" : ""}${info.out ? " out" : ""}`,
      "aria-label": name, "data-seat": String(seat.seat), style: `--seat-hue:${seatHue(seat.seat)}`,
    },
    el("div", { class: "seat-head" },
      el("span", { class: "seat-dot", "aria-hidden": "true" }), // the seat's colour (its letter is notation)
      el("span", { class: "seat-name" }, name),
      turn ? el("span", { class: "seat-turn" }, info.turnWords ?? "to move") : null,
      score ? el("span", { class: "seat-score", "data-id": `score-${seat.seat}`, title: score.label, "aria-label": `${score.label}: ${score.value}` },
        score.icon ? icon(score.icon, score.label) : null, el("b", { class: "score-value" }, String(score.value))) : null),
    kindWords(seat.kind) ? el("div", { class: "seat-kind muted" }, kindWords(seat.kind)) : null,
    info.stats?.length ? el("ul", { class: "seat-stats" }, info.stats.map((s) => stat({ ...s, id: s.id ?? `${seat.seat}-${s.label}` }))) : null,
    info.notes?.length ? el("p", { class: "seat-notes" }, info.notes.join(" · ")) : null);
  });
}
