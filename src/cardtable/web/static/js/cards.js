// Cards drawn from their printed faces (Game.card_faces: name, category, cost, stats, powers), at two
// sizes, and the large view of any card: on hover (desktop), a long press (touch) or the Z key.
import { el, pretty } from "./dom.js";

function hueOf(text) {
  let h = 0;
  for (const ch of String(text)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** The lines of a card's text: its powers one by one (never the joined text beside them). */
function faceLines(face) {
  if (!face) return [];
  if (face.options?.length) return face.options;
  return face.text ? [face.text] : [];
}

/**
 * One card. `opts`: size ("full" shows the text, "mini" the name and badges), hue, badges (small
 * nodes for the head: cost, VP), body (nodes under the name), note (a line the table adds: "you pay 3"),
 * target (the key a move uses it by), id (for what-changed highlights), extra classes.
 */
export function cardTile(id, face, opts = {}) {
  const size = opts.size ?? "full";
  const name = face?.name ?? pretty(id);
  const hue = opts.hue ?? hueOf(face?.category ?? name);
  const lines = size === "full" ? (opts.lines ?? faceLines(face)) : [];
  const node = el("div", {
    class: `card card-${size}${opts.class ? ` ${opts.class}` : ""}`,
    style: `--hue:${hue}`,
    "data-card": id,
    "data-target": opts.target ?? null,
    "data-id": opts.id ?? null,
    "aria-label": name,
  },
  el("div", { class: "card-band" }, opts.badges ?? null),
  el("div", { class: "card-name" }, name),
  opts.kind ? el("div", { class: "card-kind" }, opts.kind) : null,
  opts.body ?? null,
  lines.length ? el("ul", { class: "card-text" }, lines.map((line) => el("li", {}, line))) : null,
  opts.note ? el("div", { class: "card-note" }, opts.note) : null);
  if (face?.origin && face.origin !== "printed" && !face.origin.startsWith("printed")) node.dataset.reconstructed = "1";
  return node;
}

/** Whether a card's face runs past its edges (a card in the hand is at most so tall). */
function overflows(card) {
  return card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1;
}

/**
 * Every card under `root` shows its whole face: a band whose marks (cost, type, distance) run past the
 * card's width wraps onto a second line; a full card whose text runs past its height (a card in the hand)
 * is widened, a step at a time up to twice its width, and one whose text still does not fit grows taller.
 * The layout is read once per step for all the cards, not once per card.
 */
export function fitCards(root) {
  const bands = [...root.querySelectorAll(".card-band")].filter(overflows);
  for (const band of bands) band.classList.add("wrap");
  fitFullCards([...root.querySelectorAll(".card-full")].filter(overflows));
  fitNames(root);
}

function fitFullCards(overflowing) {
  let cards = overflowing;
  if (!cards.length) return;
  const widths = new Map(cards.map((card) => [card, card.offsetWidth]));
  for (const step of [1.35, 1.7, 2]) {
    for (const card of cards) card.style.width = `${Math.round(widths.get(card) * step)}px`;
    cards = cards.filter(overflows);
    if (!cards.length) return;
  }
  for (const card of cards) card.style.maxHeight = "none";
}

/** The smallest font a card's name is fitted to: the desktop's floor for text, smaller on a phone. */
const NAME_FLOOR = { desktop: 12, phone: 9 };

/**
 * A card's name whose longest word is wider than the card ("Underground" in a shelter cell on a phone)
 * is set smaller, a pixel at a time down to the floor, until the word fits: words are never broken
 * inside (Debian's Chromium has no hyphenation dictionary, so the browser broke them anywhere). Only a
 * name that still does not fit at the floor may break (`.break`).
 */
function fitNames(root) {
  let names = [...root.querySelectorAll(".card-name")].filter(overflows);
  if (!names.length) return;
  const floor = matchMedia("(max-width: 700px)").matches ? NAME_FLOOR.phone : NAME_FLOOR.desktop;
  const sizes = new Map(names.map((name) => [name, parseFloat(getComputedStyle(name).fontSize)]));
  for (let step = 1; names.length; step += 1) {
    const smaller = names.filter((name) => sizes.get(name) - step >= floor);
    for (const name of smaller) name.style.fontSize = `${sizes.get(name) - step}px`;
    const left = names.filter(overflows);
    if (left.every((name) => sizes.get(name) - step <= floor)) {
      for (const name of left) name.classList.add("break");
      return;
    }
    names = left;
  }
}

// --- the large view ------------------------------------------------------------------------------

let facesOf = () => ({});
let describe = null;
const zoom = el("div", { id: "zoom", class: "zoom", role: "dialog", "aria-label": "card", hidden: true });
let hoverTimer = null;
let pressTimer = null;
let pressed = false;

/** The large view of one card: its whole face, every line of text. */
function bigCard(id) {
  const face = facesOf()[id];
  const custom = describe?.(id, face);
  if (custom) return custom;
  if (!face) return el("div", { class: "big-card" }, el("h3", {}, pretty(id)));
  const stats = Object.entries(face.stats ?? {}).map(([k, v]) => (typeof v === "number" ? el("li", {}, el("b", {}, String(v)), ` ${k}`) : el("li", {}, `${k}: `, el("b", {}, String(v)))));
  return el("div", { class: "big-card", style: `--hue:${hueOf(face.category ?? face.name)}` },
    el("div", { class: "big-band" }, face.category ? pretty(face.category) : "", face.level ? ` · level ${face.level}` : "",
      face.cost ? ` · ${face.cost}` : ""),
    el("h3", {}, face.name ?? pretty(id)),
    stats.length ? el("ul", { class: "big-stats" }, stats) : null,
    el("ul", { class: "big-text" }, faceLines(face).map((line) => el("li", {}, line))),
    face.origin && face.origin !== "printed" ? el("p", { class: "big-origin" }, `card data: ${face.origin}`) : null);
}

function show(card, modal) {
  const id = card.dataset.card;
  if (!id) return;
  zoom.replaceChildren(...[bigCard(id), modal ? el("p", { class: "zoom-close" }, "Tap anywhere to close") : null].filter(Boolean));
  zoom.hidden = false;
  zoom.classList.toggle("modal", modal);
  if (modal) return;
  const r = card.getBoundingClientRect();
  const w = zoom.offsetWidth;
  const h = zoom.offsetHeight;
  const right = r.right + 12 + w <= innerWidth;
  const left = right ? r.right + 12 : Math.max(8, r.left - 12 - w);
  const top = Math.min(Math.max(8, r.top), Math.max(8, innerHeight - h - 8));
  zoom.style.left = `${left}px`;
  zoom.style.top = `${top}px`;
}

function hideZoom() {
  clearTimeout(hoverTimer);
  zoom.hidden = true;
}

/** Sets the large view up once per page: `faces()` gives the faces, `custom(id, face)` may draw one. */
export function setUpZoom(faces, custom = null) {
  facesOf = faces;
  describe = custom;
  if (zoom.isConnected) return;
  document.body.append(zoom);
  const hoverable = matchMedia("(hover: hover)").matches;
  document.addEventListener("mouseover", (event) => {
    if (!hoverable) return;
    const card = event.target.closest?.(".card[data-card]");
    if (!card) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => show(card, false), 300);
  });
  document.addEventListener("mouseout", (event) => {
    const card = event.target.closest?.(".card[data-card]");
    if (card && !card.contains(event.relatedTarget)) hideZoom();
  });
  document.addEventListener("touchstart", (event) => {
    const card = event.target.closest?.(".card[data-card]");
    if (!card) return;
    pressed = false;
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      pressed = true;
      show(card, true);
    }, 450);
  }, { passive: true });
  for (const type of ["touchend", "touchmove", "touchcancel"]) {
    document.addEventListener(type, () => clearTimeout(pressTimer), { passive: true });
  }
  // a long press shows the card: the click that ends it plays nothing
  document.addEventListener("pointerdown", () => {
    if (!zoom.classList.contains("modal")) hideZoom();
  }, true);
  document.addEventListener("click", (event) => {
    if (pressed) {
      pressed = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (zoom.classList.contains("modal") && !zoom.hidden) hideZoom();
  }, true);
  document.addEventListener("contextmenu", (event) => {
    if (event.target.closest?.(".card[data-card]") && !hoverable) event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideZoom();
    if ((event.key === "z" || event.key === "Z") && !event.ctrlKey && !event.metaKey) {
      const card = document.activeElement?.closest?.(".card[data-card]");
      if (!card) return;
      if (zoom.hidden) show(card, false);
      else hideZoom();
    }
  });
  document.addEventListener("scroll", hideZoom, { passive: true });
}
