"""RULES.md "Bots": the heuristic player beats random players; the evaluation reads the VP lead."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core import CardDataError, Rng, make_game, mix_seed
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, evaluation, heuristic
from cardtable.players import RandomPlayer

from .position import give, table


def test_heuristic_beats_random_in_most_2_player_games() -> None:
    game = RaceForTheGalaxy(players=2)
    wins = 0
    for i in range(20):
        seat = i % 2
        players = [RandomPlayer(Rng(mix_seed(i, k))) for k in range(2)]
        players[seat] = heuristic.HeuristicPlayer(Rng(i))  # type: ignore[call-overload]
        match = play_match(game, players, mix_seed(11, i), validate=False)
        result = game.result(match.state)
        assert result is not None
        wins += seat in result.winners
    assert wins >= 16


def test_evaluation_favours_the_seat_ahead_and_is_quiet_at_selection() -> None:
    game, s = table(2)
    give(game, s, 0, hand=[], tableau=["old-earth", "rebel-base", "terraformed-world"])
    give(game, s, 1, hand=[])
    assert heuristic.evaluate(game, s, 0) > 0.8 > 0.2 > heuristic.evaluate(game, s, 1)
    assert heuristic.is_quiet(game, s)


def test_evaluation_weights_are_data_checked_against_the_features(tmp_path: Path) -> None:
    game, s = table(2)
    mine = evaluation.features(game.catalog, s, 0, evaluation.progress(s))
    assert list(evaluation.weights().weights) == list(mine)  # the names, in the order computed
    solo = make_game("race-for-the-galaxy", {"solo": "robot"})
    state = solo.new_state(1)
    assert list(evaluation.robot_features(solo.catalog, state, 0.0)) == list(mine)
    assert 0 < heuristic.evaluate(solo, state, 0) == 1 - heuristic.evaluate(solo, state, 1) < 1
    bad = tmp_path / "bad.toml"
    bad.write_text('fitted_on = "test"\nfeatures = ["vp"]\nweights = [1.0]\n')
    with pytest.raises(CardDataError, match=r"bad.toml: .*without a weight: vp_late, hand, goods, "):
        evaluation.weights(bad).score(mine)
