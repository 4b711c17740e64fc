"""2.5 Game versions with three or four players."""

from .position import legal, position

LEVEL_I = ["deep-well", "shack"]
LEVEL_II = ["surveillance-technology", "solar-factory"]


def test_2_5_three_players_espionage_sabotage_attack_only_to_the_left():
    game, state = position(
        players=3,
        hands={0: ["biosphere-5", "solar-factory"], 1: ["tent"], 2: ["tent", "barricade"]},
        achievements={0: LEVEL_I, 1: ["catch-basin"], 2: ["catch-basin"]},
        order=[0, 2, 1],
    )
    # seat 2 sits to the left of seat 0 (next in turn order)
    game.apply(state, "play biosphere-5 lower")
    assert state.boards[2].achievements == [] and state.boards[1].achievements != []
    game.apply(state, "play solar-factory lower")
    decision = game.decision(state)
    assert decision.kind == "force" and game.view(state, 0)["revealed"]["seat"] == 2


def test_2_5_three_players_attack_not_possible_when_the_left_player_has_no_achievements():
    game, state = position(players=3, hands={0: ["biosphere-5"]}, achievements={2: ["catch-basin"]})
    assert "play biosphere-5 lower" not in legal(game, state)  # seat 1 is to the left, without achievements


def test_2_5_three_players_catastrophes_affect_everyone():
    five = ["tent", "barricade", "guard-dogs", "seed-vault", "peace-treaty"]
    game, state = position(players=3, hands={0: ["shack"], 1: five, 2: five}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")
    seats = set()
    while game.decision(state).kind in ("respond", "discard"):
        seats.add(game.decision(state).seat)
        game.apply(state, game.legal_actions(state)[0])
    assert seats == {1, 2}


def test_2_5_three_players_last_remaining_player_wins_if_not_his_turn():
    game, state = position(
        players=3,
        hands={0: ["shack"], 1: [], 2: []},
        achievements={0: ["catch-basin"], 1: [], 2: ["deep-well"]},
        order=[0, 1, 2],
    )
    state.boards[1].out = True
    game.apply(state, "play shack lower")  # seat 2 protected; seat 0 (makeshift) must discard 2: out
    assert state.boards[0].out and state.over
    assert game.result(state).winners == (2,)


def test_2_5_three_players_in_his_own_turn_he_wins_only_with_the_biosphere_card():
    for hand, winners in ((["shack", "biosphere-5"], (0,)), (["shack", "tent"], ())):
        game, state = position(players=3, hands={0: hand}, achievements={0: ["deep-well"]}, order=[0, 1, 2])
        state.boards[1].out = True
        game.apply(state, "play shack lower")  # seat 2 has nothing: out
        assert state.over and game.result(state).winners == winners


def test_2_5_four_players_teams_share_the_win():
    five = ["tent", "shack", "barricade", "guard-dogs", "seed-vault"]
    game, state = position(
        players=4,
        hands={0: ["biosphere-5", *five]},
        achievements={0: ["reforestation", "barter-circle"]},
        order=[0, 1, 3, 2],
    )
    game.apply(state, "play biosphere-5 upper")
    result = game.result(state)
    assert result.winners == (0, 2) and result.scores == (1.0, -1.0, 1.0, -1.0)


def test_2_5_four_players_espionage_only_against_the_other_team():
    game, state = position(
        players=4, hands={0: ["solar-factory"]}, achievements={0: LEVEL_I}, order=[0, 1, 3, 2]
    )
    game.apply(state, "play solar-factory lower")
    assert game.decision(state).kind == "target"
    assert legal(game, state) == {"target 1", "target 3"}


def test_2_5_four_players_team_eliminated_in_its_own_turn_loses():
    game, state = position(
        players=4,
        hands={0: ["shack"]},
        achievements={0: ["catch-basin"], 1: ["deep-well"], 3: ["deep-well"]},
        order=[0, 1, 3, 2],
    )
    state.boards[2].out = True
    game.apply(state, "play shack lower")  # only seat 0 is hurt: makeshift, no cards -> out
    assert state.over and game.result(state).winners == (1, 3)


def test_2_5_four_players_draw_when_the_remaining_team_has_no_biosphere_card_in_its_turn():
    game, state = position(
        players=4, hands={0: ["shack", "tent"]}, achievements={0: ["deep-well"]}, order=[0, 1, 3, 2]
    )
    game.apply(state, "play shack lower")  # seats 1 and 3 have nothing: both out, seat 2 loses cards too
    assert state.over and game.result(state).draw
