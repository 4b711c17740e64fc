// The live table: one WebSocket, the server's payload for this seat drawn on every update.
import { describeAction, el, gameHints, loadFaces, loadHints, logItems, renderView } from "./render.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
// a seat's token: in the link's fragment (/t/ID/seat#TOKEN, never sent to any server in a URL), or in the
// path of a link made before (given by the page); either way it goes in the WebSocket's first message
const fragmentToken = decodeURIComponent(location.hash.slice(1)) || null;
const token = root.dataset.token || fragmentToken;
const $ = (id) => document.getElementById(id);

let state = null;
let hints = null;
let faces = {};
// the table is first drawn with its cards' faces, so nothing moves under a finger when they arrive
let facesLoaded = false;
let allHints = {};
let socket = null;
let pending = null;
let retry = 0;
let nextId = 1;

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
    if (state && message.move !== state.move) selected = null;
    state = message;
    hints = gameHints(allHints, state.game);
    pending = null;
    scheduleDraw();
    if (first) {
      const rules = $("rules-link");
      rules.href = `/games/${encodeURIComponent(state.game)}/rules`;
      rules.hidden = false;
      loadFaces(state.game, state.options).then((loaded) => {
        faces = loaded;
        facesLoaded = true;
        draw();
      });
    }
  } else if (message.type === "error") {
    pending = null;
    toast(message.message);
    if (state && facesLoaded) draw();
    if (message.error === "stale") socket.send(JSON.stringify({ type: "sync" }));
  }
}

// updates that arrive together (bots moving fast) are drawn once, with the latest state: reading the
// socket never waits for a drawing, so a busy browser does not fall behind the table. The person's own
// decision is drawn at once; another seat's move waits a moment for the moves that follow it
let drawTimer = null;
function scheduleDraw() {
  if (!facesLoaded) return; // drawn once the faces are here
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
  for (const button of document.querySelectorAll(".action")) button.disabled = true;
}

// take back this seat's last move: the server offers it (`can_undo`) only while the game allows it
function undo() {
  if (!state || pending || socket.readyState !== WebSocket.OPEN) return;
  pending = nextId++;
  socket.send(JSON.stringify({ type: "undo", move: state.move, id: pending, ack: "update" }));
  $("undo").disabled = true;
}
$("undo").addEventListener("click", undo);

function context() {
  return { seats: state.seats, mySeat: state.seat, hints, faces };
}

/** One button per legal move: the move in words, its notation small beneath, what it does on hover. */
function actionButtons(legal, withHelp = false) {
  const ctx = context();
  const kind = state.decision?.kind ?? null;
  return legal.map((action) => {
    const { words, help } = describeAction(action, ctx, kind);
    const title = [help, `notation: ${action}`].filter(Boolean).join("\n");
    return el("button", { type: "button", class: "action", "data-action": action, title, onclick: () => send(action) },
      el("span", { class: "action-words" }, words),
      withHelp && help ? el("span", { class: "action-help" }, help) : null,
      words !== action ? el("code", { class: "action-notation" }, action) : null);
  });
}

// a decision the game's hints call a reaction (an answer to someone else's move) pops up, so it
// cannot be missed; the decider's own turn stays on the page
function isReaction() {
  const d = state.decision;
  return Boolean(d && d.seat === state.seat && hints.reactionKinds.has(d.kind));
}

// the token (a card or a cell) picked first when a move needs two: "place plant" then "d3"
let selected = null;

const normal = (text) => String(text).toLowerCase();

/** Where a card lies on the drawn table: its zone (the nearest view key) and whose area holds it. */
function placeOf(card) {
  const keyed = card.closest("[data-key]");
  let zone = keyed?.dataset.key ?? "";
  // a zone inside a panel the hints name (Biosphere 5's "revealed" hand of a spied player) is
  // told apart from a zone of the same name elsewhere: "revealed.hand" is not your "hand"
  const outer = keyed?.parentElement?.closest("[data-key]");
  if (outer && hints.nested.has(outer.dataset.key)) zone = `${outer.dataset.key}.${zone}`;
  const area = card.closest("[data-seat]");
  const seat = area ? Number(area.dataset.seat) : null;
  const rel = seat === null ? "none" : seat === state.seat ? "mine" : "other";
  return { zone, rel };
}

