"""3.5.2 Commander: Raising the Flag, Concentrate Troops, Victory is near!, and the third move marker."""

from cardtable.core import Rng, texts

from .abyss_position import abyss_position, pass_move, show_strength
from .position import keys, legal

BL = "better-leadership"


def test_3_5_2_raising_the_flag_uses_the_second_option_of_a_built_achievement_which_stays():
    game, state = abyss_position(
        hands={0: [BL], 1: ["tent"]},
        achievements={0: ["deep-well", "shack"]},
        tiers={0: {"commander": 1}},
    )
    show_strength(game, state, "raising-the-flag")
    assert game.decision(state).kind == "flag"
    assert legal(game, state) == {"flag deep-well", "flag shack"}  # New Hope, Drought (water protected)
    game.apply(state, "flag deep-well")  # New Hope: three cards (from the pile: no face-up cards here)
    assert len(state.boards[0].hand) == 3
    assert keys(game, state.boards[0].achievements) == ["deep-well", "shack"]


def test_3_5_2_raising_the_flag_needs_a_usable_second_option():
    game, state = abyss_position(hands={0: [BL]}, achievements={0: ["shack"]}, tiers={0: {"commander": 1}})
    # Shack's Drought needs water protection: none, so the ability cannot be used
    assert f"play {BL} lower" not in legal(game, state)


def test_3_5_2_commander_and_fighter_abilities_give_the_third_move():
    game, state = abyss_position(hands={0: [BL, "tent"]}, tiers={0: {"commander": 3}})
    pass_move(game, state)
    game.apply(state, f"play {BL} lower")  # second move
    game.apply(state, "ability victory-is-near")
    assert (state.abyss.third and "third move marker" in texts(state.events)[-1]) or state.abyss.third
    assert game.decision(state).seat == 0 and state.move == 2  # a third move follows
    assert "choose move 3" in game.decision(state).prompt or game.decision(state).kind == "move"
    pass_move(game, state)
    assert game.decision(state).seat == 1


def test_3_5_2_concentrate_troops_puts_further_played_cards_back_in_hand():
    game, state = abyss_position(
        hands={0: [BL, "deep-well"]}, achievements={0: ["protection-bunker"]}, tiers={0: {"commander": 2}}
    )
    show_strength(game, state, "concentrate-troops")
    assert game.cards.index[BL] in state.boards[0].discard  # the Shown Strength card itself is spent
    game.apply(state, "play deep-well lower")  # New Hope, then back in hand
    assert "deep-well" in keys(game, state.boards[0].hand)
    for _ in range(3):
        game.apply(state, "take pile")
    game.apply(state, "play deep-well lower")  # third move: the same card again
    assert "deep-well" in keys(game, state.boards[0].hand)


def test_3_5_2_concentrate_troops_does_not_take_back_achievements():
    game, state = abyss_position(hands={0: [BL, "deep-well"]}, tiers={0: {"commander": 2}})
    show_strength(game, state, "concentrate-troops")
    game.apply(state, "play deep-well upper")
    assert keys(game, state.boards[0].achievements) == ["deep-well"]
    assert "deep-well" not in keys(game, state.boards[0].hand)


def test_3_5_2_victory_is_near_raises_every_leader_to_tier_3():
    game, state = abyss_position(hands={0: [BL]}, tiers={0: {"commander": 3, "fighter": 1}})
    show_strength(game, state, "victory-is-near")
    assert state.abyss.tiers[0] == [3, 3, 3, 3]
    assert state.abyss.tiers[1] == [0, 0, 0, 0]


def test_3_5_2_only_one_third_move_per_turn():
    game, state = abyss_position(hands={0: [BL, BL, BL]}, tiers={0: {"commander": 3}})
    for _ in range(3):
        show_strength(game, state, "victory-is-near")
    assert game.decision(state).seat == 1  # three moves, not four


def test_3_5_2_raising_the_flag_an_opponents_sample_leaves_the_flag_an_option():
    """Flagging Shack's Drought needs a water rescue card in hand (RULES.md, Abyss decision 12): a
    state sampled for the opponent (for search) must give the Commander's player one, as the table
    knows they have something to flag."""
    game, state = abyss_position(
        hands={0: [BL, "rain-barrel", "tent", "barricade"]},
        achievements={0: ["shack"]},
        tiers={0: {"commander": 1}},
    )
    show_strength(game, state, "raising-the-flag")
    assert game.decision(state).kind == "flag" and legal(game, state) == {"flag shack"}
    for seed in range(20):
        sample = game.determinize(state, 1, Rng(seed))
        assert legal(game, sample) == {"flag shack"}
        assert {"rain-barrel", "water-canister"} & set(keys(game, sample.boards[0].hand))
