// Race for the Galaxy: each player's tableau of worlds and developments (goods on the worlds), the
// action cards to choose in secret, the hand with what each card would cost you, the VP pool; the
// robot of the solitaire game with its credit, economy and development markers.
import { el, LETTERS, orList, pretty } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { area, factList, row, zone } from "../js/parts.js";

/** The action cards, in the order of the phases (I Explore ... V Produce). */
const ACTIONS = {
  "explore-5": { name: "Explore +5", phase: "I", hue: 205 },
  "explore-1-1": { name: "Explore +1/+1", phase: "I", hue: 205 },
  develop: { name: "Develop", phase: "II", hue: 265 },
  develop2: { name: "Develop", phase: "II", hue: 265, second: true },
  settle: { name: "Settle", phase: "III", hue: 30 },
  settle2: { name: "Settle", phase: "III", hue: 30, second: true },
  "consume-trade": { name: "Consume: Trade", phase: "IV", hue: 120 },
  "consume-x2": { name: "Consume: x2", phase: "IV", hue: 120 },
  produce: { name: "Produce", phase: "V", hue: 350 },
};
const PHASES = {
  explore: "I Explore", develop: "II Develop", develop2: "II Develop (second)", settle: "III Settle",
  settle2: "III Settle (second)", consume: "IV Consume", produce: "V Produce",
};
const GOOD_HUES = { novelty: 195, rare: 28, genes: 110, alien: 50 };

const letter = (seat) => LETTERS[seat];
const me = (ctx) => ctx.view.players?.[ctx.mySeat] ?? null;

function nameOf(ctx, key) {
  return ctx.faces[key]?.name ?? ACTIONS[key]?.name ?? pretty(key);
}

/** A card of the game: cost (or defence) and VP on its band, its kind, its powers; a good on it. */
function rftgCard(ctx, key, opts = {}) {
  const face = ctx.faces[key] ?? {};
  const military = String(face.cost ?? "").startsWith("defence");
  const cost = face.stats?.cost;
  const world = String(face.category ?? "").includes("world");
  const badges = [
    cost !== undefined ? el("span", { class: `badge ${military ? "defence" : "cost"}`, title: military ? `defence ${cost}` : `cost ${cost}` }, String(cost)) : null,
    face.stats?.VP !== undefined ? el("span", { class: "badge vp", title: `${face.stats.VP} VP` }, String(face.stats.VP)) : null,
  ];
  const good = opts.good ? el("div", { class: "card-facts" },
    el("span", { class: "good-on", "data-target": opts.goodTarget ?? null, "aria-label": `${pretty(face.good)} good on ${face.name}` },
      icon(face.good ?? "good", `${pretty(face.good ?? "")} good`), " good")) : null;
  return ctx.card(key, {
    ...opts,
    hue: world ? (GOOD_HUES[face.good] ?? 210) : 275,
    kind: String(face.category ?? "").replace(" (start world)", " · start"),
    badges,
    body: good,
    class: `${world ? "world" : "dev"}${opts.class ? ` ${opts.class}` : ""}`,
  });
}

function costNote(cost) {
  if (!cost) return null;
  if (cost.cost !== undefined) return `you pay ${cost.cost}`;
  if (cost.defence !== undefined) return `defence ${cost.defence} · your military ${cost.military}`;
  return null;
}

/** The action cards a player may choose now (those the legal moves name), as cards. */
function actionCards(ctx) {
  const ids = new Set();
  for (const action of ctx.legal) {
    if (action.startsWith("select ")) for (const id of action.split(" ").slice(1)) ids.add(id);
  }
  return Object.keys(ACTIONS).filter((id) => ids.has(id)).map((id) => {
    const a = ACTIONS[id];
    return el("div", { class: "card card-mini action-card", style: `--hue:${a.hue}`, "data-target": `act:${id}`, "aria-label": a.name + (a.second ? " (second card)" : "") },
      el("div", { class: "card-band" }, el("b", {}, a.phase)),
      el("div", { class: "card-name" }, a.name, a.second ? el("span", { class: "muted" }, " ②") : null));
  });
}

function playerFacts(p, ctx, seat) {
  const goods = p.goods?.length ?? 0;
  return [
    { icon: "chips", label: "VP chips", value: p.chips, id: `chips-${seat}` },
    { icon: "hand", label: "cards in hand", value: p.hand_size, id: `hand-${seat}` },
    { icon: "military", label: "military", value: p.military + (p.temp_military ? `+${p.temp_military}` : ""), id: `mil-${seat}` },
    { icon: "good", label: "goods", value: goods, id: `goods-${seat}` },
  ];
}

function tableau(p, ctx, seat, mine) {
  const goods = new Set(p.goods ?? []);
  const size = mine && !ctx.phone ? "full" : "mini";
  const seen = new Map();
  return row((p.tableau ?? []).map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return rftgCard(ctx, key, {
      size,
      target: `tab:${letter(seat)}:${key}`,
      id: `tab-${seat}-${key}-${n}`,
      good: goods.has(key),
      goodTarget: mine ? `good:${key}` : null,
      note: p.placing === key && p.owe ? `pay ${p.owe} more` : null,
    });
  }), { empty: "no cards yet" });
}

