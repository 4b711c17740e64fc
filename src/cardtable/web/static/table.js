// The live table: one WebSocket, the server's payload for this seat drawn on every update.
import { el, gameHints, loadFaces, loadHints, logItems, renderView, seatIndex } from "./render.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const token = root.dataset.token || null;
const $ = (id) => document.getElementById(id);

let state = null;
let hints = null;
let faces = {};
let allHints = {};
let socket = null;
let pending = null;
let retry = 0;
let nextId = 1;

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
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
    setConnection("live", true);
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    pending = null;
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
  if (message.type === "state") {
    const first = state === null;
    if (state && message.move !== state.move) selected = null;
    state = message;
    hints = gameHints(allHints, state.game);
    pending = null;
    draw();
    if (first) {
      loadFaces(state.game, state.options).then((loaded) => {
        faces = loaded;
        draw();
      });
    }
  } else if (message.type === "error") {
    pending = null;
    toast(message.message);
    if (state) draw();
    if (message.error === "stale") socket.send(JSON.stringify({ type: "sync" }));
  }
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
  socket.send(JSON.stringify({ type: "action", action, move: state.move, id: pending }));
  for (const button of document.querySelectorAll(".action")) button.disabled = true;
}

function actionButtons(legal) {
  return legal.map((action) =>
    el("button", { type: "button", class: "action", "data-action": action, onclick: () => send(action) }, action),
  );
}

// a decision of mine while the view says it is someone else's turn (or of a kind the game's hints
// call a reaction) interrupts that turn: it pops up so it cannot be missed
function isOutOfTurn() {
  const d = state.decision;
  if (!d || d.seat !== state.seat) return false;
  if (hints.reactionKinds.has(d.kind)) return true;
  const turn = hints.turnKey.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), state.view);
  const seat = seatIndex({ seats: state.seats }, turn);
  return seat !== null && seat !== state.seat;
}

// the token (a card or a cell) picked first when a move needs two: "place plant" then "d3"
let selected = null;

function matching(tokens) {
  return state.legal.filter((a) => {
    const args = a.split(" ").slice(1);
    return tokens.every((t) => args.includes(t));
  });
}

function wireCards(board) {
  // a card (or board cell) that names exactly one legal action plays it when clicked; one that names
  // several is picked first, and then a second one completing exactly one action plays it
  if (selected && !matching([selected]).length) selected = null;
  for (const card of board.querySelectorAll("[data-token]")) {
    const tokenText = card.dataset.token;
    if (selected) {
      if (tokenText === selected) {
        card.classList.add("selected");
        card.title = "picked: click again to put it back";
        card.addEventListener("click", () => pick(null));
        continue;
      }
      const both = matching([selected, tokenText]);
      if (both.length === 1) {
        card.classList.add("playable");
        card.title = both[0];
        card.addEventListener("click", () => send(both[0]));
      }
      continue;
    }
    const matches = matching([tokenText]);
    if (matches.length === 1) {
      card.classList.add("playable");
      card.title = matches[0];
      card.addEventListener("click", () => send(matches[0]));
    } else if (matches.length > 1) {
      card.classList.add("pickable");
      card.title = `${matches.length} moves: click, then choose where`;
      card.addEventListener("click", () => pick(tokenText));
    }
  }
}

function pick(tokenText) {
  selected = tokenText;
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

function draw() {
  const ctx = { seats: state.seats, mySeat: state.seat, hints, faces };
  $("ask-always-box").hidden = state.seat === null || state.seat === undefined;
  $("ask-always").checked = Boolean(state.ask_always);
  const d = state.decision;
  $("seats-bar").replaceChildren(
    ...state.seats.map((s) =>
      el("span", { class: `seat-pill${d && d.seat === s.seat ? " to-move" : ""}${s.seat === state.seat ? " me" : ""}` },
        `${s.letter === s.name ? s.name : `${s.letter} · ${s.name}`}${kindNote(s.kind)}`),
    ),
  );
  const banner = $("banner");
  if (state.result) {
    banner.className = "banner result";
    banner.textContent = `Game over: ${state.result.text}`;
  } else if (d && d.seat === state.seat) {
    banner.className = "banner mine";
    banner.textContent = `Your decision: ${d.prompt}`;
  } else if (d) {
    const who = state.seats[d.seat];
    banner.className = "banner";
    banner.textContent = `Waiting for ${who.name}: ${d.prompt}`;
  }
  const board = renderView(state.view, ctx);
  $("board").replaceChildren(board);
  wireCards(board);

  const popup = $("popup");
  if (state.legal.length && isOutOfTurn()) {
    $("actions").replaceChildren();
    $("popup-prompt").textContent = d.prompt;
    $("popup-actions").replaceChildren(...actionButtons(state.legal));
    if (!popup.open) popup.showModal();
  } else {
    if (popup.open) popup.close();
    $("actions").replaceChildren(...actionButtons(state.legal));
  }

  $("log").replaceChildren(...logItems(state.setup_events ?? [], state.log, state.seat));
  $("log").lastElementChild?.scrollIntoView({ block: "nearest" });
  const finished = $("finished");
  finished.hidden = !state.result;
  if (state.result) {
    $("record-text").href = `/api/tables/${tableId}/record?format=text`;
    $("record-json").href = `/api/tables/${tableId}/record?format=json`;
    $("replay-link").href = `/t/${tableId}/replay`;
  }
  document.body.dataset.move = String(state.move);
}

loadHints().then((all) => {
  allHints = all;
  connect();
});
