// 51st State: each player's State (their locations, numbered by place), faction board, deals, supply
// of resources and workers, Connection cards; the Lookout, the Connection piles, the worker exchange;
// the solo game's virtual player with its attacks.
import { el, LETTERS, orList, plural, pretty } from "../js/dom.js";
import { hasIcon, icon } from "../js/icons.js";
import { area, factList, row, token, zone } from "../js/parts.js";

/** The phases of a round in the rulebook's words (the view's `phase`); the game's end has none. */
const PHASES = { setup: "Set-up", lookout: "Lookout phase", action: "Action phase", cleanup: "Cleanup phase", over: "" };
const RESOURCES = ["worker", "fuel", "gun", "iron", "brick", "ammo", "development", "grey", "red", "blue", "universal", "card"];
const WORDS = {
  worker: "worker", fuel: "fuel", gun: "gun", iron: "iron", brick: "brick", ammo: "ammo", development: "development token",
  grey: "grey contact", red: "red contact", blue: "blue contact", universal: "universal contact", card: "card", vp: "VP",
  "discard-card": "a card from your hand", "discard-deal": "one of your deals", "any-basic": "any basic good",
  "develop-match": "development", "steal-basic": "a basic good taken from a player",
};
const KIND_HUES = { action: 30, production: 0, "production (open)": 350, feature: 210, "blue connection": 215, "red connection": 5, faction: 120 };
const FACTIONS = { "new-york": "New York", appalachian: "Appalachian Federation", "merchants-guild": "Merchants Guild", "mutants-union": "Mutants Union" };

const letter = (seat) => LETTERS[seat].toLowerCase();
const seatIndex = (l) => LETTERS.indexOf(String(l).toUpperCase());
const name = (ctx, key) => ctx.faces[key]?.name ?? pretty(key);

/** "2 grey contacts, 1 worker" from a list of cost units. */
function costWords(units) {
  if (!units || !units.length) return "free";
  const counts = new Map();
  for (const u of units) counts.set(u, (counts.get(u) ?? 0) + 1);
  return [...counts].map(([u, n]) => (u.startsWith("discard") || u === "any-basic" || u === "develop-match" ? `${n > 1 ? `${n} × ` : ""}${WORDS[u] ?? u}` : plural(n, WORDS[u] ?? u))).join(", ");
}

function resource(kind, n, opts = {}) {
  return el("span", { class: `res${opts.class ? ` ${opts.class}` : ""}`, "data-target": opts.target ?? null, "data-id": opts.id ?? null,
    "aria-label": `${n} ${WORDS[kind] ?? kind}`, title: `${n} ${WORDS[kind] ?? kind}` },
  hasIcon(kind) ? icon(kind, WORDS[kind] ?? kind) : el("span", {}, WORDS[kind] ?? kind), el("b", {}, String(n)));
}

/** A location of a State: its name, kind, distance, type icons, main text; goods held on it; its place. */
function siteCard(ctx, site, pos, seat, opts = {}) {
  const face = ctx.faces[site.key] ?? {};
  const mine = seat === ctx.mySeat;
  const who = letter(seat);
  if (site.ruin) {
    return el("div", { class: "card card-mini ruin", "data-target": `site:${who}:${pos}`, "data-id": `site-${seat}-${pos}`, "aria-label": `Ruins (place ${pos})`, style: "--hue:30" },
      el("div", { class: "card-band" }, el("span", { class: "badge cost" }, String(pos))), el("div", { class: "card-name" }, "Ruins"));
  }
  const types = (face.types ?? []).map((t) => (hasIcon(t) ? icon(t, t) : el("span", { class: "type-word" }, t)));
  const held = Object.entries(site.held ?? {}).map(([good, n]) => resource(good, n, { target: mine ? `held:${pos}:${good}` : null, class: "on-card" }));
  const used = face.category === "action" && site.uses ? el("span", { class: "pill" }, `used ${site.uses}×`) : null;
  return ctx.card(site.key, {
    size: opts.size,
    target: `site:${who}:${pos}`,
    id: `site-${seat}-${pos}`,
    hue: KIND_HUES[face.category] ?? 200,
    badges: [el("span", { class: "badge cost", title: `place ${pos}` }, String(pos)), el("span", { class: "band-types" }, types),
      face.stats?.distance !== undefined ? el("span", { class: "band-dist", title: `distance ${face.stats.distance}` }, `⟷${face.stats.distance}`) : null],
    kind: pretty(face.category ?? ""),
    lines: opts.size === "full" ? (face.options ?? [face.text]).slice(0, 1) : [],
    body: held.length || used ? el("div", { class: "card-facts" }, held, used) : null,
  });
}

