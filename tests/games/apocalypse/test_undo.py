"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; no deck drawn."""

from __future__ import annotations

from cardtable.core import make_game

from ..undo_scenarios import reached, taken_back


def test_set_up_choosing_the_start_resource_draws_the_first_pool_so_it_stands() -> None:
    game = make_game("apocalypse")
    state = game.new_state(4)
    start = game.legal_actions(state)[0]
    assert start.verb == "start" and not taken_back(game, state, start)


def test_step_3_placing_a_pool_card_shows_nothing_and_can_be_taken_back() -> None:
    game = make_game("apocalypse")
    state, action = reached(game, 4, lambda g, s, a: a.verb == "place")
    assert taken_back(game, state, action)
