"""Browser tests in Debian's Chromium driven by Playwright: whole games played through seat links,
the start page, replay, and a screenshot of every registered game's table (in reports/screenshots)."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest

from cardtable.core import Record, game_names, replay

from .browser import browser_only, close, move_of, open_page, screenshot, wait_move
from .helpers import LiveServer, new_table, play_out, state, tokens
from .patience import patience, patience_ms

pytestmark = browser_only


#: what a person may click: the things on the table a move is about, and the bar's buttons
CHOICES = ".clickable:visible, #actions button.action:enabled"


def play_in_browsers(pages: list, rng: random.Random, limit: int = 2000) -> int:  # type: ignore[type-arg]
    """Click a random thing the table offers (a card, a cell, a token or a button) on whichever page
    offers one until the game is over; returns how many of the moves were answers out of turn."""
    answers = 0
    for page in pages:
        page.wait_for_function("() => document.body.dataset.move !== undefined")
    for _ in range(limit):
        if all(page.evaluate("document.body.dataset.over") == "1" for page in pages):
            return answers
        for page in pages:
            choices = page.locator(CHOICES)
            if choices.count():
                before = move_of(page)
                answers += page.evaluate("document.querySelector('.seat-panel.me.to-move') === null")
                sends = page.evaluate("Number(document.body.dataset.sends ?? 0)")
                choices.nth(rng.randrange(choices.count())).click()
                if page.evaluate("Number(document.body.dataset.sends ?? 0)") > sends:
                    wait_move(page, before, timeout=10000)
                break
        else:
            pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not end")


def check_against_record(client: httpx.Client, table: dict) -> None:
    final = state(client, table["table"])
    record = Record.load(client.get(f"/api/tables/{table['table']}/record").text)
    match = replay(record)
    assert match.result is not None
    assert match.game.view(match.state, None) == final["view"]


# seed 102 of Biosphere 5 with these random clicks ends in a short game (keeping the browser suite's CI
# time low); the toy game is drawn by the generic module
@pytest.mark.parametrize(("game", "seed"), [("toy", 5), ("biosphere5", 102)])
def test_two_people_play_a_whole_game_through_their_seat_links(
    browser, web_server: LiveServer, game: str, seed: int, tmp_path: Path
) -> None:
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table = new_table(client, game, seats=["human", "human"], names=["Ada", "Bo"], seed=seed)
        pages = [open_page(browser, web_server.url + seat["link"]) for seat in table["seats"]]
        pages[0].wait_for_selector("#board > *")
        hand = state(client, table["table"], tokens(table)[0])["view"].get("hand")
        if hand:  # a hand is drawn as cards, and only to its own seat
            assert pages[0].locator("#board .card, #dock .card").count() >= len(hand)
        play_in_browsers(pages, random.Random(game))
        screenshot(pages[0], f"{game}-finished.png")
        for page in pages:
            assert page.get_by_role("table", name="scores").is_visible()
            assert page.get_by_role("button", name="Play again").is_visible()
            # at the end every move is shown in full, one line (at least) for each
            moves = page.evaluate(
                "new Set([...document.querySelectorAll('#log .entry.first')].map((e) => e.dataset.move)).size"
            )
            assert moves == state(client, table["table"])["move"]
        check_against_record(client, table)
        with pages[1].expect_download() as download:
            pages[1].click("#record-text")
        saved = tmp_path / "game.rec"
        download.value.save_as(saved)
        assert replay(Record.load(saved.read_text())).result is not None
        for page in pages:
            close(page)


def test_a_newcomer_starts_a_biosphere5_game_against_the_bot_and_replays_it(
    browser, web_server: LiveServer
) -> None:
    """The README's promise: open the start page, start Biosphere 5 against the bot, finish, replay."""
    page = open_page(browser, web_server.url + "/")
    assert page.locator(".game-entry").count() == len(game_names())
    page.select_option("#game-select", "biosphere5")
    page.wait_for_selector("[data-seat='1']")
    assert page.locator("[data-seat='1']").input_value() == "heuristic"  # a fair first opponent
    page.fill("[data-name='0']", "Newcomer")
    screenshot(page, "start-page.png")
    page.click("#create")
    page.wait_for_url("**/t/*/seat#*")  # straight into the seat: the bot's seat has no link to send
    page.wait_for_selector("#board .card[data-card]")  # cards are drawn from their printed faces
    assert page.locator("#invite").is_hidden()  # no other person to send a link to
    assert page.locator("#log .entry").count() > 0  # the game's narration is in the log panel
    play_in_browsers([page], random.Random(1))
    assert "Game over" in page.inner_text("#banner")
    page.click("#replay-link")
    page.wait_for_selector("#board .card[data-card]")  # drawn as the live table draws it
    assert move_of(page) == 0
    page.click("#next")
    page.click("#next")
    assert move_of(page) == 2
    page.click("#last")
    last = move_of(page)
    assert last >= 1 and "Game over" in page.inner_text("#banner")
    page.select_option("#perspective", "0")
    screenshot(page, "replay.png")
    close(page)


