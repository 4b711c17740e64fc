"""A game's declared facts as data (`core.facts`): a good game.toml loads into what `Game` holds; each
kind of bad file is refused with a message naming the file and the field at fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.core import BadOption, CardDataError, Game, Mode, OptionSpec, game_class, make_game
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
when = { players = [3, 4] }
refusal = "jokers need 3 or 4 players"

[[mode]]
name = "3 players, jokers"
description = "three players with the jokers"
options = { players = 3, jokers = true }

[[mode]]
name = "standard"
description = "the basic game"
"""
CODES = ("matched", "stuck")
#: each game package's registered name, where the two differ
GAME_NAMES = {
    "dino_battles": "dino-battles",
    "fifty_first_state": "51st-state",
    "race_for_the_galaxy": "race-for-the-galaxy",
}


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
        OptionSpec(
            "jokers", False, "play with the jokers", (), {"players": (3, 4)}, "jokers need 3 or 4 players"
        ),
    )
    assert facts.modes == (
        Mode("3 players, jokers", {"players": 3, "jokers": True}, "three players with the jokers"),
        Mode("standard", {}, "the basic game"),
    )


def test_an_option_the_rules_leave_unused_somewhere_is_accepted_there_and_says_where(
    tmp_path: Path,
) -> None:
    """`unused` (Race for the Galaxy's goals in the solitaire game): where the option applies but the
    rules ignore it; any value is taken there (only `when` refuses), and the start page reads where."""
    text = GOOD.replace(
        'refusal = "jokers need 3 or 4 players"',
        'refusal = "jokers need 3 or 4 players"\nunused = { players = 4 }',
    )
    jokers = read_facts(write(tmp_path, text), CODES).option_specs[1]
    assert jokers.unused == {"players": (4,)}
    jokers.check_applies({"players": 4, "jokers": True})
    with pytest.raises(BadOption, match=r"^jokers need 3 or 4 players$"):
        jokers.check_applies({"players": 2, "jokers": True})


def test_the_class_that_names_its_file_has_its_facts_set_by_core(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)

    class Pairs(Game[Any]):
        facts_file = path
        termination_codes = CODES

    assert (Pairs.name, Pairs.title, tuple(Pairs.terminations)) == ("pairs", "Pairs (test game)", CODES)
    assert [spec.name for spec in Pairs.option_specs] == ["players", "jokers"]
    assert Pairs(players="3").options == {"players": 3, "jokers": False}
    assert Pairs(players=3, jokers=True).options == {"players": 3, "jokers": True}
    with pytest.raises(BadOption, match=r"^jokers need 3 or 4 players$"):
        Pairs(players=2, jokers=True)  # set where it does not apply: refused with the file's words


def test_a_class_that_names_its_file_and_spells_a_fact_too_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    with pytest.raises(TypeError, match="sets title, which its facts file"):

        class Pairs(Game[Any]):
            facts_file = path
            termination_codes = CODES
            title = "Pairs again"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_game_reads_its_facts_from_the_game_toml_beside_its_code(package: str) -> None:
    cls = game_class(GAME_NAMES.get(package, package))
    assert cls.facts_file is not None and cls.facts_file.name == "game.toml"
    assert cls.facts_file.parent.name == package
    facts = read_facts(cls.facts_file, cls.termination_codes)
    assert (cls.name, cls.title, dict(cls.terminations)) == (facts.name, facts.title, facts.terminations)
    assert (cls.option_specs, cls.modes) == (facts.option_specs, facts.modes)


