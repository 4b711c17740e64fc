"""The fitted position evaluation that the ISMCTS player uses for 51st State (evaluation.py, RULES.md
"Bots and their strength"); §2.5 (the end at 25 VP, +1 VP per location) is what it foretells."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from cardtable.analysis import fit_evaluation
from cardtable.core import CardDataError, Rng, make_game
from cardtable.core.carddata import load_card_file
from cardtable.games.fifty_first_state import evaluation
from cardtable.games.fifty_first_state.evaluation import features, win_chance
from cardtable.games.fifty_first_state.heuristic import HeuristicPlayer, evaluate, is_quiet
from cardtable.players import IsmctsPlayer, logistic, make_player
from cardtable.players.heuristic import game_evaluator, game_quiet_test
from cardtable.players.logistic import Weights

from ..positions import heuristic_position
from .conftest import Table


def midgame(players: int = 2, seed: int = 4, actions: int = 80) -> tuple[Any, Any]:
    """A position after `actions` moves of heuristic players."""
    return heuristic_position("51st-state", {"players": players}, seed, actions)


def _logit(game: object, state: object, seat: int) -> float:
    chance = win_chance(game, state, seat)
    return math.log(chance / (1 - chance))


def test_both_players_chances_add_up_to_one() -> None:
    game, state = midgame()
    assert 0 < win_chance(game, state, 0) < 1
    assert win_chance(game, state, 0) + win_chance(game, state, 1) == pytest.approx(1)


def test_a_vp_lead_is_worth_more_as_the_end_score_nears() -> None:
    t = Table(2)
    t.p(0).vp = t.p(1).vp = 2
    even = _logit(t.game, t.s, 0)
    t.p(0).vp = 5
    early = _logit(t.game, t.s, 0) - even
    assert early > 0
    t.p(0).vp, t.p(1).vp = 23, 20  # the same lead of 3, near 25
    assert _logit(t.game, t.s, 0) > early


def test_features_read_productions_deals_actions_and_supply() -> None:
    t = Table(2)
    t.sites(0, "arena", "gun-shop", "ruin:city-guards")
    t.deals(0, "church")  # a deal bringing 1 VP each Production
    t.supply(0, gun=2, worker=1)
    t.p(0).hand = t.p(0).hand[:2]
    t.p(0).known = []
    values = features(t.cat, t.s, 0)
    assert values["locations"] == 2  # the Ruin stands for nothing
    assert values["income"] == 2  # Arena: a gun per gun icon (Arena's and Gun Shop's)
    assert values["vp_income"] == 1 and values["action_uses"] == 1
    assert values["supply"] == 3 and values["hand"] == 2


def test_chances_stay_between_zero_and_one_with_more_players() -> None:
    for players in (3, 4):
        game, state = midgame(players, actions=60)
        chances = [win_chance(game, state, seat) for seat in range(players)]
        assert all(0 < c < 1 for c in chances)


def test_a_finished_game_is_judged_by_its_result() -> None:
    game, state = midgame(actions=0)  # two heuristic players from seed 4 (they once stalled at 24 VP)
    bots = [make_player("heuristic", s) for s in range(2)]
    while (decision := game.decision(state)) is not None:
        game.apply(state, bots[decision.seat].choose(game.observe(state, decision.seat)))
    winners = game.result(state).winners
    assert [evaluate(game, state, seat) for seat in range(2)] == [
        (1.0 if seat in winners else 0.0) if len(winners) == 1 else 0.5 for seat in range(2)
    ]


def test_2_5_the_heuristic_reaches_the_end_score_when_ahead() -> None:
    # reaching 25 VP makes the round the last, where a location is worth its +1 VP only: judged
    # against the worth before that (a location's future use), it looked like a loss, and two
    # heuristic players stopped at 24 VP each, passing round after round
    t = Table(2)
    t.sites(0, "gun-shop", "arena", "clay-pit", "oil-rig", "assembly-plant", "skyscraper")
    t.sites(1, "museum")
    t.hand(0)
    t.supply(0, worker=1, gun=2)
    t.p(0).vp, t.p(1).vp = 24, 10
    assert str(HeuristicPlayer(Rng(1)).choose(t.game.observe(t.s, 0))) == "use 1"  # Gun Shop: +3 VP


def test_the_search_uses_the_evaluation_and_quiet_test() -> None:
    game = make_game("51st-state")
    assert game_evaluator(game) is evaluate and game_quiet_test(game) is is_quiet
    _, state = midgame()
    decision = game.decision(state)
    assert decision is not None
    action = IsmctsPlayer(Rng(1), iterations=40).choose(game.observe(state, decision.seat))
    assert action in game.legal_actions(state)


def test_the_weights_file_is_checked_against_the_features_the_game_computes(tmp_path: Path) -> None:
    game, state = midgame()
    data = load_card_file(evaluation.WEIGHTS_FILE, Weights)
    assert data.features == list(features(game.catalog, state, 0))  # the names, in the order computed
    short = tmp_path / "short.toml"
    short.write_text('fitted_on = "x"\nfeatures = ["vp", "victory"]\nweights = [1.0, 2.0]\n')
    mine, theirs = features(game.catalog, state, 0), features(game.catalog, state, 1)
    with pytest.raises(CardDataError, match=r"short.toml: .*weight: vp_late, .*worth; .*: victory$"):
        evaluation.weights(short).logit(mine, theirs)


def test_the_fitting_tool_learns_that_vp_near_the_end_win() -> None:
    rows, labels = fit_evaluation.positions("51st-state", 5, 3)
    assert len(rows) == len(labels) > 500 and set(labels) == {0.0, 1.0}
    weights = dict(zip(fit_evaluation.feature_names("51st-state"), logistic.fit(rows, labels), strict=True))
    assert weights["vp_late"] > 0
    assert logistic.accuracy(rows, labels, list(weights.values())) > 0.6
