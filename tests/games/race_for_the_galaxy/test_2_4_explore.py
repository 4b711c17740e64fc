"""RESEARCH.md §2.4: Explore draws, keeps, and the bonuses and powers that change them."""

from __future__ import annotations

import pytest

from .position import give, kind, legal, select, table


@pytest.mark.parametrize(
    ("choice", "drawn", "keep"),
    [
        (("explore-5", "develop"), 7, 1),
        (("explore-1-1", "develop"), 3, 2),
        (("explore-5", "explore-1-1"), 8, 2),
        (("develop", "settle"), 2, 1),
    ],
)
def test_2_4_explore_bonuses(choice: tuple[str, str], drawn: int, keep: int) -> None:
    game, s = table(2)
    give(game, s, 0, hand=[])
    give(game, s, 1, hand=[])
    select(game, s, choice, ("explore-5", "produce"))
    p = s.players[0]
    assert (len(p.drawn), p.keep) == (drawn, keep)
    assert kind(game, s) == (0, "explore-keep")
    assert legal(game, s) == {f"keep {c}" for c in p.drawn}


def test_2_4_explore_powers_add_draws_and_keeps_and_only_drawn_cards_may_go() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["rebel-base"], tableau=["old-earth", "expedition-force", "research-labs"])
    give(game, s, 1, hand=[])
    select(game, s, ("explore-1-1", "develop"), ("explore-5", "produce"))
    p = s.players[0]
    assert (len(p.drawn), p.keep) == (2 + 1 + 1, 1 + 1 + 1)
    assert "keep rebel-base" not in legal(game, s) or "rebel-base" in p.drawn
    for _ in range(3):
        game.apply(s, sorted(legal(game, s))[0])
    assert len(p.hand) == 4 and "rebel-base" in p.hand and not p.drawn


def test_2_4_others_read_only_that_a_card_was_kept() -> None:
    game, s = table(2)
    select(game, s, ("explore-5", "develop"), ("explore-5", "produce"))
    action = game.legal_actions(s)[0]
    assert game.describe(s, action, 1) == "keeps a card"
    assert game.describe(s, action, 0) == str(action)
    assert "drawn" not in game.view(s, 1)["players"][0]
