"""4.6 Checking for rescue cards: dice as many as the level; a fitting face saves all but one hand card;
no dice for a second catastrophe in the same round."""

from cardtable.core import texts
from cardtable.games.biosphere5.machine import machine_data

from .solo_position import cube_keys, loaded_rng, machine_position, machine_turn


def test_4_6_the_die_is_data_with_one_face_per_problem_area():
    die = machine_data().die
    assert sorted(die.faces) == sorted(["water", "housing", "security", "production", "nature", "community"])
    assert die.source.startswith("reconstructed")


def _hurricane(level, cubes=("shack",)):
    # the human is perfectly protected (Protection Bunker) and plays Hurricane (Catch Basin, lower)
    return machine_position(
        level=level,
        cubes=list(cubes),
        hand=["catch-basin", "water-canister"],
        achievements=["protection-bunker"],
    )


def test_4_6_a_fitting_die_means_one_hand_card_lost_only():
    game, state = _hurricane(level=3)
    state.rng = loaded_rng(game, 3, lambda faces: "housing" in faces)
    game.apply(state, "play catch-basin lower")
    assert any(
        e.startswith("Machine rolls 3 dice against Hurricane") and "a fitting rescue" in e
        for e in texts(state.events)
    )
    assert state.machine.level == 2  # makeshift would cost two; the rescue costs one


def test_4_6_no_fitting_die_means_the_full_loss():
    game, state = _hurricane(level=3)
    state.rng = loaded_rng(game, 3, lambda faces: "housing" not in faces)
    game.apply(state, "play catch-basin lower")
    assert any("(no rescue)" in e for e in texts(state.events))
    assert state.machine.level == 1  # makeshift Shack: two hand cards


def test_4_6_as_many_dice_as_the_level_and_none_at_level_zero():
    game, state = _hurricane(level=5)
    game.apply(state, "play catch-basin lower")
    assert any(e.startswith("Machine rolls 5 dice") for e in texts(state.events))
    game, state = _hurricane(level=0, cubes=["shack", "deep-well", "surveillance-technology"])
    game.apply(state, "play catch-basin lower")
    assert not any("rolls" in e for e in texts(state.events))
    # level 0 and a makeshift Shack: two hand cards missing, two cubes lost in the order of 4.5
    assert cube_keys(game, state) == ["surveillance-technology"]


def test_4_6_no_dice_for_a_second_catastrophe_in_the_same_round():
    game, state = _hurricane(level=6)
    game.apply(state, "play catch-basin lower")
    game.apply(state, "play water-canister lower")
    rolls = [e for e in texts(state.events) if "rolls" in e]
    assert len(rolls) == 1
    assert "Machine may not roll for rescue cards: second catastrophe this round" in texts(state.events)


def test_4_6_the_machine_rolls_for_its_own_catastrophe_too():
    hand = ["barricade", "guard-dogs", "seed-vault", "peace-treaty", "tent"]
    game, state = machine_position(
        level=2, cubes=["catch-basin"], hand=hand, machine_top=["tent", "seed-vault"]
    )
    machine_turn(game, state)  # Drought (Tent, lower): the Machine is better protected against it
    game.apply(state, "endure")
    for card in hand[:4]:
        game.apply(state, f"discard {card}")  # the human is hit first ...
    assert any(
        e.startswith("Machine rolls 2 dice against Drought") for e in texts(state.events)
    )  # ... then the Machine


def test_4_6_a_new_round_allows_dice_again():
    game, state = _hurricane(level=6)
    game.apply(state, "play catch-basin lower")
    machine_turn(game, state)  # the Machine's turn starts the next round
    assert game.decision(state).seat == 0 and state.move == 0
    game.apply(state, "play water-canister lower")
    assert sum("rolls" in e for e in texts(state.events)) == 2
