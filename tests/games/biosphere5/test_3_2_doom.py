"""3.2 Doom: five causes of increase, the fifth move option, and doom 8 ending a player's game."""

from .abyss_position import abyss_position, doom, pass_move
from .position import keys, legal

FOUR = ["barricade", "guard-dogs", "seed-vault", "peace-treaty"]


def test_3_2_1_an_empty_draw_pile_raises_doom_by_two():
    game, state = abyss_position(discard={0: ["tent", "shack"]})
    board = state.boards[0]
    board.discard += board.pile[:-1]
    del board.pile[:-1]  # one card left in the pile: drawing it empties the pile
    game.apply(state, "take pile")
    assert doom(state) == [2, 0]
    assert any("the draw pile ran out" in e for e in state.events)


def test_3_2_2_missing_achievements_raise_doom_by_one_each_instead_of_a_loss():
    game, state = abyss_position(hands={0: ["shack"], 1: ["tent"]}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")  # Drought: B has one card and no achievement
    assert doom(state) == [0, 3]  # four cards due, one discarded, three achievements missing
    assert not state.boards[1].out and not state.over


def test_3_2_3_attack_raises_the_attackers_doom_by_one_and_the_attackeds_by_two():
    game, state = abyss_position(hands={0: ["biosphere-5"]}, achievements={1: ["shack"]})
    game.apply(state, "play biosphere-5 lower")
    assert doom(state) == [1, 2]
    assert state.boards[1].achievements == []


def test_3_2_4_espionage_and_sabotage_raise_both_doom_levels_by_one():
    game, state = abyss_position(
        hands={0: ["solar-factory"], 1: ["tent"]}, achievements={0: ["deep-well", "shack"]}
    )
    game.apply(state, "play solar-factory lower")
    assert doom(state) == [1, 1]
    level_ii = ["deep-well", "shack", "barricade", "scrap-workshop"]
    game, state = abyss_position(hands={0: ["reforestation"], 1: FOUR}, achievements={0: level_ii})
    game.apply(state, "play reforestation lower")
    assert doom(state) == [1, 1] and len(state.boards[1].hand) == 1


def test_3_2_5_biosphere_5_face_up_at_the_end_of_your_turn_raises_doom_by_one():
    game, state = abyss_position(faceup={0: ["biosphere-5", "tent", "shack"]})
    game.apply(state, "take tent")
    game.apply(state, "take shack")  # the refill comes from the pile; Biosphere 5 stays face up
    assert doom(state) == [1, 0]
    game, state = abyss_position(faceup={0: ["biosphere-5", "tent", "shack"]})
    game.apply(state, "take tent")
    game.apply(state, "take biosphere-5")
    assert doom(state) == [0, 0]


def test_3_2_fifth_move_option_discards_cards_equal_to_doom_then_lowers_it_by_one():
    game, state = abyss_position(hands={0: ["tent", "shack", "barricade"]}, doom={0: 3})
    assert "ease" in legal(game, state)
    game.apply(state, "ease")  # three cards for doom 3: no choice, all go
    assert doom(state) == [2, 0] and state.boards[0].hand == []
    assert state.markers == ["ease"]
    game, state = abyss_position(hands={0: ["tent", "shack", "barricade"]}, doom={0: 2})
    game.apply(state, "ease")
    assert game.decision(state).kind == "discard"
    game.apply(state, "discard tent")
    game.apply(state, "discard shack")
    assert doom(state) == [1, 0] and keys(game, state.boards[0].hand) == ["barricade"]


def test_3_2_no_fifth_move_at_doom_zero_or_without_enough_cards():
    game, state = abyss_position(hands={0: ["tent"]})
    assert "ease" not in legal(game, state)
    game, state = abyss_position(hands={0: ["tent"]}, doom={0: 2})
    assert "ease" not in legal(game, state)


def test_3_2_doom_8_ends_that_players_game_and_the_other_wins():
    game, state = abyss_position(hands={0: ["biosphere-5"]}, achievements={1: ["shack"]}, doom={1: 6})
    game.apply(state, "play biosphere-5 lower")
    assert state.boards[1].out and state.over and state.winners == [0]


def test_3_2_doom_never_passes_8():
    game, state = abyss_position(hands={0: ["shack"]}, achievements={0: ["deep-well"]}, doom={1: 7})
    game.apply(state, "play shack lower")  # B: four cards missing, doom +4
    assert doom(state) == [0, 8]


def test_3_2_doom_8_in_a_three_player_game_leaves_the_other_two_playing():
    game, state = abyss_position(
        3, hands={0: ["biosphere-5"]}, achievements={1: ["shack"]}, doom={1: 6}, order=[0, 1, 2]
    )
    game.apply(state, "play biosphere-5 lower")
    assert state.boards[1].out and not state.over
    pass_move(game, state)
    assert game.decision(state).seat == 2  # B is skipped


def test_3_2_doom_8_while_refilling_the_face_up_cards_ends_that_turn_cleanly():
    nine = [
        "tent",
        "shack",
        "barricade",
        "guard-dogs",
        "seed-vault",
        "peace-treaty",
        "deep-well",
        "catch-basin",
    ]
    nine += ["campfire-stories", "herbal-remedies"]
    game, state = abyss_position(
        3,
        hands={0: nine},
        faceup={0: ["rain-barrel", "water-canister", "storm-cellar"]},
        doom={0: 6},
        order=[0, 1, 2],
    )
    board = state.boards[0]
    board.discard += board.pile[:-1]
    del board.pile[:-1]  # one card in the pile
    game.apply(state, "play deep-well upper")
    game.apply(state, "take rain-barrel")  # ten cards in hand; the refill empties the pile: doom 8
    assert state.boards[0].out and not state.over
    assert game.decision(state).seat == 1 and game.decision(state).kind == "move"  # no hand-limit step
    game.check_invariants(state)
