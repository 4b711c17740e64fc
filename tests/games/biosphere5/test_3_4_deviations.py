"""3.4 Deviations from the basic game: no loss by missing cards or achievements (doom instead);
several players may lose at once, possibly leaving no winner."""

from .abyss_position import abyss_position, doom


def test_3_4_no_drop_out_for_missing_cards_and_achievements():
    game, state = abyss_position(hands={0: ["shack"]}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")  # Drought: B has nothing at all
    assert not state.boards[1].out and not state.over
    assert doom(state) == [0, 4]


def test_3_4_two_players_losing_at_once_leave_no_winner():
    game, state = abyss_position(hands={0: ["biosphere-5"]}, achievements={1: ["shack"]}, doom={0: 7, 1: 6})
    game.apply(state, "play biosphere-5 lower")  # Attack: attacker +1 -> 8, attacked +2 -> 8
    assert state.over and state.winners == []
    result = game.result(state)
    assert result.winners == () and not result.draw and result.scores == (-1.0, -1.0)
    assert result.describe(["A", "B"]).startswith("no winner")


def test_3_4_in_the_team_game_a_team_is_out_when_both_partners_are():
    game, state = abyss_position(
        4, hands={0: ["biosphere-5"]}, achievements={1: ["shack"]}, doom={1: 6, 3: 2}, order=[0, 1, 2, 3]
    )
    game.apply(state, "play biosphere-5 lower")
    assert state.boards[1].out and not state.over  # D still plays for team B+D


def test_3_4_biosphere_5_still_wins_the_game():
    level_iii = ["deep-well", "shack", "barricade", "scrap-workshop", "window-garden", "barter-circle"]
    five = ["tent", "guard-dogs", "seed-vault", "peace-treaty", "storm-cellar"]
    game, state = abyss_position(hands={0: ["biosphere-5", *five]}, achievements={0: level_iii}, doom={0: 7})
    game.apply(state, "play biosphere-5 upper")
    assert state.over and state.winners == [0]


def test_3_4_reaching_doom_8_in_your_own_turn_voids_the_rest_of_it():
    game, state = abyss_position(
        3, hands={0: ["biosphere-5", "tent"]}, achievements={1: ["shack"]}, doom={0: 7}, order=[0, 1, 2]
    )
    game.apply(state, "play biosphere-5 lower")  # Attack: the Shack goes, then doom: A 7 + 1 = 8, B +2
    assert state.boards[1].achievements == [] and state.abyss.doom[1] == 2
    assert state.boards[0].out and not state.over
    assert game.decision(state).seat == 1 and game.decision(state).kind == "move"  # A's second move is void
