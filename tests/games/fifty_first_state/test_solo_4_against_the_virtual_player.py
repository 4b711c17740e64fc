"""Solo rules, Action Phase, your interaction with the virtual player: razing its location discards
the card (no Ruin, nothing for it); sending a worker to its open production gives it 1 VP instead of a
worker. RESEARCH.md §4.1, §4.2 items 5, 6."""

from .conftest import SoloTable


def test_razing_its_location_costs_3_4_5_and_discards_the_card() -> None:
    t = SoloTable()
    t.quiet()
    t.sites(1, "pub", "church", "gun-shop")
    t.sites(0)
    t.supply(0, red=4)
    texts = t.texts()
    assert "attack b 1" in texts and "attack b 2" in texts and "attack b 3" not in texts  # 3, 4, 5 red
    t.top("docks")
    lines = t.step("attack b 2")
    assert (
        lines[0] == "A razes the virtual player's Church (paid 4 red contacts) and gains 2 VP; "
        "the card is discarded."
    )
    assert [site.key for site in t.vip.sites] == ["pub", "gun-shop"], "no Ruin: the card left its State"
    assert "church" in t.s.discard and t.you.vp == 2
    assert t.vip.supply == {} and t.vip.vp == 0, "it gets no deal good and no goods"
    assert lines[1].startswith("The virtual player attacks (1 of 3"), "then its turn"
    t.game.check_invariants(t.s)


def test_its_open_production_gives_it_1_vp_instead_of_a_worker() -> None:
    t = SoloTable()
    t.quiet()
    t.sites(1, "docks", "arena")
    t.sites(0)
    t.supply(0, worker=2)
    texts = t.texts()
    assert "open b 1" in texts and "open b 2" not in texts  # Arena is not open
    t.top("church")
    lines = t.step("open b 1")
    assert lines[0] == (
        "A sends a worker to the virtual player's Docks and gains 1 iron; "
        "the virtual player gains 1 VP (1 in all) instead of a worker."
    )
    assert t.you.supply == {"worker": 1, "iron": 1} and t.vip.vp == 1 and t.vip.supply == {}
    assert "open b 1" not in t.texts(), "once a round"


def test_its_point_for_an_open_production_can_trigger_the_end() -> None:
    t = SoloTable()
    t.quiet()
    t.sites(1, "pub")
    t.sites(0)
    t.vip.vp = 24
    t.supply(0, worker=1)
    t.top("church")
    t.step("open b 1")
    assert t.vip.vp == 25 and t.s.last_round


def test_its_locations_do_nothing_for_it() -> None:
    t = SoloTable()
    t.sites(1, "gun-shop", "school", "scrap-metal", "brick-storage")
    t.sites(0)
    t.act("pass")
    while t.s.phase == "lookout":
        t.act(str(t.legal()[0]))
    assert t.vip.supply == {} and t.vip.vp == 0
    assert all(site.uses == 0 and not site.held for site in t.vip.sites)
