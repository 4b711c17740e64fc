"""Section 4's worked examples, rebuilt from the positions the rulebook describes."""

from cardtable.core import texts

from .position import keys, legal
from .solo_position import cube_keys, loaded_rng, machine_position, machine_turn


def test_4_example_3_the_machine_playing_new_hope():
    """Example #3 (fig. 29): level 8, five cards revealed; two level III cards cannot be played (C); no
    achievement fits the cubes (D); New Hope (E) is played without raising the level beyond 8; three more
    cards (F) cannot be played; of Drought (G) and Impoverishment (H), Impoverishment has the higher value."""
    cubes = ["deep-well", "shack", "scrap-workshop"]  # green water, yellow housing, yellow production
    first = ["reforestation", "council-of-clans", "protection-bunker", "tent", "guard-dogs"]
    more = ["seed-vault", "herbal-remedies", "peace-treaty"]
    hand = ["barricade", "window-garden", "barter-circle", "campfire-stories", "solar-factory"]
    game, state = machine_position(level=8, cubes=cubes, hand=hand, machine_top=first + more)
    machine_turn(game, state)
    events = texts(state.events)
    assert events[0] == (
        "Machine reveals 5 cards at level 8: "
        "Reforestation, Council of Clans, Protection Bunker, Tent, Guard Dogs"
    )
    assert events[1] == "Machine plays Protection Bunker (New Hope)"
    assert events[2] == "the Machine's hand card level goes from 8 to 8 (New Hope)"
    assert events[3] == "Machine reveals 3 cards more (New Hope): Seed Vault, Herbal Remedies, Peace Treaty"
    assert events[4] == "Machine plays Guard Dogs (Impoverishment), being better protected"
    # the human is hit first, holds no rescue card against it and chooses four cards to discard
    decision = game.decision(state)
    assert decision.seat == 0 and decision.kind == "respond" and legal(game, state) == {"endure"}
    game.apply(state, "endure")
    decision = game.decision(state)
    assert decision.seat == 0 and decision.kind == "discard" and "4 to go" in decision.prompt
    assert cube_keys(game, state) == ["deep-well", "scrap-workshop", "shack"]


def test_4_example_4_the_human_plays_hurricane_twice():
    """Example #4 (fig. 30): the Machine, level 2 with only the makeshift Shack against Hurricane and the
    Biosphere 5/Attack card set aside. First Hurricane: two dice, one fits: one hand card lost. Second
    Hurricane: no dice; two cards due, one left: the Shack (lowest value) is destroyed; level 0, so the
    Biosphere 5/Attack card is discarded as well."""
    game, state = machine_position(
        level=2,
        cubes=["shack", "deep-well"],
        kept="biosphere-5",
        hand=["catch-basin", "water-canister"],
        achievements=["protection-bunker"],
    )
    state.rng = loaded_rng(game, 2, lambda faces: faces.count("housing") == 1)
    game.apply(state, "play catch-basin lower")  # first Hurricane (A)
    assert any(
        e.startswith("Machine rolls 2 dice against Hurricane") and "a fitting rescue" in e
        for e in texts(state.events)
    )
    assert state.machine.level == 1 and cube_keys(game, state) == ["deep-well", "shack"]
    game.apply(state, "play water-canister lower")  # second Hurricane (E)
    assert "Machine may not roll for rescue cards: second catastrophe this round" in texts(state.events)
    second = texts(state.events)[
        texts(state.events).index("Machine may not roll for rescue cards: second catastrophe this round") :
    ]
    assert second[1:4] == [
        "the Machine loses 2 hand cards (Hurricane): its hand card level goes from 1 to 0",
        "Machine discards Biosphere 5/Attack: its level is 0",
        "Machine loses its makeshift housing cube (Shack)",  # the lowest value goes (4.5)
    ]
    assert cube_keys(game, state) == ["deep-well"]
    assert state.machine.kept == -1 and "biosphere-5" in keys(game, state.boards[1].discard)
    # the human's turn is over; the Machine then played its own turn from level 0
    assert "Machine reveals 0 cards at level 0: nothing" in texts(state.events) and not state.over
