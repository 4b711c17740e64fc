"""Issue 17, the web table as a newcomer meets it: every game and every mode of the registry played to
its end through clicks alone in Debian's Chromium, at 1280 px and at 390 px (a phone), the other seats
played by bots (or the rulebook's automaton). After every update: no sideways scroll; the decision and
its moves in the viewport; the moves are buttons inside the element named "your choices"; every
clickable card offers exactly the legal moves that use that card in that place, and a click on it plays
that move. At the end: each log entry shows what the game narrates of its move, and a move whose every
play has public consequences names them. Screenshots of each game at both widths go to
reports/screenshots/.

CI time: the clicks are real mouse clicks at the drawn place of a move, and each update is read in one
round trip (the page is asked once to wait for the table, check it and aim the next click)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
import pytest

from cardtable.core import Record, game_class, game_names

from .browser import browser_only, close, open_page, screenshot
from .helpers import ROOT, LiveServer

pytestmark = browser_only

HINTS = json.loads((ROOT / "src/cardtable/web/static/hints.json").read_text())
WIDTHS = (1280, 390)
#: verbs every play of which has a public consequence, which the log must name under it (issue 17
#: item 1); moves that only choose (the first half of a two-step ability, a secret pick revealed later)
#: are not listed. Measured over random games of each: every one of these carried narration.
CONSEQUENTIAL = {
    "biosphere5": {"destroy", "discard", "endure", "force", "play", "refresh", "rescue", "sacrifice", "take"},
    "apocalypse": {"ability", "lift", "malfunction", "move", "place", "protect", "put", "quake", "start"},
    "dino-battles": {"attack", "damage", "heal", "power", "promote", "retreat"},
    "race-for-the-galaxy": {"good", "guess", "spend", "trade"},
    "51st-state": {"deal", "done", "open", "pick", "store"},
}
#: the share of the person's clicks aimed at a clickable card rather than a button, when there is one
CARD_SHARE = 0.5


def modes_of(game: str) -> list[tuple[str, dict[str, Any]]]:
    modes = game_class(game).modes
    return [(m.name, dict(m.options)) for m in modes] or [("standard", {})]


def cases() -> list[Any]:
    """Every registered game, every mode (those added later too), at both widths."""
    return [
        pytest.param(game, mode, options, width, id=f"{game}-{mode.replace(' ', '-')}-{width}")
        for game in game_names()
        for mode, options in modes_of(game)
        for width in WIDTHS
    ]


def seat_kinds(server: LiveServer, game: str, options: dict[str, Any]) -> list[str]:
    """The person at seat A; the rulebook's automaton where the game has one, fast bots elsewhere."""
    setup = httpx.get(f"{server.url}/api/games/{game}/setup", params=options, timeout=10).json()
    catalog = {g["name"]: g for g in httpx.get(f"{server.url}/api/games", timeout=10).json()}
    kinds = catalog[game]["seat_kinds"]
    bot = "heuristic" if "heuristic" in kinds else "random"
    return ["human"] + [
        "automaton" if str(i) in setup["automata"] else bot for i in range(1, setup["num_seats"])
    ]


