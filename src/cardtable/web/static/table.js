// The live table: one WebSocket; on every update the game's module draws the table from this seat's
// view, and the moves the server lists are made by clicking what they are about (js/picker.js).
import { cardTile, fitCards, setUpZoom } from "./js/cards.js";
import { markChanges, snapshot } from "./js/changes.js";
import { Coach } from "./js/coach.js";
import { el, named, plural, seatName, ServerCheckbox } from "./js/dom.js";
import { endSection } from "./js/end.js";
import { gameModule } from "./js/games.js";
import { LogView } from "./js/log.js";
import { seatPanels } from "./js/panels.js";
import { markRows } from "./js/parts.js";
import { Picker } from "./js/picker.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
// a seat's token: in the link's fragment (/t/ID/seat#TOKEN), or in the path of a link made before
// (given by the page). Either way it goes in the WebSocket's first message, never in its URL
const token = root.dataset.token || decodeURIComponent(location.hash.slice(1)) || null;
const $ = (id) => document.getElementById(id);

let state = null;
let game = null;
let faces = {};
let ready = false;
let socket = null;
let pending = null;
let retry = 0;
let nextId = 1;
let sends = 0;
let scrollAfterDraw = false;
const picker = new Picker((action) => send(action), () => {
  scrollAfterDraw = true;
  draw();
});
// "What would you play?" (js/coach.js): its messages, and its part drawn after the table
const coach = new Coach((message) => socket?.readyState === WebSocket.OPEN && (socket.send(JSON.stringify(message)), true));

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
}

function setConnection(text, ok) {
  const node = $("connection");
  node.textContent = text;
  node.classList.toggle("ok", ok);
}

function connect() {
  socket = new WebSocket(wsUrl());
  socket.addEventListener("open", () => {
    retry = 0;
    if (token) socket.send(JSON.stringify({ type: "hello", token }));
    setConnection("live", true);
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    pending = null;
    if (event.code === 4408 || event.code === 4429) {
      // dropped for falling behind, or too many watchers: come back later, not at once
      setConnection("reconnecting soon…", false);
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 2000 + 250 * 2 ** retry);
      return;
    }
    if (event.code >= 4400 && event.code < 4500) {
      setConnection("closed", false);
      return; // the server refused this link: reconnecting cannot help
    }
    setConnection("reconnecting…", false);
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  });
}

function receive(message) {
  if (coach.receive(message)) return;
  if (message.type === "state" && message.log_from !== undefined) {
    // an update carries only the log lines this page lacks: keep the first log_from lines, append
    if (!state || state.log.length < message.log_from) {
      socket.send(JSON.stringify({ type: "sync" })); // lines missing here: ask for the whole state
      return;
    }
    message.log = state.log.slice(0, message.log_from).concat(message.log);
    delete message.log_from;
  }
  if (message.type === "state") {
    const first = state === null;
    if (state && message.move !== state.move) picker.reset();
    state = message;
    pending = null;
    if (first) start();
    else scheduleDraw();
  } else if (message.type === "error") {
    pending = null;
    toast(message.message);
    if (ready) draw();
    if (message.error === "stale") socket.send(JSON.stringify({ type: "sync" }));
  }
}

/** The first state: the game's module and its card faces are loaded together, then the first drawing. */
async function start() {
  const query = new URLSearchParams(Object.entries(state.options ?? {}).map(([k, v]) => [k, String(v)]));
  const [module, loaded] = await Promise.all([
    gameModule(state.game),
    fetch(`/api/games/${encodeURIComponent(state.game)}/cards?${query}`)
      .then((r) => (r.ok ? r.json() : { faces: {} })).then((d) => d.faces ?? {}).catch(() => ({})),
  ]);
  game = module;
  faces = loaded;
  await game.load?.();
  setUpZoom(() => faces, game.bigCard ? (id, face) => game.bigCard(id, face, context()) : null);
  const howto = $("howto-link");
  const mode = game.mode?.(state.options) ?? "";
  howto.href = `/games/${encodeURIComponent(state.game)}/how-to-play${mode ? `?mode=${encodeURIComponent(mode)}` : ""}`;
  howto.hidden = false;
  showInvite();
  ready = true;
  draw();
}

