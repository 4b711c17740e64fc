"""RESEARCH.md §2.3.5 Cleanup: supplies discarded, storage filled, what stays, the first-player token."""

from .conftest import Table


def test_supplies_are_discarded_hand_deals_and_caches_stay() -> None:
    t = Table(2)
    t.sites(0, "city-guards")
    t.p(0).sites[0].held = {"gun": 2}
    t.deals(0, "docks")
    t.supply(0, worker=2, grey=1, ammo=1, development=1)
    hand = list(t.p(0).hand)
    t.act("pass", "pass")
    p = t.p(0)
    assert t.s.round == 2 and t.s.first == 1
    assert p.sites[0].held == {"gun": 2} and p.deals == ["docks"]
    assert sorted(p.hand) == sorted(hand)  # kept (the new Lookout has not given cards yet)
    assert not p.supply  # discarded before the next Production


def test_storage_is_offered_and_chosen_good_by_good() -> None:
    t = Table(2)
    t.sites(1, "thieves-den")
    t.supply(1, gun=3, worker=3, grey=1)
    t.act("pass", "pass")
    assert t.decision.kind == "store" and t.decision.seat == 1
    assert t.texts() == ["store gun 1", "store worker 1", "done"]
    t.act("store gun 1", "store gun 1")
    assert t.texts() == ["store worker 1", "done"], "2 goods at most"
    t.act("store worker 1", "done")
    assert t.p(1).sites[0].held == {"gun": 2, "worker": 1}
    assert t.s.phase == "lookout"
    while t.s.phase != "action":
        t.act(str(t.legal()[0]))
    assert t.p(1).supply["gun"] == 2 and t.p(1).supply["worker"] == 3 + 1


def test_untaken_connection_cards_are_discarded_and_new_ones_flipped() -> None:
    t = Table(2)
    blue, red = t.s.connection_up["blue"], t.s.connection_up["red"]
    t.act("pass", "pass")
    assert t.s.connection_discards["blue"] == [blue] and t.s.connection_discards["red"] == [red]
    assert t.s.connection_up["blue"] and t.s.connection_up["red"]


def test_use_counters_reset() -> None:
    t = Table(2)
    t.sites(0, "archive")
    t.supply(0, worker=1)
    t.act("use 1", "pass", "pass")
    assert t.p(0).sites[0].uses == 0
