"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; no deck drawn."""

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


def test_set_up_choosing_the_start_resource_draws_the_first_pool_so_it_stands() -> None:
    game = make_game("apocalypse")
    state = game.new_state(4)
    start = game.legal_actions(state)[0]
    assert start.verb == "start" and not taken_back(game, state, start)


def test_step_3_placing_a_pool_card_shows_nothing_and_can_be_taken_back() -> None:
    game = make_game("apocalypse")
    state, action = reached(game, 4, lambda g, s, a: a.verb == "place")
    assert taken_back(game, state, action)
