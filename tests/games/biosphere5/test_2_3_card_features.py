"""2.3 Card features and 2.3.1 achievements: levels, categories, one achievement a turn."""

from cardtable.games.biosphere5 import queries as q

from .position import legal, position

LEVEL_I = ["deep-well", "shack"]


def test_2_3_level_i_options_can_always_be_played():
    game, state = position(hands={0: ["deep-well", "catch-basin"]})
    assert {"play deep-well upper", "play deep-well lower", "play catch-basin upper"} <= legal(game, state)


def test_2_3_higher_levels_need_both_achievements_of_the_level_below():
    game, state = position(hands={0: ["surveillance-technology"]}, achievements={0: ["deep-well"]})
    assert "play surveillance-technology upper" not in legal(game, state)
    game, state = position(hands={0: ["surveillance-technology"]}, achievements={0: LEVEL_I})
    assert "play surveillance-technology upper" in legal(game, state)


def test_2_3_exception_a_card_of_the_level_on_display_opens_it():
    # level I achievements were destroyed, but a level II achievement is still on display
    game, state = position(hands={0: ["solar-factory"]}, achievements={0: ["barricade"]})
    assert "play solar-factory upper" in legal(game, state)
    assert q.civilisation_level(game.cards, state.boards[0]) == 2


def test_2_3_each_option_has_its_own_level():
    # Surveillance Technology: upper (achievement) and lower (Espionage) are both level II
    game, state = position(hands={0: ["surveillance-technology"], 1: ["tent"]}, achievements={0: ["shack"]})
    actions = legal(game, state)
    assert "play surveillance-technology lower" not in actions


def test_2_3_1_one_achievement_per_category_never_replaced():
    game, state = position(hands={0: ["deep-well"]}, achievements={0: ["catch-basin"]})
    assert "play deep-well upper" not in legal(game, state)  # makeshift water on display
    assert "play deep-well lower" in legal(game, state)  # the other option stays playable


def test_2_3_1_achievement_is_placed_on_the_board():
    game, state = position(hands={0: ["deep-well"]})
    game.apply(state, "play deep-well upper")
    assert state.boards[0].achievements == [game.cards.index["deep-well"]]
    assert state.boards[0].hand == []


def test_2_3_example_1_catch_basin_then_espionage_but_no_second_achievement():
    """Fig. 7: Catch Basin completes level I; Espionage is then playable; Surveillance Technology not."""
    game, state = position(
        hands={0: ["catch-basin", "surveillance-technology"], 1: ["tent", "shack"]},
        achievements={0: ["protection-bunker"]},
    )
    assert "play surveillance-technology lower" not in legal(game, state)
    game.apply(state, "play catch-basin upper")
    actions = legal(game, state)
    assert "play surveillance-technology lower" in actions  # Espionage (B)
    assert "play surveillance-technology upper" not in actions  # (C): one achievement per turn
    game.apply(state, "play surveillance-technology lower")
    assert game.decision(state).kind == "force"


def test_2_3_2_rescue_cards_are_not_played_as_a_move():
    game, state = position(hands={0: ["water-canister"]})
    assert "play water-canister upper" not in legal(game, state)
