"""Issue 29 on issue 27's table: Race for the Galaxy's expansions played in Chromium by clicking, at 1280x800
and 390x844 (the person at seat A, random bots at the others), with test_table_play's checks after every
update (every move reachable on the table, at most 8 buttons, the bar's height, the accessible names) and
these: the goals in play drawn as tiles with their names and conditions; at level 3 each player's panel
shows their prestige; the start worlds offered at levels 2-3 are clicked as cards; the Search categories
are named in words. At the end the tiles' holders and the panels' prestige agree with the engine's view
of the game replayed from its record."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from cardtable.core import Record
from cardtable.core.replay import replay

from .browser import browser_only, close, screenshot
from .helpers import LiveServer
from .patience import patience
from .test_table_play import WIDTHS, open_table, play_through_clicks

pytestmark = browser_only

MODES = [
    pytest.param({"expansion": 3, "players": 2}, id="level3-2p"),
    pytest.param({"expansion": 2, "players": 4}, id="level2-4p"),
    pytest.param({"expansion": 1, "players": 4}, id="level1-4p"),
]

#: what the page shows of the expansions, read after every update
READ = """() => {
  const panels = [...document.querySelectorAll('[aria-label="players"] .seat-panel')];
  const tiles = [...document.querySelectorAll('.goal-tile')];
  return {
    tiles: tiles.map((t) => ({ key: t.dataset.card, name: t.querySelector('.card-name')?.textContent ?? '',
      text: t.querySelector('.goal-text')?.textContent ?? '',
      vp: t.querySelector('.badge.vp')?.textContent ?? '',
      kind: t.querySelector('.card-band b')?.textContent ?? '',
      holders: [...t.querySelectorAll('.goal-holder')].map((h) => h.dataset.seat) })),
    prestige: panels.map((p) =>
      p.querySelector('[data-id^="panel-prestige-"] .stat-value')?.textContent ?? null),
    offer: [...document.querySelectorAll('[data-target^="offer:"]')].length,
    categories: [...document.querySelectorAll('[data-target^="search:"]')].map((n) => n.textContent),
    actions: [...document.querySelectorAll('[data-target^="act:"]')].map((n) => n.dataset.target),
    banner: document.getElementById('banner').textContent,
  };
}"""


def check_expansion(seen: dict[str, Any], level: int, seats: int, counts: dict[str, int]) -> None:
    tiles = seen["tiles"]
    assert len(tiles) == 6, f"{len(tiles)} goal tiles, not the 6 goals in play"
    for tile in tiles:
        assert tile["name"] and len(tile["text"]) > 10, tile
        assert tile["kind"] in ("First", "Most") and tile["vp"] in ("3", "5"), tile
    if level >= 3:
        shown = seen["prestige"]
        assert len(shown) == seats and all(v is not None for v in shown), shown
    if seen["offer"]:
        counts["offer"] += 1
    if seen["categories"]:
        words = seen["categories"]
        assert len(words) == 9 and all(len(c) > 15 for c in words), words
        counts["search"] += 1
    if any(a.startswith("act:prestige-") or a == "act:search" for a in seen["actions"]):
        counts["special"] += 1


def final_view(client: httpx.Client, table: str) -> dict[str, Any]:
    """The engine's view for seat A of the finished game, replayed from its record."""
    match = replay(Record.load(client.get(f"/api/tables/{table}/record").text))
    assert match.game.result(match.state) is not None
    return match.game.view(match.state, 0)


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("options", MODES)
def test_an_expansion_game_by_clicking_shows_goals_and_prestige(
    browser: Any, web_server: LiveServer, options: dict[str, Any], width: int
) -> None:
    level, seats = options["expansion"], options["players"]
    kinds = ["human"] + ["random"] * (seats - 1)
    counts = {"offer": 0, "search": 0, "special": 0}
    last: dict[str, Any] = {}
    shots: set[str] = set()

    def each(page: Any, snap: dict[str, Any]) -> None:
        seen = page.evaluate(READ)
        check_expansion(seen, level, seats, counts)
        last.update(seen)
        for kind, found in (("offer", seen["offer"]), ("search", seen["categories"])):
            if found and kind not in shots and not snap["over"]:
                shots.add(kind)
                screenshot(page, f"rftg-level{level}-{seats}p-{width}-{kind}.png", full_page=False)

    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table, page, errors = open_table(
            client, browser, "race-for-the-galaxy", options, kinds, width, seed=11
        )
        done = play_through_clicks(
            page, "race-for-the-galaxy", options, seats, width, random.Random(f"{options} {width}"), each
        )
        assert not errors, errors
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"rftg-level{level}-{seats}p-{width}-end.png", full_page=True)
        view = final_view(client, table["table"])
        close(page)
    assert not done["words"], "texts on the page with faults:\n" + "\n".join(sorted(done["words"])[:40])
    moves = done["per_move"]
    assert sum(1 for n in moves if n <= 2) >= 0.95 * len(moves), moves
    holders = {tile["key"]: sorted(tile["holders"]) for tile in last["tiles"]}
    assert set(holders) == set(view["goals"])
    for key in view["goals"]:
        truth = sorted("ABCDEF"[i] for i, p in enumerate(view["players"]) if key in p["goals"])
        assert holders[key] == truth, (key, holders[key], truth)
    if level >= 3:
        assert [int(v.split()[0]) for v in last["prestige"]] == [p["prestige"] for p in view["players"]]
        assert counts["special"] > 0, "the prestige actions and Search were never offered as action cards"
    if level >= 2:
        assert counts["offer"] > 0, "the start-world offer was never drawn as cards"
