// Biosphere 5: each player's board (the civilisation's problems from water to salvation with the
// achievements that solve them, the level reached), their face-up cards and draw pile; the Machine of
// the solo game; the Abyss's doom and leaders.
import { el, plural, pretty } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { area, factList, row, token, zone } from "../js/parts.js";

const HUES = { water: 205, housing: 28, security: 0, production: 45, nature: 120, community: 285, salvation: 50, "better-leadership": 265 };
/** The civilisation's problems by level (2.3): I water and housing, II security and production,
 * III nature and community, IV salvation. */
const LEVELS = [["I", ["water", "housing"]], ["II", ["security", "production"]], ["III", ["nature", "community"]]];
const ROMAN = ["", "I", "II", "III", "IV"];
const LEADERS = ["strategist", "commander", "fighter", "believer"];

const boardOf = (view, seat) => (view.boards ?? []).find((b) => b.seat === seat) ?? null;

/** A card's upper or lower option in words (its face's `upper` / `lower`). */
const option = (face, which) => face?.[which] ?? which;

function bioCard(ctx, key, opts = {}) {
  const face = ctx.faces[key] ?? {};
  return ctx.card(key, {
    ...opts,
    hue: HUES[face.category] ?? 200,
    badges: [el("span", { class: "badge cost", title: `level ${face.level}` }, face.level ?? ""),
      face.stats?.red ? el("span", { class: "badge red", title: `red card (counts ${face.stats.red} at the start)` }, face.stats.red > 1 ? "red ×2" : "red") : null],
    kind: opts.size === "full" ? pretty(face.category ?? "") : null,
    lines: opts.size === "full" ? [`▲ ${option(face, "upper")}`, `▼ ${option(face, "lower")}`] : [],
  });
}

/** A player's civilisation: each problem's slot, with the achievement that solves it. */
function civilisation(b, ctx, mine) {
  const built = new Map();
  for (const key of b.achievements ?? []) {
    const face = ctx.faces[key] ?? {};
    built.set(face.category, key);
  }
  const slot = (problem) => {
    const key = built.get(problem);
    const face = key ? ctx.faces[key] : null;
    const kind = face?.quality ?? "";
    return el("div", {
      class: `slot${key ? ` solved ${kind}` : ""}`, style: `--hue:${HUES[problem]}`,
      "data-target": key ? `ach:${b.seat}:${key}` : null, "data-card": key ?? null, "data-id": `slot-${b.seat}-${problem}`,
      "aria-label": key ? `${pretty(problem)}: ${face.name} (${kind})` : `${pretty(problem)}: not solved`,
    },
    el("span", { class: "slot-problem" }, pretty(problem)),
    key ? el("span", { class: "slot-card" }, face.name, el("span", { class: "slot-kind" }, ` ${kind}`)) : el("span", { class: "slot-empty" }, "—"));
  };
  const others = (b.achievements ?? []).filter((key) => !LEVELS.some(([, ps]) => ps.includes(ctx.faces[key]?.category)));
  return el("div", { class: `civ${mine ? " mine" : ""}` },
    LEVELS.map(([roman, problems]) => el("div", { class: `civ-level${b.level > ROMAN.indexOf(roman) ? " open" : ""}` },
      el("span", { class: "civ-roman", title: `level ${roman}` }, roman), problems.map(slot))),
    others.length ? el("div", { class: "civ-level" }, el("span", { class: "civ-roman" }, "+"),
      others.map((key) => el("div", { class: "slot solved", style: `--hue:${HUES[ctx.faces[key]?.category] ?? 200}`, "data-target": `ach:${b.seat}:${key}`, "data-card": key, "aria-label": ctx.faces[key]?.name ?? key },
        el("span", { class: "slot-card" }, ctx.faces[key]?.name ?? pretty(key))))) : null);
}

/** The name of the seat in the same team as board `b` (the view's `team`, the 4-player game, 2.5), or null. */
function partnerName(view, b, ctx) {
  if (b.team === null || b.team === undefined) return null;
  const partner = (view.boards ?? []).find((o) => o.seat !== b.seat && o.team === b.team);
  return partner ? ctx.seats[partner.seat]?.name ?? partner.name : null;
}

/** "team with Cyd" for board `b` in the team game, else null (a seat panel's note, a score row's). */
function teamNote(view, b, ctx) {
  const partner = partnerName(view, b, ctx);
  return partner ? `team with ${partner}` : null;
}

