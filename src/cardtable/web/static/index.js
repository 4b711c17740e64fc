// The start page: choose a game, a mode, options and who sits where; create the table; share links.
import { showDifficulty } from "./js/difficulty.js";
import { el, loadHints } from "./render.js";

const allHints = await loadHints();
const hintsOf = (game) => allHints[game] ?? {};

const catalog = JSON.parse(document.getElementById("catalog").textContent);
const $ = (id) => document.getElementById(id);
const gameSelect = $("game-select");
const modeSelect = $("mode-select");

function currentGame() {
  return catalog.find((g) => g.name === gameSelect.value);
}

function optionInput(option, value) {
  const name = `option-${option.name}`;
  const labels = hintsOf(currentGame().name).option_labels?.[option.name] ?? {};
  let input;
  if (option.choices.length) {
    input = el("select", { name, "data-option": option.name },
      option.choices.map((c) => el("option", { value: String(c), selected: String(c) === String(value) }, labels[String(c)] ?? String(c))));
  } else if (typeof option.default === "boolean") {
    input = el("input", { type: "checkbox", name, "data-option": option.name, checked: Boolean(value) });
  } else {
    input = el("input", { type: typeof option.default === "number" ? "number" : "text", name, "data-option": option.name, value: String(value) });
  }
  input.addEventListener("change", () => {
    applyConditions();
    refreshSeats();
  });
  return el("label", { title: option.help, "data-option-row": option.name }, `${option.name} `, input,
    el("small", { class: "muted" }, ` ${option.help}`));
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    options[name] = input.type === "checkbox" ? input.checked : input.value;
  }
  return options;
}

function showOptions() {
  const game = currentGame();
  const mode = game.modes.find((m) => m.name === modeSelect.value);
  const fieldset = $("options");
  // a way to play sets some options (the number of players…): those are not asked again below
  const inputs = game.options.map((o) => {
    const row = optionInput(o, mode && o.name in mode.options ? mode.options[o.name] : o.default);
    if (mode && o.name in mode.options) row.hidden = true;
    return row;
  });
  fieldset.replaceChildren(el("legend", {}, "Options"), ...(inputs.length ? inputs : [el("span", { class: "muted" }, "none")]));
  $("mode-note").textContent = mode ? mode.description : "";
  applyConditions();
  refreshSeats();
}

/** Options that only mean something with other options' values, as the game says (`when`: the Machine's
 * level only in solo; Race for the Galaxy's goals at expansion 1, 2 or 3, `unused` in the solitaire
 * game): shown only there. */
function applyConditions() {
  const game = currentGame();
  const hints = hintsOf(game.name);
  const values = readOptions();
  const mode = game.modes.find((m) => m.name === modeSelect.value);
  const holds = (conditions) => Object.entries(conditions).every(([k, v]) =>
    v.some((one) => String(values[k]) === String(one)));
  for (const option of game.options) {
    const row = document.querySelector(`[data-option-row="${option.name}"]`);
    if (!row) continue;
    const unused = Object.keys(option.unused ?? {}).length > 0 && holds(option.unused);
    row.hidden = !holds(option.when) || unused || Boolean(mode && option.name in mode.options);
  }
  const solo = hints.solo_note && String(values.solo ?? "") !== "" && String(values.solo) !== "none";
  $("solo-note").hidden = !solo;
  $("solo-note").textContent = solo ? hints.solo_note : "";
  showDifficulty(game, values, $("options"));
}

