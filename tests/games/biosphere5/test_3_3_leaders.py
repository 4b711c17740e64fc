"""3.3 Leaders: Better Leadership promotes one leader one tier; Shown Strength uses an ability of a
reached tier (or a lower one) for this turn only."""

from .abyss_position import abyss_position, pass_move, show_strength
from .position import legal

BL = "better-leadership"


def test_3_3_better_leadership_promotes_the_chosen_leader_by_one_tier():
    game, state = abyss_position(hands={0: [BL]})
    game.apply(state, f"play {BL} upper")
    assert game.decision(state).kind == "promote"
    assert legal(game, state) == {
        "promote strategist",
        "promote commander",
        "promote fighter",
        "promote believer",
    }
    game.apply(state, "promote fighter")
    assert state.abyss.tiers[0] == [0, 0, 1, 0]


def test_3_3_no_leader_goes_beyond_tier_3():
    game, state = abyss_position(hands={0: [BL]}, tiers={0: {"strategist": 3, "commander": 3, "fighter": 3}})
    game.apply(state, f"play {BL} upper")  # one leader left below tier 3: no choice
    assert state.abyss.tiers[0] == [3, 3, 3, 1]
    everyone = {"strategist": 3, "commander": 3, "fighter": 3, "believer": 3}
    game, state = abyss_position(hands={0: [BL]}, tiers={0: everyone})
    assert f"play {BL} upper" not in legal(game, state)


def test_3_3_shown_strength_needs_a_leader_above_tier_0():
    game, state = abyss_position(hands={0: [BL, "tent"]})
    assert f"play {BL} lower" not in legal(game, state)
    game, state = abyss_position(hands={0: [BL, "tent"]}, tiers={0: {"believer": 1}})
    assert f"play {BL} lower" in legal(game, state)


def test_3_3_shown_strength_offers_the_reached_tier_and_every_lower_one():
    game, state = abyss_position(
        hands={0: [BL, "tent"]}, tiers={0: {"believer": 2, "strategist": 1}}, doom={0: 3}
    )
    game.apply(state, f"play {BL} lower")
    assert game.decision(state).kind == "strength"
    assert legal(game, state) == {
        "ability tactical-meeting",
        "ability glimmer-of-hope",
        "ability without-hesitation",
    }


def test_3_3_shown_strength_works_for_one_turn_only():
    game, state = abyss_position(hands={0: [BL, "tent", "shack"]}, tiers={0: {"commander": 2}})
    show_strength(game, state, "concentrate-troops")
    assert state.abyss.troops
    pass_move(game, state)
    pass_move(game, state)  # the turn had three moves (third move marker): now B plays
    assert game.decision(state).seat == 1 and not state.abyss.troops and not state.abyss.third


def test_3_3_better_leadership_cards_are_played_like_any_card_and_discarded():
    game, state = abyss_position(hands={0: [BL]})
    game.apply(state, f"play {BL} upper")
    game.apply(state, "promote commander")
    assert game.cards.index[BL] in state.boards[0].discard
