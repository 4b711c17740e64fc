"""3.2 Doom: five causes of increase, the fifth move option, and doom 8 ending a player's game."""

from cardtable.core import texts

from .abyss_position import abyss_position, doom, pass_move, show_strength
from .position import keys, legal

FOUR = ["barricade", "guard-dogs", "seed-vault", "peace-treaty"]


def test_3_2_1_an_empty_draw_pile_raises_doom_by_two():
    game, state = abyss_position(discard={0: ["tent", "shack"]})
    board = state.boards[0]
    board.discard += board.pile[:-1]
    del board.pile[:-1]  # one card left in the pile: drawing it empties the pile
    game.apply(state, "take pile")
    assert doom(state) == [2, 0]
    assert any("the draw pile ran out" in e for e in texts(state.events))


def test_3_2_2_missing_achievements_raise_doom_by_one_each_instead_of_a_loss():
    game, state = abyss_position(hands={0: ["shack"], 1: ["tent"]}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")  # Drought: B has one card and no achievement
    game.apply(state, "endure")
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


def _one_card_in_the_pile(state, seat=0):
    board = state.boards[seat]
    board.discard += board.pile[:-1]
    del board.pile[:-1]


def test_3_2_1_the_trap_taking_the_last_card_renews_the_pile_and_raises_doom_at_once():
    """2.1 "create a new draw pile immediately" and 3.2 (1): The Trap empties the pile like a draw."""
    game, state = abyss_position(
        hands={0: ["better-leadership"]}, faceup={0: FOUR[:3]}, tiers={0: {"strategist": 2}}
    )
    _one_card_in_the_pile(state)  # the face-up row is full: no refill at the end of the move
    last = game.cards.key(state.boards[0].pile[0])
    discarded = len(state.boards[0].discard)
    show_strength(game, state, "the-trap")
    assert keys(game, state.boards[0].hand) == [last]  # the only card there was: taken at once
    assert doom(state) == [2, 0]
    board = state.boards[0]  # the new pile: the discard pile with Shown Strength
    assert board.discard == [] and len(board.pile) == discarded + 1
    assert any("the draw pile ran out" in e for e in texts(state.events))


def test_3_2_1_at_doom_6_the_trap_emptying_the_pile_ends_the_game_before_biosphere_5():
    built = ["deep-well", "shack", "surveillance-technology", "solar-factory", "reforestation"]
    built.append("council-of-clans")
    hand = [
        "better-leadership",
        "biosphere-5",
        "tent",
        "barricade",
        "guard-dogs",
        "seed-vault",
        "peace-treaty",
    ]
    game, state = abyss_position(
        hands={0: hand},
        achievements={0: built},
        faceup={0: ["rain-barrel", "water-canister", "storm-cellar"]},
        tiers={0: {"strategist": 2}},
        doom={0: 6},
    )
    _one_card_in_the_pile(state)
    assert "play biosphere-5 upper" in legal(game, state)
    show_strength(game, state, "the-trap")  # the first move takes the last card of the pile: doom 8
    assert state.boards[0].out and state.over and state.winners == [1]


def test_3_2_1_an_empty_pile_with_an_empty_discard_pile_raises_doom_once():
    """RULES.md, Abyss decision 3: +2 when the pile runs out, even with nothing to renew it from; the
    later renewal from the discard pile is no second running out."""
    game, state = abyss_position(
        hands={0: ["tent", "barricade"]}, faceup={0: ["shack", "guard-dogs", "seed-vault"]}
    )
    board = state.boards[0]
    del board.pile[:-1]
    game.check_invariants = lambda state: None  # the cards removed above are out of this test
    game.apply(state, "take pile")  # the last card: the pile runs out, the discard pile is empty
    assert doom(state) == [2, 0] and board.pile == [] and board.discard == []
    game.apply(state, "ease")  # discard two cards (doom 2), doom 1; the face-up row stays full
    game.apply(state, "discard tent")
    game.apply(state, "discard barricade")
    assert board.pile == [] and len(board.discard) == 2 and doom(state) == [1, 0]
    pass_move(game, state)
    pass_move(game, state)
    game.apply(state, "take pile")  # renewed from the discard pile, one card left: no new doom
    assert doom(state) == [1, 0] and len(board.pile) == 1


def test_3_2_4_espionage_raises_both_doom_levels_together_when_the_target_compensates_into_doom_8():
    """B has no hand and no achievement: the achievement it is missing (3.2 (2)) and the Espionage's
    +1 (3.2 (4)) come together with A's +1, so both reach 8 at once and nobody wins (3.4)."""
    game, state = abyss_position(
        hands={0: ["solar-factory"]}, achievements={0: ["deep-well", "shack"]}, doom={0: 7, 1: 7}
    )
    game.apply(state, "play solar-factory lower")
    assert doom(state) == [8, 8]
    assert state.boards[0].out and state.boards[1].out
    assert state.over and state.winners == [] and game.result(state).scores == (-1.0, -1.0)


def test_3_2_4_sabotage_raises_both_doom_levels_together_when_the_target_compensates():
    level_ii = ["deep-well", "shack", "barricade", "scrap-workshop"]
    game, state = abyss_position(
        hands={0: ["reforestation"], 1: ["tent"]}, achievements={0: level_ii}, doom={0: 7, 1: 4}
    )
    game.apply(state, "play reforestation lower")  # B loses Tent and misses two achievements: +2 +1
    assert doom(state) == [8, 7]
    assert state.boards[0].out and state.over and state.winners == [1]
    game, state = abyss_position(
        hands={0: ["reforestation"], 1: ["tent"]}, achievements={0: level_ii}, doom={0: 7, 1: 6}
    )
    game.apply(state, "play reforestation lower")  # B's +2 alone would reach 8: A's +1 comes with it
    assert doom(state) == [8, 8] and state.over and state.winners == []
