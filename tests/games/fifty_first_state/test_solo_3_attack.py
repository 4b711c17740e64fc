"""Solo rules, the virtual player's attack: reveal the top card onto the attack pile; raze your location
sharing the most Location Types with it, with tie-breakers 1-7 in order; 2 VP to it, the deal good to
you, the location a Ruin; a defence token is discarded instead. RESEARCH.md §4.1, §4.2 items 1-5, §4.4."""

import copy

from cardtable.core import Rng
from cardtable.games.fifty_first_state.virtual_player import choose_target

from .conftest import SoloTable


def _attack(t: SoloTable, card: str) -> str:
    """Your action (2 workers for a fuel), then the virtual player's attack with `card`: its line."""
    return _attack_why(t, card)[0]


def _attack_why(t: SoloTable, card: str) -> tuple[str, str]:
    """`_attack`'s line, and why the attack chose the location it hit (the tie-breakers that decided,
    in words: the log tells what happened, the rules tell why)."""
    t.quiet()
    t.top(card)
    t.supply(0, worker=2)
    why = choose_target(t.cat, copy.deepcopy(t.s), card).why  # the same state and Rng as the attack's
    lines = t.step("work fuel")
    assert len(lines) == 2 and lines[0].startswith("A exchanges workers")
    assert t.s.virtual.attacks == 1
    return lines[1], why


def _kept(t: SoloTable) -> list[str]:
    return [f"ruin:{s.key}" if s.ruin else s.key for s in t.you.sites]


def test_the_most_shared_types_gun_shop_before_arena() -> None:
    t = SoloTable()
    t.sites(0, "arena", "gun-shop")
    line, why = _attack_why(t, "bioweaponry")  # gun + vp: Gun Shop shares both, Arena only gun
    assert line == (
        "The virtual player attacks (1 of 3 this round): it reveals Bioweaponry (gun, vp): "
        "it razes Gun Shop at 2, 2 VP (2 in all); A gains 1 gun; the location is a Ruin."
    )
    assert why == "the most shared types: 2 against 1"
    assert _kept(t) == ["arena", "ruin:gun-shop"]
    assert t.vip.vp == 2 and t.vip.supply == {} and t.you.supply == {"fuel": 1, "gun": 1}
    assert t.s.virtual.pile == ["bioweaponry"]
    t.game.check_invariants(t.s)


def test_no_shared_type_the_attack_fails_but_counts() -> None:
    t = SoloTable()
    t.sites(0, "church", "camp")
    line = _attack(t, "docks")
    assert line.endswith(
        "it reveals Docks (iron, ammo); none of A's locations shares a type with it: the attack fails."
    )
    assert _kept(t) == ["church", "camp"] and t.vip.vp == 0
    assert t.s.virtual.attacks == 1 and t.s.virtual.pile == ["docks"]


def test_ruins_are_never_attacked() -> None:
    t = SoloTable()
    t.sites(0, "ruin:arena", "church")
    line = _attack(t, "assassin")
    assert "the attack fails" in line and _kept(t) == ["ruin:arena", "church"] and t.vip.vp == 0


def test_the_only_match_and_the_goods_lying_on_it_go_back_to_you() -> None:
    t = SoloTable()
    t.sites(0, "church", "scrap-metal")
    t.you.sites[1].held = {"iron": 3}  # Scrap Metal's cache
    line, why = _attack_why(t, "docks")
    assert "it razes Scrap Metal at 2" in line and why == "the only location sharing a type"
    assert "A gains 4 iron" in line and t.you.supply.get("iron") == 4 and t.you.sites[1].held == {}


def test_tie_breaker_1_the_greater_distance() -> None:
    t = SoloTable()
    t.sites(0, "assassin", "arena")
    line, why = _attack_why(t, "city-guards")
    assert "it razes Arena at 2" in line
    assert why == (
        "tied on 1 shared type with Assassin at 1, Arena at 2; "
        "tie-breaker 1, the greater distance: 2 against 1"
    )
    assert _kept(t) == ["assassin", "ruin:arena"]


def test_tie_breaker_2_an_unused_action_before_a_used_one() -> None:
    t = SoloTable()
    t.sites(0, "shadow", "weapon-trader")
    t.you.sites[0].uses = 1  # Shadow may be used twice a round: used once counts as used (S3)
    why = _attack_why(t, "bioweaponry")[1]
    assert "tie-breaker 2, an unused Action before a used Action" in why
    assert _kept(t) == ["shadow", "ruin:weapon-trader"]


