"""RULES.md "Solo against the robot", "The player that knows the robot": the solo mode's heuristic
counts what each choice of action cards hands the robot (its Action or Reaction, as `robot.act`
does them, in expectation over its dice and its hand pile), and plays from what the seat sees."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.analysis.race_for_the_galaxy_solo import VARIANTS, measure, variant_robot
from cardtable.core import Rng, make_game
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import robot, solo
from cardtable.games.race_for_the_galaxy.cards import catalog
from cardtable.games.race_for_the_galaxy.heuristic import HeuristicPlayer
from cardtable.games.race_for_the_galaxy.solo_player import (
    RobotAwarePlayer,
    RobotOutlook,
    SoloPlayer,
    deck_odds,
    robot_turns,
)
from cardtable.players import AutomatonSeat, make_player
from cardtable.report.data import wilson

from .robot_position import solo_table

OLD_EARTH = robot.robot_data(catalog()).start("old-earth")  # Settle Reaction needs credit


def _outlook(**changes: float) -> RobotOutlook:
    return replace(RobotOutlook(credit=2, economy=3, hand=4, supply=1, value=6), **changes)  # type: ignore[arg-type]


def _after(fields: list[str], mine: tuple[str, ...], **changes: float) -> RobotOutlook:
    outlook = _outlook(**changes)
    robot_turns(outlook, deck_odds(catalog()), OLD_EARTH, fields, mine)
    return outlook


def test_the_solo_modes_heuristic_is_the_player_that_knows_the_robot() -> None:
    assert isinstance(make_game("race-for-the-galaxy", {"solo": "robot"}).heuristic(Rng(1)), SoloPlayer)
    two = make_game("race-for-the-galaxy", {"players": 2}).heuristic(Rng(1))
    assert isinstance(two, HeuristicPlayer) and not isinstance(two, RobotAwarePlayer)


def test_produce_hands_the_robot_nothing_and_consume_its_economy() -> None:
    assert _after(["", ""], ("explore-5", "produce")).vp == 0  # Produce Reaction: passes
    assert _after(["", ""], ("consume-x2", "produce")).vp == 3  # Consume Reaction: economy VP, once
    assert _after(["", ""], ("consume-trade", "consume-x2")).vp == 3
    assert _after(["consume-x2", ""], ("consume-trade", "produce")).vp == 6  # its Action instead


def test_develop_and_settle_reactions_pass_without_credit_and_find_a_card_with_it() -> None:
    assert _after(["", ""], ("develop", "settle"), credit=0).placed == 0
    found = _after(["", ""], ("develop", "produce"), credit=1)
    assert 0.5 < found.placed < 1 and found.credit < 1 and found.vp > 1  # a development, most likely
    marker = _after(["", ""], ("develop", "produce"), credit=3)  # the marker check comes first
    assert (marker.vp, marker.credit, marker.supply, marker.placed) == (6, 0, 0, 1)


def test_explore_gives_the_robot_a_card_and_its_action_a_credit() -> None:
    assert _after(["", ""], ("explore-5", "produce")).hand == 5
    action = _after(["explore-5", ""], ("explore-5", "produce"))
    assert (action.hand, action.credit) == (5, 3)
    both = _after(["explore-5", "explore-1-1"], ("consume-x2", "produce"), credit=4)
    assert (both.hand, both.credit) == (7, 4)


def test_the_solo_player_plays_whole_games_from_its_observations() -> None:
    game, _ = solo_table("easy")
    for seed in (1, 2):
        match = play_match(game, [SoloPlayer(Rng(seed)), AutomatonSeat("robot")], seed, validate=True)
        assert match.result is not None


def test_the_measurement_plays_other_reconstructions_of_the_robot_without_editing_its_file() -> None:
    ours = robot.robot_data(catalog())
    for name in VARIANTS:
        variant_robot(name)  # each passes the checks of robot.toml (what the seed states)
    data = variant_robot("weakest")
    assert data.dice[1].faces[0] == "explore" and data.start("alpha-centauri").tile == "explore"
    game = solo.RobotGame(robot=data, solo="robot", difficulty="easy")
    assert game.robot is data and robot.robot_of(game.catalog) is data
    assert make_game("race-for-the-galaxy", {"solo": "robot"}).robot == ours  # type: ignore[attr-defined]
    assert ours.dice[1].faces[0] == "develop"
    m = measure("heuristic-2p", "easy", 2, 4, variant="weakest")
    assert m["games"] == 2 and 0 <= m["won"] <= 2 and sum(m["ends"].values()) == 2


def test_the_measurement_prints_each_game_as_it_ends(capsys: pytest.CaptureFixture[str]) -> None:
    m = measure("heuristic-2p", "easy", 2, 4, each=True)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 0", "game 1"]
    won = sum(line.startswith(f"game {i}: won,") for i, line in enumerate(lines))
    assert won == m["won"] and all(f"ended by {end}" in "".join(lines) for end in m["ends"])


def test_the_difficulty_file_holds_every_difficulty_with_its_wilson_interval() -> None:
    path = Path(robot.__file__).with_name("difficulty.toml")
    levels = tomllib.loads(path.read_text(encoding="utf-8"))["level"]
    assert [level["options"]["difficulty"] for level in levels] == list(robot.DIFFICULTIES)
    for level in levels:
        make_game("race-for-the-galaxy", level["options"])  # options the game accepts
        make_player(level["player"], 1)
        low, high = wilson(level["won"], level["games"])
        assert level["interval"] == [round(100 * low, 1), round(100 * high, 1)]
        assert f"--games {level['games']}" in level["measured_by"]