#: faults the schema finds (msgspec): what changes in the good file, and what the message says
SCHEMA_FAULTS = {
    "an unknown field": (
        'help = "play with the jokers"',
        'help = "x"\ncolour = "red"',
        "unknown field `colour`",
    ),
    "a missing field": ('title = "Pairs (test game)"', "", "missing required field `title`"),
    "a value of another type": ("default = 2\n", "default = 2.5\n", "$.option[0].default"),
    "an end code that is not a lower-case word": ("stuck =", "Stuck =", "$.terminations"),
    "an end without words": ('"no pair left to make"', '""', "$.terminations"),
    "not TOML": ('name = "pairs"', 'name = "pairs"\nname = ', "not valid TOML"),
}
#: faults the checks find: what changes in the good file, and how the message ends
CHECK_FAULTS = {
    "a default outside its choices": (
        "default = 2\n",
        "default = 5\n",
        "option 'players': the default 5 is not one of its choices",
    ),
    "choices of another type than the default": (
        "choices = [2, 3, 4]",
        'choices = [2, "3", 4]',
        "option 'players': its choices are not all of its default's type (int)",
    ),
    "a choice named twice": (
        "choices = [2, 3, 4]",
        "choices = [2, 3, 3]",
        "option 'players': choice '3': the key is used twice",
    ),
    "an option named twice": (
        'name = "jokers"',
        'name = "players"',
        "option 'players': the key is used twice",
    ),
    "a mode named twice": (
        'name = "standard"',
        'name = "3 players, jokers"',
        "mode '3 players, jokers': the key is used twice",
    ),
    "a mode naming an unknown option": (
        "jokers = true }",
        "wildcards = true }",
        "mode '3 players, jokers': the game has no option 'wildcards' (options: players, jokers)",
    ),
    "a mode value outside the choices": (
        "players = 3,",
        "players = 5,",
        "mode '3 players, jokers': players = 5 is not a value option 'players' takes",
    ),
    "a mode value of another type": (
        "players = 3,",
        "players = true,",
        "mode '3 players, jokers': players = true is not a value option 'players' takes",
    ),
    "a mode value written as text": (
        "players = 3,",
        'players = "3",',
        "mode '3 players, jokers': players = \"3\" is not a value option 'players' takes",
    ),
    "a when naming an unknown option": (
        "when = { players",
        "when = { seats",
        "option 'jokers': when: the game has no option 'seats' (options: players, jokers)",
    ),
    "a when value the option does not take": (
        "players = [3, 4]",
        "players = [3, 5]",
        "option 'jokers': when: players = 5 is not a value option 'players' takes",
    ),
    "a when naming its own option": (
        "when = { players = [3, 4] }",
        "when = { jokers = true }",
        "option 'jokers': when: an option's `when` names other options, not itself",
    ),
    "a when without its refusal": (
        'refusal = "jokers need 3 or 4 players"',
        "",
        "option 'jokers': an option with `when` has a `refusal`, and only such an option",
    ),
    "an unused naming an unknown option": (
        'refusal = "jokers need 3 or 4 players"',
        'refusal = "jokers need 3 or 4 players"\nunused = { seats = 4 }',
        "option 'jokers': unused: the game has no option 'seats' (options: players, jokers)",
    ),
    "an unused naming its own option": (
        'refusal = "jokers need 3 or 4 players"',
        'refusal = "jokers need 3 or 4 players"\nunused = { jokers = true }',
        "option 'jokers': unused: an option's `unused` names other options, not itself",
    ),
    "a refusal without its when": (
        "when = { players = [3, 4] }",
        "",
        "option 'jokers': an option with `when` has a `refusal`, and only such an option",
    ),
}


@pytest.mark.parametrize("fault", SCHEMA_FAULTS)
def test_a_file_the_schema_refuses_names_the_file_and_the_field(tmp_path: Path, fault: str) -> None:
    old, new, said = SCHEMA_FAULTS[fault]
    assert said in refused(tmp_path, GOOD.replace(old, new))


@pytest.mark.parametrize("fault", CHECK_FAULTS)
def test_a_file_the_checks_refuse_names_the_file_the_entry_and_the_fault(tmp_path: Path, fault: str) -> None:
    old, new, ending = CHECK_FAULTS[fault]
    assert refused(tmp_path, GOOD.replace(old, new)).endswith(ending)


def test_end_codes_other_than_the_termination_literals_are_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, GOOD, codes=("matched", "stuck", "timeout"))
    assert "terminations: the codes matched, stuck are not the game's Termination codes" in message


def test_end_codes_in_another_order_than_the_termination_literals_are_refused(tmp_path: Path) -> None:
    assert "in that order" in refused(tmp_path, GOOD, codes=("stuck", "matched"))


def test_an_option_applies_where_every_named_option_has_one_of_its_values() -> None:
    spec = OptionSpec(
        "goals", True, "goals", (), {"solo": ("none",), "expansion": (1, 2, 3)}, "no goals here"
    )
    spec.check_applies({"goals": False, "solo": "none", "expansion": 2})
    spec.check_applies({"goals": True, "solo": "robot", "expansion": 0})  # its default: always taken
    for options in ({"solo": "robot", "expansion": 2}, {"solo": "none", "expansion": 0}):
        with pytest.raises(BadOption, match=r"^no goals here$"):
            spec.check_applies({"goals": False, **options})


#: every option of a game that applies only where other options have some values (game.toml `when`)
CONDITIONAL = [
    (cls.name, spec)
    for cls in (game_class(GAME_NAMES.get(package, package)) for package in GAME_PACKAGES)
    for spec in cls.option_specs
    if spec.when
]


@pytest.mark.parametrize(("game", "spec"), CONDITIONAL, ids=[f"{g}-{s.name}" for g, s in CONDITIONAL])
def test_a_games_option_set_where_it_does_not_apply_is_refused_with_the_words_of_its_file(
    game: str, spec: OptionSpec
) -> None:
    """Biosphere 5's level only in the solo game, its players and abyss only outside it; Race for the
    Galaxy's difficulty only against the robot, its players, goals and takeovers only without; 51st
    State's players only without the virtual player."""
    specs = {o.name: o for o in game_class(game).option_specs}
    away = next(value for value in spec.choices or (not spec.default,) if value != spec.default)
    for name, values in spec.when.items():
        other = specs[name]
        outside = next(value for value in other.choices or (not other.default,) if value not in values)
        with pytest.raises(BadOption) as err:
            make_game(game, {spec.name: away, name: outside})
        assert str(err.value) == spec.refusal
