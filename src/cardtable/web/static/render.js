// A generic drawing of any game's view: lists become rows of card tiles, numbers become chips,
// nested objects become panels. Per-game hints (hints.json) only rename and regroup; no rules here.
import { el, seatName } from "./js/dom.js";

export { el };

let hintsPromise = null;

export function loadHints() {
  hintsPromise ??= fetch("/static/hints.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return hintsPromise;
}

export function gameHints(all, game) {
  const base = all["*"] ?? {};
  const own = all[game] ?? {};
  const set = (key) => new Set([...(base[key] ?? []), ...(own[key] ?? [])]);
  return {
    labels: { ...(base.labels ?? {}), ...(own.labels ?? {}) },
    perSeat: set("per_seat"),
    // a game may say a key the defaults read as a seat is not one (Apocalypse's "turn" counts turns)
    seatKeys: new Set([...set("seat_keys")].filter((k) => !(own.not_seat_keys ?? []).includes(k))),
    cards: set("cards"),
    hidden: new Set([...set("hidden"), ...(own.log_key ? [own.log_key] : [])]),
    hideEmpty: set("hide_empty"),
    faceDown: set("face_down"),
    compact: set("compact"),
    counts: set("counts"),
    cardHidden: set("card_hidden"),
    badges: set("badges"),
    negatives: { ...(base.negatives ?? {}), ...(own.negatives ?? {}) },
    hues: { ...(base.hues ?? {}), ...(own.hues ?? {}) },
    logKey: own.log_key ?? null,
    verbs: own.verbs ?? {},
    words: { ...(base.words ?? {}), ...(own.words ?? {}) },
    kinds: own.kinds ?? {},
    places: own.places ?? {},
    family: new Set(own.family ?? []),
    seatArgs: new Set(own.seat_args ?? []),
    inert: set("inert"),
    nested: set("nested"),
    grids: own.grids ?? {},
    order: own.order ?? [],
    turnKey: own.turn_key ?? base.turn_key ?? "turn",
    reactionKinds: new Set(own.reaction_kinds ?? []),
    level_words: own.level_words ?? null,
    valueWords: own.value_words ?? {},
    cardName: own.card_name ?? base.card_name ?? ["name", "title", "card", "id"],
    cardNotes: own.card_notes ?? {},
  };
}

const facesPromises = new Map();

/** The printed faces of a game's cards (static, fetched once per game and options). */
export function loadFaces(game, options) {
  const query = new URLSearchParams(Object.entries(options ?? {}).map(([k, v]) => [k, String(v)]));
  const url = `/api/games/${encodeURIComponent(game)}/cards?${query}`;
  if (!facesPromises.has(url)) {
    facesPromises.set(url, fetch(url).then((r) => (r.ok ? r.json() : { faces: {} })).then((d) => d.faces ?? {}).catch(() => ({})));
  }
  return facesPromises.get(url);
}

export function humanize(key) {
  const text = String(key).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isScalar = (v) => v === null || ["number", "string", "boolean"].includes(typeof v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isSentence = (v) => typeof v === "string" && /\s/.test(v.trim());
// an object holding lists or objects is a player's area (a panel), not a single card
const isArea = (v) => isObject(v) && Object.values(v).some((x) => (Array.isArray(x) && x.length) || isObject(x));
const COUNT_WORDS = /(size|count|score|points|total|vp|coins|level|remaining|left|number|tokens)/i;

export function seatIndex(ctx, value) {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < (ctx.seats?.length ?? 0)) return value;
  if (typeof value === "string") {
    const found = ctx.seats?.find((s) => s.letter.toLowerCase() === value.toLowerCase());
    if (found) return found.seat;
  }
  return null;
}

function seatLabel(ctx, index) {
  const seat = ctx.seats?.[index];
  if (!seat) return seatName(ctx.seats, index);
  return index === ctx.mySeat ? `${seat.name} (you)` : seat.name;
}

function hue(text) {
  let h = 0;
  for (const ch of String(text)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** "deep-well" -> "Deep well": ids made readable (the id itself stays the card's data-token). */
export function prettyName(text) {
  const words = String(text).replace(/[-_]+/g, " ").trim();
  return /^[a-z]/.test(words) ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

function sizeClass(text) {
  const n = String(text).length;
  return n <= 3 ? "" : n <= 9 ? " card-medium" : " card-long";
}

const ID_KEYS = ["tag", "key", "card", "name", "id"];

/** The face of a card (a scalar id, or an object naming one), and the id it was found under. */
function faceOf(card, ctx) {
  const faces = ctx.faces ?? {};
  if (isScalar(card)) return [faces[String(card)] ?? null, String(card)];
  for (const key of ID_KEYS) {
    if (key in card && isScalar(card[key]) && faces[String(card[key])]) return [faces[String(card[key])], String(card[key])];
  }
  return [null, null];
}

function cardHue(ctx, id, face, fallback) {
  const hues = ctx.hints.hues;
  if (id in hues) return hues[id];
  if (face?.category && face.category in hues) return hues[face.category];
  return hue(face?.category ?? fallback);
}

function faceTitle(face) {
  const lines = [face.name];
  const head = [face.category, face.level ? `level ${face.level}` : "", face.cost].filter(Boolean).join(" · ");
  if (head) lines.push(head);
  for (const [k, v] of Object.entries(face.stats ?? {})) lines.push(`${k}: ${v}`);
  if (face.text) lines.push(face.text);
  lines.push(...(face.options ?? []));
  if (face.expansion) lines.push(face.expansion);
  if (face.origin && face.origin !== "printed") lines.push(`card data: ${face.origin}`);
  return lines.join("\n");
}

/** What an object card says beyond its face (its place, damage, state): short labelled fields and badges. */
function cardState(card, ctx, skip) {
  if (!isObject(card)) return [];
  const out = [];
  for (const [k, v] of Object.entries(card)) {
    if (skip.has(k) || ctx.hints.cardHidden.has(k)) continue;
    const label = ctx.hints.labels[k] ?? humanize(k);
    if (k in ctx.hints.negatives) {
      if (v === false) out.push(el("span", { class: "badge warn" }, ctx.hints.negatives[k]));
      continue;
    }
    if (v === null || v === undefined || v === "" || v === false || v === -1 || (Array.isArray(v) && !v.length)) continue;
    if (v === true || ctx.hints.badges.has(k)) out.push(el("span", { class: "badge" }, label));
    else out.push(el("span", { class: "card-field" }, el("span", { class: "muted" }, label), " ", format(v)));
  }
  return out;
}

/** One card drawn from its printed face (name, level, cost, stats, text) or, lacking one, its name. */
export function cardTile(card, ctx) {
  if (card === null || card === "?" || card === "hidden") {
    return el("div", { class: "card card-back", title: "hidden card" }, el("span", { class: "card-name" }, "?"));
  }
  const [face, id] = faceOf(card, ctx);
  if (face) {
    const token = isObject(card) && card.tag ? String(card.tag) : id;
    const stats = Object.entries(face.stats ?? {});
    const small = [face.text, ...(face.options ?? [])].filter(Boolean);
    return el(
      "div",
      {
        class: `card card-face cat-${face.category ?? "none"}`,
        "data-token": token.toLowerCase(),
        "data-card": id,
        title: faceTitle(face),
        style: `--card-hue:${cardHue(ctx, id, face, face.name)}`,
      },
      el("div", { class: "card-head" },
        face.level ? el("span", { class: "card-level" }, face.level) : null,
        el("span", { class: "card-category" }, prettyName(face.category ?? "")),
        face.cost ? el("span", { class: "card-cost" }, face.cost) : null),
      el("span", { class: "card-name" }, face.name),
      stats.length ? el("div", { class: "card-stats" }, stats.map(([k, v]) => el("span", { class: "stat" }, el("b", {}, String(v)), ` ${k}`))) : null,
      small.length ? el("div", { class: "card-text" }, small.map((line) => el("div", {}, line))) : null,
      el("div", { class: "card-state" }, cardState(card, ctx, new Set(ID_KEYS))),
      face.origin && face.origin !== "printed" ? el("span", { class: "card-origin", title: `card data: ${face.origin}` }, "≈") : null,
    );
  }
  if (isScalar(card)) {
    const text = String(card);
    const family = text.replace(/[-_ ]?\d+$/, "");
    return el(
      "div",
      { class: `card${sizeClass(text)}`, "data-token": text.toLowerCase(), title: text, style: `--card-hue:${hue(family)}` },
      typeof card === "number" ? el("span", { class: "card-corner" }, text) : null,
      el("span", { class: "card-name" }, prettyName(text)),
    );
  }
  const nameKey = ctx.hints.cardName.find((k) => k in card);
  const name = nameKey ? card[nameKey] : "card";
  const family = card.suit ?? card.type ?? card.color ?? card.colour ?? card.kind ?? card.family ?? name;
  return el(
    "div",
    { class: "card card-rich", "data-token": String(card.id ?? name).toLowerCase(), style: `--card-hue:${hue(family)}` },
    el("span", { class: "card-name" }, prettyName(name)),
    cardState(card, ctx, new Set([nameKey])),
  );
}

function withToken(node, token) {
  node.dataset.token = token; // a card on the board is named by its cell in the notation ("move d1 d2")
  return node;
}

/** Cards laid out on a board of cells ("d1"): every cell is drawn, an empty one as a slot named by its cell. */
function gridZone(key, label, tiles, grid, ctx, depth) {
  const byCell = new Map(tiles.map((tile) => [String(tile[grid.cell]), tile]));
  const columns = [...grid.columns];
  const cells = [el("div", { class: "grid-corner" })];
  for (const column of columns) cells.push(el("div", { class: "grid-head" }, column));
  // a board unbounded below is drawn down to one row past its deepest card (`rows`: at least so many)
  const deepest = Math.max(0, ...[...byCell.keys()].map((cell) => Number(/\d+$/.exec(cell)?.[0] ?? 0)));
  const rows = Math.max(grid.rows ?? 1, deepest + 1);
  for (let row = 1; row <= rows; row += 1) {
    cells.push(el("div", { class: "grid-head" }, String(row)));
    for (const column of columns) {
      const cell = `${column}${row}`;
      const tile = byCell.get(cell);
      cells.push(tile
        ? el("div", { class: "grid-cell", "data-cell": cell }, withToken(cardTile(tile, ctx), cell))
        : el("div", { class: "grid-cell slot", "data-token": cell, "data-cell": cell, title: cell }, cell));
    }
  }
  return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
    el("div", { class: "grid-zone-scroll" },
      el("div", { class: "grid", style: `grid-template-columns: 1.2rem repeat(${columns.length}, minmax(3.6rem, 1fr))` }, cells)));
}

/** A face-down pile whose contents (not order) are known: its size, and what is in it on request. */
function faceDownPile(key, label, cards, ctx, depth) {
  const counts = new Map();
  for (const card of cards) {
    const [face, id] = faceOf(card, ctx);
    const name = face ? face.name : prettyName(String(card));
    counts.set(name, (counts.get(name) ?? 0) + 1);
    void id;
  }
  const list = [...counts.entries()].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
  return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
    el("div", { class: "face-down" },
      el("div", { class: "card card-back stack", title: "face down, order unknown" }, el("span", { class: "card-name" }, String(cards.length))),
      el("details", {}, el("summary", {}, `${cards.length} cards face down — what is in it (order unknown)`),
        el("p", { class: "contents" }, list || "nothing"))));
}

function format(value) {
  if (isScalar(value)) return value === null ? "—" : String(value);
  if (Array.isArray(value)) return value.map(format).join(", ");
  return Object.entries(value).map(([k, v]) => `${k}: ${format(v)}`).join("; ");
}

function cardRow(cards, ctx, notes = null) {
  if (!cards.length) return el("div", { class: "cards empty muted" }, "empty");
  return el("div", { class: "cards" },
    cards.map((c) => withNote(cardTile(c, ctx), notes && isScalar(c) ? notes.byCard[String(c)] : null, notes)));
}

/** What the view says of a card where it lies, beyond its face: "you pay 3", "defence 2 · your
 * military 1" (the game's hints name the view key holding it, per zone: `card_notes`). */
function withNote(tile, note, spec) {
  if (!note || !spec) return tile;
  const words = spec.words ?? {};
  const text = Object.entries(note).map(([k, v]) => (words[k] ?? `${k} {}`).replace("{}", format(v))).join(" · ");
  tile.append(el("div", { class: "card-note" }, text));
  tile.title = `${tile.title}\n${text}`.trim();
  return tile;
}

function chip(label, value) {
  return el("div", { class: "chip" }, el("span", { class: "chip-label" }, label), el("span", { class: "chip-value" }, value));
}

function looksLikeCounts(key, list, ctx) {
  return ctx.hints.perSeat.has(key) || (COUNT_WORDS.test(key) && list.every((v) => typeof v === "number"));
}

/** Draw one entry of a view (key and value) as a DOM node, or null to skip it. */
function isEmpty(value) {
  return value === null || value === "" || (Array.isArray(value) && !value.length) || (isObject(value) && !Object.keys(value).length);
}

function entry(key, value, ctx, depth, parent = null, siblings = null) {
  if (value === null || value === undefined || ctx.hints.hidden.has(key)) return null;
  if (ctx.hints.hideEmpty.has(key) && isEmpty(value)) return null;
  const label = (parent && ctx.hints.labels[`${parent}.${key}`]) ?? ctx.hints.labels[key] ?? humanize(key);
  const nSeats = ctx.seats?.length ?? 0;
  if (Array.isArray(value) && ctx.hints.faceDown.has(key)) return faceDownPile(key, label, value, ctx, depth);
  if (Array.isArray(value) && ctx.hints.grids[key]) return gridZone(key, label, value, ctx.hints.grids[key], ctx, depth);
  if (Array.isArray(value) && ctx.hints.counts.has(key)) return chip(label, value.map(format).join(", "));
  if (Array.isArray(value) && ctx.hints.perSeat.has(key) && value.length === nSeats && !value.every(isScalar)) {
    return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
      el("div", { class: "areas" }, value.map((part, i) =>
        el("div", { class: `area${i === ctx.mySeat ? " mine" : ""}`, "data-seat": String(i) },
          el("div", { class: "area-title" }, seatLabel(ctx, i)), section(part, ctx, depth + 1, key)))));
  }
  if (isScalar(value)) {
    if (ctx.hints.seatKeys.has(key) && seatIndex(ctx, value) !== null) return chip(label, seatLabel(ctx, seatIndex(ctx, value)));
    if (typeof value === "string" && ctx.faces?.[value]) {
      return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label), cardRow([value], ctx));
    }
    const wordsOf = parent && ctx.hints.valueWords[`${parent}.${key}`];
    const said = wordsOf ? ctx.hints[wordsOf]?.[String(value)] : null;
    return chip(label, typeof value === "boolean" ? (value ? "yes" : "no") : said ? `${value} (${said})` : String(value));
  }
  if (Array.isArray(value)) {
    const perSeat = nSeats > 1 && value.length === nSeats;
    if (value.every(isScalar) && looksLikeCounts(key, value, ctx)) {
      if (perSeat) return chip(label, value.map((v, i) => `${seatLabel(ctx, i)}: ${v}`).join(" · "));
      return chip(label, value.join(", "));
    }
    if (value.length && value.every(isSentence)) {
      return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
        el("ol", { class: "text-list" }, value.map((line) => el("li", {}, line))));
    }
    if (value.length && value.some(isArea) && value.every(isObject)) {
      return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
        el("div", { class: "areas" }, value.map((area, i) => areaPanel(area, i, ctx, depth + 1, key))));
    }
    if (value.every(isScalar) || value.every(isObject)) {
      // a pile people look through rather than play from is drawn small (each card's face on hover)
      const compact = ctx.hints.compact.has(key) ? " compact" : "";
      const spec = ctx.hints.cardNotes[key];
      const notes = spec && siblings?.[spec.key] ? { byCard: siblings[spec.key], words: spec.words } : null;
      return el("section", { class: `zone depth-${depth}${compact}`, "data-key": key }, el("h3", {}, label),
        cardRow(value, ctx, notes));
    }
    if (perSeat) {
      return el(
        "section",
        { class: `zone depth-${depth}`, "data-key": key },
        el("h3", {}, label),
        value.map((part, i) =>
          el("div", { class: `seat-zone${i === ctx.mySeat ? " mine" : ""}`, "data-seat": String(i) },
            el("div", { class: "seat-zone-name" }, seatLabel(ctx, i)),
            Array.isArray(part) ? cardRow(part, ctx) : section(part, ctx, depth + 1, key)),
        ),
      );
    }
    return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
      value.map((part, i) => el("div", { class: "sub" }, Array.isArray(part) ? cardRow(part, ctx) : entry(String(i), part, ctx, depth + 1))));
  }
  if (faceOf(value, ctx)[0]) return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label), cardRow([value], ctx));
  const keys = Object.keys(value);
  const bySeat = nSeats > 1 && keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && Number(k) < nSeats);
  if (bySeat) {
    return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
      keys.map((k) => el("div", { class: `seat-zone${Number(k) === ctx.mySeat ? " mine" : ""}`, "data-seat": k },
        el("div", { class: "seat-zone-name" }, seatLabel(ctx, Number(k))), section(value[k], ctx, depth + 1, key))));
  }
  return el("section", { class: `panel depth-${depth}`, "data-key": key }, el("h3", {}, label), section(value, ctx, depth + 1, key));
}

