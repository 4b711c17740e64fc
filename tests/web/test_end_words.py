"""Issue 27's faults left (session 5): the words a finished game is read in. The "Game over" bar said the
result the score table's title says just under it; the replay worded a move apart from the live table
("Pass" where the live log said "Finish buying" or "finishes buying")."""

from __future__ import annotations

import random
import re

import httpx

from .browser import browser_only, close, open_page, screenshot
from .helpers import LiveServer, new_table, play, play_out, state, tokens
from .patience import patience

#: each log entry's text by move, as the page draws it: {move: [text, ...]}
ENTRIES = """() => {
  const out = {};
  for (const entry of document.querySelectorAll('#log li.entry')) {
    const said = entry.querySelector('.said')?.textContent ?? '';
    (out[entry.dataset.move] ??= []).push(said);
  }
  return out;
}"""


@browser_only
def test_the_game_over_bar_leaves_the_result_to_the_score_table(browser, web_server: LiveServer) -> None:
    """The result is said once, as the score table's title, which is in sight below the bar (the page
    was scrolled before the bar shrank at the end, the title under it); the bar says how long the game
    was and leads back to the scores from anywhere on the page."""
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table = new_table(
            client, "apocalypse", seats=["human", "random", "random"], seed=4, ask_every_window=False
        )
        final = play_out(client, table)
    result = final["result"]["text"]
    page = open_page(browser, web_server.url + table["seats"][0]["link"], width=1280)
    page.get_by_role("table", name="scores").wait_for()
    page.wait_for_timeout(300)  # the drawing's scrolling to the end
    title, bar = page.evaluate(
        "[document.querySelector('.end-title').getBoundingClientRect().top,"
        " document.getElementById('decision').getBoundingClientRect().bottom]"
    )
    assert title >= bar, f"the end's title lies under the bar: {title} < {bar}"  # it was, 18 px
    banner = page.inner_text("#banner")
    assert re.fullmatch(r"Game over after \d+ rounds? \(\d+ moves\)\.", banner), banner
    assert result not in banner
    assert page.inner_text(".end-title") == result[0].upper() + result[1:]  # "No winner (...)"
    assert page.inner_text("#table").lower().count(result.lower()) == 1  # the log words the end otherwise
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.get_by_role("button", name="Back to the scores").click()
    page.wait_for_function("document.getElementById('end').getBoundingClientRect().top < innerHeight / 2")
    close(page)


@browser_only
def test_the_replay_words_each_move_as_the_live_log_did(browser, web_server: LiveServer) -> None:
    """A Dino Battles game of a person (random moves) against the heuristic bot: every line the live
    table's log showed for the person's moves reads the same in the replay (its part-ending passes as
    "finishes buying", "goes on to Combat", never "Pass")."""
    rng = random.Random(5)
    with httpx.Client(base_url=web_server.url, timeout=patience(10)) as client:
        table = new_table(client, "dino-battles", seats=["human", "heuristic"], names=["Ann"], seed=5)
        token = tokens(table)[0]
        assert token is not None
        passes = 0
        for _ in range(3000):
            mine = state(client, table["table"], token)
            if mine["result"] is not None:
                break
            if not mine["legal"]:
                continue
            action = "pass" if "pass" in mine["legal"] and rng.random() < 0.5 else rng.choice(mine["legal"])
            passes += action == "pass"
            assert play(client, table["table"], token, action, mine["move"]).status_code == 200
        else:
            raise AssertionError("the game did not end")
    assert passes > 3
    page = open_page(browser, web_server.url + table["seats"][0]["link"], width=1280)
    page.get_by_role("table", name="scores").wait_for()
    live = page.evaluate(ENTRIES)
    mine = set(
        page.evaluate("[...document.querySelectorAll('#log li.entry.mine')].map((e) => e.dataset.move)")
    )
    page.goto(web_server.url + f"/t/{table['table']}/replay")
    page.wait_for_selector("#log li.entry")
    replayed = page.evaluate(ENTRIES)
    screenshot(page, "replay-words.png", full_page=False)
    close(page)
    assert len(mine) > 10
    differ = {move: (live[move], replayed.get(move)) for move in mine if live[move] != replayed.get(move)}
    assert not differ, differ
    said = [text for texts in replayed.values() for text in texts]
    assert not [text for text in said if text.endswith(": Pass") or text.endswith(" Pass")], said
    assert any("finishes buying" in text for text in said)