#: one update, read in one round trip: wait until the table moved on (or a card was picked) and the
#: person has a choice or the game is over; then read what the checks need, choose the next click
#: (a card with probability `share`, else a move button; the random numbers come from the test) and
#: scroll it where a person would see it, and say whether a click at its middle reaches it
UPDATE = """async ({before, picked, r1, r2, share}) => {
  const visible = (g) => !g.hidden && g.offsetParent !== null;
  const groupOf = () => [...document.querySelectorAll('[aria-label="your choices"]')]
    .find((g) => visible(g) && g.querySelector('button.action:not(:disabled)'));
  const over = () => document.getElementById('banner').classList.contains('result');
  const deadline = performance.now() + 20000;
  for (;;) {
    const moved = picked ? document.querySelector('#board .selected') !== null
      : Number(document.body.dataset.move) > before;
    if (moved && (over() || groupOf())) break;
    if (performance.now() > deadline) {
      return { timeout: true, banner: document.getElementById('banner').textContent,
               toast: document.getElementById('toast').textContent };
    }
    await new Promise((done) => setTimeout(done, 8));
  }
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const out = { over: over(), move: Number(document.body.dataset.move),
    width: document.documentElement.scrollWidth, inner: innerWidth, h: innerHeight };
  if (out.over) return out;
  const group = groupOf();
  const dialog = group.closest('dialog');
  const panel = dialog ?? document.getElementById('decision');
  const buttons = [...group.querySelectorAll('button')];
  Object.assign(out, {
    dialog: Boolean(dialog), panel: rect(panel),
    banner: rect(document.getElementById(dialog ? 'popup-prompt' : 'banner')),
    first: rect(buttons[0]),
    strays: document.querySelectorAll('button.action').length
      - document.querySelectorAll('[aria-label="your choices"] button.action').length,
    legal: buttons.filter((b) => b.dataset.action).map((b) => b.dataset.action),
    grids: [...document.querySelectorAll('#board .grid')].map((g) => {
      const row = (c) => Number(/\\d+$/.exec(c.dataset.cell)[0]);
      return [Math.max(...[...g.querySelectorAll('[data-cell]')].map(row)),
        Math.max(0, ...[...g.querySelectorAll('.grid-cell:not(.slot)[data-cell]')].map(row))];
    }),
    cards: [...document.querySelectorAll('#board [data-token]')].map((c) => ({
      token: c.dataset.token.toLowerCase(),
      clickable: c.classList.contains('playable') || c.classList.contains('pickable'),
      selected: c.classList.contains('selected'),
      focusable: c.tabIndex === 0 && c.getAttribute('role') === 'button',
      moves: (c.dataset.move || c.dataset.moves || '').split('|').filter(Boolean),
      zone: c.closest('[data-key]')?.dataset.key ?? '',
      outer: c.closest('[data-key]')?.parentElement?.closest('[data-key]')?.dataset.key ?? null,
      seat: c.closest('[data-seat]')?.dataset.seat ?? null,
    })),
  });
  const cards = dialog ? [] : [...document.querySelectorAll('#board .playable, #board .pickable')];
  const moves = buttons.filter((b) => b.dataset.action);
  let target;
  if (cards.length && (r1 < share || !moves.length)) target = cards[Math.floor(r2 * cards.length)];
  else target = moves[Math.floor(r2 * moves.length)];
  if (target.closest('#board')) {
    // a card: into the middle of the part of the screen the decision panel leaves free
    target.scrollIntoView({ block: 'nearest', inline: 'center' });
    const p = document.getElementById('decision').getBoundingClientRect();
    const fixed = getComputedStyle(document.getElementById('decision')).position === 'fixed';
    const [top, bottom] = fixed ? [0, p.top] : [Math.max(0, p.bottom), innerHeight];
    const t = target.getBoundingClientRect();
    window.scrollBy(0, (t.top + t.bottom) / 2 - (top + bottom) / 2);
  } else {
    target.scrollIntoView({ block: 'nearest' });
  }
  const [left, top, right, bottom] = rect(target);
  const x = (left + right) / 2, y = (top + bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  out.target = { x, y, reached: Boolean(hit && target.contains(hit)), card: Boolean(target.closest('#board')),
    move: target.dataset.action ?? target.dataset.move ?? null,
    moves: (target.dataset.moves || '').split('|').filter(Boolean), token: target.dataset.token ?? null };
  return out;
}"""


