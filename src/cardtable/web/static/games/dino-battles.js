// Biomechanic Dino Battles: each player's Active Dino Zone and Dino Bench (hit points, ATK/EVA/DEF,
// the Combat Cards attached), the revealed Dinosaurs and the Supply to buy from, the hand; the attack
// being fought out.
import { el, LETTERS, plural, pretty } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { area, row, zone } from "../js/parts.js";

const HUES = { combat: 40, status: 0, strategy: 200, item: 160, theropod: 20, sauropod: 110, ceratopsian: 280, pterosaur: 190, ornithopod: 60 };
const STATS = [["atk", "attack", "ATK"], ["eva", "evade", "EVA"], ["def", "defend", "DEF"]];
const PARTS = { strategy: "Strategy part", combat: "Combat part", buy: "Buy part", keep: "End of the turn: keep a card" };
const ORDER = Object.keys(PARTS);
const PASS = {
  strategy: "Go on to Combat", combat: "Go on to Buy", buy: "Finish buying", keep: "Keep no card",
  "item-window": "Play no Item", react: "Take the hit",
};

const letter = (seat) => LETTERS[seat].toLowerCase();
const seatIndex = (l) => LETTERS.indexOf(String(l).toUpperCase());
const family = (tag) => String(tag).replace(/-\d+$/, "");
const name = (ctx, key) => ctx.faces[key]?.name ?? ctx.faces[family(key)]?.name ?? pretty(key);

const COST_ICONS = { attack: "ATK", evade: "EVA", defend: "DEF" };

/** A card's cost (its face's `costs`: the Combat Cards to discard, by kind) as icons with counts; its
 * words (`cost`) where it needs none ("free"). */
function costIcons(face) {
  const text = face.cost;
  const parts = Object.entries(face.costs ?? {});
  if (!parts.length) return el("span", { class: "cost-words" }, text);
  return el("span", { class: "cost-icons", title: `costs ${text}`, "aria-label": `costs ${text}` },
    parts.map(([kind, n]) => el("span", { class: "cost-part" }, icon(kind, COST_ICONS[kind]), n > 1 ? el("b", {}, String(n)) : null)));
}

function smallCard(ctx, key, opts = {}) {
  const face = ctx.faces[key] ?? ctx.faces[family(key)] ?? {};
  return ctx.card(key, {
    ...opts,
    hue: HUES[face.category] ?? 200,
    badges: face.cost ? [costIcons(face)] : null,
    kind: pretty(face.category ?? ""),
    lines: opts.size === "full" && !face.plain ? [face.text, ...(face.options ?? [])].filter(Boolean) : [],
  });
}

/** A Dinosaur in play: hit points, ATK/EVA/DEF (with this turn's boosts), attached Combat Cards, its
 * attacks (which the owner clicks to attack with). */
function dinoCard(ctx, dino, seat, opts = {}) {
  const face = ctx.faces[dino.tag] ?? ctx.faces[family(dino.tag)] ?? {};
  const boosts = opts.boosts ?? [0, 0, 0];
  const hp = Math.max(0, dino.hp);
  const share = dino.max_hp ? Math.round((100 * hp) / dino.max_hp) : 0;
  // the active Dinosaur's numbers as they count now (the view's, this turn's boosts included); a benched
  // one's as printed
  const value = (k, short) => dino[k] ?? face.stats?.[short] ?? 0;
  const stats = STATS.map(([k, ic, short], i) => el("span", { class: "dstat",
    title: `${short} ${value(k, short)}${opts.active && boosts[i] ? ` (+${boosts[i]} this turn)` : ""}` },
  icon(ic, short), el("b", {}, String(value(k, short)))));
  const attached = dino.attached?.length
    ? el("div", { class: "attached", title: "attached Combat Cards" }, dino.attached.map((c) => icon(c, pretty(c))))
    : dino.attached_count ? el("div", { class: "attached" }, `${dino.attached_count} attached`) : null;
  const attacks = opts.attacks ? el("div", { class: "attacks" }, (face.attacks ?? []).map((o, i) =>
    el("span", { class: "attack-line", "data-target": `attack:${i + 1}`, "aria-label": `attack: ${o}` }, o))) : null;
  return ctx.card(dino.tag, {
    size: opts.size ?? "full",
    target: `dino:${dino.tag}`,
    id: `dino-${dino.tag}`,
    hue: HUES[face.category] ?? 20,
    badges: [el("span", { class: "hp", title: `${hp} of ${dino.max_hp} hit points` }, icon("hp", "hit points"), `${hp}/${dino.max_hp}`)],
    kind: opts.active ? "active" : "benched",
    body: [el("div", { class: "hpbar" }, el("span", { style: `width:${share}%` })), el("div", { class: "card-facts" }, stats), attached, attacks],
    lines: [],
  });
}