/** Whether a move's verb takes a card from this place (the game's hint `places`; without one, only
 * a hand of your own). A pattern "zone" is the zone on your side or the table's; "zone@other" an
 * opponent's; "zone@any" anyone's. */
function placeFits(verb, place) {
  const patterns = hints.places[verb] ?? ["hand"];
  return patterns.some((pattern) => {
    const [zone, who = ""] = pattern.split("@");
    if (zone !== place.zone) return false;
    if (who === "any") return true;
    if (who === "other") return place.rel === "other";
    return place.rel !== "other";
  });
}

/** The legal moves that use the card `tokenText` lying at `place` (and the card picked before). */
function movesFor(tokenText, place, also = null) {
  return state.legal.filter((a) => {
    const [verb, ...args] = a.split(" ");
    if (!placeFits(verb, place)) return false;
    const family = hints.family.has(verb);
    const names = args.map(normal);
    const token = family ? tokenText.replace(/-\d+$/, "") : tokenText;
    if (!names.includes(token)) return false;
    return also === null || (also !== token && names.includes(also));
  });
}

/** The person's only legal move when the table plays it for them (they did not ask to be asked at
 * every decision): it is shown, never offered, so no button appears under a finger just before the
 * next decision replaces it. */
function forcedMove() {
  const d = state.decision;
  return d && d.seat === state.seat && state.legal.length === 1 && !state.ask_always ? state.legal[0] : null;
}

function wireCards(board) {
  if (forcedMove() !== null) return;
  // a card (or board cell) that a legal move uses in its place plays that move when clicked; one that
  // several moves use is picked first: the choices narrow to its moves, and a second card completing
  // exactly one of them plays it
  if (selected && !state.legal.some((a) => a.split(" ").slice(1).map(normal).includes(selected.token))) selected = null;
  for (const card of board.querySelectorAll("[data-token]")) {
    const tokenText = normal(card.dataset.token);
    const place = placeOf(card);
    if (hints.inert.has(place.zone)) continue;
    let moves;
    if (selected) {
      if (tokenText === selected.token && place.zone === selected.zone) {
        card.classList.add("selected");
        card.title = "picked: click again to put it back";
        card.tabIndex = 0;
        card.setAttribute("role", "button");
        card.addEventListener("click", () => pick(null));
        continue;
      }
      moves = movesFor(tokenText, place, selected.token);
    } else {
      moves = movesFor(tokenText, place);
    }
    if (!moves.length) continue;
    card.tabIndex = 0;
    card.setAttribute("role", "button");
    card.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        card.click();
      }
    });
    if (moves.length === 1) {
      card.classList.add("playable");
      card.dataset.move = moves[0];
      card.title = `${describeAction(moves[0], context(), state.decision?.kind).words} (${moves[0]})`;
      card.addEventListener("click", () => send(moves[0]));
    } else {
      card.classList.add("pickable");
      card.dataset.moves = moves.join("|");
      card.title = `${moves.length} moves use this card: click it, then choose`;
      card.addEventListener("click", () => pick({ token: tokenText, zone: place.zone, moves }));
    }
  }
}

function pick(choice) {
  selected = choice;
  draw();
}

function kindNote(kind) {
  if (kind === "human") return "";
  return kind === "automaton" ? " (rulebook automaton)" : ` (${kind} bot)`;
}

$("ask-always").addEventListener("change", (event) => {
  if (socket?.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "prefs", ask_every_window: event.target.checked }));
  }
});

