"""4.3 Machine tactics: the hierarchy, in its order."""

from cardtable.core import texts

from .position import keys, legal
from .solo_position import cube_keys, machine_position, machine_turn

LEVEL_III = ["nature", "community"]
TOP_CUBES = ["deep-well", "protection-bunker", "surveillance-technology", "solar-factory", "window-garden"]


def test_4_3_biosphere_5_with_both_level_iii_achievements_and_level_5_wins():
    game, state = machine_position(
        level=6, cubes=[*TOP_CUBES, "barter-circle"], machine_top=["biosphere-5", "shack", "tent"]
    )
    machine_turn(game, state)
    assert state.over and state.winners == [1]
    assert "Machine plays Biosphere 5 at level 6" in texts(state.events)


def test_4_3_no_biosphere_5_below_level_5():
    game, state = machine_position(
        level=4, cubes=[*TOP_CUBES, "barter-circle"], machine_top=["biosphere-5", "shack", "tent"]
    )
    machine_turn(game, state)
    assert not state.over
    assert game.cards.key(state.machine.kept) == "biosphere-5"  # set aside
    assert state.machine.level == 6  # ... and the level rises by two, turn over


def test_4_3_attack_when_the_opponent_has_more_achievements_on_the_highest_value():
    game, state = machine_position(
        level=2,
        achievements=["shack", "deep-well", "barricade"],
        cubes=["catch-basin"],
        machine_top=["biosphere-5", "solar-factory"],
    )
    machine_turn(game, state)
    # Barricade (makeshift security) outranks Deep Well (perfect water)? No: perfect ranks first (4.4)
    assert keys(game, state.boards[0].achievements) == ["barricade", "shack"]
    assert any("Attack on the highest-valued achievement, Deep Well" in e for e in texts(state.events))
    assert "biosphere-5" in keys(game, state.boards[1].discard)
    assert state.machine.kept == -1 and state.machine.level == 2


def test_4_3_the_card_set_aside_is_checked_first_next_turn_and_then_it_is_the_whole_turn():
    game, state = machine_position(
        level=2, achievements=["shack", "deep-well"], kept="biosphere-5", machine_top=["catch-basin"]
    )
    machine_turn(game, state)
    assert keys(game, state.boards[0].achievements) == ["shack"]
    assert not any("reveals" in e for e in texts(state.events))  # no other move allowed
    assert state.machine.kept == -1


def test_4_3_the_card_set_aside_stays_while_unusable_and_the_machine_plays_normally():
    game, state = machine_position(level=2, kept="biosphere-5", machine_top=["shack", "tent"])
    machine_turn(game, state)
    assert cube_keys(game, state) == ["shack"]
    assert game.cards.key(state.machine.kept) == "biosphere-5"


def test_4_3_the_card_set_aside_is_discarded_when_the_level_reaches_zero():
    game, state = machine_position(
        level=1,
        kept="biosphere-5",
        hand=["surveillance-technology"],
        achievements=["deep-well", "protection-bunker"],
    )
    game.apply(state, "play surveillance-technology lower")  # Espionage against the Machine (4.7)
    # one card unveiled at level 1: discarding it is no choice, so it happens at once
    assert state.machine.level == 0 and state.machine.kept == -1
    assert "biosphere-5" in keys(game, state.boards[1].discard)


def test_4_3_the_highest_valued_playable_achievement_is_built():
    # Shack (makeshift housing), Deep Well (perfect water), Barricade (level II: closed)
    game, state = machine_position(level=4, machine_top=["shack", "deep-well", "barricade"])
    machine_turn(game, state)
    assert cube_keys(game, state) == ["deep-well"]
    assert any("a green cube" in e for e in texts(state.events))
    game, state = machine_position(level=4, cubes=["deep-well"], machine_top=["shack", "tent", "seed-vault"])
    machine_turn(game, state)
    assert cube_keys(game, state) == ["deep-well", "shack"]
    assert any("a yellow cube" in e for e in texts(state.events))
    assert state.machine.level == 4  # playing does not change the level


def test_4_3_an_achievement_comes_before_sabotage_espionage_and_new_hope():
    level_ii = ["protection-bunker", "catch-basin"]
    game, state = machine_position(
        level=6,
        cubes=[*level_ii, "barricade", "scrap-workshop"],
        machine_top=["reforestation", "surveillance-technology", "deep-well", "window-garden"],
    )
    machine_turn(game, state)
    assert "reforestation" in cube_keys(game, state)  # perfect nature beats every other option


def test_4_3_sabotage_before_espionage_before_new_hope():
    cubes = [
        "protection-bunker",
        "catch-basin",
        "barricade",
        "scrap-workshop",
        "window-garden",
        "barter-circle",
    ]
    hand = ["tent", "barricade", "guard-dogs", "seed-vault"]
    game, state = machine_position(
        level=6,
        cubes=cubes,
        hand=hand,
        machine_top=["deep-well", "surveillance-technology", "reforestation", "tent"],
    )
    machine_turn(game, state)
    assert any("(Sabotage)" in e for e in texts(state.events))
    assert len(state.boards[0].hand) == 1
    game, state = machine_position(
        level=6, cubes=cubes, hand=hand, machine_top=["deep-well", "surveillance-technology", "tent"]
    )
    machine_turn(game, state)
    assert any("(Espionage)" in e for e in texts(state.events))


