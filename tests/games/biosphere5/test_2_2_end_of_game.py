"""2.2 End of game: Biosphere 5, and the drop-out rules of the two-player game."""

from .position import legal, position

LEVEL_III = ["reforestation", "barter-circle"]
FIVE = ["tent", "shack", "barricade", "guard-dogs", "seed-vault"]


def test_2_2_biosphere_5_needs_nature_and_community_and_five_more_cards():
    game, state = position(hands={0: ["biosphere-5", *FIVE]}, achievements={0: ["reforestation"]})
    assert "play biosphere-5 upper" not in legal(game, state)
    game, state = position(hands={0: ["biosphere-5", *FIVE[:4]]}, achievements={0: LEVEL_III})
    assert "play biosphere-5 upper" not in legal(game, state)  # only four other cards
    game, state = position(hands={0: ["biosphere-5", *FIVE]}, achievements={0: LEVEL_III})
    assert "play biosphere-5 upper" in legal(game, state)


def test_2_2_biosphere_5_ends_the_game_at_once_and_wins():
    game, state = position(hands={0: ["biosphere-5", *FIVE, "peace-treaty"]}, achievements={0: LEVEL_III})
    game.apply(state, "play biosphere-5 upper")
    assert state.over
    result = game.result(state)
    assert result.winners == (0,) and result.scores == (1.0, -1.0)
    assert len(state.boards[0].hand) == 1  # five more cards were discarded
    assert game.decision(state) is None and game.legal_actions(state) == []


def test_2_2_the_lower_levels_need_not_be_complete_for_biosphere_5():
    game, state = position(hands={0: ["biosphere-5", *FIVE]}, achievements={0: LEVEL_III})
    assert "play biosphere-5 upper" in legal(game, state)


def test_2_2_biosphere_5_counts_as_the_achievement_of_the_turn():
    game, state = position(
        hands={0: ["biosphere-5", "council-of-clans", *FIVE]}, achievements={0: ["reforestation"]}
    )
    state.boards[0].achievements.append(game.cards.index["surveillance-technology"])
    state.boards[0].achievements.append(game.cards.index["solar-factory"])
    game.apply(state, "play council-of-clans upper")
    assert "play biosphere-5 upper" not in legal(game, state)


def test_2_2_opponent_drops_out_in_my_turn_i_win_only_with_the_biosphere_card_in_hand():
    game, state = position(hands={0: ["shack", "biosphere-5"]}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")  # Drought: seat 1 has no cards and no achievements
    assert state.boards[1].out and state.over
    assert game.result(state).winners == (0,)
    game, state = position(hands={0: ["shack", "tent"]}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")
    assert state.over and game.result(state).draw


def test_2_2_dropping_out_in_ones_own_turn_loses():
    game, state = position(
        hands={0: ["shack"], 1: ["tent"]}, achievements={0: ["catch-basin"], 1: ["deep-well"]}
    )
    game.apply(state, "play shack lower")  # seat 1 protected (perfect water); seat 0: makeshift -> discard 2
    assert state.boards[0].out and state.over
    assert game.result(state).winners == (1,)