function areaPanel(area, index, ctx, depth, parent = null) {
  const seat = seatIndex(ctx, area.seat ?? area.player ?? area.owner);
  const nameKey = ctx.hints.cardName.find((k) => k in area && isScalar(area[k]));
  const title = seat !== null ? seatLabel(ctx, seat) : nameKey ? prettyName(area[nameKey]) : `#${index + 1}`;
  return el("div", { class: `area${seat !== null && seat === ctx.mySeat ? " mine" : ""}`, "data-seat": seat === null ? undefined : String(seat) },
    el("div", { class: "area-title" }, title), section(area, ctx, depth, parent));
}

function section(value, ctx, depth, parent = null) {
  if (Array.isArray(value)) return cardRow(value, ctx);
  if (value === null || typeof value !== "object") return el("span", {}, format(value));
  const keys = Object.keys(value);
  const order = ctx.hints.order.filter((k) => keys.includes(k)).concat(keys.filter((k) => !ctx.hints.order.includes(k)));
  const chips = [];
  const blocks = [];
  for (const key of order) {
    const node = entry(key, value[key], ctx, depth, parent, value);
    if (!node) continue;
    (node.classList.contains("chip") ? chips : blocks).push(node);
  }
  return el("div", { class: "view" }, chips.length ? el("div", { class: "chips" }, chips) : null, blocks);
}

