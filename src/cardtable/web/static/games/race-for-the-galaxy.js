// Race for the Galaxy: each player's tableau of worlds and developments (goods on the worlds), the
// action cards to choose in secret, the hand with what each card would cost you, the VP pool; the
// robot of the solitaire game with its credit, economy and development markers; with the expansions
// the goals in play and who holds them, prestige, Search, takeovers declared, the start-world offer.
import { el, LETTERS, orList, plural, pretty } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { seatHue } from "../js/panels.js";
import { area, factList, row, token, zone } from "../js/parts.js";

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
// The Brink of War: each action card also as a prestige action (spends 1 prestige, once a game), and Search
for (const [id, a] of Object.entries({ ...ACTIONS })) {
  ACTIONS[`prestige-${id}`] = { ...a, name: `Prestige ${a.name}`, prestige: true };
}
ACTIONS.search = { name: "Search", phase: "★", hue: 290, search: true };
/** The Search categories and their words (the game's faces hold them as `search:<category>`). */
function categories(ctx) {
  return Object.entries(ctx.faces).filter(([key]) => key.startsWith("search:")).map(([key, face]) => [key.slice(7), face.name]);
}
const METHODS = {
  pay: "Pay its cost",
  conquer: "Conquer it with your military",
  contact: "Pay its defence in cards, less your discounts for military worlds",
  "conquer-peaceful": "Conquer it with military (as if a military world)",
  tactics: "Discard your tactics card for extra military",
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
  const military = Boolean(face.military);
  const cost = face.stats?.cost;
  const world = Boolean(face.world);
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
    kind: face.start ? `${face.sort} · start world` : face.sort,
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
    const special = a.prestige || a.search;
    return el("div", { class: `card card-mini action-card${special ? " special" : ""}${a.prestige ? " prestige" : ""}`, style: `--hue:${a.hue}`, "data-target": `act:${id}`, "aria-label": a.name + (a.second ? " (second card)" : "") },
      el("div", { class: "card-band" }, el("b", {}, a.phase), a.prestige ? icon("prestige", "prestige action") : null),
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
    ...expansionFacts(p, ctx, seat),
  ];
}

/** What the expansions add to a player's numbers: prestige (and the prestige leader's tile), the goals
 * held, Search used, the cards saved under Galactic Scavengers. */
function expansionFacts(p, ctx, seat) {
  const level = Number(ctx.view.expansion ?? 0);
  const facts = [];
  if (level >= 3) {
    facts.push({ icon: "prestige", label: p.prestige_on_tile ? "prestige (prestige leader)" : "prestige",
      value: `${p.prestige ?? 0}${p.prestige_on_tile ? " ▲" : ""}`, id: `prestige-${seat}`, class: p.prestige_on_tile ? "leader" : null });
  }
  if (ctx.view.goals?.length) {
    const held = (p.goals ?? []).map((g) => nameOf(ctx, g));
    facts.push({ icon: "goal", label: held.length ? `goals held: ${held.join(", ")}` : "goals held", value: held.length, id: `goals-${seat}` });
  }
  if (level >= 3 && p.searched) facts.push({ short: "Search", label: "Search used (once a game)", value: "used", id: `searched-${seat}` });
  if (p.saved_size || p.saved?.length) facts.push({ icon: "card", label: "cards saved under Galactic Scavengers", value: p.saved_size ?? p.saved.length, id: `saved-${seat}` });
  return facts;
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
      note: p.placing === key && p.owe ? `pay ${p.owe} more` : attackNote(ctx, key),
    });
  }), { empty: "no cards yet" });
}

/** "takeover by A" on a world a takeover is declared against. */
function attackNote(ctx, key) {
  const t = (ctx.view.takeovers ?? []).find((x) => x.world === key);
  return t ? `${t.failed ? "takeover failed" : "takeover"}: ${t.attacker}` : null;
}

/** The seat whose tableau holds a card (the first one, counting from the person's own). */
function ownerOf(ctx, key) {
  const players = ctx.view.players ?? [];
  return players.findIndex((p) => (p.tableau ?? []).includes(key));
}