function boardArea(view, b, ctx) {
  const mine = b.seat === ctx.mySeat;
  const name = mine ? "Your board" : `${ctx.seats[b.seat]?.name ?? b.name}'s board`;
  const doom = view.doom?.[b.seat];
  const partner = partnerName(view, b, ctx);
  const facts = [
    { icon: "flag", label: "civilisation level", value: ROMAN[b.level] ?? b.level, id: `level-${b.seat}` },
    { icon: "hand", label: "cards in hand", value: b.hand_size, id: `hand-${b.seat}` },
    { icon: "deck", label: "cards in the draw pile", value: b.pile_size, id: `pile-${b.seat}` },
    doom !== undefined ? { icon: "doom", label: "doom level (8 ends the game for you)", value: doom, id: `doom-${b.seat}` } : null,
    // the 4-player game's teams (2.5): the partner by name
    partner ? { short: "team with", label: "team partner", value: partner } : null,
  ];
  const faceup = (b.faceup ?? []).map((key, i) => bioCard(ctx, key, { size: mine && !ctx.phone ? "full" : "mini", target: mine ? `faceup:${key}` : null, id: `faceup-${b.seat}-${i}` }));
  const pile = token(`Draw pile · ${b.pile_size}`, { icon: "deck", target: mine ? "pile" : null, id: `pile-token-${b.seat}`, label: `${mine ? "your" : "their"} draw pile, ${plural(b.pile_size, "card")}`, class: "pile" });
  const leaders = view.leaders?.[b.seat];
  const head = b.out ? el("span", { class: "pill warn" }, "out of the game") : null;
  return area(name, facts, [
    civilisation(b, ctx, mine),
    el("div", { class: "bio-row" },
      zone("Face-up cards", row([...faceup, pile]), { class: "inner" }),
      b.discard?.length ? zone("Discard pile", el("span", { class: "muted-label" }, plural(b.discard.length, "card")), { class: "inner" }) : null),
    leaders ? el("div", { class: "leaders" }, el("span", { class: "muted-label" }, "Leaders:"), LEADERS.map((l) => token(`${pretty(l)} ${leaders[l]}`, {
      target: mine ? `leader:${l}` : null, id: `leader-${b.seat}-${l}`, label: `${pretty(l)}, tier ${leaders[l]}`, class: "small-token",
    }))) : null,
  ], { me: mine, seat: String(b.seat), label: name, badges: head, target: `player:${b.seat}`, targetWords: ctx.seats[b.seat]?.name ?? b.name });
}

function machineZone(view, ctx) {
  const m = view.machine;
  if (!m) return null;
  return zone("The Machine", [
    factList([
      { icon: "hand", label: "hand card level (its strength)", value: m.level, id: "machine-level" },
      { short: "reveals", label: "cards it reveals at this level", value: m.reveals, id: "machine-reveals" },
      { short: "catastrophes this round", label: "catastrophes this round", value: m.catastrophes_this_round },
    ]),
    m.revealed?.length ? row(m.revealed.map((key, i) => bioCard(ctx, key, { size: "mini", id: `revealed-${i}` }))) : null,
    m.kept ? el("p", { class: "muted-label" }, `Kept: ${ctx.faces[m.kept]?.name ?? m.kept}`) : null,
  ], { class: "shared" });
}

function board(view, ctx) {
  const turn = view.turn;
  const who = ctx.seats[turn]?.name ?? "";
  const turnLine = zone(turn === ctx.mySeat ? "Your turn" : `${who}'s turn`,
    el("span", { class: "muted-label" }, [view.move ? `move ${view.move}${view.third_move ? " of 3" : " of 2"}` : "",
      view.markers?.length ? ` · moves made: ${view.markers.map((m) => MARKERS[m] ?? m).join(", ")}` : ""].join("")), { class: "shared" });
  const boards = view.boards ?? [];
  const others = boards.filter((b) => b.seat !== ctx.mySeat);
  const mine = boards.filter((b) => b.seat === ctx.mySeat);
  const revealed = view.revealed ? zone(`${ctx.seats[view.revealed.seat]?.name ?? ""}'s hand (you spy it)`,
    row(view.revealed.hand.map((key, i) => bioCard(ctx, key, { size: "mini", target: `spied:${key}`, id: `spied-${i}` }))), { class: "shared" }) : null;
  // the opponents, what is shared in the middle, your own board below (your hand under it)
  return [el("div", { class: "areas" }, others.map((b) => boardArea(view, b, ctx))), turnLine, machineZone(view, ctx), revealed,
    ...mine.map((b) => boardArea(view, b, ctx))];
}

/** The endings (`Result.termination`) where the winner built Biosphere 5. */
const BUILT = new Set(["biosphere", "machine-biosphere"]);

const MARKERS = { take: "take a card", take2: "take two", refresh: "refresh", play: "play a card", ease: "ease doom" };

