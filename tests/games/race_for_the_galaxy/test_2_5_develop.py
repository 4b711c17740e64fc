"""RESEARCH.md §2.5: Develop — costs, discounts, no duplicates, paying, the timing rule."""

from __future__ import annotations

from .position import give, kind, legal, select, table


def test_2_5_cost_less_bonus_and_reduce_powers_paid_card_by_card() -> None:
    game, s = table(2)
    hand = ["drop-ships", "gem-world", "rebel-miners", "comet-zone", "spice-world"]
    give(game, s, 0, hand=hand, tableau=["old-earth", "investment-credits"])
    give(game, s, 1, hand=[])
    select(game, s, ("develop", "produce"), ("settle", "produce"))
    game.apply(s, "develop drop-ships")  # cost 4 - 1 bonus - 1 Investment Credits = 2
    game.apply(s, "develop none")
    assert kind(game, s) == (0, "develop-pay")
    assert s.players[0].owe == 2
    game.apply(s, "pay gem-world")
    game.apply(s, "pay spice-world")
    assert sorted(s.players[0].hand) == ["comet-zone", "rebel-miners"]
    assert s.players[0].tableau[-1] == "drop-ships"


def test_2_5_a_development_already_in_the_tableau_cannot_be_placed_again() -> None:
    game, s = table(2)
    give(
        game, s, 0, hand=["space-marines", "gem-world", "comet-zone"], tableau=["old-earth", "space-marines"]
    )
    give(game, s, 1, hand=[])
    select(game, s, ("develop", "produce"), ("settle", "produce"))
    assert legal(game, s) == {"develop none"}


def test_2_5_unaffordable_developments_are_not_offered() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["galactic-federation", "gem-world"])
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "produce"), ("develop", "produce"))  # A has no bonus
    assert kind(game, s) == (0, "develop-choose")
    assert legal(game, s) == {"develop none"}


def test_2_5_develop_choice_is_secret_and_draw_powers_fire() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["public-works", "gem-world"], tableau=["old-earth", "interstellar-bank"])
    give(game, s, 1, hand=[], tableau=["epsilon-eridani", "public-works"])
    select(game, s, ("develop", "produce"), ("develop", "produce"))
    assert len(s.players[0].hand) == 3  # Interstellar Bank: draw 1 at the start
    before = game.clone(s)
    game.apply(s, "develop public-works")
    assert game.describe(before, game.legal_actions(before)[1], 1) == "has made its Develop choice"
    game.apply(s, "develop none")
    # Public Works costs 1 - 1 = 0; the just-placed Public Works draws nothing this phase
    assert len(s.players[0].hand) == 2 and s.players[0].tableau[-1] == "public-works"
