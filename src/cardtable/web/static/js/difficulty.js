// The start page's difficulty figure: what our best player wins at the solo level the form selects
// (each game's difficulty.toml, in the catalog as `difficulty`).
import { el } from "./dom.js";

/** The level of `game` the option values select (every option it names has that value), or null. */
export function levelOf(game, values) {
  return (game.difficulty ?? []).find((level) =>
    Object.entries(level.options).every(([name, value]) => String(values[name]) === String(value))) ?? null;
}

/** The figure's words, e.g. "Our best player wins 41% of games (34–48%) at this level". */
export function difficultyText(level) {
  const [low, high] = level.interval.map(Math.round);
  return `Our best player wins ${Math.round(level.percent)}% of games (${low}–${high}%) at this level`;
}

/** Show the figure of the selected level at the end of `box` (the options, under the level; hidden when
 * no level is selected). */
export function showDifficulty(game, values, box) {
  let note = document.getElementById("difficulty-note");
  if (!note || !box.contains(note)) {
    note?.remove();
    note = el("p", { id: "difficulty-note", class: "difficulty-note muted", "aria-live": "polite" });
    box.append(note);
  }
  const level = levelOf(game, values);
  note.hidden = level === null;
  note.textContent = level ? difficultyText(level) : "";
  note.title = level ? `${level.player}: won ${level.won} of ${level.games} games (95% interval)` : "";
}
