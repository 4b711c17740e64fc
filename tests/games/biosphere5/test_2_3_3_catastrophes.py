"""2.3.2 Rescue cards and 2.3.3 Catastrophes."""

from .position import keys, legal, position

FOUR = ["barricade", "guard-dogs", "seed-vault", "peace-treaty"]


def test_2_3_3_unprotected_players_discard_four_cards():
    game, state = position(hands={0: ["shack"], 1: [*FOUR, "black-market"]}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")  # Drought, protected by Deep Well
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "respond" and "(discard 4)" in decision.prompt
    assert legal(game, state) == {"endure"}  # no water rescue card in hand
    game.apply(state, "endure")
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "discard" and "4 to go" in decision.prompt
    for card in FOUR:
        game.apply(state, f"discard {card}")
    assert keys(game, state.boards[1].hand) == ["black-market"]
    assert game.decision(state).seat == 0 and game.decision(state).kind == "move"


def test_2_3_3_makeshift_protection_halves_the_loss_to_two_cards():
    game, state = position(hands={0: ["shack"], 1: FOUR}, achievements={0: ["deep-well"], 1: ["catch-basin"]})
    game.apply(state, "play shack lower")
    game.apply(state, "endure")
    assert "2 to go" in game.decision(state).prompt
    game.apply(state, "discard barricade")
    game.apply(state, "discard guard-dogs")
    assert len(state.boards[1].hand) == 2 and game.decision(state).kind == "move"


def test_2_3_3_perfect_protection_prevents_all_loss():
    game, state = position(hands={0: ["shack"], 1: FOUR}, achievements={0: ["deep-well"], 1: ["deep-well"]})
    game.apply(state, "play shack lower")
    assert len(state.boards[1].hand) == 4
    assert game.decision(state).kind == "move" and state.move == 1


def test_2_3_3_no_catastrophe_without_protection():
    game, state = position(hands={0: ["shack", "tent"]})
    assert "play shack lower" not in legal(game, state)  # Drought, no water protection
    game, state = position(hands={0: ["shack", "rain-barrel"]})
    assert "play shack lower" in legal(game, state)  # a water rescue card in hand allows it


def test_2_3_3_the_player_of_the_catastrophe_is_affected_last():
    five = ["tent", "barricade", "guard-dogs", "seed-vault", "peace-treaty"]
    game, state = position(
        players=3,
        hands={0: ["shack", "tent", "barricade", "guard-dogs"], 1: five, 2: five},
        achievements={0: ["catch-basin"]},
        order=[0, 1, 2],
        turn=0,
    )
    game.apply(state, "play shack lower")  # Drought; seat 0 has only a makeshift water achievement
    order = []
    while game.decision(state).kind != "move":
        decision = game.decision(state)
        assert decision.kind in ("respond", "discard")
        order.append(decision.seat)
        game.apply(state, game.legal_actions(state)[-1])  # endure, then the last card
    assert order == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 0, 0, 0]
    assert [len(b.hand) for b in state.boards] == [1, 1, 1]


def test_2_3_3_example_2_catastrophe_with_a_rescue_card_answered_by_powerful_friends():
    """Fig. 9: a catastrophe played with a rescue card discarded; the victim answers with Powerful Friends."""
    game, state = position(
        hands={0: ["black-market", "guard-dogs", "tent"], 1: ["powerful-friends", "shack", "tent"]},
        achievements={0: ["deep-well", "shack"]},
    )
    # Black Market's lower option is Riots (security, level II); Guard Dogs protects against it.
    assert "play black-market lower" in legal(game, state)
    game.apply(state, "play black-market lower")
    # the player of the catastrophe has no achievement against it: the rescue card goes with it,
    # "discarded simultaneously", before the catastrophe reaches anyone
    decision = game.decision(state)
    assert decision.seat == 0 and decision.kind == "rescue" and legal(game, state) == {"rescue guard-dogs"}
    game.apply(state, "rescue guard-dogs")
    assert keys(game, state.boards[0].hand) == ["tent"]
    assert keys(game, state.boards[0].discard) == ["black-market", "guard-dogs"]
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "respond"
    assert legal(game, state) == {"rescue powerful-friends", "endure"}
    game.apply(state, "rescue powerful-friends")
    assert keys(game, state.boards[1].hand) == ["shack", "tent"]
    assert keys(game, state.boards[0].hand) == ["tent"]  # its player is not hit again
    assert game.decision(state).kind == "move" and game.decision(state).seat == 0


def test_2_3_2_rescue_against_ones_own_catastrophe_is_not_a_move():
    game, state = position(
        hands={0: ["shack", "rain-barrel", "tent"], 1: ["deep-well", *FOUR]},
        achievements={0: ["catch-basin"]},
    )
    game.apply(state, "play shack lower")  # Drought; seat 0 has makeshift water: may rescue or endure
    while game.decision(state).seat == 1:
        game.apply(state, game.legal_actions(state)[0])
    decision = game.decision(state)
    assert decision.seat == 0 and decision.kind == "respond"
    assert legal(game, state) == {"rescue rain-barrel", "endure"}
    game.apply(state, "rescue rain-barrel")
    assert keys(game, state.boards[0].hand) == ["tent"]
    assert state.move == 1 and game.decision(state).kind == "move"


def test_2_3_2_enduring_instead_of_rescuing_costs_the_cards():
    game, state = position(
        hands={0: ["shack"], 1: ["water-canister", *FOUR]}, achievements={0: ["deep-well"]}
    )
    game.apply(state, "play shack lower")  # Drought
    assert legal(game, state) == {"rescue water-canister", "endure"}
    game.apply(state, "endure")
    assert game.decision(state).kind == "discard" and "4 to go" in game.decision(state).prompt
    for card in FOUR:
        game.apply(state, f"discard {card}")
    assert keys(game, state.boards[1].hand) == ["water-canister"]


def test_2_3_2_water_canister_helps_only_against_drought():
    """Fig. 15: the red rescue card Water Canister cannot be used against Hurricane."""
    game, state = position(
        hands={0: ["catch-basin"], 1: ["water-canister", *FOUR]},
        achievements={0: ["protection-bunker"], 1: ["deep-well"]},
    )
    game.apply(state, "play catch-basin lower")  # Hurricane
    decision = game.decision(state)
    assert decision.kind == "respond" and decision.seat == 1
    assert legal(game, state) == {"endure"}  # no rescue offered
