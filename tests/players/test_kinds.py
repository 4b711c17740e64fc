"""Player kinds by name, with parameters, everywhere a seat is chosen."""

from __future__ import annotations

import pytest

from cardtable.players import PLAYER_KINDS, HeuristicPlayer, IsmctsPlayer, is_player_kind, make_player
from tests.cli.conftest import one_error_line


def test_the_kinds_are_registered() -> None:
    assert list(PLAYER_KINDS) == ["random", "heuristic", "ismcts"]
    assert isinstance(make_player("heuristic", 1), HeuristicPlayer)
    assert isinstance(make_player("ismcts", 1), IsmctsPlayer)


def test_ismcts_takes_an_iteration_or_time_budget() -> None:
    default = make_player("ismcts", 1)
    assert isinstance(default, IsmctsPlayer) and default.iterations == 1000 and default.seconds is None
    counted = make_player("ismcts:250", 1)
    assert isinstance(counted, IsmctsPlayer) and counted.iterations == 250
    timed = make_player("ismcts:0.5s", 1)
    assert isinstance(timed, IsmctsPlayer) and timed.seconds == 0.5
    short = make_player("ismcts:250ms:c=0.2:rollout=3", 1)
    assert isinstance(short, IsmctsPlayer)
    assert (short.seconds, short.exploration, short.rollout) == (0.25, 0.2, 3)


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("oracle", "unknown player kind 'oracle'"),
        ("random:3", "player kind 'random' takes no parameter"),
        ("ismcts:many", "ismcts:many: expected iterations"),
        ("ismcts:0", "at least one iteration"),
        ("ismcts:100:depth=3", "unknown setting 'depth'"),
    ],
)
def test_a_bad_kind_is_refused_with_its_reason(kind: str, message: str) -> None:
    assert not is_player_kind(kind)
    with pytest.raises(ValueError, match=message):
        make_player(kind, 1)


def test_sim_takes_parameterised_kinds(cli) -> None:
    result = cli("sim", "toy", "--games", "3", "--players", "ismcts:20,random", "--json")
    assert result.exit_code == 0, result.output
    assert '"players": ["ismcts:20", "random"]' in result.stdout


def test_sim_names_a_game_without_a_heuristic(cli) -> None:
    assert "toy has no heuristic player" in one_error_line(
        cli("sim", "toy", "--games", "1", "--players", "heuristic")
    )


def test_play_against_ismcts(cli) -> None:
    result = cli("play", "toy", "--vs", "ismcts:20", "--seed", "3", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "unknown player kind" not in result.output
    assert "--vs: player kind 'random' takes no parameter" in one_error_line(
        cli("play", "toy", "--vs", "random:2", input="")
    )