/** The whole view of one seat (or a spectator) as a DOM tree. */
export function renderView(view, ctx) {
  return section(view ?? {}, ctx, 0);
}

/** A move in player language: the game's hint for its verb (by decision kind where a verb means
 * different things), its arguments named as people read them (card names, seat names). */
export function describeAction(text, ctx, kind = null) {
  const parts = String(text).trim().split(/\s+/);
  const verb = parts[0];
  const args = parts.slice(1);
  const hint = ctx.hints.verbs?.[verb];
  if (!hint) {
    // not a move in notation (a line the game wrote for others: "keeps a card"): it is already in words
    if (!ctx.hints.verbs || !Object.keys(ctx.hints.verbs).length) return { words: prettyAction(verb, args, ctx), help: "" };
    return { words: String(text), help: "" };
  }
  const spec = typeof hint === "string" ? { label: hint } : hint;
  const byKind = (kind && spec.kinds?.[kind]) || null;
  const label = (typeof byKind === "string" ? byKind : byKind?.label) ?? spec.label;
  const help = (typeof byKind === "object" && byKind?.help) || spec.help || "";
  if (!label) return { words: prettyAction(verb, args, ctx), help };
  const named = args.map((a) => argName(a, ctx, verb));
  let used = 0;
  let words = label.replace(/\{(\d)\}/g, (_, n) => {
    used = Math.max(used, Number(n));
    return named[Number(n) - 1] ?? "";
  });
  if (named.length > used && !/\{\d\}/.test(label)) words = `${words} ${named.slice(used).join(spec.join ?? " ")}`.trim();
  // what the answer costs, where the card prints a cost: "Buy Raptor Blade (1 ATK + 1 EVA)"
  const costOf = spec.cost ? (ctx.faces ?? {})[args[spec.cost - 1]]?.cost : null;
  if (costOf) words = `${words} — costs ${costOf}`;
  return { words, help };
}

function prettyAction(verb, args, ctx) {
  return [humanize(verb), ...args.map((a) => argName(a, ctx, verb))].join(" ");
}

/** A notation argument as people read it: a card's printed name, a seat's name, a cell, a number. */
export function argName(arg, ctx, verb = null) {
  const faces = ctx.faces ?? {};
  if (faces[arg]) return faces[arg].name;
  const family = arg.replace(/-\d+$/, "");
  if (family !== arg && faces[family]) return `${faces[family].name} ${arg.slice(family.length + 1)}`;
  const words = ctx.hints.words?.[arg];
  if (words) return words;
  if (ctx.hints.seatArgs.has(verb) && ctx.seats) {
    const seat = seatIndex(ctx, /^\d+$/.test(arg) ? Number(arg) : arg);
    if (seat !== null) return seatLabel(ctx, seat);
  }
  if (/^[a-z]\d+$/.test(arg) || /^\d+$/.test(arg)) return arg;
  return prettyName(arg);
}