// updates that arrive together (bots moving fast) are drawn once, with the latest state: the person's
// own decision at once, another seat's move after a moment for the moves that follow it
let drawTimer = null;
function scheduleDraw() {
  if (!ready) return;
  const mine = state.result || state.decision?.seat === state.seat;
  if (drawTimer !== null && !mine) return;
  clearTimeout(drawTimer);
  drawTimer = setTimeout(() => {
    drawTimer = null;
    draw();
  }, mine ? 0 : 150);
}

function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (node.hidden = true), 5000);
}

function send(action) {
  if (!state || pending || socket.readyState !== WebSocket.OPEN) return;
  pending = nextId++;
  // acknowledged in this seat's next state (`ack`), which is all the page waits for
  socket.send(JSON.stringify({ type: "action", action, move: state.move, id: pending, ack: "update" }));
  sends += 1;
  document.body.dataset.sent = action;
  document.body.dataset.sends = String(sends);
  for (const button of document.querySelectorAll("#decision button")) button.disabled = true;
  root.classList.add("waiting");
}

// take back this seat's last move: the server offers it (`can_undo`) only while the game allows it
$("undo").addEventListener("click", () => {
  if (!state || pending || socket.readyState !== WebSocket.OPEN) return;
  pending = nextId++;
  socket.send(JSON.stringify({ type: "undo", move: state.move, id: pending, ack: "update" }));
  $("undo").disabled = true;
});

// "ask me every time": the server keeps it; a click is not undone by a state drawn before its echo
const askAlways = new ServerCheckbox($("ask-always"), (checked) => socket?.readyState === WebSocket.OPEN
  && (socket.send(JSON.stringify({ type: "prefs", ask_every_window: checked })), true));

$("show-notation").addEventListener("change", (event) => $("log").classList.toggle("with-notation", event.target.checked));

/** The person's only legal move when the table plays it for them: shown, never offered. */
function forcedMove() {
  const d = state.decision;
  return d && d.seat === state.seat && state.legal.length === 1 && !state.ask_always ? state.legal[0] : null;
}

const phone = matchMedia("(max-width: 700px)");
phone.addEventListener("change", () => draw());

function context() {
  const d = state.result ? null : state.decision;
  const mine = Boolean(d && d.seat === state.seat && forcedMove() === null);
  return {
    game: state.game,
    seats: state.seats,
    mySeat: state.seat,
    faces,
    view: state.view ?? {},
    options: state.options ?? {},
    decision: d,
    mine,
    legal: mine ? state.legal : [],
    over: Boolean(state.result),
    result: state.result,
    picked: picker.picked,
    phone: phone.matches,
    /** the seat's name as this page says it ("You" for its own) */
    name: (seat) => (seat === state.seat ? "You" : seatName(state.seats, seat)),
    card: (id, opts = {}) => cardTile(id, faces[id], opts),
  };
}

/** A move's words (the game's label, else its notation). */
function words(action, ctx) {
  return game.move(action, ctx)?.label ?? action;
}

let drawnMove = null;

function draw() {
  if (!ready) return;
  const ctx = context();
  const moves = ctx.legal.map((action) => ({ action, ...game.move(action, ctx) }));
  picker.set(moves);
  ctx.picked = picker.picked;
  const newMove = drawnMove !== state.move;
  const roots = [$("board"), $("dock"), $("players")];
  const before = newMove ? snapshot(roots) : null;

  const drawn = game.draw(ctx.view, ctx);
  $("board").replaceChildren(...[drawn.board].flat().filter(Boolean));
  $("dock").replaceChildren(...[drawn.dock].flat().filter(Boolean));
  $("dock").hidden = !$("dock").children.length;
  if (!$("dock").hidden && !ctx.phone) $("dock").prepend(handSize());
  fitCards($("board"));
  if (!$("dock").hidden) fitCards($("dock"));
  markRows($("table"));
  $("players").replaceChildren(...seatPanels(state, game, ctx));
  picker.wire([$("board"), $("dock")], (node, key, opens) => targetWords(node, key, opens, ctx));
  // the hand stays in sight (pinned to the bottom of the screen) while a decision is about it alone;
  // while the decision is also about things on the table (a cell of your shelter, a location of your
  // State) it lies in its place under the table, so it never covers them
  const onBoard = $("board").querySelector(".clickable, .selected") !== null;
  $("dock").classList.toggle("pinned", !onBoard && $("dock").querySelector(".clickable, .selected") !== null);
  drawBar(ctx);
  if (newMove && drawnMove !== null) markChanges(before, roots);
  drawLog(ctx);
  drawEnd(ctx);
  $("undo").hidden = !state.can_undo;
  $("undo").disabled = false;
  $("ask-always-box").hidden = state.seat === null || state.seat === undefined;
  askAlways.show(Boolean(state.ask_always));
  root.classList.remove("waiting");
  root.classList.toggle("my-turn", ctx.mine);
  root.classList.toggle("over", ctx.over);
  barHeight();
  if (newMove && ctx.mine) showOwnArea();
  if ((newMove || scrollAfterDraw) && ctx.mine) bringTargetsIntoView();
  scrollAfterDraw = false;
  drawnMove = state.move;
  document.body.dataset.move = String(state.move);
  document.body.dataset.over = state.result ? "1" : "0";
  coach.draw(state, (action) => game.move(action, ctx));
  keepFocus();
  showEnd();
}

