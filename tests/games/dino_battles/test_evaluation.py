"""The fitted position evaluation that the ISMCTS player uses for Dino Battles (evaluation.py)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from cardtable.analysis import fit_evaluation
from cardtable.core import CardDataError, Rng, make_game
from cardtable.core.carddata import load_card_file
from cardtable.games.dino_battles import evaluation
from cardtable.games.dino_battles.evaluation import features, win_chance
from cardtable.games.dino_battles.heuristic import evaluate, is_quiet
from cardtable.games.dino_battles.state import DinoState
from cardtable.players import IsmctsPlayer, logistic
from cardtable.players.heuristic import game_evaluator, game_quiet_test
from cardtable.players.logistic import Weights

from ..positions import heuristic_position
from .conftest import Table


def midgame(players: int = 2, seed: int = 4, actions: int = 60) -> tuple[Any, DinoState]:
    """A starter-set position after `actions` moves of heuristic players."""
    return heuristic_position("dino-battles", {"players": players}, seed, actions)


def _logit(game: object, state: DinoState, seat: int) -> float:
    chance = win_chance(game, state, seat)
    return math.log(chance / (1 - chance))


def test_both_players_chances_add_up_to_one() -> None:
    game, state = midgame()
    assert 0 < win_chance(game, state, 0) < 1
    assert win_chance(game, state, 0) + win_chance(game, state, 1) == pytest.approx(1)


def test_a_knockout_lead_is_worth_more() -> None:
    game, state = midgame()
    state.players[0].kos = state.players[1].kos = 0
    even, even_logit = win_chance(game, state, 0), _logit(game, state, 0)
    state.players[0].kos = 1
    one_up = win_chance(game, state, 0)
    state.players[0].kos = 2  # one knock-out from winning
    two_up = win_chance(game, state, 0)
    assert two_up > one_up > even + 0.1
    assert _logit(game, state, 0) - even_logit > 1.5  # two knock-outs up: the odds more than 4 times better


def test_wounds_count_against_a_player_and_more_so_late() -> None:
    game, state = midgame()
    wounded = game.clone(state)
    wounded.players[0].discard.append("wound")
    wounded.supply["wound"] -= 1
    early = _logit(game, state, 0) - _logit(game, wounded, 0)
    assert early > 0
    late, wounded_late = game.clone(state), game.clone(wounded)
    for s in (late, wounded_late):
        s.purgatory.extend(["wound"] * (s.supply["wound"] - 1))  # the Wound supply nearly run out
        s.supply["wound"] = 1
    assert _logit(game, late, 0) - _logit(game, wounded_late, 0) > early


def test_features_read_the_active_dinosaur_and_its_ready_attack() -> None:
    t = Table(2)
    t.dino(0, "rex-1", damage=10, attached=("attack", "attack", "defend"))
    values = features(t.cat, t.s, 0)
    assert values["active_hp"] == 3.0 and values["ready_attack"] == 3.0  # 30 HP left, Crush deals 30
    assert features(t.cat, t.s, 1)["active_hp"] == 0  # B has none


def test_chances_stay_between_zero_and_one_with_more_players() -> None:
    for players in (3, 4):
        game, state = midgame(players, actions=40)
        chances = [win_chance(game, state, seat) for seat in range(players)]
        assert all(0 < c < 1 for c in chances)


def test_quiet_positions_are_those_without_an_attack_effect_or_promotion_pending() -> None:
    t = Table(2)
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "rex-2", attached=("evade",))
    t.hand(0)
    t.hand(1)
    t.part(0, "combat")
    assert is_quiet(t.game, t.s)
    t.play("attack 1")  # B must react
    assert not is_quiet(t.game, t.s)
    t.play("pass")
    assert is_quiet(t.game, t.s)


def test_the_search_uses_the_evaluation_and_quiet_test() -> None:
    game = make_game("dino-battles")
    assert game_evaluator(game) is evaluate and game_quiet_test(game) is is_quiet
    _, state = midgame()
    decision = game.decision(state)
    assert decision is not None
    action = IsmctsPlayer(Rng(1), iterations=50).choose(game.observe(state, decision.seat))
    assert action in game.legal_actions(state)


def test_the_weights_file_is_checked_against_the_features_the_game_computes(tmp_path: Path) -> None:
    game, state = midgame()
    data = load_card_file(evaluation.WEIGHTS_FILE, Weights)
    assert data.features == list(features(game.catalog, state, 0))  # the names, in the order computed
    bad = tmp_path / "evaluation.toml"
    bad.write_text('fitted_on = "x"\nfeatures = ["a"]\nweights = ["heavy"]\n')
    with pytest.raises(CardDataError, match="weights"):
        load_card_file(bad, Weights)
    short = tmp_path / "short.toml"
    short.write_text('fitted_on = "x"\nfeatures = ["knockouts"]\nweights = [1.0]\n')
    with pytest.raises(CardDataError, match=r"short.toml: .*without a weight: one_knockout_from_winning, "):
        win_chance_with(short, game, state)


def win_chance_with(weights_file: Path, game: Any, state: DinoState) -> float:
    """Seat A's logit against B under the weights of `weights_file`."""
    model = evaluation.weights(weights_file)
    return model.logit(features(game.catalog, state, 0), features(game.catalog, state, 1))


def test_the_fitting_tool_learns_that_knockouts_win() -> None:
    # Wounds decide only the Wound-supply end, which heuristic games now rarely reach (they end by
    # knock-outs since the Dino Deck no longer ends the game): a dozen games cannot tell their sign
    rows, labels = fit_evaluation.positions("dino-battles", 12, 3)
    assert len(rows) == len(labels) > 500 and set(labels) == {0.0, 1.0}
    weights = dict(zip(fit_evaluation.feature_names("dino-battles"), logistic.fit(rows, labels), strict=True))
    assert weights["knockouts"] > 0 and weights["one_knockout_from_winning"] > 0
    assert logistic.accuracy(rows, labels, list(weights.values())) > 0.6
