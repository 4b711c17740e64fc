"""Every game mode: states and records round-trip, copies are independent, replays are exact."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzzing import examples

from . import checks
from .harness import CASES, DEEP_PLAYOUTS, PLAYOUT_SEEDS, Case, deep_states, game_of, playouts, without_rng


@pytest.mark.parametrize("case", CASES)
def test_state_json_round_trip(case: Case) -> None:
    checks.check_state_json_round_trip(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_play_continues_identically_from_a_decoded_state(case: Case) -> None:
    for playout in playouts(case)[:DEEP_PLAYOUTS]:
        checks.check_play_continues_from_decoded_state(game_of(case), playout)


@pytest.mark.parametrize("case", CASES)
def test_a_clone_is_independent_of_its_original(case: Case) -> None:
    checks.check_clones_are_independent(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_records_round_trip_and_replay_to_the_same_state(case: Case) -> None:
    for playout in playouts(case)[:DEEP_PLAYOUTS]:
        checks.check_record_round_trip_and_replay(game_of(case), playout)


@pytest.mark.parametrize("case", CASES)
def test_the_same_seed_and_actions_give_the_same_game(case: Case) -> None:
    game = game_of(case)
    first = playouts(case)[0]
    again = game.new_state(first.seed)
    for action in first.actions:
        game.apply(again, action)
    assert game.to_json(again) == game.to_json(first.final)


@pytest.mark.parametrize("case", CASES)
@settings(max_examples=examples(10))
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_new_state_is_a_function_of_the_seed(case: Case, seed: int) -> None:
    game = game_of(case)
    assert game.to_json(game.new_state(seed)) == game.to_json(game.new_state(seed))


@pytest.mark.parametrize("case", CASES)
def test_different_seeds_mostly_deal_different_games(case: Case) -> None:
    game = game_of(case)
    distinct = {without_rng(game, game.new_state(seed)) for seed in PLAYOUT_SEEDS}
    assert len(distinct) >= len(PLAYOUT_SEEDS) // 2
