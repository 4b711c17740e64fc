// Replay of a finished table: every position, seen by any seat or a spectator, move by move.
import { el, gameHints, loadFaces, loadHints, logItems, renderView } from "./render.js";

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const $ = (id) => document.getElementById(id);
let data = null;
let hints = null;
let faces = {};
let index = 0;
let timer = null;

function perspective() {
  const value = $("perspective").value;
  return value === "" ? null : Number(value);
}

function show(i) {
  index = Math.max(0, Math.min(i, data.frames.length - 1));
  const frame = data.frames[index];
  const seat = perspective();
  const view = seat === null ? frame.spectator : frame.views[seat];
  $("board").replaceChildren(renderView(view, { seats: data.seats, mySeat: seat, hints, faces }));
  $("slider").value = String(index);
  $("position").textContent = `move ${frame.move} of ${data.frames.length - 1}`;
  const banner = $("banner");
  if (frame.result) banner.textContent = `Game over: ${frame.result}`;
  else if (frame.decision) banner.textContent = `${data.seats[frame.decision.seat].name} must ${frame.decision.prompt}`;
  for (const item of $("log").children) item.classList.toggle("current", Number(item.value) === index);
  document.body.dataset.move = String(index);
}

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

const [all, response] = await Promise.all([loadHints(), fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`)]);
data = await response.json();
if (!response.ok) {
  $("banner").textContent = data.message;
} else {
  hints = gameHints(all, data.game);
  faces = await loadFaces(data.game, data.options);
  $("perspective").replaceChildren(el("option", { value: "" }, "spectator"), ...data.seats.map((s) => el("option", { value: String(s.seat) }, s.name)));
  $("slider").max = String(data.frames.length - 1);
  const lines = data.frames.slice(1).map((f) => ({ ...f.last, move: f.move }));
  $("log").replaceChildren(...logItems(data.setup_events ?? [], lines, null));
  for (const item of $("log").children) item.addEventListener("click", () => show(Number(item.value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(index - 1));
  $("next").addEventListener("click", () => show(index + 1));
  $("last").addEventListener("click", () => show(data.frames.length - 1));
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("perspective").addEventListener("change", () => show(index));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(index + 1);
    if (e.key === "ArrowLeft") show(index - 1);
  });
  show(0);
}
