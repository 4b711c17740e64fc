"""Undo in Debian's Chromium (Playwright): the button shows only when the game allows a take-back, a
click takes the move back, and the other seat's page reads that a move was taken back, not which."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

# `browser` is the one Chromium of the test process (conftest.py): a second Playwright in the same
# process would find the first one's event loop running
from .browser import new_context
from .helpers import ROOT, LiveServer, free_port, new_table, state, tokens
from .patience import patience

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("chromium") is None, reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("undo")
    # this checkout's code (its src/ first), not whichever copy of cardtable the environment installed
    paths = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    live = LiveServer(
        f"sqlite:///{folder / 'undo.db'}", free_port(), log=folder / "server.log", env={"PYTHONPATH": paths}
    )
    live.start()
    yield live
    live.stop()


def test_clicking_undo_takes_back_a_move_that_showed_nothing(browser, server: LiveServer) -> None:
    from playwright.sync_api import expect

    with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
        # Biosphere 5, seed 7: A starts; "take two" (2.1) shows nothing
        table = new_table(client, "biosphere5", seats=["human", "human"], seed=7)
        contexts = [
            new_context(browser, viewport={"width": 1280, "height": 900}, bypass_csp=True) for _ in range(2)
        ]
        pages = [context.new_page() for context in contexts]
        for page, seat in zip(pages, table["seats"], strict=True):
            page.goto(server.url + seat["link"])
            page.wait_for_function("() => document.body.dataset.move === '0'")
        mine, theirs = pages
        assert mine.locator("#undo").is_hidden()
        choices = mine.get_by_role("group", name="your choices")
        choices.locator('button[data-action="take2"]').click()
        mine.wait_for_function("() => document.body.dataset.move === '1'")
        undo = mine.get_by_role("button", name="Undo")
        assert undo.is_visible() and theirs.locator("#undo").is_hidden()
        undo.click()
        mine.wait_for_function("() => document.body.dataset.move === '0'")
        theirs.wait_for_function("() => document.body.dataset.move === '0'")
        assert mine.locator("#undo").is_hidden()
        # the other page draws other seats' moves at most every 150 ms: wait for the line, not the move
        expect(mine.locator("#log")).to_contain_text("took back: take2")
        expect(theirs.locator("#log")).to_contain_text("took back 1 move")
        assert "take2" not in theirs.locator("#log").inner_text()
        assert state(client, table["table"], tokens(table)[0])["move"] == 0
        # a move that shows a card (the top of the draw pile, clicked on the table) offers no Undo
        mine.locator('#board [data-target="pile"]').click()
        mine.wait_for_function("() => document.body.dataset.move === '1'")
        assert mine.locator("#undo").is_hidden()
        for context in contexts:
            context.close()
