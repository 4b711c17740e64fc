// Cards Against the Apocalypse: the shelter (a grid of cards growing down from the first natural
// resource), the Card Pool to place from, the catastrophe of the round, each player's ability cards,
// the natural resource decks; the score of the shelter the three players build together.
import { el, plural, pretty } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { factList, row, token, zone } from "../js/parts.js";

const HUES = { human: 28, animal: 80, plant: 125, mechanism: 215, natural: 190, ability: 270, catastrophe: 0 };
const COLUMNS = "abcdefghi";
const SAFE_ROWS = 3;
const STEPS = { pool: "drawing the Card Pool", catastrophe: "the catastrophe", turns: "the players' turns", turn: "the players' turns", window: "abilities", needs: "the needs check", end: "the end of the round", over: "" };

const name = (ctx, key) => ctx.faces[key]?.name ?? pretty(key);

/** A card's needs or gives ({food: 1, water: 2}: its face's `counts`) as icons with counts. */
function resources(counts) {
  return Object.entries(counts ?? {}).map(([what, n]) =>
    el("span", { class: "need", title: `${n} ${what}` }, icon(what, what) ?? what, n > 1 ? el("b", {}, String(n)) : null));
}

/** A card's needs and gives as its band's marks. */
function needsAndGives(face, titled) {
  const needs = face.stats?.needs;
  const gives = face.stats?.gives;
  return [
    needs ? el("span", { class: "needs", title: titled ? `needs ${needs}` : null }, el("span", { class: "nw" }, "needs"), resources(face.counts?.needs)) : null,
    gives ? el("span", { class: "gives", title: titled ? `gives ${gives}` : null }, "→", resources(face.counts?.gives)) : null,
  ];
}

function cellCard(ctx, card, cell) {
  const face = ctx.faces[card.name] ?? {};
  const row = Number(cell.slice(1));
  const flags = [
    card.unstable ? el("span", { class: "flag warn", title: "unstable: turned once; turning again ends it" }, "unstable") : null,
    card.protected ? el("span", { class: "flag good", title: "protected from turning this round" }, "protected") : null,
    card.disabled_by !== -1 ? el("span", { class: "flag warn", title: "disabled by the Earthquake" }, "disabled") : null,
    card.radiated ? el("span", { class: "flag warn", title: "next to Radioactive Waste" }, "radiated") : null,
    card.endangered || row > SAFE_ROWS ? el("span", { class: "flag", title: "below level 3: one turn ends it" }, "endangered") : null,
  ];
  return ctx.card(card.name, {
    size: "mini",
    target: `cell:${cell}`,
    id: `cell-${cell}`,
    hue: HUES[face.category ?? card.kind] ?? 200,
    class: `cell-card${card.unstable ? " turned" : ""}${card.needs_met === false && card.kind !== "natural" ? " unmet" : ""}`,
    badges: needsAndGives(face, true),
    body: el("div", { class: "card-facts" }, flags,
      card.kind !== "natural" && card.kind !== "catastrophe" ? el("span", { class: card.needs_met ? "met" : "unmet-mark", title: card.needs_met ? "its needs are met" : "its needs are not met" }, card.needs_met ? "✓ needs met" : "✗ needs") : null),
  });
}

