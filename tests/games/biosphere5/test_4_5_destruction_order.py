"""4.5 Sequence of achievements to be destroyed: yellow (makeshift) cubes, lowest value first, then green."""

from .solo_position import cube_keys, machine_position


def test_4_5_missing_hand_cards_destroy_the_lowest_makeshift_cubes_first():
    cubes = ["deep-well", "shack", "barricade", "window-garden"]
    game, state = machine_position(level=1, cubes=cubes)
    game.machine_lose(state, 3, "test")
    assert state.machine.level == 0
    assert cube_keys(game, state) == ["deep-well", "window-garden"]  # Shack, then Barricade went


def test_4_5_green_cubes_go_only_when_there_are_not_enough_yellow_ones():
    cubes = ["deep-well", "surveillance-technology", "shack"]
    game, state = machine_position(level=0, cubes=cubes)
    game.machine_lose(state, 2, "test")
    assert cube_keys(game, state) == ["surveillance-technology"]  # Shack, then the lowest green: water


def test_4_5_a_machine_without_enough_cubes_drops_out_and_the_human_wins_in_its_own_turn():
    game, state = machine_position(level=0, cubes=["shack"], hand=["deep-well"])
    game.machine_lose(state, 2, "test")
    assert state.boards[1].out
    # during the human's turn the human wins only with the Biosphere 5 card in hand (2.2): else a draw
    assert state.over and state.winners == [] and game.result(state).draw
    game, state = machine_position(level=0, hand=["biosphere-5"])
    game.machine_lose(state, 1, "test")
    assert state.over and state.winners == [0]
