"""Every game mode: illegal and malformed actions are refused with IllegalAction and change nothing."""

from __future__ import annotations

import pytest

from . import checks
from .harness import CASES, Case, deep_states, game_of, playouts


@pytest.mark.parametrize("case", CASES)
def test_actions_of_the_space_that_are_not_legal_now_are_refused(case: Case) -> None:
    checks.check_illegal_actions_refused(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_malformed_actions_are_refused(case: Case) -> None:
    checks.check_malformed_actions_refused(game_of(case), deep_states(case))


@pytest.mark.parametrize("case", CASES)
def test_a_match_refuses_bad_text_and_keeps_its_record(case: Case) -> None:
    checks.check_match_refuses_bad_text(game_of(case), playouts(case)[0])


@pytest.mark.parametrize("case", CASES)
def test_no_action_is_accepted_after_the_end(case: Case) -> None:
    for playout in playouts(case)[:3]:
        checks.check_nothing_after_the_end(game_of(case), playout)


@pytest.mark.parametrize("case", CASES)
def test_numbers_and_actions_outside_the_encoding_are_refused(case: Case) -> None:
    checks.check_encoding_bounds(game_of(case))
