"""2.4 Discarding cards from hand: hand first, then achievements chosen by the player, else out."""

from .position import keys, legal, position


def test_2_4_example_3_hurricane_against_protection_bunker():
    """Fig. 15: yellow plays Hurricane, safe behind Protection Bunker; blue discards its three cards
    (Water Canister cannot help against Hurricane) and destroys Catching Basin for the fourth."""
    game, state = position(
        hands={0: ["rain-barrel"], 1: ["water-canister", "barricade", "solar-factory"]},
        achievements={0: ["protection-bunker"], 1: ["catch-basin"]},
    )
    game.apply(state, "play rain-barrel lower")  # Hurricane (housing)
    game.apply(state, "endure")  # the only answer blue has; the rest needs no choice
    blue = state.boards[1]
    assert blue.hand == []
    assert blue.achievements == []
    assert keys(game, blue.discard) == ["barricade", "catch-basin", "solar-factory", "water-canister"]
    assert not blue.out
    assert state.boards[0].hand == [] and state.boards[0].achievements == [
        game.cards.index["protection-bunker"]
    ]
    assert game.decision(state).seat == 0 and state.move == 1


def test_2_4_example_3_a_second_hurricane_would_end_the_game_for_blue():
    game, state = position(
        hands={0: ["rain-barrel", "water-canister"], 1: ["water-canister", "barricade", "solar-factory"]},
        achievements={0: ["protection-bunker"], 1: ["catch-basin"]},
    )
    game.apply(state, "play rain-barrel lower")
    game.apply(state, "endure")
    game.apply(state, "play water-canister lower")  # the second Hurricane this turn: blue has no hand
    assert state.boards[1].out
    assert state.over and state.winners == [] and game.result(state).draw  # no Biosphere 5 card in hand (2.2)


def test_2_4_the_player_chooses_which_achievements_to_sacrifice():
    game, state = position(
        hands={0: ["rain-barrel"], 1: ["barricade"]},
        achievements={0: ["protection-bunker"], 1: ["deep-well", "shack", "surveillance-technology"]},
    )
    game.apply(state, "play rain-barrel lower")  # Hurricane: Shack is makeshift housing -> discard 2
    game.apply(state, "endure")
    decision = game.decision(state)
    assert decision.seat == 1 and decision.kind == "sacrifice"
    assert legal(game, state) == {
        "sacrifice deep-well",
        "sacrifice shack",
        "sacrifice surveillance-technology",
    }
    game.apply(state, "sacrifice surveillance-technology")
    assert keys(game, state.boards[1].achievements) == ["deep-well", "shack"]
    assert keys(game, state.boards[1].discard) == ["barricade", "surveillance-technology"]


def test_2_4_hand_cards_are_discarded_one_by_one_by_choice():
    game, state = position(
        hands={
            0: ["rain-barrel"],
            1: ["barricade", "guard-dogs", "seed-vault", "peace-treaty", "black-market"],
        },
        achievements={0: ["protection-bunker"]},
    )
    game.apply(state, "play rain-barrel lower")
    game.apply(state, "endure")
    assert game.decision(state).kind == "discard"
    assert len(legal(game, state)) == 5
    game.apply(state, "discard guard-dogs")
    assert len(legal(game, state)) == 4 and "4 to go" not in game.decision(state).prompt


def test_2_4_not_enough_achievements_means_dropping_out():
    game, state = position(
        players=3,
        hands={
            0: ["rain-barrel"],
            1: ["barricade"],
            2: ["barricade", "guard-dogs", "seed-vault", "peace-treaty"],
        },
        achievements={0: ["protection-bunker"], 1: ["deep-well"]},
        order=[0, 1, 2],
    )
    game.apply(state, "play rain-barrel lower")
    game.apply(state, "endure")
    assert state.boards[1].out
    game.apply(state, "endure")
    assert not state.over
    # the catastrophe goes on to the next player: four cards, all discarded, no achievement needed
    assert state.boards[2].hand == [] and not state.boards[2].out
    assert game.decision(state).seat == 0 and state.move == 1
