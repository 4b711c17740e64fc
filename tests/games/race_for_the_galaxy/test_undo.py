"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; a secret choice can be
taken back until the last one reveals them all."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Rng, make_game


def reached(game: Any, seed: int, wanted: Any, limit: int = 2000) -> tuple[Any, Action]:
    """The first position of a seeded random game (seed `seed`) where `wanted(game, state, action)`
    holds for a legal action, with that action: the scenario a rule clause needs."""
    state, rng = game.new_state(seed), Rng(seed)
    for _ in range(limit):
        legal = game.legal_actions(state)
        assert legal, "the game ended before the scenario came up"
        for action in legal:
            if wanted(game, state, action):
                return state, action
        game.apply(state, legal[rng.below(len(legal))])
    raise AssertionError("the scenario never came up")


def taken_back(game: Any, state: Any, action: Action | str) -> bool:
    """Whether the game lets `action`, applied in `state`, be taken back (the state is left as it was)."""
    after = game.clone(state)
    game.apply(after, action)
    return game.reversible(state, Action.parse(str(action)), after)


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