def test_the_machine_of_solo_biosphere5_takes_no_link(browser, web_server: LiveServer) -> None:
    page = open_page(browser, web_server.url + "/")
    page.select_option("#game-select", "biosphere5")
    page.select_option("#mode-select", "solo vs Machine")
    page.wait_for_selector(".automaton")
    assert "automaton" in page.inner_text(".automaton")
    page.click("#create")
    page.wait_for_url("**/t/*/seat#*")
    page.wait_for_selector("#board .card[data-card]")
    assert "rulebook automaton" in page.get_by_role("region", name="players").inner_text()
    screenshot(page, "biosphere5-solo-table.png")
    close(page)


def test_a_wrong_seat_link_shows_a_clear_error(browser, web_server: LiveServer) -> None:
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy")
    page = open_page(browser)
    response = page.goto(f"{web_server.url}/t/{table['table']}/seat/forged")
    assert response is not None and response.status == 403
    assert "not valid" in page.inner_text("body")
    close(page)


@pytest.mark.parametrize("game", game_names())
def test_screenshot_of_every_games_table(browser, web_server: LiveServer, game: str) -> None:
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        setup = client.get(f"/api/games/{game}/setup").json()
        seats = ["human"] + ["random"] * (setup["num_seats"] - 1)
        table = new_table(client, game, seats=seats, names=["You"], seed=12)
    page = open_page(browser, web_server.url + table["seats"][0]["link"])
    page.wait_for_selector("#board > *")
    page.wait_for_selector(CHOICES, timeout=patience_ms(10000))  # bots have moved, it is the person's turn
    if client_faces(web_server, game):
        page.wait_for_selector("#board .card[data-card], #dock .card[data-card]")  # from the printed faces
    screenshot(page, f"{game}-table.png")
    assert page.locator("#board section").count() > 0
    # the spectator sees the same table without anyone's hand, and nothing to click
    page.goto(web_server.url + table["spectator"])
    page.wait_for_selector("#board > *")
    screenshot(page, f"{game}-spectator.png")
    assert page.locator(CHOICES).count() == 0
    close(page)


def client_faces(server: LiveServer, game: str) -> dict:
    return httpx.get(f"{server.url}/api/games/{game}/cards", timeout=patience(10)).json()["faces"]


def test_a_card_is_placed_on_the_board_by_picking_it_then_its_cell(browser, web_server: LiveServer) -> None:
    """Cards Against the Apocalypse: a pool card names many moves; pick it, then click a free cell."""
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table = new_table(client, "apocalypse", seats=["human", "random", "random"], names=["You"], seed=12)
    page = open_page(browser, web_server.url + table["seats"][0]["link"])
    page.wait_for_selector("#board .shelter")
    pool = "#board [data-target^='pool:'].clickable"
    for _ in range(40):  # answer the other choices (start resource, abilities) until a card can be placed
        page.wait_for_selector(CHOICES, timeout=patience_ms(10000))
        if page.locator(pool).count():
            break
        before = move_of(page)
        page.locator(CHOICES).first.click()
        wait_move(page, before, timeout=10000)
    card = page.locator(pool).first
    name = card.get_attribute("data-card")
    card.click()
    page.wait_for_selector("#board .selected")
    slot = page.locator("#board .slot-cell.clickable").first
    cell = slot.get_attribute("data-target").removeprefix("cell:")
    before = move_of(page)
    screenshot(page, "apocalypse-placing.png")
    slot.click()
    wait_move(page, before, timeout=10000)
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        log = state(client, table["table"], tokens(table)[0])["log"]
    assert any(line["action"] == f"place {name} {cell}" and line["seat"] == 0 for line in log)
    close(page)


def test_play_again_opens_a_new_table_with_the_same_seats_and_options(
    browser, web_server: LiveServer
) -> None:
    """Issue 27 item 6: at the end, the score table and "Play again": a new table of the same game, options
    and seats; the person goes to their new seat, and the other person's new link is shown to send."""
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        kinds = ["human", "human", "random"]
        table = new_table(
            client, "apocalypse", seats=kinds, names=["Ada", "Bo"], seed=4, ask_every_window=False
        )
        play_out(client, table)
        page = open_page(browser, web_server.url + table["seats"][0]["link"])
        scores = page.get_by_role("table", name="scores")
        scores.wait_for()
        assert "Your shelter" in scores.inner_text()
        page.get_by_role("button", name="Play again").click()
        page.wait_for_url(lambda url: table["table"] not in url)
        page.wait_for_selector("#board > *")
        invite = page.get_by_role("region", name="invite")
        assert invite.is_visible() and "B · Bo" in invite.inner_text()  # the other person's new seat
        new_id = page.url.split("/t/", 1)[1].split("/", 1)[0]
        fresh = state(client, new_id)
        assert fresh["game"] == "apocalypse" and fresh["options"] == state(client, table["table"])["options"]
        assert [s["kind"] for s in fresh["seats"]] == kinds and [s["name"] for s in fresh["seats"]][:2] == [
            "Ada",
            "Bo",
        ]
        assert fresh["move"] < 5 and fresh["result"] is None
        close(page)
