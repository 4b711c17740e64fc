"""RESEARCH.md §2.4 Actions: one a turn; each action's cost and effect; pass and its protection."""

import pytest

from cardtable.core import IllegalAction

from .conftest import Table


def test_build_pays_grey_contacts_equal_to_distance_and_production_produces_at_once() -> None:
    t = Table(2)
    t.hand(0, "school", "gun-shop")
    t.supply(0, grey=1)
    assert t.can("build school") and not t.can("build gun-shop")  # distance 1 vs 3
    t.act("build school")
    # School: produces 1 worker when built, and its building bonus gives 1 more (RULES.md decision 1)
    assert t.p(0).supply == {"worker": 2}
    assert [site.key for site in t.p(0).sites] == ["school"] and t.p(0).hand == ["gun-shop"]
    assert t.decision.seat == 1, "one action a turn"


def test_build_feature_bonuses_vp_per_type_and_cache() -> None:
    t = Table(2)
    t.sites(0, "docks", "parking-lot")
    t.hand(0, "factory", "scrap-metal")
    t.supply(0, grey=3)
    t.act("build factory")
    assert t.p(0).vp == 3  # iron icons: Docks, Parking Lot, Factory itself
    t.act("pass")
    t.act("build scrap-metal")
    assert t.p(0).sites[-1].held == {"iron": 3}


def test_develop_with_brick_needs_a_shared_type_ruins_match_anything_token_ignores_types() -> None:
    t = Table(2)
    t.sites(0, "docks", "ruin:assassin")
    t.hand(0, "scrap-trader", "church")
    t.supply(0, brick=1)
    assert t.can("develop scrap-trader 1")  # both iron
    assert not t.can("develop church 1")  # no shared type
    assert t.can("develop church 2")  # a Ruin matches every type
    t.act("develop church 2")
    p = t.p(0)
    assert p.sites[1].key == "church" and not p.sites[1].ruin
    assert p.vp == 1 + 2  # +1 for developing, Church's building bonus 2 VP
    assert "assassin" in t.s.discard and not p.supply
    t.act("pass")
    t.supply(0, development=1)
    assert t.can("develop scrap-trader 2")  # the development token ignores types
    t.act("develop scrap-trader 2")
    assert p.sites[1].key == "scrap-trader" and p.vp == 4


def test_develop_returns_the_goods_lying_on_the_old_card() -> None:
    t = Table(2)
    t.sites(0, "brick-storage")
    t.p(0).sites[0].held = {"brick": 2}
    t.hand(0, "clay-pit")
    t.supply(0, ammo=1)
    t.act("develop clay-pit 1")  # the only legal payment is the ammo: a brick on the card being replaced
    # could pay too, so the player chooses
    assert t.decision.kind in ("pay", "action")
    if t.decision.kind == "pay":
        assert t.texts() == ["pay brick 1", "pay ammo"]
        t.act("pay ammo")
    assert t.p(0).supply.get("brick") == 2 and t.p(0).vp == 1


def test_deal_and_raze_from_hand() -> None:
    t = Table(2)
    t.hand(0, "gun-shop", "oil-rig")
    t.supply(0, blue=3, red=2)
    t.act("deal gun-shop")
    assert t.p(0).deals == ["gun-shop"] and t.p(0).supply == {"gun": 1, "red": 2}
    t.act("pass")
    t.act("raze oil-rig")
    assert t.p(0).supply == {"gun": 1, "fuel": 3} and "oil-rig" in t.s.discard


def test_raze_an_opponent_costs_3_4_5_by_class_and_leaves_a_ruin() -> None:
    t = Table(2)
    t.sites(1, "docks", "camp", "gun-shop")
    t.p(1).sites[1].held = {"worker": 2}
    t.supply(1)
    t.supply(0, red=4)
    assert t.can("attack b 1") and t.can("attack b 2") and not t.can("attack b 3")
    t.act("attack b 2")
    a, b = t.p(0), t.p(1)
    assert a.supply == {"worker": 2}  # Camp's spoils
    assert b.sites[1].ruin and b.sites[1].held == {}
    assert b.supply.get("worker") == 2 + 1  # the goods on the card and the deal good go to the owner
    assert not t.can("attack a 2") and "attack b 2" not in [str(x) for x in t.legal()]
    t.act("pass")
    assert not any(x.verb == "attack" and x.args[1] == 2 for x in t.legal()), "a Ruin cannot be razed"


def test_passing_protects_your_state() -> None:
    t = Table(2)
    t.turn(1)
    t.sites(1, "docks")
    t.supply(1, gun=1)
    t.sites(0, "thieves-caravan")
    t.supply(0, red=3, worker=5)
    t.turn(0)
    assert t.can("attack b 1") and t.can("open b 1") and t.can("use 1")
    t.turn(1)
    t.act("pass")  # B passes
    texts = t.texts()
    assert not any(x.startswith(("attack", "open")) for x in texts)
    assert "use 1" not in texts, "Thieves Caravan needs a non-passed opponent with a good"


