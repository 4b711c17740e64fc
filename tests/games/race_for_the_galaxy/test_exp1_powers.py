"""RULES.md "Level 1: The Gathering Storm", TGS-2 .. TGS-6 and TGS-14: the fifth player, the set-up,
the new start worlds and the new powers."""

from __future__ import annotations

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy

from .position import SETUP_KINDS, give, kind, legal, select, table


def test_tgs_2_five_players_share_a_pool_of_60() -> None:
    game = RaceForTheGalaxy(players=5, expansion=1)
    s = game.new_state(1)
    assert game.num_seats == 5 and s.pool == 60
    assert not game.expert  # one action card each


def test_tgs_3_one_start_world_dealt_the_others_in_the_deck() -> None:
    game = RaceForTheGalaxy(players=4, expansion=1)
    s = game.new_state(3)
    starts = [p.start for p in s.players]
    assert all(game.catalog[w].number is not None for w in starts)
    numbers = {game.catalog[k].number for k in s.deck if game.catalog[k].number is not None}
    assert numbers == set(range(9)) - {game.catalog[w].number for w in starts}
    assert all(len(p.hand) == 6 for p in s.players)


def test_tgs_4_ancient_race_keeps_three_cards() -> None:
    game = RaceForTheGalaxy(players=4, expansion=1)
    seed, seat = next(
        (seed, seat)
        for seed in range(200)
        for seat, p in enumerate(game.new_state(seed).players)
        if p.start == "ancient-race"
    )
    s = game.new_state(seed)
    while game.decision(s).kind in SETUP_KINDS:
        game.apply(s, game.legal_actions(s)[0])
    assert [len(p.hand) for p in s.players] == [3 if i == seat else 4 for i in range(4)]


def test_tgs_5_doomed_world_is_discarded_to_place_a_world_for_nothing() -> None:
    game, s = table(2, expansion=1)
    give(
        game,
        s,
        0,
        hand=["artist-colony", "spice-world", "new-vinland"],
        tableau=["doomed-world", "old-earth"],
    )
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle artist-colony")
    game.apply(s, "settle none")
    assert legal(game, s) == {"method colony-ship", "method pay"}
    game.apply(s, "method colony-ship")
    p = s.players[0]
    assert p.tableau == ["old-earth", "artist-colony"] and "doomed-world" in s.discard
    assert len(p.hand) == 3  # paid nothing; drew the Settle bonus card


def test_tgs_6_damaged_alien_factory_discards_a_card_to_produce() -> None:
    game, s = table(2, expansion=1)
    give(game, s, 0, hand=[], tableau=["old-earth"])
    give(game, s, 1, hand=["artist-colony", "gem-world"], tableau=["damaged-alien-factory"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    assert kind(game, s) == (1, "discard-produce")
    assert legal(game, s) == {"produce-with artist-colony", "produce-with gem-world", "stop"}
    game.apply(s, "produce-with artist-colony")
    p = s.players[1]
    assert "damaged-alien-factory" in p.goods and p.hand == ["gem-world"]
    assert "artist-colony" in s.discard


def test_tgs_6_damaged_alien_factory_may_decline() -> None:
    game, s = table(2, expansion=1)
    give(game, s, 0, hand=[], tableau=["old-earth"])
    give(game, s, 1, hand=["artist-colony"], tableau=["damaged-alien-factory"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    game.apply(s, "stop")
    assert s.players[1].goods == {} and s.players[1].hand == ["artist-colony"]


def test_tgs_14_space_mercenaries_discard_cards_for_military() -> None:
    game, s = table(2, expansion=1)
    hand = ["pirate-world", "gem-world", "spice-world", "new-vinland"]
    give(game, s, 0, hand=hand, tableau=["old-earth", "space-mercenaries"])
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    assert "settle pirate-world" in legal(game, s)  # defence 3: +1, and up to 2 cards
    game.apply(s, "settle pirate-world")
    game.apply(s, "settle none")
    assert kind(game, s) == (0, "payment-power")
    assert legal(game, s) == {"military gem-world", "military spice-world", "military new-vinland"}
    game.apply(s, "military gem-world")
    game.apply(s, "military spice-world")
    p = s.players[0]
    assert "pirate-world" in p.tableau and "pirate-world" in p.goods
    assert p.hand[0] == "new-vinland" and {"gem-world", "spice-world"} <= set(s.discard)


def test_tgs_14_improved_logistics_places_a_second_world() -> None:
    game, s = table(2, expansion=1)
    hand = ["gem-world", "spice-world", "artist-colony", "new-vinland", "secluded-world"]
    give(game, s, 0, hand=hand, tableau=["old-earth", "improved-logistics"])
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle artist-colony")
    game.apply(s, "settle none")
    game.apply(s, "pay gem-world")
    assert kind(game, s) == (0, "settle-power")
    game.apply(s, "power improved-logistics 1")
    assert kind(game, s) == (0, "settle-second")
    game.apply(s, "settle secluded-world")
    game.apply(s, "pay spice-world")
    assert s.players[0].tableau[-2:] == ["artist-colony", "secluded-world"]


def test_tgs_14_alien_toy_shop_consumes_only_its_own_good() -> None:
    game, s = table(2, expansion=1)
    goods = {"alien-toy-shop": "gem-world", "alien-robot-sentry": "spice-world"}
    give(game, s, 0, hand=[], tableau=["alpha-centauri", "alien-toy-shop", "alien-robot-sentry"], goods=goods)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    select(game, s, ("consume-x2", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    # its only consume power, used without asking: its own good only, 2 VP doubled
    p = s.players[0]
    assert "alien-toy-shop" not in p.goods and "alien-robot-sentry" in p.goods
    assert p.chips == 4


def test_tgs_14_imperium_lords_draws_per_military_world() -> None:
    game, s = table(2, expansion=1)
    tableau = ["new-sparta", "imperium-lords", "pirate-world", "alien-robot-sentry"]
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=tableau, goods={"pirate-world": "gem-world"})
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    assert len(s.players[0].hand) == 3  # New Sparta, Pirate World, Alien Robot Sentry
