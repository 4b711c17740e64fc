"""2.1 The stages of the game: two moves a turn, four options, refill, reshuffle, hand limit."""

import pytest

from cardtable.core import IllegalAction

from .position import keys, legal, position


def test_2_1_a_turn_has_two_moves_then_the_next_player():
    game, state = position(faceup={0: ["shack", "tent", "barricade"], 1: ["tent"]})
    assert game.decision(state).seat == 0
    game.apply(state, "take shack")
    assert game.decision(state).seat == 0 and state.move == 1
    game.apply(state, "take pile")
    assert game.decision(state).seat == 1 and state.move == 0


def test_2_1_the_four_options_are_offered():
    game, state = position(hands={0: ["deep-well"]}, faceup={0: ["shack", "tent", "barricade"]})
    actions = legal(game, state)
    assert {"take shack", "take tent", "take barricade", "take pile", "take2", "refresh"} <= actions
    assert "play deep-well upper" in actions


def test_2_1_option_1_takes_a_face_up_card_and_refills_at_the_end_of_the_move():
    game, state = position(faceup={0: ["shack", "tent", "barricade"]}, pile_top={0: ["seed-vault"]})
    game.apply(state, "take tent")
    board = state.boards[0]
    assert keys(game, board.hand) == ["tent"]
    assert keys(game, board.faceup) == ["barricade", "seed-vault", "shack"]


def test_2_1_option_1_from_the_draw_pile():
    game, state = position(faceup={0: ["shack", "tent", "barricade"]}, pile_top={0: ["seed-vault"]})
    game.apply(state, "take pile")
    assert keys(game, state.boards[0].hand) == ["seed-vault"]


def test_2_1_option_2_take_two_then_discard_two_face_up_refilled_only_after_the_move():
    game, state = position(
        hands={0: ["deep-well"]},
        faceup={0: ["shack", "tent", "barricade"]},
        pile_top={0: ["seed-vault", "rain-barrel"]},
    )
    game.apply(state, "take2")
    assert game.decision(state).kind == "take"
    game.apply(state, "take shack")
    assert len(state.boards[0].faceup) == 2  # no refill inside the move
    game.apply(state, "take tent")
    assert len(state.boards[0].faceup) == 1
    assert game.decision(state).kind == "discard"
    game.apply(state, "discard deep-well")
    game.apply(state, "discard tent")
    board = state.boards[0]
    assert keys(game, board.hand) == ["shack"]
    assert keys(game, board.discard) == ["deep-well", "tent"]
    assert len(board.faceup) == 3 and state.move == 1


def test_2_1_option_3_discards_the_face_up_cards_and_replaces_them():
    game, state = position(
        faceup={0: ["shack", "tent", "barricade"]}, pile_top={0: ["seed-vault", "guard-dogs", "rain-barrel"]}
    )
    game.apply(state, "refresh")
    board = state.boards[0]
    assert keys(game, board.discard) == ["barricade", "shack", "tent"]
    assert keys(game, board.faceup) == ["guard-dogs", "rain-barrel", "seed-vault"]


def test_2_1_move_markers_show_the_options_chosen():
    game, state = position(faceup={0: ["shack", "tent", "barricade"]})
    game.apply(state, "take shack")
    assert state.markers == ["take"]
    assert game.view(state, 1)["markers"] == ["take"]


def test_2_1_empty_draw_pile_is_made_from_the_discard_pile_immediately():
    game, state = position(faceup={0: ["shack"]})
    board = state.boards[0]
    board.discard = board.pile[:-1]
    board.pile = board.pile[-1:]
    game.apply(state, "take pile")
    assert board.discard == [] and len(board.pile) > 0
    game.check_invariants(state)


def test_2_1_hand_limit_eight_applies_at_the_end_of_the_turn_not_the_move():
    hand = [
        "tent",
        "storm-cellar",
        "guard-dogs",
        "black-market",
        "seed-vault",
        "peace-treaty",
        "rain-barrel",
        "barricade",
    ]
    game, state = position(hands={0: hand}, faceup={0: ["shack", "solar-factory", "reforestation"]})
    game.apply(state, "take shack")
    assert len(state.boards[0].hand) == 9 and game.decision(state).kind == "move"
    game.apply(state, "take solar-factory")
    decision = game.decision(state)
    assert decision.kind == "discard" and decision.seat == 0
    assert decision.prompt.startswith("Hand limit: discard a card")
    game.apply(state, "discard tent")
    game.apply(state, "discard shack")
    assert len(state.boards[0].hand) == 8
    assert game.decision(state).seat == 1


def test_2_1_an_action_of_another_option_is_rejected_and_changes_nothing():
    game, state = position(faceup={0: ["shack"]})
    before = game.to_json(state)
    with pytest.raises(IllegalAction):
        game.apply(state, "take tent")
    with pytest.raises(IllegalAction):
        game.apply(state, "play deep-well upper")
    assert game.to_json(state) == before
