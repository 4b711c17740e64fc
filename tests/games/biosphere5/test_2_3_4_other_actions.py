"""2.3.4 Other actions: New Hope, Espionage, Sabotage, Attack."""

from .position import keys, legal, position

LEVEL_I = ["deep-well", "shack"]
LEVEL_II = ["surveillance-technology", "solar-factory"]


def test_2_3_4_new_hope_draws_three_from_face_up_or_pile_refill_after_the_move():
    game, state = position(
        hands={0: ["deep-well"]}, faceup={0: ["shack", "tent", "barricade"]}, pile_top={0: ["seed-vault"]}
    )
    game.apply(state, "play deep-well lower")
    assert game.decision(state).kind == "take" and "3 to go" in game.decision(state).prompt
    game.apply(state, "take shack")
    game.apply(state, "take tent")
    assert len(state.boards[0].faceup) == 1  # new face-up cards only at the end of the move
    game.apply(state, "take pile")
    assert keys(game, state.boards[0].hand) == ["seed-vault", "shack", "tent"]
    assert len(state.boards[0].faceup) == 3 and state.move == 1


def test_2_3_4_espionage_needs_level_ii_and_forces_a_chosen_card():
    game, state = position(hands={0: ["solar-factory"], 1: ["biosphere-5", "tent"]})
    assert "play solar-factory lower" not in legal(game, state)
    game, state = position(
        hands={0: ["solar-factory"], 1: ["biosphere-5", "tent"]}, achievements={0: LEVEL_I}
    )
    game.apply(state, "play solar-factory lower")
    decision = game.decision(state)
    assert decision.seat == 0 and decision.kind == "force"
    assert game.view(state, 0)["revealed"] == {"seat": 1, "hand": ["biosphere-5", "tent"]}
    assert "revealed" not in game.view(state, 1)
    game.apply(state, "force biosphere-5")
    assert keys(game, state.boards[1].hand) == ["tent"]
    assert keys(game, state.boards[1].discard) == ["biosphere-5"]
    assert "revealed" not in game.view(state, 0)


def test_2_3_4_espionage_against_an_empty_hand_costs_an_achievement():
    game, state = position(
        hands={0: ["solar-factory"]}, achievements={0: LEVEL_I, 1: ["catch-basin", "shack"]}
    )
    game.apply(state, "play solar-factory lower")
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "sacrifice"


def test_2_3_4_sabotage_needs_level_iii_and_discards_three_random_cards():
    hand = ["tent", "shack", "barricade", "guard-dogs", "seed-vault"]
    game, state = position(hands={0: ["reforestation"], 1: hand}, achievements={0: LEVEL_I})
    assert "play reforestation lower" not in legal(game, state)
    game, state = position(hands={0: ["reforestation"], 1: hand}, achievements={0: LEVEL_II})
    game.apply(state, "play reforestation lower")
    assert len(state.boards[1].hand) == 2
    assert len(state.boards[1].discard) == 3
    assert set(keys(game, state.boards[1].discard)) <= set(hand)


def test_2_3_4_sabotage_with_too_few_cards_is_compensated_by_achievements():
    game, state = position(
        hands={0: ["reforestation"], 1: ["tent"]},
        achievements={0: LEVEL_II, 1: ["deep-well", "shack", "surveillance-technology"]},
    )
    game.apply(state, "play reforestation lower")
    assert state.boards[1].hand == []  # the one card goes first (2.4)
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "sacrifice" and "2 to go" in decision.prompt
    game.apply(state, "sacrifice deep-well")
    game.apply(state, "sacrifice shack")
    assert keys(game, state.boards[1].achievements) == ["surveillance-technology"]
    assert game.decision(state).seat == 0


def test_2_3_4_attack_only_against_a_player_with_achievements():
    game, state = position(hands={0: ["biosphere-5"]})
    assert "play biosphere-5 lower" not in legal(game, state)
    game, state = position(hands={0: ["biosphere-5"]}, achievements={1: ["deep-well", "shack"]})
    game.apply(state, "play biosphere-5 lower")
    decision = game.decision(state)
    assert decision.seat == 0 and decision.kind == "destroy"
    assert legal(game, state) == {"destroy deep-well", "destroy shack"}
    game.apply(state, "destroy deep-well")
    assert keys(game, state.boards[1].achievements) == ["shack"]
    assert keys(game, state.boards[1].discard) == ["deep-well"]
    assert keys(game, state.boards[0].discard) == ["biosphere-5"]


def test_2_3_4_attack_is_level_i_whatever_the_civilisation():
    game, state = position(hands={0: ["biosphere-5"]}, achievements={1: ["deep-well"]})
    game.apply(state, "play biosphere-5 lower")
    assert state.boards[1].achievements == []  # one achievement: no choice to make