function dock(view, ctx) {
  if (!view.hand) return null;
  return zone("Your hand", row(view.hand.map((key, i) => bioCard(ctx, key, { size: ctx.phone ? "mini" : "full", target: `hand:${key}`, id: `hand-${key}-${i}` })),
    { scroll: true, empty: "no cards" }), { sub: `${plural(view.hand.length, "card")} (at most 8 at the end of your turn)` });
}

function move(action, ctx) {
  const [verb, a, b] = action.split(" ");
  const name = (key) => ctx.faces[key]?.name ?? pretty(key);
  const seatName = (n) => ctx.name(Number(n));
  switch (verb) {
    case "take":
      return a === "pile" ? { keys: ["pile"], label: "Take the top card of your draw pile" } : { keys: [`faceup:${a}`], label: `Take ${name(a)}` };
    case "take2": return { keys: [], label: "Take two (then discard two)" };
    case "refresh": return { keys: [], label: "Refresh your face-up cards" };
    case "ease": return { keys: [], label: "Ease your doom" };
    case "play": {
      const text = option(ctx.faces[a], b);
      return { keys: [`hand:${a}`], label: `Play ${name(a)}: ${text}`, choice: `${b === "upper" ? "▲" : "▼"} ${pretty(text)}` };
    }
    case "discard": return { keys: [`hand:${a}`], label: `Discard ${name(a)}` };
    case "rescue": return { keys: [`hand:${a}`], label: `Rescue with ${name(a)}` };
    case "endure": return { keys: [], label: "Endure it" };
    case "sacrifice": return { keys: [`ach:${ctx.mySeat}:${a}`], label: `Sacrifice ${name(a)}` };
    case "flag": return { keys: [`ach:${ctx.mySeat}:${a}`], label: `Use the lower option of ${name(a)}` };
    case "destroy": {
      const target = targetOf(ctx);
      return { keys: target === null ? [] : [`ach:${target}:${a}`], label: `Destroy ${name(a)}` };
    }
    case "force": return { keys: [`spied:${a}`], label: `Make them discard ${name(a)}` };
    case "target": return { keys: [`player:${a}`], label: `Aim at ${seatName(a)}` };
    case "first": return { keys: [`player:${a}`], label: `${seatName(a)} plays first` };
    case "promote": return { keys: [`leader:${a}`], label: `Promote the ${pretty(a)}` };
    case "ability": return { keys: [], label: `Use ${pretty(a)}` };
    default: return { keys: [], label: pretty(action), unknown: true };
  }
}

/** Whose achievement an Attack destroys (the view's `attacked`). */
const targetOf = (ctx) => ctx.view.attacked ?? null;

function hint(picked, open, ctx) {
  const key = picked[0];
  if (key.startsWith("hand:")) return `${ctx.faces[key.slice(5)]?.name ?? ""}: play its upper or its lower option`;
  return null;
}

function panel(view, seat, ctx) {
  const b = boardOf(view, seat);
  if (!b) return {};
  return {
    score: { label: "civilisation level", value: `level ${ROMAN[b.level] ?? b.level}` },
    out: b.out,
    stats: [
      { icon: "hand", label: "cards in hand", value: b.hand_size },
      { icon: "deck", label: "cards left in the draw pile", value: b.pile_size },
      { short: "achievements", label: "achievements", value: b.achievements?.length ?? 0 },
      view.doom ? { icon: "doom", label: "doom level", value: view.doom[seat] } : null,
    ].filter(Boolean),
    notes: [teamNote(view, b, ctx), b.out ? "out of the game" : null, view.machine && seat !== ctx.mySeat ? `hand card level ${view.machine.level}` : null].filter(Boolean),
  };
}

function scores(view, result, ctx) {
  const winners = new Set(result.winners ?? []);
  return {
    columns: [
      { label: "civilisation level", short: "level" },
      { label: "achievements", short: "achievements" },
      view.doom ? { label: "doom level", short: "doom" } : null,
      { label: "at the end", short: "at the end", total: true },
    ].filter(Boolean),
    rows: (view.boards ?? []).map((b) => ({
      seat: b.seat,
      note: teamNote(view, b, ctx),
      cells: [ROMAN[b.level] ?? b.level, b.achievements?.length ?? 0, ...(view.doom ? [view.doom[b.seat]] : []),
        winners.has(b.seat) ? (BUILT.has(result.termination) ? "built Biosphere 5" : "won") : b.out ? "out" : result.draw ? "draw" : "survived"],
    })),
  };
}

export default {
  move,
  hint,
  panel,
  scores,
  mode: (options) => (options.solo === "machine" ? "solo" : [options.abyss ? "abyss" : "", Number(options.players) > 2 ? "multi" : "two"].filter(Boolean).join(",")),
  draw: (view, ctx) => ({ board: board(view, ctx), dock: dock(view, ctx) }),
  groupBySeat: true,
};
