"""RESEARCH.md §2.7: Consume — the trade first, mandatory powers, ×2 on VP only, optional discards."""

from __future__ import annotations

from .position import give, kind, legal, pass_placements, select, table


def test_2_7_trade_draws_the_goods_value_plus_trade_bonuses() -> None:
    game, s = table(2)
    # Old Earth: +1 on any trade; Star Nomad Lair: +1 for its own good (Novelty: 2)
    goods = {"star-nomad-lair": "gem-world", "comet-zone": "spice-world"}
    give(game, s, 0, hand=[], tableau=["old-earth", "star-nomad-lair", "comet-zone"], goods=goods)
    give(game, s, 1, hand=[])
    select(game, s, ("consume-trade", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    assert kind(game, s) == (0, "trade")
    assert legal(game, s) == {"trade star-nomad-lair", "trade comet-zone"}
    game.apply(s, "trade star-nomad-lair")
    # then Old Earth's consume power must be used on the other good (the only one: by the engine)
    p = s.players[0]
    assert (len(p.hand), p.chips, p.goods) == (2 + 1 + 1, 1, {})


def test_2_7_times_two_doubles_vp_not_cards() -> None:
    game, s = table(2)
    give(game, s, 1, hand=[], tableau=["new-sparta"])
    give(game, s, 0, hand=[], tableau=["epsilon-eridani", "gem-world"], goods={"gem-world": "comet-zone"})
    select(game, s, ("consume-x2", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    p = s.players[0]
    assert p.chips == 2 and len(p.hand) == 1  # Epsilon Eridani: 1 VP (x2) and 1 card
    assert s.pool == 22


def test_2_7_consume_powers_are_chosen_in_order_and_must_be_used() -> None:
    game, s = table(2)
    goods = {"gem-world": "comet-zone", "new-vinland": "rebel-base"}
    give(game, s, 0, hand=[], tableau=["old-earth", "gem-world", "new-vinland"], goods=goods)
    give(game, s, 1, hand=[])
    select(game, s, ("consume-x2", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    assert kind(game, s) == (0, "consume-power")
    assert legal(game, s) == {"consume old-earth 2", "consume new-vinland 1"}  # no stopping
    game.apply(s, "consume new-vinland 1")  # a good for 2 cards
    assert kind(game, s) == (0, "consume-good")
    game.apply(s, "good gem-world")
    p = s.players[0]
    # Old Earth is left with New Vinland's good: used by the engine (1 VP, x2)
    assert not p.goods and p.chips == 2 and len(p.hand) == 2


def test_2_7_discarding_from_hand_for_vp_is_optional_and_not_doubled() -> None:
    game, s = table(2)
    give(
        game, s, 0, hand=["gem-world", "comet-zone", "rebel-base"], tableau=["old-earth", "deficit-spending"]
    )
    give(game, s, 1, hand=[])
    select(game, s, ("consume-x2", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    assert legal(game, s) == {"consume deficit-spending 1", "stop"}
    game.apply(s, "consume deficit-spending 1")
    before = game.clone(s)
    game.apply(s, "spend rebel-base")
    assert game.describe(before, game.legal_actions(before)[0], 1) == "discards a card for VP"
    game.apply(s, "stop")
    assert s.players[0].chips == 1 and len(s.players[0].hand) == 2


def test_2_7_vp_keep_coming_after_the_pool_is_empty() -> None:
    game, s = table(2)
    s.pool = 1
    give(game, s, 1, hand=[], tableau=["new-sparta"])
    give(game, s, 0, hand=[], tableau=["epsilon-eridani", "gem-world"], goods={"gem-world": "comet-zone"})
    select(game, s, ("consume-x2", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    assert s.players[0].chips == 2 and s.pool == -1
    assert s.ended  # the game ends after the round in which the pool ran out
