"""Game options: parsing from text, and the errors a person sees."""

from __future__ import annotations

import pytest

from cardtable.core import BadOption, OptionSpec, make_game, parse_options

PLAYERS = OptionSpec("players", 2, "number of players", (2, 3, 4))
TEAMS = OptionSpec("teams", False, "team play")
SOLO = OptionSpec("solo", "none", "solo opponent", ("none", "machine"))
NAME = OptionSpec("name", "table", "free text")


@pytest.mark.parametrize(
    ("spec", "raw", "value"),
    [
        (PLAYERS, "3", 3),
        (PLAYERS, 4, 4),
        (TEAMS, "true", True),
        (TEAMS, "YES", True),
        (TEAMS, "off", False),
        (TEAMS, "0", False),
        (TEAMS, True, True),
        (SOLO, "Machine", "machine"),
        (NAME, 12, "12"),
    ],
)
def test_values_are_parsed_into_the_option_type(spec: OptionSpec, raw: object, value: object) -> None:
    assert spec.parse(raw) == value
    assert type(spec.parse(raw)) is type(value)


@pytest.mark.parametrize(
    ("spec", "raw", "message"),
    [
        (PLAYERS, "three", "option players: 'three' is not a int"),
        (PLAYERS, "5", "option players: '5' is not one of 2, 3, 4"),
        (TEAMS, "maybe", "option teams: 'maybe' is not a bool"),
        (SOLO, "robot", "option solo: 'robot' is not one of none, machine"),
    ],
)
def test_bad_values_are_refused_with_a_clear_message(spec: OptionSpec, raw: object, message: str) -> None:
    with pytest.raises(BadOption) as caught:
        spec.parse(raw)
    assert str(caught.value) == message


def test_parse_options_reads_name_value_pairs() -> None:
    assert parse_options(["players=3", " teams = true "]) == {"players": "3", "teams": "true"}
    assert parse_options([]) == {}
    assert parse_options(["name=a=b"]) == {"name": "a=b"}


@pytest.mark.parametrize("pair", ["players", "=3", " =3"])
def test_parse_options_refuses_malformed_pairs(pair: str) -> None:
    with pytest.raises(BadOption, match="is not of the form name=value"):
        parse_options([pair])


def test_a_game_refuses_an_unknown_option_and_names_the_known_ones() -> None:
    with pytest.raises(BadOption) as caught:
        make_game("toy", {"players": "3"})
    assert str(caught.value) == "toy has no option 'players' (options: hand)"


def test_a_game_fills_defaults_and_parses_given_options() -> None:
    assert make_game("toy").options == {"hand": 3}
    game = make_game("toy", {"hand": "2"})
    assert game.options == {"hand": 2} and game.option_string() == "hand=2"
    with pytest.raises(BadOption, match="not one of 2, 3, 4"):
        make_game("toy", {"hand": "9"})
