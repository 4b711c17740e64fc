"""RULES.md "What decides games": whether the winners would differ without the goals' VP, without the
prestige VP, or had the worlds won in takeovers scored for the players they were taken from; the
simulator counts the games each part decided."""

from __future__ import annotations

from cardtable.core.decision import DECIDED
from cardtable.games.race_for_the_galaxy import scoring
from cardtable.games.race_for_the_galaxy.deciders import decided
from cardtable.games.race_for_the_galaxy.state import Takeover
from cardtable.sim import simulate

from .position import give, table

GOAL = "galactic-standard-of-living"  # a "first" goal: 3 VP


def _even_table():  # type: ignore[no-untyped-def]
    """Level 3, two players with empty tableaux and no chips: B wins ties (a card in hand)."""
    game, s = table(2, expansion=3)
    give(game, s, 0, hand=[])
    give(game, s, 1, hand=["gem-world"])
    for p in s.players:
        p.prestige, p.tableau, p.goods = 0, [], {}
    return game, s


def _totals(game, s) -> list[int]:  # type: ignore[no-untyped-def]
    return [scoring.breakdown(game.catalog, s, i)["total"] for i in range(2)]


def test_goal_vp_that_turn_the_result_decided_the_game() -> None:
    game, s = _even_table()
    s.goals = [GOAL]
    s.players[0].chips = 2
    s.players[1].goals = [GOAL]  # B: 3 goal VP against A's 2 chips
    assert scoring.winners(game.catalog, s) == (1,)
    assert decided(game.catalog, s)[DECIDED + "goals"] == 1
    s.players[0].chips = 0  # B wins without its goal too (tie broken by its hand)
    assert decided(game.catalog, s)[DECIDED + "goals"] == 0


def test_prestige_that_turns_the_result_decided_the_game() -> None:
    game, s = _even_table()
    s.players[0].chips = 1
    s.players[1].prestige = 2
    assert scoring.winners(game.catalog, s) == (1,)
    out = decided(game.catalog, s)
    assert out[DECIDED + "prestige"] == 1
    assert DECIDED + "goals" not in out  # no goals in play: not judged


def test_a_world_taken_over_counts_for_its_former_owner_in_the_comparison() -> None:
    game, s = table(2, expansion=3)
    for p in s.players:
        p.prestige, p.tableau, p.goods, p.hand = 0, [], {}, []
    s.players[1].tableau = ["rebel-outpost"]  # 5 VP, taken from A
    s.players[0].chips = 3
    s.taken = [
        Takeover(attacker=1, owner=0, world="rebel-outpost", card="imperium-cloaking-technology", index=1)
    ]
    totals = _totals(game, s)
    assert totals[1] - totals[0] == 2  # B wins with the world; A would win by 8 with it
    assert decided(game.catalog, s)[DECIDED + "takeovers"] == 1
    s.taken = []
    assert decided(game.catalog, s)[DECIDED + "takeovers"] == 0


def test_the_simulator_counts_the_games_each_part_decided() -> None:
    summary = simulate("race-for-the-galaxy", {"expansion": 3}, 4, 5)
    assert dict(summary.judged) == {"goals": 4, "prestige": 4, "takeovers": 4}
    assert all(0 <= summary.decided[part] <= 4 for part in summary.judged)
    assert summary.to_dict()["decided"] == {
        p: [summary.decided[p], 4] for p in ("goals", "prestige", "takeovers")
    }
    base = simulate("race-for-the-galaxy", {}, 2, 5)
    assert not base.judged and base.to_dict()["decided"] == {}
