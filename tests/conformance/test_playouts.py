"""Every game mode: random playouts end, every state is consistent, every offered action is sound."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardtable.core import game_class
from tests.fuzzing import examples

from . import checks
from .harness import CASES, PLAYOUT_SEEDS, Case, game_of, play_random, playouts


@pytest.mark.parametrize("case", CASES)
def test_game_declares_sound_options_and_modes(case: Case) -> None:
    cls = game_class(case.game)
    assert cls.name == case.game and cls.title
    for spec in cls.option_specs:
        assert not spec.choices or spec.default in spec.choices, f"default of {spec.name} not a choice"
    assert len({mode.name for mode in cls.modes}) == len(cls.modes), "mode names repeat"
    game = game_of(case)
    assert game.num_seats >= 1
    assert len({game.seat_name(s) for s in range(game.num_seats)}) == game.num_seats


@pytest.mark.parametrize("case", CASES)
def test_random_playouts_terminate(case: Case) -> None:
    assert len(playouts(case)) == len(PLAYOUT_SEEDS)
    checks.check_playouts_end(game_of(case), playouts(case))


@pytest.mark.parametrize("case", CASES)
def test_invariants_hold_after_every_action(case: Case) -> None:
    for playout in playouts(case):
        checks.check_invariants(game_of(case), playout.states)


@pytest.mark.parametrize("case", CASES)
def test_a_result_exists_exactly_at_the_end(case: Case) -> None:
    for playout in playouts(case):
        checks.check_result_exactly_at_the_end(game_of(case), playout)


@pytest.mark.parametrize("case", CASES)
def test_legal_actions_are_sound_and_encodable(case: Case) -> None:
    for playout in playouts(case):
        checks.check_legal_actions(game_of(case), playout.states)


@pytest.mark.parametrize("case", CASES)
def test_the_action_space_is_a_fixed_encoding(case: Case) -> None:
    checks.check_action_space(game_of(case))


@pytest.mark.parametrize("case", CASES)
@settings(max_examples=examples(3))
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
@example(seed=5895)  # 4-player Dino Battles: 5,707 random actions, past the single cap of 5,000 there was
def test_any_seed_plays_to_the_end_with_invariants(case: Case, seed: int) -> None:
    game = game_of(case)
    playout = play_random(game, seed)
    checks.check_invariants(game, playout.states)
    checks.check_result_exactly_at_the_end(game, playout)