/** A goal tile: first or most, its VP, its name and condition; a marker per player holding it. */
function goalTile(ctx, key) {
  const face = ctx.faces[key] ?? {};
  const players = ctx.view.players ?? [];
  const holders = players.map((p, seat) => ((p.goals ?? []).includes(key) ? seat : -1)).filter((s) => s >= 0);
  const open = (ctx.view.goals_available ?? []).includes(key);
  const most = face.goal === "most";
  const markers = holders.map((seat) => el("span", { class: "goal-holder", style: `--seat-hue:${seatHue(seat)}`,
    title: `held by ${ctx.seats[seat]?.name ?? letter(seat)}`, "aria-label": `held by ${ctx.seats[seat]?.name ?? letter(seat)}`,
    "data-seat": letter(seat) })); // the holder's colour, as on its panel (its letter is notation)
  const state = holders.length ? markers : el("span", { class: "goal-open" }, open ? "open" : "claimed");
  return el("div", {
    class: `card card-mini goal-tile${most ? " most" : " first"}${holders.length ? " held" : ""}`, style: `--hue:${most ? 40 : 190}`,
    "data-card": key, "data-id": `goal-${key}`, "data-sig": `${holders.join(",")}${open}`, "aria-label": `${face.name ?? pretty(key)} (${most ? "most" : "first"} goal, ${face.stats?.VP ?? ""} VP)`,
  },
  el("div", { class: "card-band" }, el("b", {}, most ? "Most" : "First"), el("span", { class: "badge vp", title: `${face.stats?.VP} VP` }, String(face.stats?.VP ?? "")),
    el("span", { class: "goal-holders" }, state)),
  el("div", { class: "card-name" }, face.name ?? pretty(key)),
  el("div", { class: "goal-text" }, face.text ?? ""));
}

function goalsZone(view, ctx) {
  if (!view.goals?.length) return null;
  const open = view.goals_available?.length ?? 0;
  return zone("Goals", row(view.goals.map((key) => goalTile(ctx, key)), { scroll: ctx.phone }),
    { sub: `${open} open`, class: "goals", key: "goals" });
}

function takeoversZone(view, ctx) {
  const list = view.takeovers ?? [];
  if (!list.length) return null;
  return zone("Takeovers declared", el("div", { class: "takeovers" }, list.map((t, i) => {
    const owner = ownerOf(ctx, t.world);
    const whose = owner >= 0 ? `${ctx.seats[owner]?.name ?? letter(owner)}'s ` : "";
    const words = `${ctx.seats[LETTERS.indexOf(t.attacker)]?.name ?? t.attacker} (${nameOf(ctx, t.power)}) → ${whose}${nameOf(ctx, t.world)}${t.failed ? " — failed" : ""}`;
    return token(words, { class: `takeover${t.failed ? " dim" : ""}`, icon: "military", id: `takeover-${i}`, label: `takeover: ${words}` });
  })), { key: "takeovers", class: "takeovers-zone" });
}

function chosen(p) {
  if (p.actions?.length) return el("span", { class: "pill" }, p.actions.join(" + "));
  if (p.actions_chosen || p.picked) return el("span", { class: "pill good" }, "has chosen");
  return null;
}

/** The robot's numbers: its tracks, its hand pile, chips, markers and (The Brink of War) prestige. */
function robotFacts(robot, level) {
  return [
    { icon: "credit", label: "credit", value: robot.credit, id: "robot-credit" },
    { icon: "economy", label: "economy", value: robot.economy, id: "robot-economy" },
    { icon: "hand", label: "cards in its hand", value: robot.hand_size, id: "robot-hand" },
    { icon: "chips", label: "VP chips", value: robot.chips, id: "robot-chips" },
    level >= 3 ? { icon: "prestige", label: "prestige", value: robot.prestige ?? 0, id: "robot-prestige" } : null,
    { label: "development markers left", short: "markers left", value: `${robot.markers_left} (${robot.marker_value} VP each)`, id: "robot-markers" },
  ].filter(Boolean);
}

