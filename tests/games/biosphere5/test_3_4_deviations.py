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
