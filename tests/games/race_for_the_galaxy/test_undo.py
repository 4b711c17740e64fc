"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; a secret choice can be
taken back until the last one reveals them all."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, make_game

from ..undo_scenarios import reached, taken_back


def test_select_actions_a_choice_before_the_last_can_be_taken_back_the_last_reveals_all() -> None:
    game = make_game("race-for-the-galaxy", {"players": 2})
    state, action = reached(game, 3, lambda g, s, a: a.verb == "select")
    assert game.decision(state).seat == 0 and taken_back(game, state, action)
    game.apply(state, action)
    last = game.legal_actions(state)[0]
    assert game.decision(state).seat == 1 and not taken_back(game, state, last)


def test_explore_drawing_cards_stands() -> None:
    game = make_game("race-for-the-galaxy", {"players": 3})

    def draws(game: Any, state: Any, action: Action) -> bool:
        after = game.clone(state)
        game.apply(after, action)
        return len(after.deck) < len(state.deck)

    state, action = reached(game, 5, draws)
    assert not taken_back(game, state, action)


def test_solitaire_a_move_after_which_the_robot_acted_stands() -> None:
    """RULES.md "Taking back a move": the robot is an automaton; once it acted, the move stands."""
    game = make_game("race-for-the-galaxy", {"solo": "robot"})

    def robot_acts(g: Any, s: Any, a: Action) -> bool:
        after = g.clone(s)
        g.apply(after, a)
        return after.robot != s.robot

    state, action = reached(game, 5, robot_acts)
    assert not taken_back(game, state, action)