function handCard(ctx, key, i, size) {
  const face = ctx.faces[key] ?? {};
  const types = (face.types ?? []).map((t) => (hasIcon(t) ? icon(t, t) : el("span", { class: "type-word" }, t)));
  return ctx.card(key, {
    size,
    target: `hand:${key}`,
    id: `hand-${key}-${i}`,
    hue: KIND_HUES[face.category] ?? 200,
    badges: [el("span", { class: "band-types" }, types),
      face.stats?.distance !== undefined ? el("span", { class: "band-dist", title: `distance ${face.stats.distance}` }, `⟷${face.stats.distance}`) : null],
    kind: pretty(face.category ?? ""),
    lines: size === "full" ? (face.options ?? [face.text]).slice(0, face.category === "production (open)" ? 2 : 1) : [],
  });
}

function supplyRow(p, seat, ctx) {
  const mine = seat === ctx.mySeat;
  const items = RESOURCES.filter((k) => p.supply?.[k]).map((k) => resource(k, p.supply[k], {
    target: `supply:${letter(seat)}:${k}`, id: `supply-${seat}-${k}`, class: "token-res",
  }));
  if (!items.length && !mine) return null;
  return el("div", { class: "supply" }, items.length ? items : el("span", { class: "empty-note" }, mine ? "no resources" : "none"));
}

/** A faction action in short, from the faction's face ({cost, gain} in words): "1 iron → 1 grey contact". */
function shortAction(action) {
  return action ? `${action.cost} → ${action.gain}` : "";
}

function factionBoard(p, seat, ctx) {
  const face = ctx.faces[p.faction] ?? {};
  const used = new Set(p.faction_used ?? []);
  const mine = seat === ctx.mySeat;
  const actions = ["grey", "red", "blue"].map((colour) => token(mine ? shortAction(face.actions?.[colour]) : "", {
    target: `faction:${letter(seat)}:${colour}`, icon: colour, class: `faction-action${used.has(colour) ? " dim" : ""}`,
    id: `faction-${seat}-${colour}`, label: `${pretty(colour)} faction action: ${shortAction(face.actions?.[colour])}${used.has(colour) ? " (used this round)" : ""}`,
  }));
  return el("div", { class: "faction" }, el("span", { class: "faction-name", "data-card": p.faction }, FACTIONS[p.faction] ?? face.name ?? pretty(p.faction)), actions);
}

function playerArea(view, seat, ctx) {
  const p = view.players[seat];
  const mine = seat === ctx.mySeat;
  const size = mine && !ctx.phone ? "full" : "mini";
  const facts = [
    { icon: "star", label: "VP", value: p.vp, id: `vp-${seat}` },
    { icon: "hand", label: "cards in hand", value: p.hand_size, id: `hand-${seat}` },
    p.passed ? { label: "passed", short: "passed", value: "✓" } : null,
  ];
  const deals = (p.deals ?? []).map((key, i) => ctx.card(key, { size: "mini", target: `deal:${letter(seat)}:${key}`, id: `deal-${seat}-${i}`, hue: 50, kind: "deal" }));
  const connections = (p.connections ?? []).map((key, i) => ctx.card(key, { size: "mini", target: mine ? `conn-card:${key}` : null, id: `conn-${seat}-${i}`, hue: KIND_HUES[ctx.faces[key]?.category] ?? 200 }));
  const sites = (p.sites ?? []).map((site, i) => siteCard(ctx, site, i + 1, seat, { size }));
  const title = mine ? "Your State" : `${ctx.seats[seat]?.name ?? LETTERS[seat]}'s State`;
  return area(title, facts, [
    mine ? exchange(ctx) : null,
    p.faction ? factionBoard(p, seat, ctx) : null,
    supplyRow(p, seat, ctx),
    row(sites, { empty: "no locations yet" }),
    deals.length || connections.length ? el("div", { class: "side-cards" },
      deals.length ? zone("Deals", row(deals), { class: "inner" }) : null,
      connections.length ? zone("Connection cards", row(connections), { class: "inner" }) : null) : null,
  ], { me: mine, seat: String(seat), label: title });
}