def check_update(snap: dict[str, Any], game: str, seat: int, picked: dict[str, Any] | None) -> None:
    """No sideways scroll; the decision and its first move on screen, the moves in reach; no move
    button outside "your choices"; cards clickable by place (or, once one is picked, by the moves
    that use it)."""
    assert snap["width"] <= snap["inner"], f"the page scrolls sideways: {snap['width']} px in {snap['inner']}"
    h = snap["h"]
    for name in ("panel", "banner", "first"):
        left, top, right, bottom = snap[name]
        assert top >= 0 and bottom <= h + 0.5 and left >= 0 and right <= snap["inner"] + 0.5, (
            f"the decision's {name} is off screen: {snap[name]} in {snap['inner']}x{h}"
        )
    assert snap["strays"] == 0, "a move button outside 'your choices'"
    for drawn, deepest in snap["grids"]:  # a board unbounded below: drawn to one row past its deepest card
        assert drawn == deepest + 1, f"board drawn to row {drawn}, deepest card in row {deepest}"
    assert snap["target"]["reached"], f"a click at the middle of {snap['target']} does not reach it"
    for card in snap["cards"]:
        if card["clickable"] or card["selected"]:
            assert card["focusable"], f"{card} is clickable but not reachable from the keyboard"
    if picked is None:
        check_card_map(snap, game, seat)
        return
    assert set(snap["legal"]) == set(picked["moves"]), "the picked card's moves are not the choices offered"
    for card in snap["cards"]:
        if card["clickable"]:
            assert len(card["moves"]) == 1 and card["moves"][0] in picked["moves"], card
            assert card["token"] in card["moves"][0].lower().split(" ")[1:], card


def uses(move: str, card: dict[str, Any], game: str, seat: int) -> bool:
    """Whether `move` uses `card` where it lies (the game's hints say where each verb takes a card)."""
    hints = HINTS.get(game, {})
    verb, *args = move.lower().split(" ")
    token = card["token"]
    zone = card["zone"]
    if card["outer"] in hints.get("nested", []):
        zone = f"{card['outer']}.{zone}"
    if verb in hints.get("family", []) and token[-1].isdigit():
        token = token.rsplit("-", 1)[0]
    if token not in args or zone in hints.get("inert", []) or zone in HINTS["*"].get("inert", []):
        return False
    rel = "none" if card["seat"] is None else ("mine" if int(card["seat"]) == seat else "other")
    return any(
        p.split("@")[0] == zone
        and (
            ("@" not in p and rel != "other")
            or p.endswith("@any")
            or (p.endswith("@other") and rel == "other")
            or (p.endswith("@mine") and rel == "mine")
        )
        for p in hints.get("places", {}).get(verb, ["hand"])
    )


def check_card_map(snap: dict[str, Any], game: str, seat: int) -> None:
    """A card is clickable exactly when a legal move uses that card in that place, and it offers
    exactly those moves."""
    legal = set(snap["legal"])
    for card in snap["cards"]:
        wanted = {move for move in legal if uses(move, card, game, seat)}
        if card["clickable"]:
            assert set(card["moves"]) == wanted, f"{card} offers {card['moves']}, using it: {wanted}"
        else:
            assert not wanted, f"{card} is not clickable, but {sorted(wanted)} use it there"


def play_through_clicks(
    page: Any, game: str, seat: int, rng: random.Random, shot: str | None
) -> dict[str, Any]:
    """Click the person's moves (a card or a button, with the mouse where it is drawn) until the game
    ends, checking the page after each update; returns the clicks and the moves they played."""
    played: list[tuple[int, str]] = []  # (move number, the move a click played)
    clicks = card_clicks = 0
    before = int(page.evaluate("document.body.dataset.move ?? -1")) - 1
    picked: dict[str, Any] | None = None
    trace = TRACE
    trace.clear()
    for _ in range(1500):
        args = {"before": before, "picked": picked is not None, "r1": rng.random(), "r2": rng.random()}
        snap = page.evaluate(UPDATE, {**args, "share": CARD_SHARE})
        assert not snap.get("timeout"), f"{game}: the table did not move on: {snap}"
        if snap["over"]:
            assert snap["width"] <= snap["inner"], "the finished page scrolls sideways"
            return {"clicks": clicks, "card_clicks": card_clicks, "played": played}
        check_update(snap, game, seat, picked)
        if clicks == 12 and shot:  # what the person sees (a phone's whole page is too long to read)
            screenshot(page, shot, full_page=snap["inner"] > 800)
        target = snap["target"]
        trace.append((snap["move"], picked is not None, target))
        page.mouse.click(target["x"], target["y"])
        clicks += 1
        card_clicks += target["card"]
        if target["move"] is None:  # a card several moves use: picked, the choices narrow to its moves
            picked = target
            continue
        picked = None
        before = snap["move"]
        played.append((before + 1, target["move"]))
    raise AssertionError(f"{game}: the game did not end within 1500 of the person's clicks")


