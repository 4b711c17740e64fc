"""RESEARCH.md §2.6: Settle — paying, military, tactics, Colony Ship, Contact Specialist, bonus."""

from __future__ import annotations

from .position import give, kind, legal, select, table


def test_2_6_pay_cost_less_discounts_then_draw_the_settle_bonus() -> None:
    game, s = table(2)
    give(
        game,
        s,
        0,
        hand=["comet-zone", "gem-world", "rebel-miners", "spice-world"],
        tableau=["alpha-centauri"],
    )
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "consume-x2"), ("consume-trade", "consume-x2"))
    game.apply(s, "settle comet-zone")  # Rare world cost 3, Alpha Centauri -1: pay 2
    game.apply(s, "settle none")
    assert kind(game, s) == (0, "settle-pay")
    game.apply(s, "pay gem-world")
    game.apply(s, "pay spice-world")
    assert len(s.players[0].hand) == 2  # Rebel Miners + the Settle bonus card
    assert "comet-zone" in s.players[0].tableau


def test_2_6_military_world_needs_military_at_least_its_defence() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["rebel-warrior-race", "rebel-base"], tableau=["new-sparta"])
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "produce"), ("consume-trade", "produce"))
    options = legal(game, s)
    assert "settle rebel-warrior-race" not in options  # defence 3 > New Sparta's 2
    give(game, s, 0, hand=["rebel-warrior-race", "rebel-base"], tableau=["new-sparta", "expedition-force"])
    assert "settle rebel-warrior-race" in legal(game, s)  # 2 + 1
    game.apply(s, "settle rebel-warrior-race")
    game.apply(s, "settle none")
    p = s.players[0]
    assert "rebel-warrior-race" in p.goods  # a windfall world gets its good
    assert p.hand[0] == "rebel-base" and len(p.hand) == 2


def test_2_6_kind_military_alpha_centauri_against_rare_and_rebel_bonus() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["rebel-miners", "rebel-base"], tableau=["alpha-centauri", "galactic-imperium"])
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "produce"), ("consume-trade", "produce"))
    # Rebel Miners: Rare, Rebel, defence 2: Alpha Centauri +1 vs Rare, Galactic Imperium +4 vs Rebel
    # Rebel Base: Rebel, defence 6: only +4 -> not enough
    assert legal(game, s) == {"settle none", "settle rebel-miners"}


def test_2_6_colony_ship_and_contact_specialist_are_methods_to_choose() -> None:
    game, s = table(2)
    hand = ["rebel-outpost", "gem-world", "comet-zone", "spice-world", "artist-colony"]
    give(game, s, 0, hand=hand, tableau=["old-earth", "contact-specialist", "colony-ship"])
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "produce"), ("consume-trade", "produce"))
    game.apply(s, "settle rebel-outpost")  # defence 5, military -1: pay 5 - 1 = 4, or Colony Ship
    game.apply(s, "settle none")
    assert kind(game, s) == (0, "settle-method")
    assert legal(game, s) == {"method contact", "method colony-ship"}
    game.apply(s, "method colony-ship")
    p = s.players[0]
    assert "colony-ship" not in p.tableau and "colony-ship" in s.discard
    assert len(p.hand) == 5  # paid nothing, drew the bonus card


def test_2_6_colony_ship_does_not_place_alien_worlds() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["deserted-alien-outpost", "gem-world"], tableau=["old-earth", "colony-ship"])
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "produce"), ("consume-trade", "produce"))
    assert legal(game, s) == {"settle none", "settle gem-world"}


def test_2_6_new_military_tactics_is_discarded_for_three_military() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["pirate-world", "gem-world"], tableau=["old-earth", "new-military-tactics"])
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "produce"), ("consume-trade", "produce"))
    game.apply(s, "settle pirate-world")
    game.apply(s, "settle none")  # the only way is the tactics: resolved by the engine
    p = s.players[0]
    assert "pirate-world" in p.tableau and "new-military-tactics" not in p.tableau


def test_6_costs_and_military_are_shown_before_a_move_is_committed() -> None:
    game, s = table(2)
    hand = ["comet-zone", "rebel-miners", "space-marines"]
    give(game, s, 0, hand=hand, tableau=["alpha-centauri", "investment-credits"])
    costs = game.view(s, 0)["players"][0]["hand_costs"]
    assert costs["comet-zone"] == {"cost": 2}  # Rare world 3, Alpha Centauri -1
    assert costs["rebel-miners"] == {"defence": 2, "military": 1}  # +1 against Rare worlds only
    assert costs["space-marines"] == {"cost": 1}  # 2, Investment Credits -1
    assert "hand_costs" not in game.view(s, 1)["players"][0]