def test_action_locations_once_or_twice_a_round() -> None:
    t = Table(2)
    t.sites(0, "archive", "bioweaponry")
    t.supply(0, worker=6, gun=2)
    t.act("use 1")
    t.act("pass")  # B
    t.act("use 1")
    assert not t.can("use 1"), "Archive is used twice a round"
    t.act("use 2")
    assert not t.can("use 2"), "Bioweaponry once"
    assert t.p(0).vp == 1 + 1 + 2


def test_faction_actions_once_a_round_each() -> None:
    t = Table(2)
    t.turn(1)
    t.hand(1, "docks")
    t.supply(1, brick=2, gun=1, fuel=1)
    t.act("faction grey")  # Appalachian: 1 brick + discard 1 card -> 2 grey; one card: discarded at once
    p = t.p(1)
    assert p.hand == [] and p.supply == {"brick": 1, "gun": 1, "fuel": 1, "grey": 2}
    t.act("pass")  # A
    assert not t.can("faction grey") and t.can("faction red") and t.can("faction blue")


def test_two_workers_for_a_basic_good_or_a_card() -> None:
    t = Table(2)
    t.supply(0, worker=3)
    hand = len(t.p(0).hand)
    assert [x for x in t.texts() if x.startswith("work")] == [
        "work fuel", "work gun", "work iron", "work brick", "work card",
    ]  # fmt: skip
    t.act("work card")
    assert len(t.p(0).hand) == hand + 1 and t.p(0).supply == {"worker": 1}


def test_open_production_of_another_player() -> None:
    t = Table(2)
    t.sites(1, "pub", "school")
    t.sites(0, "fuel-tank")
    t.supply(0, worker=2)
    t.supply(1, worker=1)
    texts = t.texts()
    assert "open b 1" in texts and "open b 2" not in texts and "open a 1" not in texts  # School is closed
    hand = len(t.p(0).hand)
    t.act("open b 1")
    assert len(t.p(0).hand) == hand + 1 and t.p(1).supply == {"worker": 2}
    t.act("pass")
    assert not t.can("open b 1"), "once a round"


def test_connection_cards_taken_for_two_workers_and_played_as_an_action() -> None:
    t = Table(2)
    deck = t.s.connection_decks["red"]
    deck.append(t.s.connection_up["red"])  # the face-up card back into its deck, Thugs face up instead
    deck.remove("thugs")
    t.s.connection_up["red"] = "thugs"
    t.supply(0, worker=2, gun=1)
    t.act("connect red")
    assert t.p(0).connections == ["thugs"] and not t.s.connection_up["red"]
    t.act("pass")
    t.act("play thugs")
    assert t.p(0).supply == {"red": 3} and t.s.connection_discards["red"] == ["thugs"]


def test_thieves_caravan_takes_a_good_of_your_choice() -> None:
    t = Table(3)
    t.sites(0, "thieves-caravan")
    t.supply(0, worker=2)
    t.supply(1, gun=1, iron=1)
    t.supply(2, fuel=1)
    t.act("use 1")
    assert t.decision.kind == "steal"
    assert t.texts() == ["steal b gun", "steal b iron", "steal c fuel"]
    t.act("steal c fuel")
    assert t.p(0).supply == {"fuel": 1} and t.p(2).supply == {}


def test_illegal_actions_change_nothing() -> None:
    t = Table(2)
    t.supply(0, grey=1)
    t.hand(0, "gun-shop")
    before = t.game.to_json(t.s)
    with pytest.raises(IllegalAction):
        t.act("build gun-shop")
    assert t.game.to_json(t.s) == before


def test_a_developed_location_is_a_new_card_with_its_own_uses() -> None:
    """RULES.md decision 12: developing over a used Action location gives a card not yet used."""
    t = Table(2)
    t.sites(0, "shipwreck")
    t.hand(0, "scrap-trader")
    t.supply(0, worker=1, iron=3, brick=1)
    t.act("use 1", "pass")  # Shipwreck: 1 worker + 1 iron -> 2 VP; B passes
    t.act("develop scrap-trader 1")
    assert t.p(0).sites[0].uses == 0 and t.can("use 1")


def test_no_steal_without_a_good_to_take() -> None:
    """RULES.md decision 5: Thieves Caravan is offered only while an opponent has a basic good."""
    t = Table(2)
    t.sites(0, "thieves-caravan")
    t.supply(0, worker=2)
    t.supply(1, worker=3, grey=1, ammo=1)
    assert not t.can("use 1")
    t.supply(1, brick=1)
    assert t.can("use 1")
