"""`cardtable games`."""

from __future__ import annotations

import json
import subprocess
import sys

from cardtable.core import game_names
from cardtable.games import GAME_PACKAGES


def test_games_json_describes_every_registered_game(cli) -> None:
    result = cli("games", "--json")
    assert result.exit_code == 0
    games = json.loads(result.stdout)
    assert [g["name"] for g in games] == game_names()
    toy = next(g for g in games if g["name"] == "toy")
    assert toy == {
        "name": "toy",
        "title": "Toy (test game)",
        "seats": [2],
        "options": [
            {
                "name": "hand",
                "default": 3,
                "choices": [2, 3, 4],
                "help": "cards dealt to each seat",
                "when": {},
                "unused": {},
            }
        ],
        "modes": [
            {"name": "standard", "options": {"hand": 3}, "description": "three cards each", "seats": 2},
            {"name": "short", "options": {"hand": 2}, "description": "two cards", "seats": 2},
        ],
    }


def test_games_table_lists_names_options_and_modes(cli) -> None:
    result = cli("games")
    assert result.exit_code == 0
    for text in ("toy", "Toy (test game)", "hand=3", "standard", "short"):
        assert text in result.stdout


def test_the_installed_command_lists_only_the_real_games() -> None:
    code = "import sys; from cardtable.cli import main; sys.argv = ['cardtable', 'games', '--json']; main()"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    names = [g["name"] for g in json.loads(out)]
    assert "toy" not in names
    assert len(names) == len(GAME_PACKAGES)


def test_games_table_says_where_an_option_applies_and_where_it_is_ignored(cli, monkeypatch) -> None:
    """game.toml's `when` and `unused`, as the start page reads them: Race for the Galaxy's goals come
    with expansion 1-3 and mean nothing in the solitaire game."""
    monkeypatch.setenv("COLUMNS", "200")  # a wide terminal: each option on one line
    result = cli("games")
    goals = next(line for line in result.stdout.splitlines() if "goals=true" in line)
    assert "only with expansion=1|2|3" in goals and "ignored with solo=robot" in goals


def test_version(cli) -> None:
    from cardtable import __version__

    result = cli("--version")
    assert result.exit_code == 0 and result.stdout == f"cardtable {__version__}\n"
