"""RULES.md "Bots": the heuristic player beats random players; the evaluation reads the VP lead."""

from __future__ import annotations

from cardtable.core import Rng, mix_seed
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, heuristic
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


def test_evaluation_weights_are_data_checked_against_the_features(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from cardtable.core import CardDataError
    from cardtable.games.race_for_the_galaxy import evaluation

    assert len(evaluation.weights()) == len(evaluation.FEATURES)
    bad = tmp_path / "bad.toml"
    bad.write_text('fitted_on = "test"\nfeatures = ["vp"]\nweights = [1.0]\n')
    with pytest.raises(CardDataError, match="features and weights"):
        evaluation.weights(bad)