function chosen(p) {
  if (p.actions?.length) return el("span", { class: "pill" }, p.actions.join(" + "));
  if (p.actions_chosen || p.picked) return el("span", { class: "pill good" }, "has chosen");
  return null;
}

function robotArea(robot, ctx, seat) {
  const facts = [
    { icon: "credit", label: "credit", value: robot.credit, id: "robot-credit" },
    { icon: "economy", label: "economy", value: robot.economy, id: "robot-economy" },
    { icon: "hand", label: "cards in its hand", value: robot.hand_size, id: "robot-hand" },
    { icon: "chips", label: "VP chips", value: robot.chips, id: "robot-chips" },
    { label: "development markers left", short: "markers left", value: `${robot.markers_left} (${robot.marker_value} VP each)`, id: "robot-markers" },
  ];
  const dice = robot.dice?.length ? el("span", { class: "pill" }, `dice: ${robot.dice.join(", ")}`) : null;
  const fields = robot.fields?.length ? el("span", { class: "pill" }, `on ${robot.fields.join(", ")}`) : null;
  return area(ctx.seats[seat]?.name ?? "Robot", facts,
    [el("div", { class: "robot-line" }, el("span", { class: "pill" }, `robot tile: ${robot.tile}`), dice, fields),
      row([...(robot.tableau ?? []).map((key, i) => rftgCard(ctx, key, { size: "mini", target: `tab:${letter(seat)}:${key}`, id: `robot-${key}-${i}` })),
        ...Array.from({ length: robot.markers ?? 0 }, (_, i) => el("div", { class: "card card-mini marker", style: "--hue:275", "data-id": `marker-${i}`, "aria-label": "development marker" },
          el("div", { class: "card-band" }, el("span", { class: "badge vp" }, String(robot.marker_value))), el("div", { class: "card-name" }, "Development marker")))])],
    { seat: String(seat), label: `${ctx.seats[seat]?.name ?? "Robot"}'s tableau` });
}

function board(view, ctx) {
  const players = view.players ?? [];
  const order = players.map((_, i) => i).filter((i) => i !== ctx.mySeat);
  if (ctx.mySeat !== null && ctx.mySeat !== undefined && players[ctx.mySeat]) order.push(ctx.mySeat);
  const phases = [view.phase && PHASES[view.phase] ? `now ${PHASES[view.phase]}` : view.phase === "select" ? "choosing actions" : null,
    view.phases_left?.length ? `then ${view.phases_left.map((p) => PHASES[p] ?? p).join(", ")}` : null].filter(Boolean).join(" · ");
  const shared = zone(view.round ? `Round ${view.round}` : "Set-up", factList([
    { icon: "vp", label: "VP chips left in the pool", value: view.pool, id: "pool" },
    { icon: "deck", label: "cards in the draw pile", value: view.deck, id: "deck" },
    { short: "discard pile", label: "cards in the discard pile", value: view.discard, id: "discard" },
  ]), { sub: phases, class: "shared" });
  const areas = order.map((seat) => {
    const p = players[seat];
    const mine = seat === ctx.mySeat;
    return area(mine ? "Your tableau" : `${ctx.seats[seat]?.name ?? letter(seat)}'s tableau`, playerFacts(p, ctx, seat),
      tableau(p, ctx, seat, mine), { me: mine, seat: String(seat), badges: chosen(p) });
  });
  const robotSeat = view.robot ? players.length : null;
  // the robot above (the opponent), the shared numbers, the tableaus side by side (yours last)
  return [view.robot ? robotArea(view.robot, ctx, robotSeat) : null, shared, el("div", { class: "areas" }, areas)];
}

function dock(view, ctx) {
  const p = me(ctx);
  if (!p) return null;
  const kind = ctx.decision?.kind;
  const parts = [];
  if (kind === "select-action") {
    const two = ctx.legal.some((a) => a.split(" ").length === 3);
    parts.push(zone("Your action cards", row(actionCards(ctx), { scroll: ctx.phone }), { sub: two ? "choose two" : "choose one", key: "actions" }));
  }
  if (p.drawn?.length) {
    parts.push(zone("Explored", row(p.drawn.map((key, i) => rftgCard(ctx, key, { size: ctx.phone ? "mini" : "full", target: `drawn:${key}`, id: `drawn-${key}-${i}` })), { scroll: true }),
      { sub: p.keep ? `keep ${p.keep}` : "", key: "drawn" }));
  }
  if (p.placing) {
    parts.push(el("p", { class: "placing" }, `Placing ${nameOf(ctx, p.placing)}`, p.owe ? ` — ${p.owe} more to pay` : ""));
  }
  const costs = p.hand_costs ?? {};
  const hand = (p.hand ?? []).map((key, i) => rftgCard(ctx, key, {
    size: ctx.phone ? "mini" : "full", target: `hand:${key}`, id: `hand-${key}-${i}`, note: costNote(costs[key]),
  }));
  parts.push(zone("Your hand", row(hand, { scroll: true, empty: "no cards" }), { sub: `${p.hand?.length ?? 0} cards`, key: "hand" }));
  return parts;
}