function playerArea(view, seat, ctx) {
  const p = view.players[seat];
  const mine = seat === ctx.mySeat;
  const title = mine ? "Your Dinosaurs" : `${ctx.seats[seat]?.name ?? LETTERS[seat]}'s Dinosaurs`;
  const facts = [
    { icon: "ko", label: "opponent Dinosaurs knocked out (3 win)", value: `${p.kos}/3`, id: `kos-${seat}` },
    { icon: "hand", label: "cards in hand", value: p.hand_size, id: `hand-${seat}` },
    { icon: "deck", label: "cards in the deck", value: p.deck_size, id: `deck-${seat}` },
    { icon: "wound", label: "Wound cards", value: wounds(p), id: `wounds-${seat}` },
  ];
  const size = mine && !ctx.phone ? "full" : "mini";
  const myTurn = view.turn?.player === letter(seat);
  const dinos = [
    p.active ? dinoCard(ctx, p.active, seat, { size, active: true, boosts: p.boosts, attacks: mine && myTurn }) : el("div", { class: "empty-slot" }, "no active Dinosaur"),
    ...(p.bench ?? []).map((d) => dinoCard(ctx, d, seat, { size: "mini" })),
  ];
  return area(title, facts, [row(dinos),
    p.discard?.length ? el("p", { class: "muted-label small" }, `Discard pile: ${p.discard.length} (top: ${name(ctx, p.discard.at(-1))})`) : null],
  { me: mine, seat: String(seat), label: title, target: `player:${letter(seat)}`, targetWords: ctx.seats[seat]?.name });
}

/** Wound cards a player holds in hand, deck and discard pile (all public but the order). */
function wounds(p) {
  const all = [...(p.hand ?? []), ...(p.deck_contents ?? []), ...(p.unseen ?? []), ...(p.discard ?? [])];
  return all.filter((c) => c === "wound").length;
}

function market(view, ctx) {
  const rowCards = (view.row ?? []).map((tag) => smallCard(ctx, tag, { size: ctx.phone ? "mini" : "full", target: `row:${family(tag)}`, id: `row-${tag}` }));
  const supply = Object.entries(view.supply ?? {}).map(([key, n]) => {
    const face = ctx.faces[key] ?? {};
    return el("div", { class: `card card-mini stack${n ? "" : " empty"}`, style: `--hue:${HUES[face.category] ?? 200}`, "data-card": key,
      "data-target": `supply:${key}`, "data-id": `supply-${key}`, "aria-label": `${face.name ?? pretty(key)} (${n} left)` },
    el("div", { class: "card-band" }, face.cost ? costIcons(face) : null, el("span", { class: "stack-count" }, `×${n}`)),
    el("div", { class: "card-name" }, face.name ?? pretty(key)));
  });
  return [
    zone("Revealed Dinosaurs", row(rowCards, { scroll: ctx.phone }), { sub: `${view.dino_deck?.length ?? 0} in the Dino Deck · ${view.purgatory?.length ?? 0} purged` }),
    zone("Supply", row(supply), { class: "supply-zone" }),
  ];
}

function attackLine(view, ctx) {
  const a = view.attack;
  if (!a) return null;
  const who = ctx.seats[seatIndex(a.attacker)]?.name ?? a.attacker;
  const target = a.target ? ctx.seats[seatIndex(a.target)]?.name ?? a.target : "someone";
  return el("p", { class: "attack-now" }, `${who}'s ${name(ctx, a.attacker_tag)} attacks ${target}${a.defender_tag ? `'s ${name(ctx, a.defender_tag)}` : ""} with ${a.attack}`,
    a.reaction ? ` — ${a.reaction}` : "");
}

function board(view, ctx) {
  const t = view.turn ?? {};
  const who = ctx.seats[seatIndex(t.player)]?.name ?? t.player;
  // what is left of the turn from this part on (the Strategy part's plays are gone once Combat begins)
  const part = ORDER.indexOf(t.part);
  const left = [
    part <= 0 && t.actions ? `${t.actions} Strategy/Item` : null, part <= 0 && t.attaches ? `${t.attaches} attach` : null,
    part <= 1 && t.combats ? `${t.combats} combat` : null, part <= 2 && t.buys ? `${t.buys} buy` : null,
  ].filter(Boolean);
  const players = view.players ?? [];
  const others = players.map((_, i) => i).filter((i) => i !== ctx.mySeat);
  // the opponents, the shared table in the middle, your own Dinosaurs below (your hand under them)
  return [
    el("div", { class: "areas" }, others.map((seat) => playerArea(view, seat, ctx))),
    zone(`Turn ${t.number ?? ""}: ${seatIndex(t.player) === ctx.mySeat ? "your turn" : `${who}'s turn`}`,
      [el("span", { class: "muted-label" }, `${PARTS[t.part] ?? pretty(t.part ?? "")}${left.length ? ` · left: ${left.join(", ")}` : ""}`), attackLine(view, ctx)], { class: "shared" }),
    ...market(view, ctx),
    players[ctx.mySeat] ? playerArea(view, ctx.mySeat, ctx) : null,
  ];
}

