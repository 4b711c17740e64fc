"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; no deck drawn."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, make_game

from ..undo_scenarios import reached, taken_back


def test_building_a_location_from_the_hand_can_be_taken_back() -> None:
    game = make_game("51st-state", {"players": 2})

    def builds_quietly(game: Any, state: Any, action: Action) -> bool:
        after = game.clone(state)
        game.apply(after, action)
        return action.verb == "build" and after.deck == state.deck

    state, action = reached(game, 6, builds_quietly)
    assert taken_back(game, state, action)


def test_a_move_that_draws_a_card_stands() -> None:
    game = make_game("51st-state", {"players": 2})

    def draws(game: Any, state: Any, action: Action) -> bool:
        after = game.clone(state)
        game.apply(after, action)
        return len(after.deck) < len(state.deck) and after.rng == state.rng

    state, action = reached(game, 6, draws)
    assert not taken_back(game, state, action)


def test_solo_a_move_after_which_the_virtual_player_passed_stands() -> None:
    """RULES.md "Taking back a move": the virtual player is an automaton; once it took its turn (here a
    pass, which draws on no deck and no chance), the move stands."""
    game = make_game("51st-state", {"solo": "virtual"})

    def virtual_passes(g: Any, s: Any, a: Action) -> bool:
        after = g.clone(s)
        g.apply(after, a)
        return after.deck == s.deck and after.players[1].passed and not s.players[1].passed

    state, action = reached(game, 2, virtual_passes)
    assert not taken_back(game, state, action)
