"""4.7 Playing cards against the Machine: Espionage and Sabotage work on its draw pile and level;
Attack destroys one of its cubes."""

from .position import keys, legal
from .solo_position import cube_keys, machine_position

OPEN_II = ["protection-bunker", "catch-basin"]  # the human's level I is complete: Espionage is open


def test_4_7_espionage_unveils_as_many_cards_as_the_level_and_the_human_discards_one():
    top = ["shack", "tent", "barricade", "seed-vault", "peace-treaty"]
    game, state = machine_position(level=3, hand=["solar-factory"], achievements=OPEN_II, machine_top=top)
    game.apply(state, "play solar-factory lower")
    assert game.decision(state).kind == "unveil" and game.decision(state).seat == 0
    assert legal(game, state) == {"force shack", "force tent", "force barricade"}
    assert game.view(state, 0)["machine"]["unveiled"] == ["barricade", "shack", "tent"]
    game.apply(state, "force barricade")
    machine = state.boards[1]
    assert keys(game, machine.discard) == ["barricade"]
    assert len(machine.pile) == 24 and state.machine.unveiled == []  # the rest went back, shuffled
    assert state.machine.level == 2


def test_4_7_sabotage_discards_the_three_top_cards_and_lowers_the_level_by_three():
    top = ["shack", "tent", "barricade", "seed-vault"]
    game, state = machine_position(
        level=5,
        hand=["reforestation"],
        achievements=[*OPEN_II, "barricade", "scrap-workshop"],
        machine_top=top,
    )
    game.apply(state, "play reforestation lower")
    assert keys(game, state.boards[1].discard) == ["barricade", "shack", "tent"]
    assert state.machine.level == 2


def test_4_7_a_level_too_low_is_made_up_with_cubes():
    game, state = machine_position(
        level=1,
        cubes=["shack", "deep-well"],
        hand=["reforestation"],
        achievements=[*OPEN_II, "barricade", "scrap-workshop"],
    )
    game.apply(state, "play reforestation lower")
    assert state.machine.level == 0 and cube_keys(game, state) == []


def test_4_7_attack_destroys_the_cube_the_human_chooses():
    game, state = machine_position(level=2, cubes=["shack", "deep-well"], hand=["biosphere-5"])
    game.apply(state, "play biosphere-5 lower")
    assert legal(game, state) == {"destroy deep-well", "destroy shack"}
    game.apply(state, "destroy deep-well")
    assert cube_keys(game, state) == ["shack"]
    assert "deep-well" not in keys(game, state.boards[1].discard)  # a cube is no card
    game.check_invariants(state)


def test_4_7_attack_needs_a_cube_to_destroy():
    game, state = machine_position(level=2, hand=["biosphere-5"])
    assert "play biosphere-5 lower" not in legal(game, state)
