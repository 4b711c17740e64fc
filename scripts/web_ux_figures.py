"""Issue 17's figures from a real server and Debian's Chromium: how long a newcomer takes from the start
page to a first legal move (and in how many clicks), and how many clicks a whole game of each game and
mode takes a person who clicks at random among their moves and cards (bots at the other seats).

    PYTHONPATH=src:. python scripts/web_ux_figures.py [--runs 5] [--seeds 1] [--ask-every-window]

It plays through the same code as tests/web/test_ux_play.py (every check of the test runs on the way).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright
from tests.web import test_ux_play as ux
from tests.web.browser import close, launch, open_page
from tests.web.helpers import LiveServer, free_port

from cardtable.core import Record, game_names


def newcomer(browser: object, server: LiveServer, width: int) -> tuple[float, int]:
    """The scripted newcomer of tests/web/test_ux_pages.py: seconds and clicks to a first legal move."""
    page = open_page(browser, width=width)
    started = time.monotonic()
    page.goto(server.url + "/")
    page.get_by_role("button", name="Biosphere 5").click()
    page.get_by_role("button", name="Create table").click()
    start = page
    with page.context.expect_page() as opened:
        page.locator("a.open-seat").first.click()  # the seat link opens the table in a new tab
    page = opened.value
    choices = page.get_by_role("group", name="your choices")
    choices.get_by_role("button").first.wait_for()
    before = int(page.evaluate("document.body.dataset.move"))
    choices.get_by_role("button").first.click()
    page.wait_for_function("(b) => Number(document.body.dataset.move) > b", arg=before)
    elapsed = time.monotonic() - started
    close(start)
    return elapsed, 4


def whole_game(
    browser: object, server: LiveServer, game: str, mode: str, options: dict, seed: int, ask: bool
) -> dict:
    seats = ux.seat_kinds(server, game, options)
    body = {"game": game, "options": options, "seats": seats, "names": ["You"], "seed": seed}
    table = httpx.post(f"{server.url}/api/tables", json={**body, "ask_every_window": ask}, timeout=10).json()
    page = open_page(browser, server.url + table["seats"][0]["link"], width=1280)
    page.wait_for_selector("#board .view")
    started = time.monotonic()
    done = ux.play_through_clicks(page, game, 0, random.Random(f"{game} {mode} {seed}"), None)
    elapsed = time.monotonic() - started
    record = Record.load(httpx.get(f"{server.url}/api/tables/{table['table']}/record", timeout=10).text)
    close(page)
    mine = sum(1 for move in record.moves if move.seat == 0)
    return {**done, "moves": len(record.moves), "mine": mine, "seconds": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="newcomer runs per width")
    parser.add_argument("--seeds", type=int, default=1, help="whole games per game and mode")
    parser.add_argument("--ask-every-window", action="store_true", help="also with every decision asked")
    parser.add_argument("--games", nargs="*", default=None, help="only these games")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(f"sqlite:///{Path(folder) / 'figures.db'}", free_port(), log=Path(folder) / "log")
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                for width in (1280, 390):
                    times = []
                    for _ in range(args.runs):
                        try:
                            times.append(newcomer(browser, server, width)[0])
                        except Exception as err:  # a failed run is reported, not hidden
                            print(f"newcomer at {width} px: a run failed: {str(err).splitlines()[0]}")
                    if not times:
                        continue
                    print(
                        f"newcomer at {width} px: start page to a first legal move in 4 clicks; "
                        f"median {statistics.median(times):.2f} s, range {min(times):.2f}–{max(times):.2f} s "
                        f"({args.runs} runs)"
                    )
                asks = [False, True] if args.ask_every_window else [False]
                for game in args.games or [g for g in game_names() if g != "toy"]:
                    for mode, options in ux.modes_of(game):
                        for ask in asks:
                            runs = [
                                whole_game(browser, server, game, mode, options, seed, ask)
                                for seed in range(1, args.seeds + 1)
                            ]
                            clicks = [r["clicks"] for r in runs]
                            print(
                                f"{game} [{mode}]{' asked at every decision' if ask else ''}: "
                                f"clicks per game {statistics.mean(clicks):.1f} "
                                f"(range {min(clicks)}–{max(clicks)}, {len(runs)} games), "
                                f"on cards {statistics.mean(r['card_clicks'] for r in runs):.1f}, "
                                f"the person's moves {statistics.mean(r['mine'] for r in runs):.1f} "
                                f"of {statistics.mean(r['moves'] for r in runs):.0f}, "
                                f"{statistics.mean(r['seconds'] for r in runs):.1f} s a game",
                                flush=True,
                            )
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
