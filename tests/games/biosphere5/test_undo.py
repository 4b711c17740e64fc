"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; nothing drawn or shown."""

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


def test_2_1_take_two_and_a_face_up_card_show_nothing_and_can_be_taken_back() -> None:
    game = make_game("biosphere5")
    state = game.new_state(7)
    assert taken_back(game, state, "take2")
    game.apply(state, "take2")
    assert taken_back(game, state, "take guard-dogs")


def test_2_1_the_top_of_the_draw_pile_is_shown_so_taking_it_stands() -> None:
    game = make_game("biosphere5")
    assert not taken_back(game, game.new_state(7), "take pile")


def test_2_3_4_espionage_shows_a_hand_so_it_stands() -> None:
    game = make_game("biosphere5")

    def spying(game: Any, state: Any, action: Action) -> bool:
        after = game.clone(state)
        game.apply(after, action)
        return bool(after.tasks) and after.tasks[0].kind == "force"

    state, action = reached(game, 3, spying, limit=20000)
    assert not taken_back(game, state, action)


def test_4_the_machine_s_turn_turns_up_its_cards_so_the_move_before_it_stands() -> None:
    game = make_game("biosphere5", {"solo": "machine"})

    def ends_the_turn(game: Any, state: Any, action: Action) -> bool:
        after = game.clone(state)
        game.apply(after, action)
        return after.machine != state.machine

    state, action = reached(game, 2, ends_the_turn)
    assert not taken_back(game, state, action)
