"""Issue 31: the start page shows, beside the solo mode and its level, what our best player wins at that
level (the game's difficulty.toml), and the figure follows the level chosen."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .browser import browser_only, close, open_page
from .helpers import LiveServer


def test_the_catalog_carries_each_games_figures(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    levels = games["biosphere5"]["difficulty"]
    assert len(levels) == 9
    assert levels[0] == {
        "options": {"solo": "machine", "level": 0},
        "player": "heuristic",
        "games": 200,
        "won": 82,
        "percent": 41.0,
        "interval": [34.4, 47.9],
    }
    assert games["apocalypse"]["difficulty"] == []  # no solo mode, no file: no figures


@browser_only
def test_the_start_page_shows_the_figure_of_the_chosen_level(browser, web_server: LiveServer) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, web_server.url + "/", width=390)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "biosphere5")
    page.select_option("#mode-select", "2 players")
    note = page.locator("#difficulty-note")
    expect(note).to_be_hidden()  # no solo, no figure
    page.select_option("#mode-select", "solo vs Machine")  # starts at level 2
    expect(note).to_have_text("Our best player wins 22% of games (16–28%) at this level")
    page.select_option("[data-option='level']", "0")
    expect(note).to_have_text("Our best player wins 41% of games (34–48%) at this level")
    page.select_option("[data-option='level']", "8")
    expect(note).to_have_text("Our best player wins 11% of games (7–16%) at this level")
    assert note.get_attribute("title") == "heuristic: won 21 of 200 games (95% interval)"
    page.select_option("#mode-select", "2 players")
    expect(note).to_be_hidden()
    close(page)
