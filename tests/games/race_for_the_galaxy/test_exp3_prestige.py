"""RULES.md "Level 3: The Brink of War", BOW-2 .. BOW-10: the pool, prestige earned and spent, the
Prestige Leader, the round-start award, the end at 15 prestige, the prestige action and its bonuses."""

from __future__ import annotations

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, scoring

from .position import give, legal, select, table

NOTHING = ("develop none", "develop none", "settle none", "settle none")


def test_bow_2_the_pool_holds_5_vp_more() -> None:
    pools = [RaceForTheGalaxy(players=n, expansion=3).new_state(1).pool for n in (2, 3, 6)]
    assert pools == [29, 41, 77]


def test_bow_3_a_card_with_the_prestige_symbol_gives_1_prestige_when_placed() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=["pan-galactic-mediator", "gem-world"], tableau=["old-earth"])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    game.apply(s, "develop pan-galactic-mediator")
    game.apply(s, "develop none")
    assert s.players[0].prestige == 1


def test_bow_4_consume_x2_doubles_vp_not_prestige_and_bow_6_the_sole_leader_draws() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    tableau = ["alpha-centauri", "federation-capital", "gem-world"]
    give(game, s, 0, hand=[], tableau=tableau, goods={"gem-world": "spice-world"})
    select(game, s, ("develop", "consume-x2"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    a = s.players[0]
    assert a.prestige == 1  # Federation Capital: a good for 1 prestige (no VP), not doubled
    # the next round has started: the sole leader, who earned prestige, got 1 VP and a card
    assert s.round == 2 and a.chips == 1 and len(a.hand) == 1
    assert not a.prestige_turn


def test_bow_6_tied_leaders_get_1_vp_each_and_no_card() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=["old-earth"])
    for p in s.players:
        p.prestige = 2
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    assert [p.chips for p in s.players] == [1, 1] and [len(p.hand) for p in s.players] == [0, 0]


def test_bow_7_each_prestige_is_worth_1_vp_at_the_end() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 0, hand=[], tableau=["old-earth"])
    s.players[0].prestige = 4
    breakdown = scoring.breakdown(game.catalog, s, 0)
    assert breakdown["prestige"] == 4 and breakdown["total"] == breakdown["cards"] + 4


def test_bow_8_the_game_ends_after_a_round_with_15_prestige() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=["old-earth"])
    s.players[1].prestige = 15
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    assert s.ended and s.log[-1] == "The game ends after round 1: a player has 15 prestige."


def test_bow_9_a_prestige_action_needs_prestige_and_is_used_once() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=["drop-ships", "gem-world", "spice-world"], tableau=["old-earth"])
    options = legal(game, s)
    assert not any("prestige-" in a for a in options)  # no prestige yet
    assert "select search develop" in options
    assert not any("prestige-develop prestige-" in a for a in options)  # one card: one special
    s.players[0].prestige = 1
    options = legal(game, s)
    assert "select prestige-develop settle" in options and "select search prestige-settle" not in options
    select(game, s, ("prestige-develop", "settle"), ("develop", "settle"))
    a = s.players[0]
    assert a.prestige == 0 and a.searched  # paid at the reveal
    # BOW-10: Develop -1, and -2 more for the prestige action: Drop Ships (4) costs 1
    game.apply(s, "develop drop-ships")
    game.apply(s, "develop none")
    game.apply(s, "pay gem-world")
    assert a.tableau == ["old-earth", "drop-ships"] and a.hand == ["spice-world"]
    for action in ("settle none", "settle none"):
        game.apply(s, action)
    a.prestige = 3
    assert not any("prestige-" in x or "search" in x for x in legal(game, s))  # once a game


def test_bow_10_prestige_settle_gives_minus_3_and_2_military() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=["rebel-warrior-race", "comet-zone", "gem-world"], tableau=["old-earth"])
    s.players[0].prestige = 1
    select(game, s, ("develop", "prestige-settle"), ("develop", "settle"))
    game.apply(s, "develop none")
    game.apply(s, "develop none")
    # Rebel Warrior Race: defence 3, +2 military this phase is not enough with 0 military
    assert legal(game, s) == {"settle none", "settle comet-zone", "settle gem-world"}
    game.apply(s, "settle comet-zone")  # cost 3 - 3: free
    game.apply(s, "settle none")
    # paid nothing; drew the Settle bonus card
    assert "comet-zone" in s.players[0].tableau and len(s.players[0].hand) == 3
