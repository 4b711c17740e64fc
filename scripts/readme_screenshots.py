"""The README's screenshots (docs/screenshots/): each game's table at 1280x800 a few rounds in, and Race
for the Galaxy against the robot at 390x844, from the top of the page, in Debian's Chromium on a real
server. The person ("Ann", seat A) plays a random legal move at each of their decisions (seeded), the
other seats are random bots or the rulebook's automaton.

    PYTHONPATH=src:. .venv/bin/python scripts/readme_screenshots.py [--games dino-battles ...] [--url URL]

`--url`: a server already running (`cardtable serve`), instead of one started here.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright
from tests.web.browser import close, launch, open_page
from tests.web.helpers import LiveServer, free_port, play, state, tokens

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
#: file -> (game, options, width, the person's moves before the picture)
SHOTS: dict[str, tuple[str, dict[str, Any], int, int]] = {
    "race-for-the-galaxy": ("race-for-the-galaxy", {"players": 2}, 1280, 14),
    "51st-state": ("51st-state", {"players": 2}, 1280, 16),
    "biosphere5": ("biosphere5", {"players": 2}, 1280, 10),
    "apocalypse": ("apocalypse", {}, 1280, 8),
    "dino-battles": ("dino-battles", {"players": 2}, 1280, 14),
    "race-for-the-galaxy-phone": ("race-for-the-galaxy", {"solo": "robot"}, 390, 10),
}
HEIGHTS = {1280: 800, 390: 844}


def advance(client: httpx.Client, table: dict[str, Any], moves: int, rng: random.Random) -> None:
    """The person plays `moves` random legal moves (the bots and automata move by themselves)."""
    token = tokens(table)[0]
    assert token is not None
    made, deadline = 0, time.monotonic() + 120
    while made < moves and time.monotonic() < deadline:
        mine = state(client, table["table"], token)
        if mine["result"] is not None:
            return
        if not mine["legal"]:
            time.sleep(0.05)
            continue
        if play(client, table["table"], token, rng.choice(mine["legal"]), mine["move"]).status_code == 200:
            made += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(SHOTS), help="which screenshots (file names)")
    parser.add_argument("--url", help="a running server (default: one started here)")
    args = parser.parse_args()
    if args.url:
        shoot(args.url, args.games)
        return
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(f"sqlite:///{tmp}/shots.db", free_port(), log=Path(tmp) / "server.log")
        server.start()
        try:
            shoot(server.url, args.games)
        finally:
            server.stop()


def shoot(url: str, names: list[str]) -> None:
    """Each screenshot `names` asks for, from tables of the server at `url`."""
    with httpx.Client(base_url=url, timeout=30) as client, sync_playwright() as pw:
        browser = launch(pw)
        for name in names:
            game, options, width, moves = SHOTS[name]
            setup = client.get(f"/api/games/{game}/setup", params=options).json()
            kinds = ["human"] + [
                "automaton" if str(i) in setup["automata"] else "random" for i in range(1, setup["num_seats"])
            ]
            body = {"game": game, "options": options, "seats": kinds, "names": ["Ann"], "seed": 7}
            table = client.post("/api/tables", json=body).json()
            advance(client, table, moves, random.Random(name))
            page = open_page(browser, width=width)
            page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
            page.goto(url + table["seats"][0]["link"])
            page.wait_for_function("() => Number(document.body.dataset.move) >= 0")
            page.wait_for_timeout(1500)  # the last move's highlight fades
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(OUT / f"{name}.png"))
            print(f"{name}: move {page.evaluate('document.body.dataset.move')}")
            close(page)
        browser.close()


if __name__ == "__main__":
    main()