def test_tie_breaker_3_a_used_action_before_a_feature() -> None:
    t = SoloTable()
    t.sites(0, "murderers-pub", "shadow")
    t.you.sites[1].uses = 2
    why = _attack_why(t, "bioweaponry")[1]
    assert "tie-breaker 3, a used Action before a Feature" in why
    assert _kept(t) == ["murderers-pub", "ruin:shadow"]


def test_tie_breaker_4_a_feature_before_a_production() -> None:
    t = SoloTable()
    t.sites(0, "assassin", "ruined-library")
    why = _attack_why(t, "arena")[1]  # gun + ammo: both share 2 types, both at distance 1
    assert "tied on 2 shared types with Assassin at 1, Ruined Library at 2" in why
    assert "tie-breaker 4, a Feature before a Production" in why
    assert _kept(t) == ["assassin", "ruin:ruined-library"]


def test_tie_breaker_5_productions_alone_stay_tied_then_6_the_spoils() -> None:
    t = SoloTable()
    t.sites(0, "quarry", "docks")
    why = _attack_why(t, "deserted-colony")[1]  # ammo: both Productions at distance 1
    assert "tie-breaker 2" not in why and "tie-breaker 5" not in why
    # goods order (S1): vp, card, development, fuel, gun, iron, brick, ...: iron before brick
    assert "tie-breaker 6, more iron in its spoils: 2 against 0" in why
    assert _kept(t) == ["quarry", "ruin:docks"]


def test_tie_breaker_6_checks_the_goods_order_good_by_good() -> None:
    cases = [
        (("docks", "fuel-tank"), "deserted-colony", "fuel", 2),  # fuel before iron
        (("museum", "church"), "wrecked-tank", "vp", 2),  # 2 VP before 1 VP and a card
        (("camp", "crossroads"), "archive", "card", 2),  # cards before workers
        (("thieves-den", "ruined-library"), "deserted-colony", "gun", 2),  # same card count: on to gun
    ]
    for sites, card, good, razed in cases:
        t = SoloTable()
        t.sites(0, *sites)
        why = _attack_why(t, card)[1]
        assert f"tie-breaker 6, more {good} in its spoils" in why, (sites, why)
        assert t.you.sites[razed - 1].ruin and not t.you.sites[2 - razed].ruin, (sites, why)


def test_tie_breaker_7_at_random_with_the_state_rng() -> None:
    razed = set()
    for seed in range(10):
        t = SoloTable()
        t.sites(0, "assassin", "assassin")
        t.s.rng = Rng(seed)
        why = _attack_why(t, "city-guards")[1]
        assert "tie-breaker 7, still tied with Assassin at" in why and "chosen at random" in why
        (slot,) = [i for i, site in enumerate(t.you.sites, 1) if site.ruin]
        razed.add(slot)
    assert razed == {1, 2}


def test_tie_breakers_in_order_distance_then_class() -> None:
    t = SoloTable()
    t.sites(0, "assassin", "arena", "bioweaponry")
    line, why = _attack_why(t, "city-guards")  # gun: all three share 1 type
    assert "it razes Bioweaponry at 3" in line
    assert why == (
        "tied on 1 shared type with Assassin at 1, Arena at 2, Bioweaponry at 3; "
        "tie-breaker 1, the greater distance: 2 against 1; tie-breaker 2, an unused Action before a "
        "Production"
    )


def test_a_defence_token_is_discarded_instead_and_so_is_the_attack_card() -> None:
    t = SoloTable()
    t.sites(0, "gun-shop")
    t.you.sites[0].defended = True  # defence tokens come with New Era: the rule is ready for them
    line, why = _attack_why(t, "bioweaponry")
    assert line.endswith(
        ": Gun Shop at 1 is hit, but its defence token is discarded instead, and so is the attack card."
    )
    assert why == "the only location sharing a type"
    assert _kept(t) == ["gun-shop"] and not t.you.sites[0].defended and t.vip.vp == 0
    assert t.s.virtual.pile == [] and t.s.discard[-1] == "bioweaponry"
    assert t.s.virtual.attacks == 1, "an attack stopped by a defence token still counts (S2)"