// the hand's cards with their text, or only their names and costs (the large view has the rest): the
// person's choice, kept for the next tables
let smallHand = false;
try {
  smallHand = localStorage.getItem("cardtable.small-hand") === "1";
} catch {
  // no storage (a private window): the default
}
function handSize() {
  $("dock").classList.toggle("small", smallHand);
  return el("button", { type: "button", class: "hand-size", "aria-pressed": smallHand ? "true" : "false",
    onclick: () => {
      smallHand = !smallHand;
      try {
        localStorage.setItem("cardtable.small-hand", smallHand ? "1" : "0");
      } catch {
        // kept for this page only
      }
      draw();
    } }, smallHand ? "Show the cards' text" : "Smaller cards");
}

/** What a thing on the table says to a screen reader: its name and the moves a click on it makes. */
function targetWords(node, key, opens, ctx) {
  const name = node.getAttribute("aria-label") ?? node.dataset.name ?? node.textContent.trim().slice(0, 40);
  const base = name.split(" — ")[0];
  if (!opens.length) return `${base} — picked; click again to put it back`;
  if (opens.length === 1) return `${base} — ${words(opens[0].action, ctx)}`;
  return `${base} — ${opens.length} moves`;
}

function drawBar(ctx) {
  const d = state.decision;
  const banner = $("banner");
  const over = Boolean(state.result);
  banner.className = `banner${over ? " result" : ctx.mine ? " mine" : ""}`;
  if (over) {
    // the result is the score table's title: the bar says how long the game was, and leads back there
    banner.textContent = `Game over after ${gameLength()}.`;
  } else if (forcedMove() !== null) {
    banner.textContent = `Your only move, played for you: ${words(forcedMove(), ctx)}`;
  } else if (ctx.mine) {
    const hint = picker.picked.length ? game.hint?.(picker.picked, picker.candidates(), ctx) : null;
    banner.textContent = hint ?? game.prompt?.(d, ctx) ?? named(d.prompt, state.seats);
  } else if (d) {
    const who = state.seats[d.seat]?.name ?? "Someone";
    banner.textContent = game.waiting?.(d, ctx) ?? `${who} is deciding: ${named(d.prompt, state.seats)}`;
  } else {
    banner.textContent = "";
  }
  const buttons = picker.buttons().map((move) => el("button", {
    type: "button", class: "action", "data-action": move.action,
    onclick: () => send(move.action),
  }, picker.picked.length ? move.choice ?? move.label ?? move.action : move.label ?? move.action));
  if (picker.picked.length) {
    buttons.push(el("button", { type: "button", class: "cancel", onclick: () => { picker.reset(); draw(); } }, "Cancel"));
  }
  if (over) {
    buttons.push(el("button", { type: "button", class: "cancel", id: "to-scores",
      onclick: () => $("end").scrollIntoView({ block: "start" }) }, "Back to the scores"));
  }
  $("actions").replaceChildren(...buttons);
  $("actions").hidden = !buttons.length;
  const list = ctx.mine ? ctx.legal : [];
  $("all-moves").hidden = !list.length;
  $("move-list").replaceChildren(...list.map((action) => el("button", {
    type: "button", class: "listed", "data-listed": action, onclick: () => send(action),
  }, words(action, ctx))));
}

/** How long the finished game was: its rounds (or turns: the game's word), as the engine marks their
 * openings in the log, and its moves. */
function gameLength() {
  const said = [...(state.setup_events ?? []), ...state.log.flatMap((line) => line.events ?? [])];
  const rounds = Math.max(0, ...said.map((line) => (typeof line === "object" && line.round) || 0));
  const moves = plural(state.move, "move");
  return rounds ? `${plural(rounds, (game.roundWord ?? "Round").toLowerCase())} (${moves})` : moves;
}

