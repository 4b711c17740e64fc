"""Issue 27: every game and mode played to its end in Debian's Chromium at 1280x800 and 390x844 by
clicking the cards, cells and tokens the table offers (a button only where a move is about nothing on
the table, or to tell apart moves about the same thing), the other seats random bots (or the
rulebook's automaton). After every update, in one round trip to the page:

- every legal move is reachable: the table draws everything each move is about (no move falls back
  to a button), and a card a move names is the card it is drawn on;
- no decision shows more than 8 buttons; nothing scrolls sideways;
- a 2-player table is at most 3 screens tall at 1280x800; the decision bar takes at most 35% of the
  screen at 390x844, and something the decision is about is in sight with it;
- no text smaller than 12 px at 1280 px;
- the accessible names: a region "players" with one element per seat and its score, "your hand",
  "table", "your choices", "log";
- the words on the page (the text of each region as shown: the prompt, your choices, the table, your
  hand, the players, the log, the end) hold no placeholder or raw word: the rules of
  tests/conformance/words.py (which also checks the engine's words and the move labels), with every
  seat's letter a fault, since every seat has a name at the table (`PageWords`).

At the end: a "scores" table, a "Play again" button, the replay link; at least 95% of the person's moves
took at most 2 clicks. Screenshots of each game go to reports/screenshots/.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.core import Record, game_class, game_names, make_game, seat_letter
from tests.conformance.words import Vocabulary, faults

from .browser import browser_only, close, open_page, screenshot
from .helpers import LiveServer
from .patience import patience

pytestmark = browser_only

WIDTHS = {1280: 800, 390: 844}
#: each case's faults in the page's words, one a line (empty: none)
WORDS_FOUND = Path(__file__).resolve().parents[2] / "reports" / "page-words"
GAMES = [g for g in game_names() if g != "toy"]
#: keys whose last part is the card a move names, where the thing clicked is that card
CARD_KEYS = ("hand", "drawn", "faceup", "pool", "row", "look", "spied", "ability", "conn-card", "deal", "tab")


def modes_of(game: str) -> list[tuple[str, dict[str, Any]]]:
    return [(m.name, dict(m.options)) for m in game_class(game).modes] or [("standard", {})]


def cases() -> list[Any]:
    return [
        pytest.param(game, mode, options, width, id=f"{game}-{mode.replace(' ', '-')}-{width}")
        for game in GAMES
        for mode, options in modes_of(game)
        for width in WIDTHS
    ]


#: the bots that end a game soonest: Dino Battles between random players lasts 250 to 4,500 moves (the
#: Wound supply runs out), against its heuristic bots 80 to 370 (they attack)
FAST_BOTS = {"dino-battles": "heuristic"}


def seat_kinds(server: LiveServer, game: str, options: dict[str, Any]) -> list[str]:
    """The person at seat A; the rulebook's automaton where the game has one, fast bots elsewhere."""
    setup = httpx.get(f"{server.url}/api/games/{game}/setup", params=options, timeout=patience(10)).json()
    bot = FAST_BOTS.get(game, "random")
    return ["human"] + [
        "automaton" if str(i) in setup["automata"] else bot for i in range(1, setup["num_seats"])
    ]


#: one update, in one round trip (tests/web/table_update.js): wait until the table moved on (or a pick
#: was drawn) and the person has a choice or the game is over; read what the checks need; aim the next
#: click (a thing on the table with probability `share`)
UPDATE = "\n".join(
    line
    for line in (Path(__file__).parent / "table_update.js").read_text().splitlines()
    if not line.startswith("//")
)


def check_update(snap: dict[str, Any], seats: int, width: int) -> None:
    assert snap["width"] <= snap["inner"], f"the page scrolls sideways: {snap['width']} px in {snap['inner']}"
    assert not snap["names"], f"no element named {snap['names']}"
    assert len(snap["seats"]) == seats and all(s["score"] for s in snap["seats"]), snap["seats"]
    if width == 1280:
        assert snap["smallest"] >= 12, f"text of {snap['smallest']} px: {snap['smallestWhere']}"
        if seats == 2:
            assert snap["height"] <= 3 * WIDTHS[1280], f"the 2-player table is {snap['height']} px tall"
    if snap["over"]:
        return
    assert not snap["fallbacks"], f"moves the table cannot show: {snap['fallbacks']}"
    assert snap["buttons"] <= 8, f"{snap['buttons']} buttons at once"
    if width == 390:
        assert snap["bar"] <= 0.35 * snap["h"], f"the decision bar is {snap['bar']} px of {snap['h']}"
    assert snap["targetsSeen"], f"nothing the decision is about is in sight: {snap.get('unseen')}"
    for key, card in snap["cardKeys"]:
        zone, _, rest = key.partition(":")
        if zone in CARD_KEYS:
            named = rest.split(":")[-1]
            assert named in (card, card.rsplit("-", 1)[0]), f"{key} is drawn on the card {card}"
    assert snap["target"]["reached"], f"a click at the middle of {snap['target']} does not reach it"