def test_4_3_machine_espionage_takes_the_card_of_the_highest_level():
    cubes = ["protection-bunker", "catch-basin", "barricade", "scrap-workshop"]  # security built: Espionage
    game, state = machine_position(
        level=4,
        cubes=cubes,
        hand=["tent", "reforestation", "barricade"],
        machine_top=["surveillance-technology", "seed-vault"],
    )
    machine_turn(game, state)
    # Reforestation is level III, the only card of the highest level; the human is asked all the same,
    # so that the question tells nobody whether the hand held a choice (2.1)
    assert legal(game, state) == {"discard reforestation"}
    game.apply(state, "discard reforestation")
    assert keys(game, state.boards[0].hand) == ["barricade", "tent"]
    # two cards of the same highest level: the human chooses which
    game, state = machine_position(
        level=4,
        cubes=cubes,
        hand=["tent", "window-garden", "reforestation"],
        machine_top=["surveillance-technology", "seed-vault"],
    )
    machine_turn(game, state)
    assert {str(a) for a in game.legal_actions(state)} == {"discard reforestation", "discard window-garden"}
    assert game.decision(state).kind == "surrender"


def test_4_3_machine_espionage_on_an_empty_hand_costs_an_achievement():
    cubes = ["protection-bunker", "catch-basin", "barricade", "scrap-workshop"]
    game, state = machine_position(
        level=4, cubes=cubes, achievements=["shack"], machine_top=["surveillance-technology", "seed-vault"]
    )
    machine_turn(game, state)
    assert "{A} sacrifices the achievement Shack" in texts(state.events) and not state.over
    game, state = machine_position(
        level=4, cubes=cubes, machine_top=["surveillance-technology", "seed-vault"]
    )
    machine_turn(game, state)
    assert state.over and state.winners == [1]  # nothing to make up with: the Machine wins (4.3)


def test_4_3_new_hope_raises_the_level_by_two_and_reveals_three_more():
    game, state = machine_position(
        level=2, machine_top=["deep-well", "seed-vault", "tent", "herbal-remedies", "peace-treaty"]
    )
    game.check_invariants(state)
    state.boards[1].achievements.append(game.cards.index["catch-basin"])  # water built: Deep Well is New Hope
    machine_turn(game, state)
    assert "the Machine's hand card level goes from 2 to 4 (New Hope)" in texts(state.events)
    assert any(e.startswith("Machine reveals 3 cards more (New Hope)") for e in texts(state.events))
    # Tent (housing rescue) could not be built: nothing more to play
    assert state.machine.level == 4


def test_4_3_a_second_new_hope_is_not_chosen_after_new_hope():
    game, state = machine_position(
        level=2,
        cubes=["catch-basin", "shack"],
        machine_top=["deep-well", "seed-vault", "protection-bunker", "herbal-remedies", "peace-treaty"],
    )
    machine_turn(game, state)
    assert sum("(New Hope)" in e and "plays" in e for e in texts(state.events)) == 1
    assert state.machine.level == 4


def test_4_3_catastrophe_when_the_machine_is_better_protected():
    # Drought (water): Machine has a makeshift water achievement, the human none
    game, state = machine_position(
        level=2, cubes=["catch-basin"], hand=["barricade", "guard-dogs"], machine_top=["tent", "seed-vault"]
    )
    machine_turn(game, state)
    assert any("(Drought), being better protected" in e for e in texts(state.events))


def test_4_3_no_catastrophe_when_equally_protected_and_not_more_hand_cards():
    hand = ["barricade", "guard-dogs", "seed-vault"]
    game, state = machine_position(
        level=2,
        cubes=["catch-basin"],
        achievements=["catch-basin"],
        hand=hand,
        machine_top=["tent", "seed-vault"],
    )
    machine_turn(game, state)
    assert not any("Drought" in e for e in texts(state.events))
    assert state.machine.level == 4  # nothing fits: level +2
    # both makeshift, and the Machine holds more hand cards (level 4 > 3): it plays the catastrophe
    game, state = machine_position(
        level=4,
        cubes=["catch-basin"],
        achievements=["catch-basin"],
        hand=hand,
        machine_top=["tent", "seed-vault", "herbal-remedies"],
    )
    machine_turn(game, state)
    assert (
        "Machine plays Tent (Drought), both protected by makeshift achievements, 4 hand cards against 3"
        in (texts(state.events))
    )


def test_4_3_no_catastrophe_when_both_perfect():
    game, state = machine_position(
        level=4,
        cubes=["deep-well"],
        achievements=["deep-well"],
        hand=["tent"],
        machine_top=["tent", "seed-vault", "herbal-remedies"],
    )
    machine_turn(game, state)
    assert not any("Drought" in e for e in texts(state.events))


def test_4_3_otherwise_the_level_rises_by_two_up_to_eight():
    game, state = machine_position(
        level=7, machine_top=["seed-vault", "herbal-remedies", "peace-treaty", "campfire-stories"]
    )
    machine_turn(game, state)
    assert state.machine.level == 8
    assert "the Machine's hand card level goes from 7 to 8 (nothing to play)" in texts(state.events)
