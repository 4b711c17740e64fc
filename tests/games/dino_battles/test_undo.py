"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; nothing drawn or
turned face up."""

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


def test_attaching_a_card_face_down_can_be_taken_back() -> None:
    game = make_game("dino-battles")
    state, action = reached(game, 5, lambda g, s, a: a.verb == "attach")
    assert taken_back(game, state, action)


def test_an_attack_spends_its_face_down_cards_so_it_stands() -> None:
    game = make_game("dino-battles")
    state, action = reached(game, 5, lambda g, s, a: a.verb == "attack")
    assert not taken_back(game, state, action)


def test_keeping_at_the_end_of_the_turn_draws_a_new_hand_so_it_stands() -> None:
    game = make_game("dino-battles")
    state, action = reached(game, 5, lambda g, s, a: g.decision(s).kind == "keep")
    assert not taken_back(game, state, action)
