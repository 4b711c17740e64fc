// A generic drawing of any game's view: lists become rows of card tiles, numbers become chips,
// nested objects become panels. Per-game hints (hints.json) only rename and regroup; no rules here.

let hintsPromise = null;

export function loadHints() {
  hintsPromise ??= fetch("/static/hints.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return hintsPromise;
}

export function gameHints(all, game) {
  const base = all["*"] ?? {};
  const own = all[game] ?? {};
  return {
    labels: { ...(base.labels ?? {}), ...(own.labels ?? {}) },
    perSeat: new Set([...(base.per_seat ?? []), ...(own.per_seat ?? [])]),
    seatKeys: new Set([...(base.seat_keys ?? []), ...(own.seat_keys ?? [])]),
    cards: new Set([...(base.cards ?? []), ...(own.cards ?? [])]),
    hidden: new Set([...(base.hidden ?? []), ...(own.hidden ?? [])]),
    order: own.order ?? [],
    turnKey: own.turn_key ?? base.turn_key ?? "turn",
    reactionKinds: new Set(own.reaction_kinds ?? []),
    cardName: own.card_name ?? base.card_name ?? ["name", "title", "card", "id"],
  };
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
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
  if (!seat) return `Seat ${index}`;
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

/** One card: a scalar (its value) or an object (its name, then its other fields). */
export function cardTile(card, ctx) {
  if (card === null || card === "?" || card === "hidden") {
    return el("div", { class: "card card-back", title: "hidden card" }, el("span", { class: "card-name" }, "?"));
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
  const details = Object.entries(card)
    .filter(([k, v]) => k !== nameKey && v !== null && v !== undefined && v !== "")
    .map(([k, v]) => el("div", { class: "card-field" }, el("span", { class: "muted" }, humanize(k)), " ", format(v)));
  return el(
    "div",
    { class: "card card-rich", "data-token": String(card.id ?? name).toLowerCase(), style: `--card-hue:${hue(family)}` },
    el("span", { class: "card-name" }, prettyName(name)),
    details,
  );
}

function format(value) {
  if (isScalar(value)) return value === null ? "—" : String(value);
  if (Array.isArray(value)) return value.map(format).join(", ");
  return Object.entries(value).map(([k, v]) => `${k}: ${format(v)}`).join("; ");
}

function cardRow(cards, ctx) {
  if (!cards.length) return el("div", { class: "cards empty muted" }, "empty");
  return el("div", { class: "cards" }, cards.map((c) => cardTile(c, ctx)));
}

function chip(label, value) {
  return el("div", { class: "chip" }, el("span", { class: "chip-label" }, label), el("span", { class: "chip-value" }, value));
}

function looksLikeCounts(key, list, ctx) {
  return ctx.hints.perSeat.has(key) || (COUNT_WORDS.test(key) && list.every((v) => typeof v === "number"));
}

/** Draw one entry of a view (key and value) as a DOM node, or null to skip it. */
function entry(key, value, ctx, depth) {
  if (value === null || value === undefined || ctx.hints.hidden.has(key)) return null;
  const label = ctx.hints.labels[key] ?? humanize(key);
  const nSeats = ctx.seats?.length ?? 0;
  if (isScalar(value)) {
    if (ctx.hints.seatKeys.has(key) && seatIndex(ctx, value) !== null) return chip(label, seatLabel(ctx, seatIndex(ctx, value)));
    return chip(label, typeof value === "boolean" ? (value ? "yes" : "no") : String(value));
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
        el("div", { class: "areas" }, value.map((area, i) => areaPanel(area, i, ctx, depth + 1))));
    }
    if (value.every(isScalar) || value.every(isObject)) {
      return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label), cardRow(value, ctx));
    }
    if (perSeat) {
      return el(
        "section",
        { class: `zone depth-${depth}`, "data-key": key },
        el("h3", {}, label),
        value.map((part, i) =>
          el("div", { class: `seat-zone${i === ctx.mySeat ? " mine" : ""}` },
            el("div", { class: "seat-zone-name" }, seatLabel(ctx, i)),
            Array.isArray(part) ? cardRow(part, ctx) : section(part, ctx, depth + 1)),
        ),
      );
    }
    return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
      value.map((part, i) => el("div", { class: "sub" }, Array.isArray(part) ? cardRow(part, ctx) : entry(String(i), part, ctx, depth + 1))));
  }
  const keys = Object.keys(value);
  const bySeat = nSeats > 1 && keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && Number(k) < nSeats);
  if (bySeat) {
    return el("section", { class: `zone depth-${depth}`, "data-key": key }, el("h3", {}, label),
      keys.map((k) => el("div", { class: `seat-zone${Number(k) === ctx.mySeat ? " mine" : ""}` },
        el("div", { class: "seat-zone-name" }, seatLabel(ctx, Number(k))), section(value[k], ctx, depth + 1))));
  }
  return el("section", { class: `panel depth-${depth}`, "data-key": key }, el("h3", {}, label), section(value, ctx, depth + 1));
}

function areaPanel(area, index, ctx, depth) {
  const seat = seatIndex(ctx, area.seat ?? area.player ?? area.owner);
  const nameKey = ctx.hints.cardName.find((k) => k in area && isScalar(area[k]));
  const title = seat !== null ? seatLabel(ctx, seat) : nameKey ? prettyName(area[nameKey]) : `#${index + 1}`;
  return el("div", { class: `area${seat !== null && seat === ctx.mySeat ? " mine" : ""}` },
    el("div", { class: "area-title" }, title), section(area, ctx, depth));
}

function section(value, ctx, depth) {
  if (Array.isArray(value)) return cardRow(value, ctx);
  if (value === null || typeof value !== "object") return el("span", {}, format(value));
  const keys = Object.keys(value);
  const order = ctx.hints.order.filter((k) => keys.includes(k)).concat(keys.filter((k) => !ctx.hints.order.includes(k)));
  const chips = [];
  const blocks = [];
  for (const key of order) {
    const node = entry(key, value[key], ctx, depth);
    if (!node) continue;
    (node.classList.contains("chip") ? chips : blocks).push(node);
  }
  return el("div", { class: "view" }, chips.length ? el("div", { class: "chips" }, chips) : null, blocks);
}

/** The whole view of one seat (or a spectator) as a DOM tree. */
export function renderView(view, ctx) {
  return section(view ?? {}, ctx, 0);
}
