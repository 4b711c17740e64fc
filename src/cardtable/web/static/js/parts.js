// The pieces a game's table is made of: zones with a title, rows of cards, a player's area, tokens
// (things that are not cards: a supply, an action, a pile), and lists of facts with their icons.
import { el } from "./dom.js";
import { icon } from "./icons.js";

/** A titled zone of the table. `sub`: a few words after the title (a count, a state). */
export function zone(title, children, opts = {}) {
  return el("section", { class: `zone${opts.class ? ` ${opts.class}` : ""}`, "aria-label": opts.label ?? title, "data-zone": opts.key ?? null },
    title || opts.sub ? el("h3", { class: "zone-title" }, title, opts.sub ? el("span", { class: "sub" }, opts.sub) : null) : null,
    children);
}

/** A row of cards (or tokens); `scroll`: one line that scrolls sideways (a hand on a phone). */
export function row(items, opts = {}) {
  const list = items.filter(Boolean);
  if (!list.length) return el("div", { class: "row" }, el("span", { class: "empty-note" }, opts.empty ?? "none"));
  return el("div", { class: `row${opts.scroll ? " scroll" : ""}`, onscroll: opts.scroll ? (e) => markMore(e.target) : null }, list);
}

/** A sideways row with more cards past its right edge fades there (table.css `.more`), so the card cut
 * by the edge does not read as a clipped name. */
function markMore(node) {
  node.classList.toggle("more", node.scrollLeft + node.clientWidth < node.scrollWidth - 2);
}

/** Marks every sideways row under `root` that has more past its right edge (after a drawing). */
export function markRows(root) {
  root.querySelectorAll(".row.scroll").forEach(markMore);
}

/** A player's area: a head (name and facts) and what lies before them. */
export function area(title, facts, children, opts = {}) {
  return el("section", { class: `area${opts.me ? " me" : ""}`, "aria-label": opts.label ?? title, "data-seat": opts.seat ?? null },
    el("div", { class: "area-head" }, el("span", { class: "area-name", "data-target": opts.target ?? null, "aria-label": opts.targetWords ?? null }, title),
      facts ? factList(facts) : null,
      opts.badges ?? null),
    children);
}

/** Facts as icon + number (or words): [{icon, label, value, id}]. */
export function factList(facts) {
  return el("ul", { class: "facts" }, facts.filter(Boolean).map((f) =>
    el("li", { title: f.label, "data-id": f.id ?? null },
      f.icon ? icon(f.icon, f.label) : el("span", { class: "muted-label" }, `${f.short ?? f.label}`),
      el("b", {}, String(f.value)), f.icon ? el("span", { class: "sr-only" }, ` ${f.label}`) : null)));
}

/** A token: a thing on the table a move may be about (a supply, an action, a deck). */
export function token(words, opts = {}) {
  return el("span", { class: `token${opts.class ? ` ${opts.class}` : ""}`, "data-target": opts.target ?? null,
    "data-id": opts.id ?? null, "aria-label": opts.label ?? words, title: opts.title ?? null },
  opts.icon ? icon(opts.icon, opts.label ?? words) : null, el("span", {}, words), opts.after ?? null);
}