#: the last game's clicks: (the move drawn, whether a card was picked first, what was clicked)
TRACE: list[tuple[int, bool, dict[str, Any]]] = []

LOG = """() => [...document.querySelectorAll('#log > li.move')].map((li) => ({
  move: Number(li.dataset.move),
  events: [...li.querySelectorAll('.events li')].map((e) => e.textContent),
}))"""


def check_log(page: Any, client: httpx.Client, table: dict[str, Any], game: str) -> None:
    """The page shows, under each move, what the game narrates of it to this seat; a move whose every
    play has public consequences names them."""
    token = table["seats"][0]["link"].split("#", 1)[1]
    lines = client.get(f"/api/tables/{table['table']}", params={"token": token}).json()["log"]
    shown = {entry["move"]: entry["events"] for entry in page.evaluate(LOG)}
    verbs = CONSEQUENTIAL.get(game, set())
    for line in lines:
        assert shown.get(line["move"]) == line["events"], f"the log shows {shown.get(line['move'])}: {line}"
        if line["action"].split(" ")[0] in verbs:
            assert line["events"], f"the log does not say what {line['action']!r} did"


@pytest.mark.parametrize(("game", "mode", "options", "width"), cases())
def test_a_whole_game_through_clicks_alone(
    browser: Any, web_server: LiveServer, game: str, mode: str, options: dict[str, Any], width: int
) -> None:
    seats = seat_kinds(web_server, game, options)
    with httpx.Client(base_url=web_server.url, timeout=10) as client:
        body = {"game": game, "options": options, "seats": seats, "names": ["You"], "seed": 7}
        response = client.post("/api/tables", json=body)  # forced moves are played (ask_every_window off)
        assert response.status_code == 201, response.text
        table = response.json()
        page = open_page(browser, width=width)
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(web_server.url + table["seats"][0]["link"])
        page.wait_for_selector("#board .view")
        first_mode = mode == modes_of(game)[0][0]
        slug = f"{game}-{width}"
        started = time.monotonic()
        done = play_through_clicks(
            page, game, 0, random.Random(f"{game} {mode}"), f"{slug}-play.png" if first_mode else None
        )
        elapsed = time.monotonic() - started
        assert not errors, errors
        record = Record.load(client.get(f"/api/tables/{table['table']}/record").text)
        for ply, move in done["played"]:  # every click played the move of what was clicked, there
            near = [t for t in TRACE if ply - 4 <= t[0] <= ply]
            assert (record.moves[ply - 1].seat, record.moves[ply - 1].action) == (0, move), (ply, move, near)
        check_log(page, client, table, game)
    assert page.locator("#finished").is_visible()
    assert page.locator("#replay-link").is_visible()  # the end of the game: replay and record in reach
    if first_mode:
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"{slug}-end.png", full_page=False)
    assert not errors, errors
    print(
        f"\n{game} [{mode}] at {width} px: {done['clicks']} clicks ({done['card_clicks']} on cards), "
        f"{len(record.moves)} moves, {elapsed:.1f} s"
    )
    close(page)