/** Why this decision is asked and what its answers cost, from the game's hints for its kind. */
function whyText(kind) {
  const note = hints.kinds[kind];
  return typeof note === "string" ? note : "";
}

function seatName(seat) {
  const s = state.seats[seat];
  return seat === state.seat ? "You" : s.name;
}

function drawBanner() {
  const d = state.decision;
  const banner = $("banner");
  const why = $("why");
  why.textContent = "";
  if (state.result) {
    banner.className = "banner result";
    banner.textContent = `Game over: ${state.result.text}`;
  } else if (d && d.seat === state.seat && forcedMove() !== null) {
    banner.className = "banner mine";
    banner.textContent = `Your only move, played for you: ${describeAction(forcedMove(), context(), d.kind).words}`;
  } else if (d && d.seat === state.seat) {
    banner.className = "banner mine";
    banner.textContent = `Your move: ${legalSummary() ?? d.prompt}`;
    why.textContent = whyText(d.kind);
  } else if (d) {
    banner.className = "banner";
    banner.textContent = `${seatName(d.seat)} to move: ${d.prompt}`;
  }
}

/** What the person can do now, from their legal moves only (the decision's public prompt names every
 * kind of answer the rules allow there, even those this hand cannot give): "buy a card or end your
 * turn". Null when a verb has no words in the game's hints (the prompt is shown then). */
