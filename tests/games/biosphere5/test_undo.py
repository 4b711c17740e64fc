"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; nothing drawn or shown."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, make_game

from ..undo_scenarios import reached, taken_back


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
        return bool(after.steps) and after.steps[0].kind == "force"

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


def test_2_3_3_a_catastrophe_endured_with_a_small_hand_turns_it_up_so_it_stands() -> None:
    """`endure` with no more cards than the catastrophe asks discards them all at once, face up: the
    move shows hidden cards beyond itself. Enduring with more cards (the discards still to choose) and
    answering with a named rescue card show nothing more."""
    game = make_game("biosphere5")

    def endures_all(game: Any, state: Any, action: Action) -> bool:
        step = state.steps[0] if state.steps else None
        hand = state.boards[step.seat].hand if step else []
        return action.verb == "endure" and 0 < len(hand) <= step.n

    state, action = reached(game, 1, endures_all)
    hand = list(state.boards[game.decision(state).seat].hand)
    after = game.clone(state)
    game.apply(after, action)
    assert all(card in after.boards[game.decision(state).seat].discard for card in hand)
    assert not taken_back(game, state, action)

    def endures_some(game: Any, state: Any, action: Action) -> bool:
        step = state.steps[0] if state.steps else None
        return action.verb == "endure" and len(state.boards[step.seat].hand) > step.n

    assert taken_back(game, *reached(game, 1, endures_some))