function sharedZone(view, ctx) {
  const kind = ctx.decision?.kind;
  const conn = ["blue", "red"].map((colour) => {
    const c = view.connections?.[colour] ?? {};
    return token(c.up ? `${name(ctx, c.up)} (${colour})` : `${pretty(colour)}: none face up`, {
      target: `conn:${colour}`, icon: colour, id: `connup-${colour}`, label: `${pretty(colour)} Connection pile${c.up ? `: ${name(ctx, c.up)} face up` : ""}`,
      after: el("span", { class: "sub-words" }, ` · ${c.deck_size ?? 0} left`),
    });
  });
  const revealed = (view.lookout?.revealed ?? []).map((key, i) => handCard(ctx, key, i, ctx.phone ? "mini" : "full"))
    .map((node) => {
      node.dataset.target = `look:${node.dataset.card}`;
      return node;
    });
  const virtual = view.virtual;
  return [
    zone(`Round ${view.round}${view.last_round ? " — the last round" : ""}`, factList([
      { icon: "first", label: "first player", value: ctx.seats[seatIndex(view.first)]?.name ?? view.first },
      { icon: "deck", label: "cards in the deck", value: view.deck_size, id: "deck" },
      { short: "discard pile", label: "cards in the discard pile", value: view.discard_size, id: "discard" },
      { icon: "star", label: "the game ends in the round a player reaches", value: `${view.end_vp} VP ends` },
    ]), { sub: PHASES[view.phase] ?? "", class: "shared" }),
    zone("Connection cards", row(conn), { sub: "take the face-up card for 2 workers", class: "shared" }),
    revealed.length || kind === "lookout" ? zone("Lookout", row(revealed, { scroll: ctx.phone }), { sub: "take one", class: "lookout" }) : null,
    virtual ? zone("The virtual player's attacks", row((virtual.attack_pile ?? []).map((key, i) => ctx.card(key, { size: "mini", id: `attack-${i}` }))),
      { sub: `${virtual.attacks} of ${virtual.attacks_per_round} this round` }) : null,
  ];
}

function exchange(ctx) {
  const goods = ["fuel", "gun", "iron", "brick", "card"];
  if (!ctx.legal.some((a) => a.startsWith("work "))) return null;
  return zone("Worker exchange", row(goods.map((g) => token(pretty(WORDS[g]), { target: `work:${g}`, icon: g, label: `2 workers for 1 ${WORDS[g]}` }))),
    { sub: "2 workers → 1 good or a card", class: "exchange" });
}

function board(view, ctx) {
  const players = view.players ?? [];
  const others = players.map((_, i) => i).filter((i) => i !== ctx.mySeat);
  const mine = players[ctx.mySeat] ? [ctx.mySeat] : [];
  // the opponents, the shared table in the middle, your own State below (your hand under it)
  return [
    el("div", { class: "areas" }, others.map((seat) => playerArea(view, seat, ctx))),
    ...sharedZone(view, ctx),
    ...mine.map((seat) => playerArea(view, seat, ctx)),
  ];
}

