"""Taking back a move (RULES.md "Taking back a move"): exact, from the two states; nothing drawn or
turned face up."""

from __future__ import annotations

from cardtable.core import make_game

from ..undo_scenarios import reached, taken_back


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