async function refreshSeats() {
  const game = currentGame();
  const query = new URLSearchParams(readOptions());
  const response = await fetch(`/api/games/${encodeURIComponent(game.name)}/setup?${query}`);
  const info = await response.json();
  const fieldset = $("seats");
  if (!response.ok) {
    $("form-error").textContent = info.message;
    return;
  }
  $("form-error").textContent = "";
  const automata = info.automata ?? {};
  const rows = info.seat_names.map((letter, i) =>
    String(i) in automata
      ? el("div", { class: "seat-row" },
        el("span", { class: "seat-letter" }, letter),
        el("input", { type: "hidden", name: `seat-${i}`, "data-seat": String(i), value: "automaton" }),
        el("input", { type: "hidden", name: `name-${i}`, "data-name": String(i), value: "" }),
        el("span", { class: "automaton" }, automata[String(i)]))
      : el("div", { class: "seat-row" },
      el("span", { class: "seat-letter" }, letter),
      el("select", { name: `seat-${i}`, "data-seat": String(i) },
        game.seat_kinds.map((k) => el("option", { value: k, selected: i === 0 ? k === "human" : k === defaultBot(game) }, k === "human" ? "person" : `bot: ${k}`))),
      el("input", { type: "text", name: `name-${i}`, "data-name": String(i), placeholder: i === 0 ? "your name" : "name", maxlength: "40" })),
  );
  fieldset.replaceChildren(el("legend", {}, "Seats"), ...rows);
}

// a newcomer plays against the game's heuristic bot if there is one (a fair first opponent)
function defaultBot(game) {
  return game.seat_kinds.includes("heuristic") ? "heuristic" : (game.seat_kinds[1] ?? "human");
}

function chooseGame(name) {
  gameSelect.value = name;
  const game = currentGame();
  modeSelect.replaceChildren(...game.modes.map((m) => el("option", { value: m.name }, m.name)), el("option", { value: "" }, "custom (all options)"));
  if (game.modes.length) modeSelect.value = game.modes[0].name;
  showOptions();
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const names = [...document.querySelectorAll("[data-name]")].map((n) => n.value);
  const options = readOptions();
  for (const row of document.querySelectorAll("[data-option-row]")) {
    // an option hidden because it means nothing here (the level outside solo) keeps its default
    const name = row.dataset.optionRow;
    const mode = currentGame().modes.find((m) => m.name === modeSelect.value);
    if (row.hidden && !(mode && name in mode.options)) delete options[name];
  }
  const body = { game: gameSelect.value, options, seats, names };
  $("create").disabled = true; // one table per click, however long the server takes
  let response, info;
  try {
    response = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    info = await response.json();
  } catch {
    $("form-error").textContent = "The server did not answer; try again.";
    return;
  } finally {
    $("create").disabled = false;
  }
  $("form-error").textContent = "";
  if (!response.ok) {
    $("form-error").textContent = info.message;
    return;
  }
  // straight into the first person's seat; the other people's links wait there, to be sent (the
  // table page shows them from this tab's storage)
  const people = info.seats.filter((seat) => seat.link);
  const mine = people[0];
  const others = people.slice(1).map((seat) => ({ letter: seat.letter, name: seat.name, link: new URL(seat.link, location.href).href }));
  const spectator = new URL(info.spectator, location.href).href;
  try {
    sessionStorage.setItem(`invite:${info.table}`, JSON.stringify({ others, spectator }));
  } catch {
    // no storage: the other links are lost to this page, but shown below before leaving
  }
  $("links").replaceChildren(...[mine, ...people.slice(1)].filter(Boolean).map((seat) => el("li", { class: "seat-link" },
    `${seat.letter} · ${seat.name}: `, el("a", { href: seat.link, class: "open-seat", "data-seat": String(seat.seat) }, new URL(seat.link, location.href).href))));
  $("created").hidden = false;
  location.assign(mine ? mine.link : info.spectator);
}

gameSelect.replaceChildren(...catalog.map((g) => el("option", { value: g.name }, g.title)));
gameSelect.addEventListener("change", () => chooseGame(gameSelect.value));
modeSelect.addEventListener("change", showOptions);
for (const button of document.querySelectorAll(".game-pick")) {
  button.addEventListener("click", () => {
    chooseGame(button.dataset.game);
    $("new-table").scrollIntoView({ block: "start" }); // on a phone the form is below the list
  });
}
$("new-table").addEventListener("submit", create);
if (catalog.length) chooseGame(catalog[0].name);
// ready: the buttons were disabled until now (the hints above may take a while on a slow network)
for (const button of document.querySelectorAll(".game-pick, #create")) button.disabled = false;
document.body.dataset.ready = "1";