/** The shelter: the cells around its cards, from row 1 to one row below the deepest card. */
function shelter(view, ctx) {
  const byCell = new Map((view.board ?? []).map((card) => [card.cell, card]));
  const targets = new Set();
  for (const action of ctx.legal) {
    for (const part of action.split(" ").slice(1)) if (/^[a-i]\d+$/.test(part)) targets.add(part);
  }
  const cells = [...byCell.keys(), ...targets];
  const cols = cells.map((c) => COLUMNS.indexOf(c[0]));
  const rows = cells.map((c) => Number(c.slice(1)));
  const pad = targets.size ? 0 : 1; // on another's turn, a free column on each side
  const left = Math.max(0, Math.min(...cols) - pad);
  const right = Math.min(COLUMNS.length - 1, Math.max(...cols) + pad);
  const deepest = Math.max(...rows, 2) + (targets.size ? 0 : 1);
  const grid = [];
  grid.push(el("div", { class: "grid-corner" }));
  for (let c = left; c <= right; c += 1) grid.push(el("div", { class: "grid-head" }, COLUMNS[c]));
  for (let r = 1; r <= deepest; r += 1) {
    grid.push(el("div", { class: `grid-head${r > SAFE_ROWS ? " deep" : ""}`, title: r > SAFE_ROWS ? "below level 3: endangered" : "" }, String(r)));
    for (let c = left; c <= right; c += 1) {
      const cell = `${COLUMNS[c]}${r}`;
      const card = byCell.get(cell);
      grid.push(card ? el("div", { class: "grid-cell" }, cellCard(ctx, card, cell))
        : el("div", { class: `grid-cell slot-cell${r > SAFE_ROWS ? " deep" : ""}`, "data-target": `cell:${cell}`, "aria-label": `cell ${cell}` }, cell));
    }
  }
  return el("div", { class: "shelter-scroll" },
    el("div", { class: "shelter", style: `grid-template-columns: 1.4rem repeat(${right - left + 1}, minmax(${ctx.phone ? "4.7rem" : "7rem"}, 1fr))` }, grid));
}

function poolCard(ctx, key, i, target) {
  const face = ctx.faces[key] ?? {};
  return ctx.card(key, {
    size: "mini", target, id: `pool-${i}-${key}`, hue: HUES[face.category] ?? 200,
    badges: needsAndGives(face, false),
    kind: [face.cost, face.stats?.workforce ? `workforce ${face.stats.workforce}` : null].filter(Boolean).join(" · "),
  });
}

function board(view, ctx) {
  const unmet = (view.board ?? []).filter((c) => c.kind !== "natural" && c.kind !== "catastrophe" && c.needs_met === false).length;
  const wf = view.workforce ?? {};
  const score = view.score ?? {};
  // the natural resource decks (to click at the start, and for Teraform) beside the round's numbers
  const naturals = el("div", { class: "naturals", role: "group", "aria-label": "Natural resources" },
    el("span", { class: "muted-label" }, "Natural resources"),
    Object.entries(view.natural_decks ?? {}).map(([k, n]) =>
      token(`${pretty(k)} · ${n} left`, { icon: k, target: `natural:${k}`, id: `natural-${k}`, label: `natural ${k} deck, ${plural(n, "card")}` })));
  // set-up is round 0 in the view: no "Round 0 of 7"
  const head = zone(view.round ? `Round ${view.round} of 7` : "Before round 1", [el("div", { class: "head-line" }, factList([
    { icon: "workforce", label: "workforce left this round (of the Humans and Animals)", value: `${wf.left ?? 0}/${wf.total ?? 0}`, id: "workforce" },
    { short: "needs not met", label: "cards whose needs are not met", value: unmet, id: "unmet" },
    { short: "trios", label: "trios of Human, Animal and Plant", value: score.trios ?? 0, id: "trios" },
    { short: "points", label: "points now", value: score.points ?? 0, id: "points" },
    { icon: "deck", label: "cards in the building deck", value: view.building_deck?.size ?? 0, id: "bdeck" },
  ]), naturals), view.building_deck?.known_top?.length ? el("p", { class: "muted-label small" }, `Top of the building deck: ${view.building_deck.known_top.map((c) => name(ctx, c.name)).join(", ")}`) : null],
  { sub: STEPS[view.step] ?? pretty(view.step ?? ""), class: "shared" });
  const catastrophe = view.catastrophe ? zone("Catastrophe", row([ctx.card(view.catastrophe.name, { size: "mini", hue: 0, id: "catastrophe", kind: "at the end of the round" })]), { class: "inner" }) : null;
  const held = view.held ? zone("Card being placed", row([poolCard(ctx, view.held.name, 0, null)]), { class: "inner" }) : null;
  const pool = zone("Card Pool", row((view.pool ?? []).map((c, i) => poolCard(ctx, c.name, i, `pool:${c.name}`)), { empty: "empty" }), { sub: "place one, or move a card 1 space", class: "inner" });
  const discard = view.discard?.length ? zone("Discard pile", row(view.discard.map((c, i) => el("span", { class: "token small-token", "data-target": `discard:${c.name}`, "data-card": c.name, "data-id": `discard-${i}` }, name(ctx, c.name)))), { class: "inner" }) : null;
  // the round with the natural decks, the pool and the catastrophe, then the shelter: at 1280x800 the whole
  // shelter shows at the top of the page with your ability cards pinned under it; the discard pile (it
  // grows long) below
  return [head, el("div", { class: "side-cards" }, pool, catastrophe, held),
    zone("The shelter", shelter(view, ctx), { key: "shelter" }), discard];
}

