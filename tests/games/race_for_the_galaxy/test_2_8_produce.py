"""RESEARCH.md §2.8: Produce — goods on production worlds, the windfall bonus, draw powers."""

from __future__ import annotations

from .position import give, kind, legal, pass_placements, select, table


def test_2_8_production_worlds_produce_and_the_bonus_picks_a_windfall_world() -> None:
    game, s = table(2)
    tableau = ["alpha-centauri", "gem-world", "asteroid-belt", "radioactive-world"]
    give(game, s, 0, hand=[], tableau=tableau)
    give(game, s, 1, hand=[])
    select(game, s, ("consume-x2", "produce"), ("consume-x2", "settle"))
    pass_placements(game, s)
    assert kind(game, s) == (0, "windfall")
    assert legal(game, s) == {
        "windfall alpha-centauri",
        "windfall asteroid-belt",
        "windfall radioactive-world",
    }
    game.apply(s, "windfall asteroid-belt")
    p = s.players[0]
    assert set(p.goods) == {"gem-world", "asteroid-belt"}
    assert len(p.hand) == 1  # Gem World: draw 1 when it produced


def test_2_8_a_world_holds_one_good_and_windfall_needs_the_bonus() -> None:
    game, s = table(2)
    give(
        game,
        s,
        0,
        hand=[],
        tableau=["old-earth", "gem-world", "asteroid-belt"],
        goods={"gem-world": "comet-zone"},
    )
    give(game, s, 1, hand=[])
    select(game, s, ("develop", "settle"), ("settle", "produce"))
    pass_placements(game, s)
    p = s.players[0]
    assert p.goods == {"gem-world": "comet-zone"}
    assert "asteroid-belt" not in p.goods


def test_2_8_mining_conglomerate_draws_only_for_strictly_most_rare_goods() -> None:
    game, s = table(2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani", "rebel-miners"])
    give(game, s, 0, hand=[], tableau=["old-earth", "mining-conglomerate", "mining-world"])
    select(game, s, ("consume-x2", "produce"), ("consume-x2", "settle"))
    pass_placements(game, s)
    # both produce one Rare good: a tie, so no draw; Mining World draws 1 for producing
    assert len(s.players[0].hand) == 1
