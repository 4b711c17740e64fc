"""RESEARCH.md §2.10: what is public, the deck running out, the hand limit, and the one chance function."""

from __future__ import annotations

import pytest

from cardtable.core import Rng
from cardtable.games.race_for_the_galaxy.chance import ScriptMismatch, take

from .position import give, kind, legal, pass_placements, select, table


def test_2_10_goods_and_other_hands_are_hidden_and_resampled() -> None:
    game, s = table(2)
    give(
        game,
        s,
        0,
        hand=["gem-world"],
        tableau=["old-earth", "comet-zone"],
        goods={"comet-zone": "rebel-base"},
    )
    view = game.view(s, 1)
    assert view["players"][0]["goods"] == ["comet-zone"]
    assert "rebel-base" not in str(view) and "hand" not in view["players"][0]
    samples = {game.determinize(s, 1, Rng(i)).players[0].goods["comet-zone"] for i in range(30)}
    assert len(samples) > 1  # the card under a good is unknown, even to its owner
    assert all(game.view(game.determinize(s, 1, Rng(i)), 1) == view for i in range(5))


def test_2_10_deck_reshuffles_from_the_discard_pile_the_moment_it_runs_out() -> None:
    game, s = table(2)
    s.discard += s.deck[3:]
    s.deck = s.deck[:3]
    discards = len(s.discard)
    for _ in range(3):
        take(game.catalog, s, 0, "draw")
    assert len(s.deck) == discards and not s.discard and s.reshuffles == 1


def test_2_10_scripted_chance_takes_the_named_card_or_refuses() -> None:
    game, s = table(2)
    card = s.deck[0]
    s.script = [[f"draw:{card}"], []]
    assert take(game.catalog, s, 0, "draw") == card
    with pytest.raises(ScriptMismatch):
        take(game.catalog, s, 0, "draw")


def test_2_3_5_hand_limit_discards_down_to_ten_in_secret() -> None:
    game, s = table(2)
    give(game, s, 0, hand=list(dict.fromkeys(s.deck))[:12])
    give(game, s, 1, hand=[])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    assert kind(game, s) == (0, "hand-limit")
    action = game.legal_actions(s)[0]
    assert game.describe(s, action, 1) == "discards a card"
    game.apply(s, action)
    game.apply(s, game.legal_actions(s)[0])
    assert len(s.players[0].hand) == 10 and kind(game, s) == (0, "select-action")


def test_2_7_gambling_world_keeps_the_card_when_the_cost_matches() -> None:
    game, s = table(2)
    give(game, s, 0, hand=[], tableau=["old-earth", "gambling-world"])
    give(game, s, 1, hand=[])
    s.script = [["flip:rebel-base"], []]
    select(game, s, ("consume-x2", "settle"), ("develop", "settle"))
    pass_placements(game, s)
    assert kind(game, s) == (0, "gamble") and len(legal(game, s)) == 8
    game.apply(s, "guess 6")  # Rebel Base costs 6
    assert s.players[0].hand == ["rebel-base"]