function pendingLine(view, ctx) {
  const pend = view.pending;
  if (!pend || seatIndex(pend.seat) !== ctx.mySeat) return null;
  const paid = (pend.spent ?? []).map(([k]) => k);
  return el("p", { class: "placing" }, `Paying for ${actionWords(pend.action, ctx)}: ${costWords(pend.cost)}`,
    paid.length ? ` (paid so far: ${costWords(paid)})` : "");
}

function dock(view, ctx) {
  const p = view.players?.[ctx.mySeat];
  if (!p) return null;
  const size = ctx.phone ? "mini" : "full";
  return [
    pendingLine(view, ctx),
    zone("Your hand", row((p.hand ?? []).map((key, i) => handCard(ctx, key, i, size)), { scroll: true, empty: "no cards" }), { sub: plural(p.hand?.length ?? 0, "card") }),
  ];
}

/** An action in words, for the pending payment and the buttons: "build Arena", "use Gunsmith". */
function actionWords(action, ctx) {
  const [verb, a, b] = String(action).split(" ");
  const siteName = (seat, pos) => {
    const site = ctx.view.players?.[seat]?.sites?.[Number(pos) - 1];
    return site ? (site.ruin ? "the Ruins" : name(ctx, site.key)) : `place ${pos}`;
  };
  switch (verb) {
    case "build": return `build ${name(ctx, a)}`;
    case "deal": return `a deal with ${name(ctx, a)}`;
    case "raze": return `razing ${name(ctx, a)} from your hand`;
    case "develop": return `developing ${name(ctx, a)} over ${siteName(ctx.mySeat, b)}`;
    case "use": return `using ${siteName(ctx.mySeat, a)}`;
    case "open": return `${siteName(seatIndex(a), b)} of ${ctx.seats[seatIndex(a)]?.name ?? a}`;
    case "attack": return `razing ${siteName(seatIndex(a), b)} of ${ctx.seats[seatIndex(a)]?.name ?? a}`;
    case "faction": return `your ${a} faction action`;
    case "work": return `2 workers for ${WORDS[a] ?? a}`;
    case "connect": return `the ${a} Connection card`;
    case "play": return `playing ${name(ctx, a)}`;
    default: return pretty(action);
  }
}

function move(action, ctx) {
  const [verb, a, b] = action.split(" ");
  const me = ctx.mySeat === null || ctx.mySeat === undefined ? "" : letter(ctx.mySeat); // a spectator reads the log too
  const cost = ctx.view.costs?.[action];
  const costed = (words) => (cost ? `${words} (${costWords(cost)})` : words);
  const inHand = (key) => (ctx.view.players?.[ctx.mySeat]?.hand ?? []).includes(key);
  switch (verb) {
    case "pick": return { keys: [`look:${a}`], label: `Take ${name(ctx, a)}` };
    case "discard": return { keys: [inHand(a) ? `hand:${a}` : `conn-card:${a}`], label: `Discard ${name(ctx, a)}` };
    case "build": return { keys: [`hand:${a}`], label: costed(`Build ${name(ctx, a)}`), choice: costed("Build") };
    case "deal": return { keys: [`hand:${a}`], label: costed(`Make a deal with ${name(ctx, a)}`), choice: costed("Make a deal") };
    case "raze": return { keys: [`hand:${a}`], label: costed(`Raze ${name(ctx, a)} from your hand`), choice: costed("Raze it for its spoils") };
    case "develop": return { keys: [`hand:${a}`, `site:${me}:${b}`], label: costed(`Develop ${name(ctx, a)} over place ${b}`), choice: costed("Develop here") };
    case "use": return { keys: [`site:${me}:${a}`], label: costed(`Use ${actionWords(action, ctx).replace(/^using /, "")}`) };
    case "open": return { keys: [`site:${a}:${b}`], label: costed(`Send a worker to ${actionWords(action, ctx)}`) };
    case "attack": return { keys: [`site:${a}:${b}`], label: costed(`Raze ${actionWords(action, ctx).replace(/^razing /, "")}`) };
    case "faction": return { keys: [`faction:${me}:${a}`], label: costed(`${pretty(a)} faction action`) };
    case "work": return { keys: [`work:${a}`], label: costed(`Exchange 2 workers for ${WORDS[a] === "card" ? "a card" : `1 ${WORDS[a]}`}`) };
    case "connect": return { keys: [`conn:${a}`], label: costed(`Take the ${a} Connection card`) };
    case "play": return { keys: [`conn-card:${a}`], label: costed(`Play ${name(ctx, a)}`) };
    case "pay": return b ? { keys: [`held:${b}:${a}`], label: `Pay with the ${WORDS[a] ?? a} on place ${b}` } : { keys: [`supply:${me}:${a}`], label: `Pay with ${WORDS[a] ?? a}` };
    case "drop": return { keys: [`deal:${me}:${a}`], label: `Give up your deal with ${name(ctx, a)}` };
    case "steal": return { keys: [`supply:${a}:${b}`], label: `Take 1 ${WORDS[b] ?? b} from ${ctx.seats[seatIndex(a)]?.name ?? a}` };
    case "store": return { keys: [`supply:${me}:${a}`, `site:${me}:${b}`], label: `Store 1 ${WORDS[a] ?? a} on place ${b}`, choice: "Store it here" };
    case "done": return { keys: [], label: "Done storing" };
    case "pass": return { keys: [], label: "Pass" };
    default: return { keys: [], label: pretty(action), unknown: true };
  }
}