function dock(view, ctx) {
  const mine = view.abilities?.[ctx.mySeat];
  if (!mine?.cards?.length) return null;
  // wide and short on a desktop: their text in two or three lines, the hand low under the shelter
  const cards = (mine.cards ?? []).map((c) => c.name ?? c).map((key, i) => ctx.card(key, { size: ctx.phone ? "mini" : "full", hue: 270, target: `ability:${key}`, id: `ability-${key}-${i}`, kind: "ability, once a game", class: "ability-card" }));
  return zone("Your ability cards", row(cards, { scroll: true, empty: "all used" }), { sub: `${mine.count} left` });
}

function move(action, ctx) {
  const [verb, a, b] = action.split(" ");
  switch (verb) {
    case "place": return { keys: [`pool:${a}`, `cell:${b}`], label: `Place ${name(ctx, a)} at ${b}`, choice: `Place at ${b}` };
    case "move": return { keys: [`cell:${a}`, `cell:${b}`], label: `Move the card at ${a} to ${b}`, choice: `Move to ${b}` };
    case "put": return { keys: [`cell:${a}`], label: `Put ${view(ctx).held ? name(ctx, view(ctx).held.name) : "the card"} at ${a}` };
    case "protect": return { keys: [`cell:${a}`], label: `Protect the card at ${a}` };
    case "lift": return { keys: [`cell:${a}`], label: `Take the card at ${a} from the board` };
    case "quake": return { keys: [`cell:${a}`], label: `The Earthquake disables the card at ${a}` };
    case "malfunction": return { keys: [`cell:${a}`], label: `The card at ${a} malfunctions` };
    case "recycle": return { keys: [`discard:${a}`], label: `Place ${name(ctx, a)} from the discard pile` };
    case "start": return { keys: [`natural:${a}`], label: `Start with natural ${a}` };
    case "teraform": return { keys: [`natural:${a}`], label: `Take natural ${a}` };
    case "ability": return { keys: [`ability:${a}`], label: `Use ${name(ctx, a)}` };
    case "pass": return { keys: [], label: ctx.decision?.kind === "ability" ? "Use no ability now" : "Pass (place nothing)" };
    default: return { keys: [], label: pretty(action), unknown: true };
  }
}

const view = (ctx) => ctx.view ?? {};

function hint(picked, open, ctx) {
  const key = picked[0];
  if (key.startsWith("pool:")) return `${name(ctx, key.slice(5))}: click a free cell for it`;
  if (key.startsWith("cell:")) return `The card at ${key.slice(5)}: click where to move it`;
  return null;
}

function panel(v, seat, ctx) {
  const ab = v.abilities?.[seat];
  return {
    score: { label: "the shelter's points (shared)", value: v.score?.points ?? 0 },
    stats: [
      { short: "abilities", label: "ability cards left", value: ab?.count ?? 0 },
      seat === v.leader ? { short: "leads", label: "leads this round", value: "✓" } : null,
    ].filter(Boolean),
    notes: seat === ctx.mySeat && ab?.cards?.length ? [ab.cards.map((c) => name(ctx, c.name ?? c)).join(", ")] : [],
  };
}

function scores(v, result, ctx) {
  const s = v.score ?? {};
  return {
    columns: [
      { label: "trios of Human, Animal and Plant", short: "trios" },
      { label: "living cards lost", short: "lost" },
      { label: "points (1 per trio, −1 per living card lost)", short: "points", total: true },
    ],
    rows: [{ seat: ctx.mySeat ?? 0, name: "Your shelter (all three players)", cells: [s.trios, s.lost, s.points] }],
    // the reason is the table's title already
    note: result.winners?.length ? "You win together." : "You lose together.",
  };
}

export default {
  move,
  hint,
  panel,
  scores,
  draw: (v, ctx) => ({ board: board(v, ctx), dock: dock(v, ctx) }),
};