const log = new LogView($("log"));
function drawLog(ctx) {
  log.update(state.setup_events ?? [], state.log, ctx, game, Boolean(state.result));
}

let endDrawn = null;
function drawEnd(ctx) {
  const end = $("end");
  end.hidden = !state.result;
  if (!state.result) return;
  if (endDrawn === state.move) return;
  endDrawn = state.move;
  const table = game.scores(ctx.view, state.result, ctx);
  end.replaceChildren(...endSection(state, table, {
    again: playAgain,
    replay: `/t/${tableId}/replay`,
    text: `/api/tables/${tableId}/record?format=text`,
    json: `/api/tables/${tableId}/record?format=json`,
  }).filter(Boolean));
  endShown = false;
}

// the end is brought into sight once the whole drawing is done: the bar above it shrinks as the game's
// last choices and the coach leave it (scrolled before, the end's title lay under the bar)
let endShown = true;
function showEnd() {
  if (endShown || !state.result) return;
  endShown = true;
  $("end").scrollIntoView({ block: "start" });
}

/** A new table with the same game, options and seats (people and bots), a new deal; this seat's
 * person goes to their new seat, and the links of the other people are shown to send. */
async function playAgain() {
  const button = $("play-again");
  button.disabled = true;
  const body = {
    game: state.game,
    options: state.options,
    seats: state.seats.map((s) => s.kind),
    names: state.seats.map((s) => (s.kind === "human" ? s.name : "")),
  };
  let info;
  try {
    const response = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    info = await response.json();
    if (!response.ok) throw new Error(info.message);
  } catch (err) {
    toast(`No new table: ${err.message || "the server did not answer"}`);
    button.disabled = false;
    return;
  }
  rememberInvite(info, state.seat);
  const mine = info.seats.find((s) => s.seat === state.seat && s.link);
  if (mine) location.assign(mine.link);
  else location.assign(info.spectator);
}

/** The other people's links of a table this page made, kept for its first drawing (sessionStorage). */
function rememberInvite(info, seat) {
  const others = info.seats.filter((s) => s.link && s.seat !== seat)
    .map((s) => ({ letter: s.letter, name: s.name, link: new URL(s.link, location.href).href }));
  try {
    sessionStorage.setItem(`invite:${info.table}`, JSON.stringify({ others, spectator: new URL(info.spectator, location.href).href }));
  } catch {
    // storage refused: the links are still on the start page's API answer, nothing else to do
  }
}

function showInvite() {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(`invite:${tableId}`) ?? "null");
  } catch {
    saved = null;
  }
  if (!saved || !saved.others?.length) return;
  const box = $("invite");
  const copy = (text) => () => navigator.clipboard?.writeText(text).then(() => toast("Link copied"), () => {});
  box.replaceChildren(
    el("h2", {}, "Send each player their link"),
    el("p", { class: "muted" }, "Each link opens one seat (it holds that seat's secret)."),
    el("ul", {}, saved.others.map((s) => el("li", { class: "seat-link" },
      el("b", {}, `${s.letter} · ${s.name || "player"} `),
      el("input", { type: "text", readonly: true, value: s.link, class: "link-text", "data-seat-link": s.letter, onclick: (e) => e.target.select() }),
      el("button", { type: "button", onclick: copy(s.link) }, "Copy")))),
    el("p", {}, "Spectators: ", el("a", { href: saved.spectator, target: "_blank" }, saved.spectator)),
    el("button", { type: "button", class: "cancel", onclick: () => { box.hidden = true; sessionStorage.removeItem(`invite:${tableId}`); } }, "Done"),
  );
  box.hidden = false;
}

/** Whether at least half of a thing's height lies between `top` and `bottom` (a card whose band alone
 * peeks out from under the bar is not in sight). */
function halfIn(r, top, bottom) {
  return Math.min(r.bottom, bottom) - Math.max(r.top, top) >= r.height / 2;
}

/** Whether a thing on the table is in sight: not scrolled away, not under the bar or the hand. */
function inSight(node) {
  const bar = $("decision").getBoundingClientRect();
  const fixed = getComputedStyle($("decision")).position === "fixed";
  const dock = $("dock");
  const r = node.getBoundingClientRect();
  const across = r.right > 0 && r.left < innerWidth;
  if (dock.contains(node)) {
    const row = node.closest(".row")?.getBoundingClientRect() ?? dock.getBoundingClientRect();
    return across && r.right > row.left && r.left < row.right && halfIn(r, 0, fixed ? bar.top : innerHeight);
  }
  const top = fixed ? 0 : bar.bottom;
  const bottom = Math.min(fixed ? bar.top : innerHeight, dock.hidden ? innerHeight : dock.getBoundingClientRect().top + 1);
  return across && halfIn(r, top, bottom);
}

