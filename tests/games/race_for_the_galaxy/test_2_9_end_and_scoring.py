"""RESEARCH.md §2.9: the end of the game, 6-cost development bonuses, the tie-break."""

from __future__ import annotations

from cardtable.games.race_for_the_galaxy import scoring
from cardtable.games.race_for_the_galaxy.rules import ending

from .position import give, select, table


def _finish_round(game, s) -> None:  # type: ignore[no-untyped-def]
    select(game, s, ("consume-x2", "produce"), ("consume-x2", "produce"))
    while not s.ended and game.decision(s).kind != "select-action":
        game.apply(s, game.legal_actions(s)[0])


def test_2_9_twelve_cards_in_a_tableau_end_the_game_after_the_round() -> None:
    game, s = table(2)
    twelve = [
        "old-earth", "gem-world", "comet-zone", "spice-world", "artist-colony", "new-vinland",
        "public-works", "colony-ship", "expedition-force", "mining-robots", "export-duties", "space-marines",
    ]  # fmt: skip
    give(game, s, 0, hand=[], tableau=twelve)
    give(game, s, 1, hand=[])
    _finish_round(game, s)
    result = game.result(s)
    assert s.ended and result is not None
    assert result.termination == "tableau"
    assert game.ending(result) == ("tableau", "a tableau reached 12 cards (14 with Hidden Fortress): most VP")


def test_2_9_an_empty_vp_pool_ends_the_game_after_the_round() -> None:
    game, s = table(2)
    give(game, s, 0, hand=[], tableau=["old-earth", "gem-world"])
    give(game, s, 1, hand=[])
    s.pool = 0
    _finish_round(game, s)
    result = game.result(s)
    assert s.ended and result is not None and result.termination == "pool"
    assert s.log[-1] == "The game ends after round 1: the VP pool is empty."


def test_2_9_the_first_ending_names_it_pool_then_tableau_then_prestige() -> None:
    game, s = table(2)
    give(game, s, 0, hand=[], tableau=["old-earth", "gem-world"])
    assert ending(game.catalog, s) is None
    s.players[1].prestige = 15
    assert ending(game.catalog, s) == ("prestige", "a player has 15 prestige")
    s.pool = 0
    assert ending(game.catalog, s) == ("pool", "the VP pool is empty")


def test_2_9_eleven_cards_and_a_full_pool_go_on() -> None:
    game, s = table(2)
    give(game, s, 0, hand=[], tableau=["old-earth", "gem-world"])
    give(game, s, 1, hand=[])
    _finish_round(game, s)
    assert not s.ended and s.round == 2


def test_2_9_six_cost_bonus_each_card_scores_its_first_matching_line() -> None:
    game, s = table(2)
    # Galactic Federation: 2 per 6-cost development (itself and Trade League), 1 per other development
    tableau = ["old-earth", "galactic-federation", "trade-league", "public-works", "gem-world"]
    give(game, s, 0, hand=[], tableau=tableau)
    score = scoring.breakdown(game.catalog, s, 0)
    assert score["bonus"]["galactic-federation"] == 2 + 2 + 1
    # Trade League: 2 per development with a trade power (itself), 1 per world with one (Old Earth)
    assert score["bonus"]["trade-league"] == 2 + 1
    assert score["cards"] == 2 + 0 + 0 + 1 + 1


def test_2_9_galactic_renaissance_scores_a_third_of_the_chips() -> None:
    game, s = table(2)
    give(game, s, 0, hand=[], tableau=["old-earth", "galactic-renaissance", "research-labs"])
    s.players[0].chips = 10
    assert scoring.breakdown(game.catalog, s, 0)["bonus"]["galactic-renaissance"] == 3 + 3


def test_2_9_tie_is_broken_by_hand_plus_goods_then_shared() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["gem-world"], tableau=["old-earth"])
    give(game, s, 1, hand=["spice-world", "comet-zone"], tableau=["earths-lost-colony"])
    s.players[1].chips = 1  # 2 VP each (Old Earth 2; Lost Colony 1 + 1 chip)
    assert scoring.winners(game.catalog, s) == (1,)
    s.players[1].hand.pop()
    s.deck.append("comet-zone")
    assert scoring.winners(game.catalog, s) == (0, 1)
