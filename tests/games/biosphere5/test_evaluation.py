"""The fitted position evaluation that the ISMCTS player uses for Biosphere 5 (evaluation.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.analysis import fit_evaluation
from cardtable.core import CardDataError, Rng
from cardtable.core.carddata import load_card_file
from cardtable.games.biosphere5 import evaluation
from cardtable.games.biosphere5.evaluation import features, win_chance
from cardtable.games.biosphere5.heuristic import is_quiet
from cardtable.players import logistic
from cardtable.players.logistic import Weights

from .position import position


def test_both_players_chances_add_up_to_one() -> None:
    game, state = position(hands={0: ["deep-well", "tent"], 1: ["shack"]}, achievements={1: ["catch-basin"]})
    assert 0 < win_chance(game, state, 0) < 1
    assert win_chance(game, state, 0) + win_chance(game, state, 1) == pytest.approx(1)


def test_a_playable_biosphere_card_is_worth_more_than_one_that_is_not() -> None:
    built = ["deep-well", "protection-bunker", "solar-factory", "surveillance-technology"]
    hand = ["tent", "storm-cellar", "rain-barrel", "guard-dogs", "seed-vault", "peace-treaty"]
    game, waiting = position(hands={0: ["biosphere-5", *hand], 1: hand}, achievements={0: built, 1: built})
    _, ready = position(
        hands={0: ["biosphere-5", *hand], 1: hand},
        achievements={0: [*built, "reforestation", "council-of-clans"], 1: built},
    )
    ready_features = features(game.cards, ready, 0)
    assert ready_features["biosphere_playable"] == 1 and ready_features["civilisation_level"] == 4
    assert win_chance(game, ready, 0) > win_chance(game, waiting, 0) + 0.2


def test_a_side_that_is_out_has_no_chance_left() -> None:
    game, state = position(hands={0: ["tent"], 1: ["shack"]}, achievements={0: ["catch-basin"]})
    state.boards[0].out = True
    assert win_chance(game, state, 0) == 0 and win_chance(game, state, 1) == 1


def test_quiet_positions_are_those_without_a_pending_effect() -> None:
    game, state = position(hands={0: ["shack"]}, achievements={0: ["catch-basin"]}, faceup={1: ["tent"]})
    assert is_quiet(game, state)
    game.apply(state, game.legal_actions(state)[0])  # a move that leaves something to resolve or not
    assert is_quiet(game, state) == (game.decision(state).kind == "move")


def test_the_weights_file_is_checked_against_the_features_the_game_computes(tmp_path: Path) -> None:
    game, state = position(hands={0: ["tent"], 1: ["shack"]}, achievements={0: ["catch-basin"]})
    data = load_card_file(evaluation.WEIGHTS_FILE, Weights)
    assert data.features == list(features(game.cards, state, 0))  # the names, in the order computed
    bad = tmp_path / "evaluation.toml"
    bad.write_text('fitted_on = "x"\nfeatures = ["a"]\nweights = ["heavy"]\n')
    with pytest.raises(CardDataError, match="weights"):
        load_card_file(bad, Weights)
    short = tmp_path / "short.toml"
    short.write_text('fitted_on = "x"\nfeatures = ["hand_cards", "hand"]\nweights = [1.0, 2.0]\n')
    with pytest.raises(CardDataError, match=r"short.toml: .*weight: achievement_levels, .*pile_cards;"):
        evaluation.weights(short).score(features(game.cards, state, 0))


def test_the_fitting_tool_learns_that_a_playable_biosphere_card_wins() -> None:
    rows, labels = fit_evaluation.positions("biosphere5", 40, 3)
    assert len(rows) == len(labels) > 500 and set(labels) == {0.0, 1.0}
    weights = dict(zip(fit_evaluation.feature_names("biosphere5"), logistic.fit(rows, labels), strict=True))
    assert weights["biosphere_playable"] > 0.5 and weights["hand_cards"] > 0
    assert logistic.accuracy(rows, labels, list(weights.values())) > 0.6


def test_the_search_judges_only_quiet_positions() -> None:
    """After its own catastrophe the searching player is not judged before the discards are made."""
    from cardtable.players import IsmctsPlayer

    game, state = position(
        hands={0: ["shack", "tent"], 1: ["deep-well", "guard-dogs", "barricade", "seed-vault", "tent"]},
        achievements={0: ["catch-basin"], 1: ["protection-bunker"]},
    )
    player = IsmctsPlayer(Rng(1), iterations=1)
    player.choose(game.observe(state, 0))  # sets up the game's guide and quiet test
    game.apply(state, next(a for a in game.legal_actions(state) if str(a) == "play shack lower"))
    assert not is_quiet(game, state)
    player._settle(game, state)
    assert is_quiet(game, state) or game.decision(state) is None
