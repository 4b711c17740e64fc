"""The difficulty figures (`cardtable.difficulty`): every game's difficulty.toml validates, and a bad
file is refused with an error that names the level and the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core import CardDataError, game_class, game_names
from cardtable.core.carddata import load_card_file
from cardtable.difficulty import DifficultyFile, check, difficulty, difficulty_path

GOOD = """
[[level]]
options = { solo = "machine", level = 0 }
player = "heuristic"
games = 200
won = 82
interval = [34.4, 47.9]
measured_by = "python -m cardtable.analysis.biosphere5_solo --player heuristic --games 200 --seed 1"
"""


@pytest.mark.parametrize("name", game_names())
def test_every_difficulty_file_present_validates(name: str) -> None:
    levels = difficulty(name)
    assert bool(levels) == difficulty_path(game_class(name)).exists()  # no file: no figures
    for level in levels:
        assert 0 <= level.interval[0] <= level.percent <= level.interval[1] <= 100


def test_biosphere5_has_the_figures_of_its_rules_table_at_every_level() -> None:
    """RULES.md, "Is the Machine beatable?": the solo player at levels 0-8 on the same 200 deals."""
    levels = difficulty("biosphere5")
    assert [level.options for level in levels] == [{"solo": "machine", "level": n} for n in range(9)]
    assert [level.won for level in levels] == [82, 70, 43, 43, 31, 28, 14, 14, 21]
    assert levels[0].public()["percent"] == 41.0 and levels[0].interval == (34.4, 47.9)
    rules = (difficulty_path(game_class("biosphere5")).parent / "RULES.md").read_text()
    for level in levels:
        low, high = level.interval
        assert f"| {level.options['level']} | {level.won} ({level.percent:.1f}%) | [{low}, {high}] |" in rules


def _check(tmp_path: Path, text: str) -> None:
    path = tmp_path / "difficulty.toml"
    path.write_text(text)
    check(game_class("biosphere5"), load_card_file(path, DifficultyFile), str(path))


def test_a_good_file_passes(tmp_path: Path) -> None:
    _check(tmp_path, GOOD)


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        (("won = 82", "won = 82\nlevels = 3"), "unknown field"),
        (("level = 0 }", "level = 12 }"), "options make no table"),
        (("solo = ", "colour = "), "options make no table"),
        (('player = "heuristic"', 'player = "oracle"'), "no player kind"),
        (("won = 82", "won = 201"), "no count"),
        (("games = 200", "games = 0"), "no count"),
        (("[34.4, 47.9]", "[30.0, 50.0]"), "not the 95% Wilson interval of 82/200, [34.4, 47.9]"),
        (("[34.4, 47.9]", '"34-48"'), "Expected `array`"),
        (('measured_by = "python', 'measured_by = " "\n# "'), "measured_by is empty"),
        (("[[level]]", "[[levels]]"), "unknown field"),
    ],
)
def test_a_bad_file_is_a_clear_error(tmp_path: Path, change: tuple[str, str], fault: str) -> None:
    with pytest.raises(CardDataError, match=r"difficulty\.toml") as refused:
        _check(tmp_path, GOOD.replace(*change))
    assert fault in str(refused.value)


def test_the_same_level_twice_and_no_level_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"level 2 .*given twice"):
        _check(tmp_path, GOOD + GOOD)
    with pytest.raises(CardDataError, match=r"no \[\[level\]\]"):
        _check(tmp_path, "level = []\n")
    with pytest.raises(CardDataError, match="not valid TOML"):
        _check(tmp_path, "[[level]\n")
