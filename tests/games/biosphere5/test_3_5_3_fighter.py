"""3.5.3 Fighter: Never give up!, Scorched Earth, Beat them all!; the player concerned chooses the
cards; missing cards are compensated (and, by 3.4, raise doom)."""

from .abyss_position import abyss_position, doom, show_strength
from .position import keys, legal

BL = "better-leadership"
FIVE = ["tent", "barricade", "guard-dogs", "seed-vault", "peace-treaty"]


def _show(tier, mine=(), theirs=FIVE, **kwargs):
    game, state = abyss_position(
        hands={0: [BL, *mine], 1: list(theirs)}, tiers={0: {"fighter": tier}}, **kwargs
    )
    return game, state


def test_3_5_3_never_give_up_one_opponent_discards_two_cards_of_their_choice():
    game, state = _show(1)
    show_strength(game, state, "never-give-up")  # one opponent: no choice of target with two players
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "discard" and "2 to go" in decision.prompt
    game.apply(state, "discard tent")
    game.apply(state, "discard barricade")
    assert len(state.boards[1].hand) == 3
    assert state.abyss.third  # the Fighter uses the third move marker


def test_3_5_3_missing_cards_are_compensated_and_raise_doom():
    game, state = _show(1, theirs=["tent"], achievements={1: ["shack"]})
    show_strength(game, state, "never-give-up")
    assert state.boards[1].hand == [] and state.boards[1].achievements == []
    assert doom(state) == [0, 0]
    game, state = _show(1, theirs=[])
    show_strength(game, state, "never-give-up")
    assert doom(state) == [0, 2]


def test_3_5_3_scorched_earth_discard_one_to_three_the_opponent_twice_as_many():
    game, state = _show(2, mine=["shack", "deep-well", "tent"])
    show_strength(game, state, "scorched-earth")
    assert "stop" not in legal(game, state)  # at least one card
    game.apply(state, "discard shack")
    game.apply(state, "discard tent")
    game.apply(state, "stop")
    decision = game.decision(state)
    assert decision.seat == 1 and "4 to go" in decision.prompt
    assert keys(game, state.boards[0].hand) == ["deep-well"]


def test_3_5_3_scorched_earth_stops_at_three():
    game, state = _show(
        2, mine=["shack", "deep-well", "tent", "catch-basin"], theirs=[*FIVE, "shack", "deep-well"]
    )
    show_strength(game, state, "scorched-earth")
    for card in ("shack", "deep-well", "tent"):
        game.apply(state, f"discard {card}")
    assert game.decision(state).seat == 1 and "6 to go" in game.decision(state).prompt


def test_3_5_3_beat_them_all_discards_as_many_cards_as_your_doom_level():
    game, state = _show(3, doom={0: 3})
    show_strength(game, state, "beat-them-all")
    assert game.decision(state).seat == 1 and "3 to go" in game.decision(state).prompt


def test_3_5_3_in_a_three_player_game_the_fighter_chooses_any_opponent():
    game, state = abyss_position(
        3, hands={0: [BL], 1: FIVE, 2: FIVE}, tiers={0: {"fighter": 1}}, order=[0, 1, 2]
    )
    show_strength(game, state, "never-give-up")
    assert legal(game, state) == {"target 1", "target 2"}
    game.apply(state, "target 2")
    assert game.decision(state).seat == 2
