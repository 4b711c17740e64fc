"""RESEARCH.md §2.5 End of game: 25 VP ends play after the round's Action phase; +1 VP per location
(Ruins 0); most VP, then most goods, then most locations, else a shared victory."""

from .conftest import Table


def test_reaching_25_finishes_the_action_phase_then_scores_locations() -> None:
    t = Table(2)
    t.sites(0, "archive", "docks", "ruin:quarry")
    t.sites(1, "pub")
    t.p(0).vp = 24
    t.supply(0, worker=1)
    t.act("use 1")
    assert t.s.last_round and t.p(0).vp == 25
    assert t.decision.seat == 1, "the round goes on"
    t.act("pass", "pass")
    assert t.decision is None
    assert t.p(0).vp == 25 + 2 and t.p(1).vp == 1
    result = t.game.result(t.s)
    assert result.winners == (0,) and result.scores == (1.0, -1.0)


def test_ties_are_broken_by_goods_then_locations_then_shared() -> None:
    t = Table(3)
    t.s.last_round = True
    for seat in range(3):
        t.p(seat).vp = 20
    t.sites(0, "docks")
    t.sites(1, "pub")
    t.sites(2, "school", "fuel-tank")
    t.supply(0, gun=2)
    t.supply(1, ammo=1, iron=1, worker=5)
    t.supply(2, fuel=1)
    t.act("pass", "pass", "pass")
    result = t.game.result(t.s)
    # A and B: 21 VP, 2 goods (workers are not goods), 1 location; C: 22 VP
    assert result.winners == (2,)


def test_a_tie_on_everything_is_shared() -> None:
    t = Table(2)
    t.s.last_round = True
    t.supply(0, gun=1)
    t.supply(1, fuel=1)
    t.act("pass", "pass")
    result = t.game.result(t.s)
    assert result.draw and result.winners == ()
