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
    mainKinds: new Set(own.main_kinds ?? base.main_kinds ?? []),
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
const COUNT_WORDS = /(size|count|score|points|total|vp|coins|level|remaining|left|number|tokens)/i;

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

/** One card: a scalar (its value) or an object (its name, then its other fields). */
export function cardTile(card, ctx) {
  if (card === null || card === "?" || card === "hidden") {
    return el("div", { class: "card card-back", title: "hidden card" }, el("span", { class: "card-name" }, "?"));
  }
  if (isScalar(card)) {
    const text = String(card);
    return el(
      "div",
      { class: "card", "data-token": text.toLowerCase(), style: `--card-hue:${hue(text)}` },
      el("span", { class: "card-corner" }, text),
      el("span", { class: "card-name" }, text),
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
    el("span", { class: "card-name" }, String(name)),
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
    if (ctx.hints.seatKeys.has(key) && typeof value === "number") return chip(label, seatLabel(ctx, value));
    return chip(label, typeof value === "boolean" ? (value ? "yes" : "no") : String(value));
  }
  if (Array.isArray(value)) {
    const perSeat = nSeats > 1 && value.length === nSeats;
    if (value.every(isScalar) && looksLikeCounts(key, value, ctx)) {
      if (perSeat) return chip(label, value.map((v, i) => `${seatLabel(ctx, i)}: ${v}`).join(" · "));
      return chip(label, value.join(", "));
    }
    if (value.every(isScalar) || value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v))) {
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