function hint(picked, open, ctx) {
  const [first] = picked;
  if (first.startsWith("hand:")) {
    const n = name(ctx, first.slice(5));
    const develop = open.some((m) => m.action.startsWith("develop "));
    const others = open.filter((m) => !m.action.startsWith("develop ")).map((m) => m.choice?.split(" (")[0].toLowerCase());
    return `${n}: ${orList([...others, develop ? "click one of your locations to develop it" : null])}`;
  }
  if (first.startsWith("supply:")) return `Store 1 ${WORDS[first.split(":")[2]] ?? ""}: click the storage location`;
  return null;
}

function panel(view, seat, ctx) {
  const p = view.players?.[seat];
  if (!p) return {};
  const supply = p.supply ?? {};
  return {
    score: { label: "VP", icon: "star", value: p.vp },
    stats: [
      { icon: "hand", label: "cards in hand", value: p.hand_size },
      { icon: "worker", label: "workers", value: supply.worker ?? 0 },
      { short: "locations", label: "locations", value: (p.sites ?? []).filter((s) => !s.ruin).length },
      ...["fuel", "gun", "iron", "brick"].filter((k) => supply[k]).map((k) => ({ icon: k, label: k, value: supply[k] })),
    ],
    notes: [p.faction ? FACTIONS[p.faction] : seat === 1 && view.virtual ? "virtual player" : null, p.passed ? "passed" : null].filter(Boolean),
  };
}

function scores(view, result, ctx) {
  const goods = ["fuel", "gun", "iron", "brick", "ammo"];
  return {
    columns: [
      { label: "victory points (with 1 per location)", icon: "star", short: "VP", total: true },
      { label: "locations in the State", short: "locations" },
      { label: "goods (fuel, gun, iron, brick, ammo: the tie-breaker)", short: "goods" },
    ],
    rows: (view.players ?? []).map((p, seat) => ({
      seat,
      cells: [p.vp, (p.sites ?? []).filter((s) => !s.ruin).length,
        goods.reduce((n, g) => n + (p.supply?.[g] ?? 0), 0) + (p.sites ?? []).reduce((n, s) => n + goods.reduce((m, g) => m + (s.held?.[g] ?? 0), 0), 0)],
    })),
  };
}

export default {
  move,
  hint,
  panel,
  scores,
  mode: (options) => (options.solo === "virtual" ? "solo" : "multi"),
  draw: (view, ctx) => ({ board: board(view, ctx), dock: dock(view, ctx) }),
};