/** A new decision about the hand alone: the table is scrolled to its end, where your own area lies just
 * above the hand, so the pinned hand sits in its place and covers none of it. */
function showOwnArea() {
  const dock = $("dock");
  if (!dock.classList.contains("pinned")) return;
  const bar = $("decision").getBoundingClientRect();
  const fixed = getComputedStyle($("decision")).position === "fixed";
  const bottom = fixed ? bar.top : innerHeight;
  const below = $("board").parentElement.getBoundingClientRect().bottom - bottom;
  if (below > 0) window.scrollBy({ top: below + 8, behavior: "instant" });
}

/** A new decision (or a pick) whose things are out of sight brings the first of them into sight. */
function bringTargetsIntoView() {
  const targets = [...document.querySelectorAll("#board .clickable, #dock .clickable")];
  if (!targets.length || targets.some(inSight)) return;
  const first = targets[0];
  if ($("dock").contains(first)) {
    const row = first.closest(".row");
    if (row) row.scrollLeft += first.getBoundingClientRect().left - row.getBoundingClientRect().left - 8;
    if (inSight(first)) return;
  }
  const bar = $("decision").getBoundingClientRect();
  const fixed = getComputedStyle($("decision")).position === "fixed";
  const dock = $("dock");
  const top = fixed ? 0 : bar.bottom;
  const bottom = Math.min(fixed ? bar.top : innerHeight, dock.hidden ? innerHeight : dock.getBoundingClientRect().top);
  const r = first.getBoundingClientRect();
  window.scrollBy({ top: r.top + r.height / 2 - (top + bottom) / 2, behavior: "instant" });
}

// a person playing from the keyboard keeps their place: when a drawing removes the focused thing, the
// focus goes to the first of their next choices
function keepFocus() {
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;
  if (!keepFocus.wanted) return;
  const first = choiceTargets()[0];
  if (first) first.focus({ preventScroll: true });
}
document.addEventListener("focusin", () => (keepFocus.wanted = true));

// the arrow keys move between the person's choices: the buttons, then the things they can click
function choiceTargets() {
  const visible = (n) => n.offsetParent !== null && !n.closest("[hidden]");
  return [...document.querySelectorAll("#actions button:not(:disabled), #board .clickable, #board .selected, #dock .clickable, #dock .selected")]
    .filter(visible);
}

$("skip-to-choices").addEventListener("click", (event) => {
  const first = choiceTargets()[0];
  if (!first) return;
  event.preventDefault();
  first.focus();
  first.scrollIntoView({ block: "nearest" });
});

const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
document.addEventListener("keydown", (event) => {
  const step = ARROWS[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
  const targets = choiceTargets();
  const at = targets.indexOf(document.activeElement);
  if (at < 0) return; // elsewhere the arrows keep their usual meaning
  event.preventDefault();
  const next = targets[(at + step + targets.length) % targets.length];
  next.focus();
  next.scrollIntoView({ block: "nearest", inline: "nearest" });
});

// the phone's bar is fixed at the bottom: the hand sits just above it; what is scrolled into sight stops
// clear of the bar and of the pinned hand (table.css: scroll-padding)
function barHeight() {
  document.documentElement.style.setProperty("--bar-height", `${$("decision").offsetHeight}px`);
  document.documentElement.style.setProperty("--dock-height", `${$("dock").offsetHeight}px`);
}
const sizes = new ResizeObserver(barHeight);
sizes.observe($("decision"));
sizes.observe($("dock"));

/** For tests and tools: the moves as the table maps them, and any it could not show. */
window.cardtable = {
  inSight: () => [...document.querySelectorAll("#board .clickable, #dock .clickable")].some(inSight),
  targets: () => document.querySelectorAll("#board .clickable, #dock .clickable").length,
  moves: () => picker.moves.map((m) => ({ action: m.action, keys: m.keys ?? [], shown: picker.keysOf(m) })),
  fallbacks: () => picker.fallbacks().map((m) => m.action),
  picked: () => [...picker.picked],
};

connect();