function dock(view, ctx) {
  const p = view.players?.[ctx.mySeat];
  if (!p?.hand) return null;
  // a Combat or Status card says nothing more than its name (its face is `plain`): drawn small
  const plain = (key) => Boolean(ctx.faces[key]?.plain);
  return zone("Your hand", row(p.hand.map((key, i) => smallCard(ctx, key, { size: ctx.phone || plain(key) ? "mini" : "full", target: `hand:${key}`, id: `hand-${key}-${i}` })),
    { scroll: true, empty: "no cards" }), { sub: `${plural(p.hand.length, "card")} · ${p.deck_size} in your deck` });
}

function move(action, ctx) {
  const [verb, a, b] = action.split(" ");
  const kind = ctx.decision?.kind;
  switch (verb) {
    case "buy": {
      // a Dinosaur is bought by its kind (the oldest revealed copy), a Supply card by its stack
      const dino = (ctx.view.row ?? []).some((tag) => family(tag) === family(a));
      return { keys: [dino ? `row:${family(a)}` : `supply:${a}`], label: `Buy ${name(ctx, a)}${ctx.faces[a]?.cost ? ` (${ctx.faces[a].cost})` : ""}` };
    }
    case "play": return { keys: [`hand:${a}`], label: `Play ${name(ctx, a)}` };
    case "item": return { keys: [`hand:${a}`], label: `Play the Item ${name(ctx, a)}` };
    case "attach": return { keys: [`hand:${a}`, `dino:${b}`], label: `Attach ${name(ctx, a)} to ${name(ctx, b)}`, choice: `Attach to ${name(ctx, b)}` };
    case "keep": return { keys: [`hand:${a}`], label: `Keep ${name(ctx, a)}` };
    case "discard": return { keys: [`hand:${a}`], label: `Discard ${name(ctx, a)}` };
    case "attack": {
      const active = ctx.view.players?.[ctx.mySeat]?.active;
      const face = active ? ctx.faces[active.tag] ?? ctx.faces[family(active.tag)] : null;
      const line = face?.attacks?.[Number(a) - 1];
      return { keys: [`attack:${a}`], label: `Attack: ${line ?? `attack ${a}`}` };
    }
    case "retreat": return { keys: [`dino:${a}`], label: `Retreat: ${name(ctx, a)} becomes active` };
    case "promote": return { keys: [`dino:${a}`], label: `Make ${name(ctx, a)} active` };
    case "damage": return { keys: [`dino:${a}`], label: `Damage ${name(ctx, a)}` };
    case "heal": return { keys: [`dino:${a}`], label: `Heal ${name(ctx, a)}` };
    case "target": return { keys: [`player:${a}`], label: `${kind === "paralyze" ? "Paralyze" : kind === "discard" ? "Make discard" : "Attack"} ${ctx.seats[seatIndex(a)]?.name ?? a}` };
    case "power": return { keys: [], label: "Use the Dino Power" };
    case "evade": return { keys: [], label: "Evade (discard an attached Evade)" };
    case "defend": return { keys: [], label: "Defend (discard an attached Defend)" };
    case "pass": return { keys: [], label: PASS[kind] ?? "Pass" };
    default: return { keys: [], label: pretty(action), unknown: true };
  }
}

function hint(picked, open, ctx) {
  const key = picked[0];
  if (key.startsWith("hand:")) return `${name(ctx, key.slice(5))}: click the Dinosaur to attach it to`;
  return null;
}

function panel(view, seat, ctx) {
  const p = view.players?.[seat];
  if (!p) return {};
  const active = p.active;
  return {
    score: { label: "opponent Dinosaurs knocked out (3 win)", icon: "ko", value: `${p.kos}/3` },
    stats: [
      active ? { icon: "hp", label: `${active.name}'s hit points`, value: `${Math.max(0, active.hp)}/${active.max_hp}` } : null,
      active ? { short: "energy", label: "Combat Cards attached (energy)", value: active.attached_count } : null,
      { icon: "hand", label: "cards in hand", value: p.hand_size },
      { icon: "wound", label: "Wound cards", value: wounds(p) },
    ].filter(Boolean),
    notes: [active ? null : "no active Dinosaur", (p.bench ?? []).length ? `${p.bench.length} on the bench` : null].filter(Boolean),
  };
}

function scores(view, result, ctx) {
  return {
    columns: [
      { label: "opponent Dinosaurs knocked out", icon: "ko", short: "KOs" },
      { label: "Wound cards in hand, deck and discard pile", icon: "wound", short: "Wounds" },
      { label: "Dinosaurs left", short: "Dinosaurs" },
    ],
    rows: (view.players ?? []).map((p, seat) => ({ seat, cells: [p.kos, wounds(p), (p.active ? 1 : 0) + (p.bench?.length ?? 0)] })),
  };
}

export default {
  move,
  hint,
  panel,
  scores,
  draw: (view, ctx) => ({ board: board(view, ctx), dock: dock(view, ctx) }),
  // the log's round groups: a turn each (the engine marks the line that opens one)
  roundWord: "Turn",
};
