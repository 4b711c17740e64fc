"""Issue 17: a newcomer's first minute (start page to a first legal move, timed), the start page's
choices, the rules page of every game, and a downloaded record opened in the web replay."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from cardtable.core import Record, game_names

from .helpers import ROOT, LiveServer, free_port, new_table, play_out

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "reports" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
browser_only = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("chromium") is None, reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("pages")
    live = LiveServer(f"sqlite:///{folder / 'pages.db'}", free_port(), log=folder / "server.log")
    live.start()
    yield live
    live.stop()


@browser_only
@pytest.mark.parametrize("width", [1280, 390])
def test_a_newcomer_gets_from_the_start_page_to_a_first_legal_move(
    browser, server: LiveServer, width: int
) -> None:
    """The scripted newcomer: open the start page, pick Biosphere 5 by its name, create the table with
    the defaults, open their seat, and click the first move offered in 'your choices'."""
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900})
    page = context.new_page()
    started = time.monotonic()
    page.goto(server.url + "/")
    page.get_by_role("button", name="Biosphere 5").click()
    page.get_by_role("button", name="Create table").click()
    page.goto(page.locator("a.open-seat").first.get_attribute("href"))
    choices = page.get_by_role("group", name="your choices")
    choices.get_by_role("button").first.wait_for()
    before = int(page.evaluate("document.body.dataset.move"))
    choices.get_by_role("button").first.click()
    page.wait_for_function("(b) => Number(document.body.dataset.move) > b", arg=before)
    elapsed = time.monotonic() - started
    print(f"\nstart page to a first legal move at {width} px: {elapsed:.2f} s, 3 clicks")
    assert elapsed < 60  # a hang fails; the figure itself is reported (it depends on the machine's load)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"newcomer-first-move-{width}.png"))
    context.close()


@browser_only
def test_the_start_page_offers_ways_to_play_and_the_machines_level_only_in_solo(
    browser, server: LiveServer
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    entry = page.locator(".game-entry[data-game='biosphere5']")
    assert "1–4 players" in entry.inner_text()  # not "2 seats": solo to four
    assert "(1-2.4)" not in page.inner_text(".game-list")  # no section numbers in mode descriptions
    page.select_option("#game-select", "biosphere5")
    page.select_option("#mode-select", "2 players")
    assert page.locator("[data-option-row='level']").is_hidden()
    assert page.locator("[data-option-row='players']").is_hidden()  # the way to play sets it
    assert page.locator("#solo-note").is_hidden()
    page.select_option("#mode-select", "solo vs Machine")
    assert page.locator("[data-option-row='level']").is_visible()
    assert "lost fast" in page.inner_text("#solo-note")
    levels = page.locator("[data-option='level'] option").all_inner_texts()
    assert levels[0].startswith("0 — easy") and levels[-1].startswith("8 — brutal")
    assert all("of 200 games" in text for text in levels)  # each level with its measured difficulty
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


@pytest.mark.parametrize("game", [g for g in game_names() if g != "toy"])
def test_every_game_has_a_rules_page_that_explains_the_card_data(client: TestClient, game: str) -> None:
    page = client.get(f"/games/{game}/rules", headers={"accept": "text/html"})
    assert page.status_code == 200
    assert "≈" in page.text and "reconstructed" in page.text
    assert "<h2" in page.text or "<h1" in page.text  # the rules file, rendered


def test_a_game_without_rules_or_no_game_says_so(client: TestClient) -> None:
    assert client.get("/games/no-such-game/rules", headers={"accept": "text/html"}).status_code == 404


def test_a_downloaded_record_replays_from_the_file_and_a_bad_one_is_refused(client: TestClient) -> None:
    table = new_table(client, "toy", seats=["human", "random"], seed=3, ask_every_window=False)
    play_out(client, table)
    record = client.get(f"/api/tables/{table['table']}/record").text
    frames = client.post("/api/replay", content=record.encode())
    assert frames.status_code == 200, frames.text
    data = frames.json()
    assert data["game"] == "toy" and data["frames"][-1]["result"]
    assert len(data["frames"]) == len(Record.load(record).moves) + 1
    broken = record.replace("play", "fly", 1)
    refused = client.post("/api/replay", content=broken.encode())
    assert refused.status_code == 400 and "does not replay" in refused.json()["message"]


@browser_only
def test_the_replay_page_opens_a_record_file(browser, server: LiveServer, tmp_path: Path) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        table = new_table(client, "toy", seats=["human", "random"], seed=4, ask_every_window=False)
        play_out(client, table)
        saved = tmp_path / "game.rec"
        saved.write_text(client.get(f"/api/tables/{table['table']}/record").text)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(saved))
    page.wait_for_selector("#board .view")
    page.click("#last")
    assert "Game over" in page.inner_text("#banner")
    assert page.locator("#log > li.move").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the replay fits a phone too
    page.close()


@browser_only
def test_the_table_is_played_from_the_keyboard(browser, server: LiveServer) -> None:
    """Tab reaches the moves of 'your choices' (and clickable cards); Enter plays the focused one."""
    with httpx.Client(base_url=server.url, timeout=10) as client:
        table = new_table(client, "toy", seats=["human", "random"], seed=5)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + table["seats"][0]["link"])
    page.get_by_role("group", name="your choices").get_by_role("button").first.wait_for()
    for _ in range(3):
        before = int(page.evaluate("document.body.dataset.move"))
        for _ in range(60):
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "() => document.activeElement?.closest('[aria-label=\"your choices\"]') ? 'choice'"
                " : document.activeElement?.getAttribute('role') === 'button' ? 'card' : ''"
            )
            if focused:
                break
        assert focused, "Tab never reached a move"
        page.keyboard.press("Enter")
        page.wait_for_function("(b) => Number(document.body.dataset.move) > b", arg=before)
        if "Game over" in page.inner_text("#banner"):
            break
        page.get_by_role("group", name="your choices").get_by_role("button").first.wait_for()
    page.close()