function robotArea(robot, ctx, seat, level) {
  const dice = robot.dice?.length ? el("span", { class: "pill" }, `dice: ${robot.dice.join(", ")}`) : null;
  const fields = robot.fields?.length ? el("span", { class: "pill" }, `on ${robot.fields.join(", ")}`) : null;
  // what its start world's modification tiles change, one line per Action or Reaction
  // (folded on a phone, where the list would push the table down)
  const name = `${nameOf(ctx, robot.start)}'s modification tiles`;
  const tiles = robot.modifications?.length
    ? el("details", { class: "robot-tiles", open: !ctx.phone, style: "margin:0 0 .35rem;font-size:.85rem" },
      el("summary", {}, name),
      el("ul", { "aria-label": name, style: "margin:.2rem 0 0;padding-left:1.1rem" }, robot.modifications.map((words) => el("li", {}, words))))
    : null;
  return area(ctx.seats[seat]?.name ?? "Robot", robotFacts(robot, level),
    [el("div", { class: "robot-line" }, el("span", { class: "pill" }, `robot tile: ${robot.tile}`), dice, fields), tiles,
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
  return [view.robot ? robotArea(view.robot, ctx, robotSeat, Number(view.expansion ?? 0)) : null, shared, goalsZone(view, ctx), takeoversZone(view, ctx),
    el("div", { class: "areas" }, areas)];
}

function dock(view, ctx) {
  const p = me(ctx);
  if (!p) return null;
  const kind = ctx.decision?.kind;
  const parts = [];
  if (kind === "select-action") {
    const two = ctx.legal.some((a) => a.split(" ").length === 3);
    const cards = actionCards(ctx);
    const plain = cards.filter((c) => !c.classList.contains("special"));
    const special = cards.filter((c) => c.classList.contains("special"));
    parts.push(zone("Your action cards", [row(plain, { scroll: ctx.phone }),
      special.length ? el("div", { class: "special-actions" }, el("span", { class: "special-words" }, specialWords(special)), row(special, { scroll: ctx.phone })) : null],
    { sub: two ? "choose two" : "choose one", key: "actions" }));
  }
  if (p.offer?.length) {
    parts.push(zone("Your start world", row(p.offer.map((key, i) => rftgCard(ctx, key, { size: ctx.phone ? "mini" : "full", target: `offer:${key}`, id: `offer-${key}-${i}` })), { scroll: ctx.phone }),
      { sub: kind === "start-choose" ? "choose one of these two" : "offered", key: "offer" }));
  }
  if (kind === "search-category") {
    parts.push(zone("Search the deck for", el("div", { class: "categories" }, categories(ctx).map(([id, words]) => token(words, { target: `search:${id}`, class: "category", label: `Search for ${words}` }))),
      { sub: "name a category", key: "search" }));
  }
  if (view.aside?.length) {
    parts.push(zone(kind === "ante-keep" ? "Turned over (the ante)" : "Turned over (Search)", row(view.aside.map((key, i) => rftgCard(ctx, key, { size: "mini", target: `aside:${key}`, id: `aside-${key}-${i}` })), { scroll: true }),
      { sub: plural(view.aside.length, "card"), key: "aside" }));
  }
  if (p.saved?.length) {
    parts.push(zone("Saved under Galactic Scavengers", row(p.saved.map((key, i) => rftgCard(ctx, key, { size: "mini", id: `saved-${key}-${i}` })), { scroll: true }),
      { sub: plural(p.saved.length, "card"), key: "saved" }));
  }
  if (p.drawn?.length) {
    parts.push(zone("Explored", row(p.drawn.map((key, i) => rftgCard(ctx, key, { size: ctx.phone ? "mini" : "full", target: `drawn:${key}`, id: `drawn-${key}-${i}` })), { scroll: true }),
      { sub: kind === "explore-discard" ? "discard from these or your hand" : p.keep ? `keep ${p.keep}` : "", key: "drawn" }));
  }
  if (p.placing) {
    parts.push(el("p", { class: "placing" }, `Placing ${nameOf(ctx, p.placing)}`, p.owe ? ` — ${p.owe} more to pay` : ""));
  }
  // what a card would cost to place, except while the person discards or pays with cards
  const costs = ctx.over || (ctx.mine && CARDS_GO.has(ctx.decision?.kind)) ? {} : p.hand_costs ?? {};
  const hand = (p.hand ?? []).map((key, i) => rftgCard(ctx, key, {
    size: ctx.phone ? "mini" : "full", target: `hand:${key}`, id: `hand-${key}-${i}`, note: costNote(costs[key]),
  }));
  parts.push(zone("Your hand", row(hand, { scroll: true, empty: "no cards" }), { sub: plural(p.hand?.length ?? 0, "card"), key: "hand" }));
  return parts;
}

/** The words over the once-a-game action cards offered: the prestige actions (1 prestige each), Search,
 * or both (only those offered are named). */
function specialWords(special) {
  const search = special.some((c) => c.dataset.target === "act:search");
  const prestige = special.some((c) => c.classList.contains("prestige"));
  const words = [prestige ? "Prestige actions (1 prestige, once a game)" : null, search ? "Search (once a game)" : null];
  return `${words.filter(Boolean).join(" and ")}:`;
}

/** The decisions in which cards of the hand are discarded, paid or given up, not placed: a card's cost
 * to place ("you pay 3") means nothing there. */
const CARDS_GO = new Set(["initial-discard", "hand-limit", "explore-discard", "consume-discard", "discard-produce",
  "power-discard", "prestige-discard", "develop-pay", "settle-pay", "trade", "ante", "gamble", "save-card", "start-save"]);

/** The power text a card's n-th power reads, without its phase mark (the face's `powers`). */
function powerText(ctx, key, n) {
  return ctx.faces[key]?.powers?.[Number(n) - 1] ?? `power ${n}`;
}

/** Where a card the person may use lies: in hand, else in their tableau. */
function ownCard(ctx, key) {
  return (me(ctx)?.hand ?? []).includes(key) ? `hand:${key}` : `tab:${letter(ctx.mySeat)}:${key}`;
}

const STOPS = {
  "consume-discard": "Stop discarding",
  "prestige-discard": "Discard no card",
  "discard-produce": "Discard no more to produce",
  "settle-power": "Use no more powers",
  "produce-power": "Use no more powers",
};

/** What a legal move is about on the table, and its words. */
function move(action, ctx) {
  const [verb, ...args] = action.split(" ");
  const [a, b] = args;
  const mine = letter(ctx.mySeat);
  const n = (k) => nameOf(ctx, k);
  const kind = ctx.decision?.kind;
  switch (verb) {
    case "select":
      return { keys: args.map((id) => `act:${id}`), unordered: true, label: `Choose ${orList(args.map((id) => ACTIONS[id]?.name ?? pretty(id)), "and")}` };
    case "discard":
      // after exploring, a card may be discarded from those just drawn as from the hand
      return { keys: [(me(ctx)?.hand ?? []).includes(a) || !(me(ctx)?.drawn ?? []).includes(a) ? `hand:${a}` : `drawn:${a}`], label: kind === "prestige-discard" ? `Discard ${n(a)} for prestige` : `Discard ${n(a)}` };
    case "keep":
      return { keys: [`drawn:${a}`], label: `Keep ${n(a)}` };
    case "develop":
      return a === "none" ? { keys: [], label: "Place no development" } : { keys: [`hand:${a}`], label: `Develop ${n(a)}` };
    case "settle":
      return a === "none" ? { keys: [], label: kind === "settle-second" ? "Settle no further world" : "Settle no world" } : { keys: [`hand:${a}`], label: `Settle ${n(a)}` };
    case "pay":
      return { keys: [`hand:${a}`], label: `Pay with ${n(a)}` };
    case "spend":
      return { keys: [`hand:${a}`], label: `Discard ${n(a)} for VP` };
    case "consume": {
      if (a === "prestige-trade") return { keys: [], label: "Discard up to 2 cards for 1 VP each (prestige trade)" };
      const power = powerText(ctx, a, b);
      return { keys: [`tab:${mine}:${a}`], label: `Consume with ${n(a)}: ${power}`, choice: power };
    }
    case "produce": {
      const power = powerText(ctx, a, b);
      return { keys: [`tab:${mine}:${a}`], label: `Produce with ${n(a)}: ${power}`, choice: power };
    }
    case "power": {
      const power = powerText(ctx, a, b);
      return { keys: [`tab:${mine}:${a}`], label: `Use ${n(a)}: ${power}`, choice: power };
    }
    case "boost": {
      const power = powerText(ctx, a, b);
      return { keys: [`tab:${mine}:${a}`], label: `Add military with ${n(a)}: ${power}`, choice: power };
    }
    case "reduce": {
      const power = powerText(ctx, a, b);
      return { keys: [`tab:${mine}:${a}`], label: `Lower the cost with ${n(a)}: ${power}`, choice: power };
    }
    case "prevent": {
      if (a === "none") return { keys: [], label: "Prevent no takeover" };
      const owner = ownerOf(ctx, a);
      return { keys: owner >= 0 ? [`tab:${letter(owner)}:${a}`] : [], label: `Prevent the takeover of ${n(a)}` };
    }
    case "kind":
      return { keys: [], label: `${pretty(a)} (Alien Oort Cloud Refinery's kind)` };
    case "good":
      return { keys: [`good:${a}`], label: `Consume the good on ${n(a)}` };
    case "trade":
      return { keys: [`good:${a}`], label: `Trade the good on ${n(a)}` };
    case "windfall":
      return { keys: [`tab:${mine}:${a}`], label: `Produce a good on ${n(a)}` };
    case "method":
      return { keys: [], label: METHODS[a] ?? `Use ${n(a)} (discard it)` };
    case "guess":
      return { keys: [], label: `Cost ${a}` };
    case "stop":
      return { keys: [], label: STOPS[kind] ?? "Stop consuming" };
    case "start":
      return { keys: [`offer:${a}`], label: `Start with ${n(a)}` };
    case "save":
      return { keys: (me(ctx)?.hand ?? []).includes(a) ? [`hand:${a}`] : [], label: kind === "save-card" ? `Save ${n(a)} under Galactic Scavengers` : `Save ${n(a)} under your start world` };
    case "search":
      return { keys: [`search:${a}`], label: `Search for ${ctx.faces[`search:${a}`]?.name ?? pretty(a)}` };
    case "take":
      return { keys: [`aside:${a}`], label: `Take ${n(a)}` };
    case "decline":
      return { keys: [], label: "Decline it and search on" };
    case "ante":
      return a === "none" ? { keys: [], label: "Ante no card" } : { keys: [`hand:${a}`], label: `Ante ${n(a)}` };
    case "produce-with":
      return { keys: [`hand:${a}`], label: `Discard ${n(a)} to produce` };
    case "military":
      return { keys: [ownCard(ctx, a)], label: `Add military with ${n(a)}` };
    case "done":
      return { keys: [], label: kind === "takeover-military" ? "Go on with this military" : "Use no more powers" };
    case "upgrade":
      return a === "none" ? { keys: [], label: "Replace no world" } : { keys: [`tab:${mine}:${a}`, `hand:${b}`], label: `Replace ${n(a)} by ${n(b)}`, choice: `by ${n(b)}` };
    case "takeover": {
      if (a === "none") return { keys: [], label: "Declare no takeover" };
      const owner = ownerOf(ctx, a);
      const target = owner >= 0 && owner !== ctx.mySeat ? `tab:${letter(owner)}:${a}` : null;
      return { keys: target ? [target, `tab:${mine}:${b}`] : [], label: `Take over ${n(a)} with ${n(b)}`, choice: `with ${n(b)}` };
    }
    default:
      return { keys: [], label: pretty(action), unknown: true };
  }
}

function hint(picked, open, ctx) {
  const [first] = picked;
  if (first.startsWith("act:")) return `You picked ${ACTIONS[first.slice(4)]?.name ?? first}; now pick your second action card`;
  if (first.startsWith("tab:")) {
    const [, who, key] = first.split(":");
    if (who !== letter(ctx.mySeat)) return `Take over ${nameOf(ctx, key)}: with which power?`;
    if (ctx.decision?.kind === "upgrade") return `Replace ${nameOf(ctx, key)}: by which world of your hand?`;
    return `${nameOf(ctx, key)}: which power?`;
  }
  return null;
}

const COMPACT = ["chips-", "hand-", "mil-", "prestige-", "goals-"];

function panel(view, seat, ctx) {
  const players = view.players ?? [];
  if (seat < players.length) {
    const p = players[seat];
    return {
      score: { label: "VP", icon: "vp", value: p.score?.total ?? p.chips },
      // on a phone the opponents' panels are compact: their goods, Search and saved cards are on the table
      stats: playerFacts(p, ctx, seat).filter((f) => !ctx.phone || seat === ctx.mySeat || COMPACT.some((k) => f.id.startsWith(k)))
        .map((f) => ({ ...f, id: `panel-${f.id}` })),
      notes: ctx.phone ? [] : (p.goals ?? []).map((g) => `⚑ ${nameOf(ctx, g)}`),
    };
  }
  const r = view.robot;
  if (!r) return {};
  return {
    score: { label: "VP", icon: "vp", value: r.score?.total ?? r.chips },
    stats: robotFacts(r, Number(view.expansion ?? 0)).filter((f) => f.icon && f.id !== "robot-chips")
      .map(({ icon: kind, label, value }) => ({ icon: kind, label, value })),
  };
}

function scores(view, result, ctx) {
  const players = view.players ?? [];
  const level = Number(view.expansion ?? 0);
  const goals = level && !view.robot; // the solitaire game plays no goals
  const rows = players.map((p, seat) => {
    const bonus = Object.values(p.score?.bonus ?? {}).reduce((x, y) => x + y, 0);
    const extra = goals ? [p.score?.goals ?? 0] : [];
    if (level >= 3) extra.push(p.score?.prestige ?? 0);
    return { seat, cells: [p.score?.chips ?? p.chips, p.score?.cards, bonus, ...extra, p.score?.total] };
  });
  if (view.robot) {
    const s = view.robot.score ?? {};
    rows.push({ seat: players.length, cells: [s.chips, s.cards, s.six_cost ?? 0, ...(level >= 3 ? [s.prestige ?? 0] : []), s.total] });
  }
  return {
    columns: [
      { label: "VP chips", icon: "chips", short: "chips" },
      { label: "VP of cards", icon: "card", short: "cards" },
      { label: view.robot ? "6-cost developments and markers" : "6-cost developments", short: "6-cost" },
      ...(goals ? [{ label: "VP of goals", icon: "goal", short: "goals" }] : []),
      ...(level >= 3 ? [{ label: "prestige", icon: "prestige", short: "prestige" }] : []),
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
};
