"""A game's declared facts as data (`core.facts`): a good game.toml loads into what `Game` holds; each
kind of bad file is refused with a message naming the file and the field at fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.core import CardDataError, Game, Mode, OptionSpec, game_class
from cardtable.core.facts import read_facts
from cardtable.games import GAME_PACKAGES

GOOD = """
name = "pairs"
title = "Pairs (test game)"

[terminations]
matched = "every pair matched"
stuck = "no pair left to make"

[[option]]
name = "players"
default = 2
help = "number of players"
choices = [2, 3, 4]

[[option]]
name = "jokers"
default = false
help = "play with the jokers"

[[mode]]
name = "3 players, jokers"
description = "three players with the jokers"
options = { players = 3, jokers = true }

[[mode]]
name = "standard"
description = "the basic game"
"""
CODES = ("matched", "stuck")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(tmp_path: Path, text: str, codes: tuple[str, ...] = CODES) -> str:
    path = write(tmp_path, text)
    with pytest.raises(CardDataError) as err:
        read_facts(path, codes)
    message = str(err.value)
    assert message.startswith(f"{path}: ")
    return message


def test_a_good_file_gives_the_facts_in_the_form_the_game_class_holds(tmp_path: Path) -> None:
    facts = read_facts(write(tmp_path, GOOD), CODES)
    assert (facts.name, facts.title) == ("pairs", "Pairs (test game)")
    assert facts.terminations == {"matched": "every pair matched", "stuck": "no pair left to make"}
    assert facts.option_specs == (
        OptionSpec("players", 2, "number of players", (2, 3, 4)),
        OptionSpec("jokers", False, "play with the jokers"),
    )
    assert facts.modes == (
        Mode("3 players, jokers", {"players": 3, "jokers": True}, "three players with the jokers"),
        Mode("standard", {}, "the basic game"),
    )


def test_the_class_that_names_its_file_has_its_facts_set_by_core(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)

    class Pairs(Game[Any]):
        facts_file = path
        termination_codes = CODES

    assert (Pairs.name, Pairs.title, tuple(Pairs.terminations)) == ("pairs", "Pairs (test game)", CODES)
    assert [spec.name for spec in Pairs.option_specs] == ["players", "jokers"]
    assert Pairs(players="3").options == {"players": 3, "jokers": False}


def test_a_class_that_names_its_file_and_spells_a_fact_too_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    with pytest.raises(TypeError, match="sets title, which its facts file"):

        class Pairs(Game[Any]):
            facts_file = path
            termination_codes = CODES
            title = "Pairs again"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_game_reads_its_facts_from_the_game_toml_beside_its_code(package: str) -> None:
    names = {"dino_battles": "dino-battles", "fifty_first_state": "51st-state"}
    cls = game_class(names.get(package, package.replace("_", "-")))
    assert cls.facts_file is not None and cls.facts_file.name == "game.toml"
    assert cls.facts_file.parent.name == package
    facts = read_facts(cls.facts_file, cls.termination_codes)
    assert (cls.name, cls.title, dict(cls.terminations)) == (facts.name, facts.title, facts.terminations)
    assert (cls.option_specs, cls.modes) == (facts.option_specs, facts.modes)


def test_a_field_the_schema_does_not_know_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace('help = "play with the jokers"', 'help = "x"\ncolour = "red"'))
    assert "unknown field `colour`" in message and "$.option[1]" in message


def test_a_missing_field_is_refused(tmp_path: Path) -> None:
    assert "missing required field `title`" in refused(
        tmp_path, GOOD.replace('title = "Pairs (test game)"', "")
    )


def test_a_value_of_another_type_than_the_schema_says_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("default = 2\n", "default = 2.5\n"))
    assert "$.option[0].default" in message


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    assert "not valid TOML" in refused(tmp_path, GOOD + "\nname = ")


def test_a_default_outside_its_choices_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("default = 2\n", "default = 5\n"))
    assert message.endswith("option 'players': the default 5 is not one of its choices")


def test_choices_of_another_type_than_the_default_are_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("choices = [2, 3, 4]", 'choices = [2, "3", 4]'))
    assert message.endswith("option 'players': its choices are not all of its default's type (int)")


def test_a_choice_named_twice_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("choices = [2, 3, 4]", "choices = [2, 3, 3]"))
    assert message.endswith("option 'players': choice '3': the key is used twice")


def test_an_option_named_twice_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace('name = "jokers"', 'name = "players"'))
    assert message.endswith("option 'players': the key is used twice")


def test_a_mode_named_twice_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace('name = "standard"', 'name = "3 players, jokers"'))
    assert message.endswith("mode '3 players, jokers': the key is used twice")


def test_a_mode_naming_an_unknown_option_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("jokers = true }", "wildcards = true }"))
    assert message.endswith(
        "mode '3 players, jokers': the game has no option 'wildcards' (options: players, jokers)"
    )


@pytest.mark.parametrize("value", ["5", "true", '"3"'])
def test_a_mode_value_the_option_does_not_take_is_refused(tmp_path: Path, value: str) -> None:
    message = refused(tmp_path, GOOD.replace("players = 3,", f"players = {value},"))
    assert "mode '3 players, jokers': players = " in message
    assert message.endswith("is not a value option 'players' takes")


def test_end_codes_other_than_the_termination_literals_are_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD, codes=("matched", "stuck", "timeout"))
    assert "terminations: the codes matched, stuck are not the game's Termination codes" in message


def test_end_codes_in_another_order_than_the_termination_literals_are_refused(tmp_path: Path) -> None:
    assert "in that order" in refused(tmp_path, GOOD, codes=("stuck", "matched"))


def test_an_end_code_that_is_not_a_lower_case_word_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace("stuck =", "Stuck ="), codes=("matched", "Stuck"))
    assert "$.terminations" in message


def test_an_end_without_words_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD.replace('"no pair left to make"', '""'))
    assert "$.terminations" in message
