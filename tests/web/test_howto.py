"""Issue 27 item 7: "How to play", a player's page per game and mode in our own words with the rulebook's
section numbers; the developers' RULES.md page stays where it was."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from cardtable.core import game_names
from cardtable.web.howto import for_modes, sections

GAMES = [g for g in game_names() if g != "toy"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_how_to_play_page_in_players_words(client: TestClient, game: str) -> None:
    page = client.get(f"/games/{game}/how-to-play", headers={"accept": "text/html"})
    assert page.status_code == 200
    text = page.text
    assert "<h1>How to play" in text and "On this table" in text
    # players' words: no code, tests or paths of the repository (RULES.md has those)
    for developer_word in ("test_", ".py", "`", "shared/", "RESEARCH.md"):
        assert developer_word not in text.split("<article", 1)[1].split("howto-more")[0], developer_word
    assert re.search(r"\(\d(\.\d)*\)|§\d|\([A-Z][a-z]+( [A-Za-z]+)*\)", text), (
        "no section of the rulebook is named"
    )
    assert f"/games/{game}/rules" in text  # the developers' page is one link away


def test_a_mode_shows_its_own_sections_only(client: TestClient) -> None:
    solo = client.get("/games/biosphere5/how-to-play?mode=solo").text
    assert "Against the Machine" in solo and "The Abyss" not in solo and "Your turn (2.1)" in solo
    every = client.get("/games/biosphere5/how-to-play").text
    assert "Against the Machine" in every and "The Abyss" in every
    assert "{mode=" not in every


def test_sections_and_modes_of_a_text() -> None:
    text = "# T\nintro\n## A\na\n## B {mode=solo}\nb\n## C {mode=abyss}\nc\n"
    assert [m for m, _ in sections(text)] == [None, None, "solo", "abyss"]
    assert "## B" in for_modes(text, {"solo"}) and "## C" not in for_modes(text, {"solo"})
    assert "## C" in for_modes(text, set()) and "{mode" not in for_modes(text, set())


def test_no_page_for_an_unknown_game(client: TestClient) -> None:
    assert client.get("/games/no-such-game/how-to-play").status_code == 404
    assert client.get("/games/toy/how-to-play").status_code == 404  # a game without the file
