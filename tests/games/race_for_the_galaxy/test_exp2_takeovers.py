"""RULES.md "Level 2: Rebel vs Imperium", RVI-6 .. RVI-13: takeovers declared, defended and resolved."""

from __future__ import annotations

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, takeover
from cardtable.games.race_for_the_galaxy.state import RftgState

from .position import give, kind, legal, select, table

ATTACKER = ["imperium-warlord", "imperium-cloaking-technology", "space-marines", "drop-ships"]


def test_rvi_6_a_player_who_placed_nothing_declares_a_takeover_and_wins_ties() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=["artist-colony"], tableau=["epsilon-eridani", "rebel-outpost"])
    give(game, s, 0, hand=["gem-world"], tableau=ATTACKER, goods={})
    s.players[1].goods = {}
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    assert kind(game, s) == (0, "takeover")
    assert legal(game, s) == {"takeover none", "takeover rebel-outpost imperium-cloaking-technology"}
    game.apply(s, "takeover rebel-outpost imperium-cloaking-technology")
    a, b = s.players
    # 7 military against Rebel Outpost (Imperium Warlord +1 and +1 against Rebel, Space Marines +2, Drop
    # Ships +3) against B's 2 and the world's defence 5: a tie, which the attacker wins
    assert a.tableau[-1] == "rebel-outpost" and "rebel-outpost" not in b.tableau
    assert "imperium-cloaking-technology" in s.discard  # the power discards its card
    assert len(a.hand) == 2  # it counts as placing a world: the Settle bonus card


def test_rvi_7_imperium_cloaking_technology_targets_only_a_player_with_positive_military() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, tableau=["old-earth", "rebel-outpost", "contact-specialist", "doomed-world"])
    give(game, s, 0, tableau=ATTACKER)
    # Old Earth and Rebel Outpost +1, Contact Specialist -1: B's total military is 0
    assert takeover.targets(game.catalog, s, 0) == []
    give(game, s, 1, tableau=["old-earth", "rebel-outpost"])
    assert takeover.targets(game.catalog, s, 0) == [("rebel-outpost", "imperium-cloaking-technology")]


def test_rvi_7_imperium_seat_targets_rebel_military_worlds() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, tableau=["old-earth", "rebel-outpost", "pirate-world"])
    give(game, s, 0, tableau=["imperium-warlord", "imperium-seat", "space-marines", "drop-ships"])
    targets = takeover.targets(game.catalog, s, 0)
    assert targets == [("rebel-outpost", "imperium-seat")]  # Pirate World is no Rebel world


def test_rvi_8_a_world_placed_this_phase_cannot_be_taken_over() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=["rebel-outpost", "gem-world"], tableau=["new-sparta", "drop-ships"])
    give(game, s, 0, hand=["artist-colony"], tableau=ATTACKER)
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle rebel-outpost")  # 5 military: New Sparta +2, Drop Ships +3
    assert "rebel-outpost" in s.players[1].tableau
    assert s.phase != "settle" or kind(game, s)[1] != "takeover"  # no target: not asked


def declared_takeover() -> tuple[RaceForTheGalaxy, RftgState]:
    """A has declared a takeover of B's Rebel Outpost (8 military against 8); B may defend."""
    game, s = table(2, expansion=2)
    give(
        game,
        s,
        1,
        hand=["artist-colony", "spice-world"],
        tableau=["epsilon-eridani", "rebel-outpost", "space-mercenaries"],
    )
    give(game, s, 0, hand=["gem-world"], tableau=[*ATTACKER, "expedition-force"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    game.apply(s, "takeover rebel-outpost imperium-cloaking-technology")
    return game, s


def test_rvi_11_the_defender_adds_military_and_the_takeover_fails() -> None:
    game, s = declared_takeover()
    assert kind(game, s) == (1, "defend")  # 8 against 8: B may add up to 2 cards
    assert legal(game, s) == {"done", "military artist-colony", "military spice-world"}
    game.apply(s, "military artist-colony")
    game.apply(s, "done")
    assert "rebel-outpost" in s.players[1].tableau and "rebel-outpost" not in s.players[0].tableau
    assert s.players[1].hand == ["spice-world"]
    assert "The takeover of Rebel Outpost fails." in s.log


def test_rvi_11_the_defender_is_not_asked_when_it_cannot_turn_the_result() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani", "rebel-outpost", "space-mercenaries"])
    give(game, s, 0, hand=["gem-world"], tableau=[*ATTACKER, "expedition-force"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    game.apply(s, "takeover rebel-outpost imperium-cloaking-technology")
    assert "rebel-outpost" in s.players[0].tableau  # no card to add: decided at once


def test_rvi_12_the_world_moves_with_its_good() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani", "rebel-warrior-race"])
    give(game, s, 0, hand=["gem-world"], tableau=ATTACKER)
    good = s.deck[0]
    s.deck.remove(good)
    s.players[1].goods = {"rebel-warrior-race": good}
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in ("develop none", "develop none", "settle none", "settle none"):
        game.apply(s, action)
    game.apply(s, "takeover rebel-warrior-race imperium-cloaking-technology")
    assert s.players[0].tableau[-1] == "rebel-warrior-race"
    assert s.players[0].goods == {"rebel-warrior-race": good} and s.players[1].goods == {}


def test_rvi_13_with_takeovers_off_nobody_is_asked() -> None:
    game, s = table(2, expansion=2, takeovers=False)
    give(game, s, 1, hand=["artist-colony"], tableau=["epsilon-eridani", "rebel-outpost"])
    give(game, s, 0, hand=["gem-world"], tableau=ATTACKER)
    assert takeover.targets(game.catalog, s, 0) == []
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    assert "rebel-outpost" in s.players[1].tableau and s.phase != "settle"