/** What a legal move is about on the table, and its words. */
function move(action, ctx) {
  const [verb, ...args] = action.split(" ");
  const [a, b] = args;
  const mine = letter(ctx.mySeat);
  const n = (k) => nameOf(ctx, k);
  switch (verb) {
    case "select":
      return { keys: args.map((id) => `act:${id}`), unordered: true, label: `Choose ${orList(args.map((id) => ACTIONS[id]?.name ?? pretty(id)), "and")}` };
    case "discard":
      return { keys: [`hand:${a}`], label: `Discard ${n(a)}` };
    case "keep":
      return { keys: [`drawn:${a}`], label: `Keep ${n(a)}` };
    case "develop":
      return a === "none" ? { keys: [], label: "Place no development" } : { keys: [`hand:${a}`], label: `Develop ${n(a)}` };
    case "settle":
      return a === "none" ? { keys: [], label: "Settle no world" } : { keys: [`hand:${a}`], label: `Settle ${n(a)}` };
    case "pay":
      return { keys: [`hand:${a}`], label: `Pay with ${n(a)}` };
    case "spend":
      return { keys: [`hand:${a}`], label: `Discard ${n(a)} for VP` };
    case "consume": {
      const power = ctx.faces[a]?.options?.[Number(b) - 1] ?? `power ${b}`;
      return { keys: [`tab:${mine}:${a}`], label: `Consume with ${n(a)}: ${power.replace(/^IV: /, "")}`, choice: power.replace(/^IV: /, "") };
    }
    case "good":
      return { keys: [`good:${a}`], label: `Consume the good on ${n(a)}` };
    case "trade":
      return { keys: [`good:${a}`], label: `Trade the good on ${n(a)}` };
    case "windfall":
      return { keys: [`tab:${mine}:${a}`], label: `Produce a good on ${n(a)}` };
    case "method":
      return { keys: [], label: a === "pay" ? "Pay its cost" : `Use ${n(a)} (discard it)` };
    case "guess":
      return { keys: [], label: `Cost ${a}` };
    case "stop":
      return { keys: [], label: ctx.decision?.kind === "consume-discard" ? "Stop discarding" : "Stop consuming" };
    default:
      return { keys: [], label: pretty(action), unknown: true };
  }
}

function hint(picked, open, ctx) {
  const [first] = picked;
  if (first.startsWith("act:")) return `${ACTIONS[first.slice(4)]?.name ?? first}: now your second action card`;
  if (first.startsWith("tab:")) return `${nameOf(ctx, first.split(":")[2])}: which power?`;
  return null;
}

function panel(view, seat, ctx) {
  const players = view.players ?? [];
  if (seat < players.length) {
    const p = players[seat];
    return {
      score: { label: "VP", icon: "vp", value: p.score?.total ?? p.chips },
      stats: playerFacts(p, ctx, seat).map((f) => ({ ...f, id: `panel-${f.id}` })),
    };
  }
  const r = view.robot;
  if (!r) return {};
  return {
    score: { label: "VP", icon: "vp", value: r.score?.total ?? r.chips },
    stats: [
      { icon: "credit", label: "credit", value: r.credit },
      { icon: "economy", label: "economy", value: r.economy },
      { icon: "hand", label: "cards in its hand", value: r.hand_size },
    ],
  };
}

function scores(view, result, ctx) {
  const players = view.players ?? [];
  const rows = players.map((p, seat) => {
    const bonus = Object.values(p.score?.bonus ?? {}).reduce((x, y) => x + y, 0);
    return { seat, cells: [p.score?.chips ?? p.chips, p.score?.cards, bonus, p.score?.total] };
  });
  if (view.robot) {
    const s = view.robot.score ?? {};
    rows.push({ seat: players.length, cells: [s.chips, s.cards, s.six_cost ?? 0, s.total] });
  }
  return {
    columns: [
      { label: "VP chips", icon: "chips", short: "chips" },
      { label: "VP of cards", icon: "card", short: "cards" },
      { label: view.robot ? "6-cost developments and markers" : "6-cost developments", short: "6-cost" },
      { label: "total VP", icon: "vp", short: "total", total: true },
    ],
    rows,
  };
}

export default {
  move,
  hint,
  panel,
  scores,
  mode: (options) => (options.solo === "robot" ? "solo" : Number(options.players) === 2 ? "two" : "multi"),
  draw: (view, ctx) => ({ board: board(view, ctx), dock: dock(view, ctx) }),
  header(text) {
    const m = /^Round (\d+):?\s*(.*)$/.exec(text);
    return m ? { title: `Round ${m[1]}`, rest: m[2] ? `Actions: ${m[2]}` : "" } : null;
  },
  automaton: (text) => (/^Robot\b/.test(text) ? "Robot" : null),
};
