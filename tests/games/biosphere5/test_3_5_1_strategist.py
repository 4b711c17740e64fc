"""3.5.1 Strategist: Tactical Meeting, The Trap, The Great Plan."""

from .abyss_position import abyss_position, show_strength
from .position import keys, legal

BL = "better-leadership"


def _show(tier, hand=(), **kwargs):
    game, state = abyss_position(hands={0: [BL, *hand]}, tiers={0: {"strategist": tier}}, **kwargs)
    return game, state


def test_3_5_1_tactical_meeting_draws_four_then_discards_three():
    game, state = _show(1, faceup={0: ["tent", "shack", "barricade"]})
    show_strength(game, state, "tactical-meeting")
    for what in ("take tent", "take shack", "take pile", "take barricade"):
        assert game.decision(state).kind == "take"
        game.apply(state, what)
    assert game.decision(state).kind == "discard" and "3 to go" in game.decision(state).prompt
    for card in ("tent", "shack", "barricade"):
        game.apply(state, f"discard {card}")
    assert len(state.boards[0].hand) == 1
    assert state.abyss.third is False  # the Strategist does not use the third move marker


def test_3_5_1_the_trap_takes_any_card_of_the_draw_pile_and_shuffles_it():
    game, state = _show(2)
    show_strength(game, state, "the-trap")
    assert game.decision(state).kind == "search"
    assert "search biosphere-5" in legal(game, state)
    assert "biosphere-5" in game.view(state, 0)["searching"]
    assert "searching" not in game.view(state, 1)
    game.apply(state, "search biosphere-5")
    assert keys(game, state.boards[0].hand) == ["biosphere-5"]
    assert len(state.boards[0].pile) + len(state.boards[0].faceup) == 28 - 2  # Shown Strength discarded


def test_3_5_1_the_trap_cannot_take_from_the_discard_pile():
    game, state = _show(2, discard={0: ["council-of-clans"]})
    show_strength(game, state, "the-trap")
    assert "search council-of-clans" not in legal(game, state)


def test_3_5_1_the_great_plan_draws_one_by_one_up_to_eight_and_may_stop():
    game, state = _show(3)
    show_strength(game, state, "great-plan")
    assert legal(game, state) == {"take pile", "stop"}
    for _ in range(3):
        game.apply(state, "take pile")
    game.apply(state, "stop")
    assert len(state.boards[0].hand) == 3 and game.decision(state).kind == "move"


def test_3_5_1_the_great_plan_stops_after_eight():
    game, state = _show(3)
    show_strength(game, state, "great-plan")
    for _ in range(8):
        game.apply(state, "take pile")
    assert len(state.boards[0].hand) == 8 and game.decision(state).kind == "move"


def test_3_5_1_lower_strategist_tiers_remain_available_at_tier_3():
    game, state = _show(3)
    game.apply(state, f"play {BL} lower")
    assert {"ability tactical-meeting", "ability the-trap", "ability great-plan"} <= legal(game, state)
