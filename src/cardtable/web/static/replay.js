// Replay of a finished table, or of a record file the player opens: every position, seen by any seat
// or a spectator, move by move.
import { cardTile, fitCards, setUpZoom } from "./js/cards.js";
import { named, seatName } from "./js/dom.js";
import { gameModule } from "./js/games.js";
import { markRows } from "./js/parts.js";
import { LogView } from "./js/log.js";
import { el, gameHints, loadFaces, loadHints } from "./render.js";

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const $ = (id) => document.getElementById(id);
let data = null;
let hints = null;
let faces = {};
let game = null;
let index = 0;
let timer = null;

function perspective() {
  const value = $("perspective").value;
  return value === "" ? null : Number(value);
}

function show(i) {
  if (!data) return;
  index = Math.max(0, Math.min(i, data.frames.length - 1));
  const frame = data.frames[index];
  const seat = perspective();
  const view = seat === null ? frame.spectator : frame.views[seat];
  drawBoard(frame, view, seat);
  $("slider").value = String(index);
  $("position").textContent = `move ${frame.move} of ${data.frames.length - 1}`;
  const banner = $("banner");
  if (frame.result) banner.textContent = `Game over: ${frame.result}`;
  else if (frame.decision) banner.textContent = `${seatName(data.seats, frame.decision.seat)} is deciding: ${named(frame.decision.prompt, data.seats)}`;
  for (const item of $("log").querySelectorAll("li.entry")) item.classList.toggle("current", Number(item.dataset.move) === index);
  const current = $("log").querySelector("li.current");
  const panel = $("log-scroll");
  if (current && panel) { // the panel only, not the page: the current move's line in its middle
    const top = current.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop;
    panel.scrollTop = top - panel.clientHeight / 2;
  }
  document.body.dataset.move = String(index);
}

/** The position as the live table draws it (the game's module), seen by `seat` (null: a spectator). */
function drawBoard(frame, view, seat) {
  const ctx = {
    game: data.game, seats: data.seats, mySeat: seat, faces, view, options: data.options ?? {},
    decision: frame.decision, mine: false, legal: [], over: Boolean(frame.result), result: frame.result, picked: [],
    phone: phone.matches, name: (s) => seatName(data.seats, s), card: (id, opts = {}) => cardTile(id, faces[id], opts),
    hints,
  };
  const drawn = game.draw(view, ctx);
  const dock = [drawn.dock].flat().filter(Boolean);
  $("board").replaceChildren(...[drawn.board].flat().filter(Boolean),
    dock.length ? el("section", { class: "dock", "aria-label": seat === null ? "hand" : "hand seen" }, dock) : null);
  fitCards($("board"));
  markRows($("board"));
}

const phone = matchMedia("(max-width: 700px)");

function play() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $("play").textContent = "▶ play";
    return;
  }
  $("play").textContent = "⏸ pause";
  timer = setInterval(() => {
    if (index >= data.frames.length - 1) play();
    else show(index + 1);
  }, 700);
}

async function start(loaded) {
  data = loaded;
  const [all, loadedFaces, module] = await Promise.all([
    loadHints(), loadFaces(data.game, data.options), gameModule(data.game),
  ]);
  hints = gameHints(all, data.game);
  faces = loadedFaces;
  game = module; // the live table's module: it draws the board, and the log words each move as live
  await game.load?.();
  setUpZoom(() => faces);
  document.title = `Replay: ${data.title} — cardtable`;
  $("perspective").replaceChildren(el("option", { value: "" }, "spectator"), ...data.seats.map((s) => el("option", { value: String(s.seat) }, s.name)));
  $("slider").max = String(data.frames.length - 1);
  // a game in which someone asked the coach says so (the record's Coach header)
  const coached = (data.coached ?? []).map((seat) => seatName(data.seats, seat));
  $("banner").before(el("p", { id: "coached", class: "muted", hidden: !coached.length }, `The coach was asked by ${coached.join(", ")}.`));
  const lines = data.frames.slice(1).map((f) => ({ ...f.last, move: f.move }));
  const ctx = { seats: data.seats, mySeat: null };
  new LogView($("log")).update(data.setup_events ?? [], lines, ctx, game, true);
  for (const item of $("log").querySelectorAll("li.entry")) item.addEventListener("click", () => show(Number(item.dataset.move)));
  show(0);
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(index - 1));
$("next").addEventListener("click", () => show(index + 1));
$("last").addEventListener("click", () => show(data ? data.frames.length - 1 : 0));
$("play").addEventListener("click", () => data && play());
$("slider").addEventListener("input", (e) => show(Number(e.target.value)));
$("perspective").addEventListener("change", () => show(index));
$("show-notation").addEventListener("change", (event) => $("log").classList.toggle("with-notation", event.target.checked));
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  if (e.key === "ArrowRight") show(index + 1);
  if (e.key === "ArrowLeft") show(index - 1);
});

if (tableId) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  const loaded = await response.json();
  if (!response.ok) $("banner").textContent = loaded.message;
  else await start(loaded);
} else {
  $("record-file").addEventListener("change", async (event) => {
    const file = event.target.files?.[0];
    if (!file) return;
    $("upload-error").textContent = "";
    const response = await fetch("/api/replay", { method: "POST", headers: { "content-type": "text/plain" }, body: await file.text() });
    const loaded = await response.json();
    if (!response.ok) {
      $("upload-error").textContent = loaded.message;
      return;
    }
    await start(loaded);
  });
}