function legalSummary() {
  if (!state.legal.length) return null;
  const kind = state.decision?.kind ?? null;
  const phrases = [];
  for (const action of state.legal) {
    const verb = action.split(" ")[0];
    const spec = hints.verbs[verb];
    if (!spec) return null;
    const byKind = typeof spec === "object" ? spec.kinds?.[kind] : null;
    const phrase = byKind
      ? (typeof byKind === "string" ? byKind : byKind.label).toLowerCase()
      : typeof spec === "object" && spec.group
        ? spec.group
        : state.legal.filter((a) => a.split(" ")[0] === verb).length === 1
          ? describeAction(action, context(), kind).words.toLowerCase()
          : null;
    if (phrase === null) return null;
    if (!phrases.includes(phrase)) phrases.push(phrase);
  }
  const text = phrases.length > 1 ? `${phrases.slice(0, -1).join(", ")} or ${phrases.at(-1)}` : phrases[0];
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function scrollLogToEnd() {
  // only the log panel scrolls: the page itself never jumps to the log
  const panel = $("log-scroll");
  panel.scrollTop = panel.scrollHeight;
}

let drawnMove = null;

// the log is drawn once and then only grows: a line never changes until the end of the game (when
// every move is shown in full) and long games would redraw hundreds of lines on every move
let drawnLog = null;
function drawLog(ctx) {
  const lines = state.log;
  const setup = state.setup_events ?? [];
  const key = { over: Boolean(state.result), faces, setup: setup.length };
  const grows = drawnLog && drawnLog.over === key.over && drawnLog.faces === faces && drawnLog.setup === key.setup
    && drawnLog.count <= lines.length
    && (drawnLog.count === 0 || JSON.stringify(lines[drawnLog.count - 1]) === drawnLog.last);
  if (grows) $("log").append(...logItems([], lines.slice(drawnLog.count), state.seat, ctx));
  else $("log").replaceChildren(...logItems(setup, lines, state.seat, ctx));
  if (!grows || drawnLog.count !== lines.length) scrollLogToEnd();
  // the whole last line, not its move number: a take-back replaces lines without changing their count
  drawnLog = { ...key, count: lines.length, last: JSON.stringify(lines.at(-1)) };
}

// a person playing from the keyboard keeps their place: when a drawing removes the focused move or
// card, the focus goes to the first of their next choices (at once, or when their turn comes)
let refocus = false;
function keepFocus(before) {
  const active = document.activeElement;
  if (before && (active === null || active === document.body)) refocus = true;
  if (!refocus) return;
  if ($("popup").open) {
    refocus = false; // a pop-up takes the focus itself
    return;
  }
  const first = [...document.querySelectorAll('[aria-label="your choices"] button.action:not(:disabled)')]
    .find((b) => b.offsetParent !== null);
  if (!first) return;
  first.focus({ preventScroll: true });
  refocus = false;
}

// the arrow keys move between the person's choices: the move buttons, then the cards they can play
// (inside an open pop-up, its answers), so a move is a few key presses away, not a walk through the page
function choiceTargets() {
  const visible = (n) => n.offsetParent !== null && !n.closest("[hidden]");
  const scope = $("popup").open ? $("popup") : document;
  const buttons = [...scope.querySelectorAll('[aria-label="your choices"] button.action:not(:disabled)')];
  const cards = $("popup").open ? [] : [...document.querySelectorAll("#board .playable, #board .pickable, #board .selected")];
  return [...buttons, ...cards].filter(visible);
}

$("skip-to-choices").addEventListener("click", (event) => {
  const first = choiceTargets()[0];
  if (!first) return; // nothing to choose now: the link goes to the decision panel
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
  if (at < 0) return; // elsewhere the arrows keep their usual meaning (scrolling, a select)
  event.preventDefault();
  const next = targets[(at + step + targets.length) % targets.length];
  next.focus();
  next.scrollIntoView({ block: "nearest", inline: "nearest" });
});

function draw() {
  const ctx = context();
  const focused = root.contains(document.activeElement);
  if (drawnMove !== state.move) $("decision").scrollTop = 0; // a new decision starts at its top
  drawnMove = state.move;
  $("ask-always-box").hidden = state.seat === null || state.seat === undefined;
  $("ask-always").checked = Boolean(state.ask_always);
  const d = state.decision;
  $("seats-bar").replaceChildren(
    ...state.seats.map((s) =>
      el("span", { class: `seat-pill${d && d.seat === s.seat ? " to-move" : ""}${s.seat === state.seat ? " me" : ""}`,
        title: d && d.seat === s.seat ? "to move" : "" },
        d && d.seat === s.seat ? "▶ " : "",
        `${s.letter === s.name ? s.name : `${s.letter} · ${s.name}`}${kindNote(s.kind)}`),
    ),
  );
  drawBanner();
  const board = renderView(state.view, ctx);
  $("board").replaceChildren(board);
  wireCards(board);

  const legal = forcedMove() !== null ? [] : selected ? selected.moves : state.legal;
  const reaction = legal.length > 0 && isReaction();
  // a pop-up has few answers: each says what it costs under its name (a phone shows no tooltips)
  const buttons = actionButtons(legal, reaction);
  if (selected) {
    buttons.push(el("button", { type: "button", class: "action cancel", onclick: () => pick(null) },
      el("span", { class: "action-words" }, "Put the card back")));
  }
  const popup = $("popup");
  const choices = $("actions");
  if (reaction) {
    choices.replaceChildren();
    choices.hidden = true;
    $("popup-prompt").textContent = d.prompt;
    $("popup-why").textContent = whyText(d.kind);
    $("popup-actions").replaceChildren(...buttons);
    if (!popup.open) popup.showModal();
  } else {
    if (popup.open) popup.close();
    $("popup-actions").replaceChildren();
    choices.hidden = !buttons.length;
    choices.replaceChildren(...buttons);
  }

  $("undo").hidden = !state.can_undo;
  $("undo").disabled = false;
  drawLog(ctx);
  const finished = $("finished");
  finished.hidden = !state.result;
  if (state.result) {
    $("record-text").href = `/api/tables/${tableId}/record?format=text`;
    $("record-json").href = `/api/tables/${tableId}/record?format=json`;
    $("replay-link").href = `/t/${tableId}/replay`;
  }
  keepFocus(focused);
  document.body.dataset.move = String(state.move);
}

loadHints().then((all) => {
  allHints = all;
  connect();
});
