"""RULES.md "Options and set-up per level": the options of the expansions, their defaults, the
combinations refused, and the modes declared for them."""

from __future__ import annotations

import msgspec
import pytest

from cardtable.core import BadOption, make_game
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy


def test_options_default_to_the_base_game_unchanged() -> None:
    game = RaceForTheGalaxy()
    assert game.level == 0 and game.num_seats == 2 and game.catalog.level == 0
    s = game.new_state(1)
    assert s.goals == [] and not s.takeovers
    assert "goals" not in game.view(s, 0) and "prestige" not in game.view(s, 0)["players"][0]


@pytest.mark.parametrize(("level", "most"), [(0, 4), (1, 5), (2, 6), (3, 6)])
def test_options_each_level_seats_up_to_its_players(level: int, most: int) -> None:
    assert make_game("race-for-the-galaxy", {"expansion": level, "players": most}).num_seats == most
    if most < 6:
        with pytest.raises(BadOption, match=f"expansion={level} seats 2 to {most} players, not {most + 1}"):
            make_game("race-for-the-galaxy", {"expansion": level, "players": most + 1})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"goals": False}, "goals=false needs expansion=1, 2 or 3"),
        ({"expansion": 1, "takeovers": False}, "takeovers=false needs expansion=2 or 3"),
        ({"expansion": 4}, "4 is not one of 0, 1, 2, 3"),
    ],
)
def test_options_impossible_combinations_are_refused_clearly(options: dict, message: str) -> None:
    with pytest.raises(BadOption, match=message):
        make_game("race-for-the-galaxy", options)


def test_options_the_solitaire_game_accepts_and_ignores_goals_and_takeovers() -> None:
    """ÜBERBLICK: "Ziele und Übernahme werden nicht verwendet": switching either off against the robot
    is accepted, as it always was (records made so keep replaying), and changes nothing (game.toml's
    `unused`: the start page does not show them there)."""
    on = make_game("race-for-the-galaxy", {"solo": "robot", "expansion": 2}).new_state(5)
    off = make_game(
        "race-for-the-galaxy", {"solo": "robot", "expansion": 2, "goals": False, "takeovers": False}
    ).new_state(5)
    assert on.goals == off.goals == [] and not on.takeovers and not off.takeovers
    assert msgspec.json.encode(on) == msgspec.json.encode(off)


def test_options_goals_and_takeovers_are_on_by_default_where_the_level_has_them() -> None:
    s = RaceForTheGalaxy(players=3, expansion=2).new_state(1)
    assert len(s.goals) == 6 and s.takeovers
    s = RaceForTheGalaxy(players=3, expansion=3, goals=False, takeovers=False).new_state(1)
    assert s.goals == [] and not s.takeovers
    assert not RaceForTheGalaxy(players=3, expansion=1).new_state(1).takeovers


def test_options_the_two_player_game_uses_the_expert_rules_at_every_level() -> None:
    for level in range(4):
        game = RaceForTheGalaxy(players=2, expansion=level)
        s = game.new_state(1)
        while game.decision(s).kind != "select-action":
            game.apply(s, game.legal_actions(s)[0])
        assert all(len(a.args) == 2 for a in game.legal_actions(s))


def test_options_modes_cover_every_level_and_two_five_and_six_players() -> None:
    modes = {(m.options.get("expansion", 0), m.options.get("players")) for m in RaceForTheGalaxy.modes}
    assert {level for level, _ in modes} == {0, 1, 2, 3}
    assert {(1, 5), (2, 6), (3, 2)} <= modes
