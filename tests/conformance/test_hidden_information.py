"""Every game mode: a view shows only what its seat may know; determinize samples only from it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzzing import examples

from . import checks
from .harness import (
    CASES,
    DEEP_PLAYOUTS,
    Case,
    deep_states,
    game_of,
    hidden_information_states,
    play_random,
    playouts,
)


@pytest.mark.parametrize("case", CASES)
def test_a_seat_cannot_tell_a_determinized_state_from_the_real_one(case: Case) -> None:
    checks.check_views_survive_determinize(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_determinize_depends_only_on_the_view(case: Case) -> None:
    checks.check_determinize_depends_only_on_view(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_determinize_gives_a_legal_state_and_leaves_the_original_alone(case: Case) -> None:
    checks.check_determinize_is_sound(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_determinize_resamples_the_other_seats_hidden_cards(case: Case) -> None:
    checks.check_determinize_resamples_other_seats(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_determinize_does_not_foretell_draws(case: Case) -> None:
    checks.check_determinize_does_not_foretell_draws(game_of(case), playouts(case)[:DEEP_PLAYOUTS])


@pytest.mark.parametrize("case", CASES)
def test_the_spectator_view_shows_no_hidden_card(case: Case) -> None:
    checks.check_spectator_sees_no_hidden_card(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_views_are_plain_data_detached_from_the_state(case: Case) -> None:
    checks.check_views_are_plain_detached_data(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_the_pending_decision_is_the_same_in_every_state_a_seat_cannot_tell_apart(case: Case) -> None:
    checks.check_decision_is_public(game_of(case), hidden_information_states(case))


@pytest.mark.parametrize("case", CASES)
def test_the_narration_a_viewer_reads_shows_nothing_hidden_from_it(case: Case) -> None:
    checks.check_narration_survives_determinize(game_of(case), hidden_information_states(case))


@pytest.mark.parametrize("case", CASES)
def test_what_a_viewer_reads_of_an_action_shows_nothing_hidden_from_it(case: Case) -> None:
    checks.check_descriptions_reveal_nothing_hidden(game_of(case), hidden_information_states(case))


@pytest.mark.parametrize("case", CASES)
def test_every_viewer_at_once_sees_what_it_sees_alone(case: Case) -> None:
    checks.check_views_match_view(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_positions_a_viewer_cannot_tell_apart_stay_so_after_moves_it_reads_alike(case: Case) -> None:
    checks.check_moves_keep_lookalikes_alike(game_of(case), hidden_information_states(case))


@pytest.mark.parametrize("case", CASES)
@settings(max_examples=examples(1))
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_any_seed_shows_no_viewer_more_by_a_move_than_it_reads(case: Case, seed: int) -> None:
    """The two checks of what a move shows, on a game of any seed (`make fuzz` tries many)."""
    game = game_of(case)
    states = play_random(game, seed).sample()
    checks.check_descriptions_reveal_nothing_hidden(game, states)
    checks.check_moves_keep_lookalikes_alike(game, states)
