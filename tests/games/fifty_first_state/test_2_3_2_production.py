"""RESEARCH.md §2.3.2 Production: storage back, faction board, deals, Production locations (not Ruins)."""

from .conftest import Table


def _to_next_production(t: Table) -> None:
    """Everyone passes; Cleanup; the next Lookout picks; the state is at the next Action phase."""
    rnd = t.s.round
    while t.s.round == rnd or t.s.phase != "action":
        t.act(
            "done"
            if t.decision.kind == "store"
            else str(t.legal()[-1] if t.decision.kind == "action" else t.legal()[0])
        )


def test_faction_deals_and_locations_produce() -> None:
    t = Table(2)
    t.sites(0, "docks", "arena", "ruin:quarry", "gun-shop")
    t.deals(0, "fuel-tank", "church")
    hand = len(t.p(0).hand)
    _to_next_production(t)
    p = t.p(0)
    # faction (New York): 3 workers, 1 card, 1 grey, 1 iron; deals: fuel, 1 VP; Docks: iron; Arena: 1 gun
    # per gun icon (Arena and Gun Shop: 2); the Ruin gives nothing
    assert p.supply == {"worker": 3, "grey": 1, "iron": 2, "fuel": 1, "gun": 2}
    assert p.vp == 1
    assert len(p.hand) == hand + 1 + 2  # the faction's card and two picked in the Lookout


def test_per_type_production_stops_at_three() -> None:
    t = Table(2)
    t.sites(1, "parking-lot", "parking-lot", "docks", "scrap-metal")
    _to_next_production(t)
    # 4 iron icons (2 Parking Lots, Docks, Scrap Metal): each Parking Lot gives 3, not 4; Docks 1; the
    # faction (Appalachian) gives brick, not iron
    assert t.p(1).supply["iron"] == 3 + 3 + 1


def test_storage_goods_come_back_at_production() -> None:
    t = Table(2)
    t.sites(0, "underground-warehouse")
    t.p(0).sites[0].held = {"gun": 2}
    t.s.players[0].supply = {}
    t.act("pass", "pass")
    assert t.decision is None or t.s.phase != "cleanup"
    while t.s.phase != "action":
        t.act(str(t.legal()[0]))
    assert t.p(0).supply.get("gun") == 2 and t.p(0).sites[0].held == {}


def test_reaching_the_end_score_in_production_makes_the_round_the_last() -> None:
    t = Table(2)
    t.p(0).vp = 24
    t.deals(0, "church")
    _to_next_production(t)
    assert t.p(0).vp == 25 and t.s.last_round
    assert t.decision.kind == "action", "the Action phase of the last round is still played"