class PageWords:
    """The faults in the words shown on one table's page, gathered over a whole game: each text is
    checked once, by the words test's rules, with a bare seat letter a fault wherever it stands (every
    seat has a name at the table)."""

    def __init__(self, game: str, options: dict[str, Any]) -> None:
        made = make_game(game, options)
        letters = frozenset(seat_letter(seat) for seat in range(made.num_seats))
        self.vocabulary = dataclasses.replace(Vocabulary.of(made), named_seats=letters)
        self.read: set[str] = set()
        #: "region: 'text': fault" -> how many updates showed it first
        self.found: dict[str, int] = {}

    def check(self, snap: dict[str, Any]) -> None:
        for region, text in self._new(snap["words"]):
            for fault in faults(text, self.vocabulary):
                key = f"{region}: {text[:120]!r}: {fault}"
                self.found[key] = self.found.get(key, 0) + 1

    def _new(self, words: dict[str, list[str]]) -> Iterator[tuple[str, str]]:
        for region, texts in words.items():
            for text in texts:
                if text not in self.read:
                    self.read.add(text)
                    yield region, text


def play_through_clicks(
    page: Any,
    game: str,
    options: dict[str, Any],
    seats: int,
    width: int,
    rng: random.Random,
    each: Any = None,
) -> dict[str, Any]:
    """Click what the table offers until the game ends; returns the clicks each move of the person took.
    `each(page, snap)`, if given, checks more after every update."""
    per_move: list[int] = []
    clicks = 0
    before, sends = -1, 0
    buttons_seen: list[int] = []
    words = PageWords(game, options)
    for _ in range(4000):
        args = {"before": before, "sends": sends, "r1": rng.random(), "r2": rng.random(), "share": 0.8,
                "wide": width == 1280}  # fmt: skip
        snap = page.evaluate(UPDATE, args)
        assert not snap.get("timeout"), f"{game}: the table did not move on: {snap}"
        check_update(snap, seats, width)
        words.check(snap)
        if each is not None:
            each(page, snap)
        if snap["over"]:
            assert snap["scores"] and snap["again"] and snap["replay"], snap
            assert snap["scoresFit"], f"{game} at {width} px: the score table is wider than its box"
            return {"per_move": per_move, "buttons": buttons_seen, "words": words.found}
        buttons_seen.append(snap["buttons"])
        if snap["sends"] > sends:  # the last click sent a move
            per_move.append(clicks)
            clicks = 0
            sends = snap["sends"]
        page.mouse.click(snap["target"]["x"], snap["target"]["y"])
        clicks += 1
        before = snap["move"]
    raise AssertionError(f"{game}: the game did not end within 4000 clicks")


def open_table(
    client: httpx.Client,
    browser: Any,
    game: str,
    options: dict[str, Any],
    kinds: list[str],
    width: int,
    seed: int,
) -> tuple[dict[str, Any], Any, list[str]]:
    """A new table (the person at seat A) opened at `width`: its API answer, the page, the page's errors."""
    body = {"game": game, "options": options, "seats": kinds, "names": ["Ann"], "seed": seed}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    page = open_page(browser, width=width)
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(str(client.base_url).rstrip("/") + table["seats"][0]["link"])
    return table, page, errors


@pytest.mark.parametrize(("game", "mode", "options", "width"), cases())
def test_a_whole_game_by_clicking_the_table(
    browser: Any, web_server: LiveServer, game: str, mode: str, options: dict[str, Any], width: int
) -> None:
    kinds = seat_kinds(web_server, game, options)
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table, page, errors = open_table(client, browser, game, options, kinds, width, seed=7)
        started = time.monotonic()
        rng = random.Random(f"{game} {mode} {width}")
        updates = iter(range(1, 10**6))
        name = f"{game}-{mode.replace(' ', '-')}-{width}-play.png"

        def mid_game(page: Any, snap: dict[str, Any]) -> None:
            """A screenshot of the table in play (the 25th update), to look at as a player would."""
            if next(updates) == 25 and not snap["over"]:
                screenshot(page, name, full_page=False)

        done = play_through_clicks(page, game, options, len(kinds), width, rng, mid_game)
        elapsed = time.monotonic() - started
        assert not errors, errors
        record = Record.load(client.get(f"/api/tables/{table['table']}/record").text)
    wrong = sorted(done["words"])
    WORDS_FOUND.mkdir(parents=True, exist_ok=True)
    found = WORDS_FOUND / f"{game}-{mode.replace(' ', '-')}-{width}.txt"
    found.write_text("".join(f"{w}\n" for w in wrong))
    assert not wrong, f"{len(wrong)} texts on the page with faults:\n" + "\n".join(wrong[:40])
    moves = done["per_move"]
    in_two = sum(1 for n in moves if n <= 2) / max(1, len(moves))
    assert in_two >= 0.95, f"only {in_two:.0%} of the moves took at most 2 clicks: {moves}"
    if mode == modes_of(game)[0][0]:
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"{game}-{width}-end.png", full_page=False)
    print(
        f"\n{game} [{mode}] at {width} px: {len(moves)} moves of the person in {sum(moves)} clicks "
        f"({in_two:.0%} in at most 2), buttons at most {max(done['buttons'], default=0)}, "
        f"{len(record.moves)} moves in all, {elapsed:.1f} s"
    )
    close(page)
