"""RULES.md "Level 3: The Brink of War", BOW-11 and BOW-12: Search and its nine categories."""

from __future__ import annotations

import pytest

from cardtable.games.race_for_the_galaxy.cards import catalog
from cardtable.games.race_for_the_galaxy.search import CATEGORIES, matches

from .position import give, kind, legal, select, stack, table


def searching(category: str, *top: str):
    """A 2-player level-3 game where A has chosen Search and Develop and named `category`, with
    `top` the next cards of the deck."""
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=["old-earth"])
    stack(s, *top)
    select(game, s, ("search", "develop"), ("develop", "settle"))
    assert kind(game, s) == (0, "search-category")
    assert legal(game, s) == {f"search {c}" for c in CATEGORIES}
    game.apply(s, f"search {category}")
    return game, s


def test_bow_11_cards_are_turned_over_until_a_match_which_the_player_takes() -> None:
    game, s = searching("military-development", "gem-world", "spice-world", "space-marines", "drop-ships")
    assert kind(game, s) == (0, "search-keep")
    assert legal(game, s) == {"take space-marines", "decline"}
    assert s.aside == ["gem-world", "spice-world", "space-marines"]  # face up, seen by all
    game.apply(s, "take space-marines")
    assert s.players[0].hand == ["space-marines"]
    assert {"gem-world", "spice-world"} <= set(s.discard) and s.aside == []
    assert s.deck[-1] == "drop-ships" and s.players[0].searched


def test_bow_11_a_declined_match_obliges_the_player_to_take_the_next() -> None:
    game, s = searching("military-development", "space-marines", "gem-world", "expedition-force")
    game.apply(s, "decline")
    assert s.players[0].hand == ["expedition-force"]  # taken without asking
    assert {"space-marines", "gem-world"} <= set(s.discard)
    assert kind(game, s)[1] == "develop-choose"


def test_bow_11_a_search_that_finds_nothing_fails_and_keeps_the_card_unused() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=["old-earth"])
    kept = ["gem-world", "spice-world", "new-vinland"]
    rest = [c for c in s.deck + s.discard if c not in kept]
    s.players[1].hand = rest  # every other card out of reach
    s.deck, s.discard = list(kept), []
    select(game, s, ("search", "develop"), ("develop", "settle"))
    game.apply(s, "search takeover")
    a = s.players[0]
    assert not a.searched and a.hand == []
    assert sorted(s.discard) == sorted(kept) and s.aside == []
    assert "The search of {A} fails: the card stays unused." in s.log


@pytest.mark.parametrize(
    ("category", "match", "other"),
    [
        ("military-development", "space-marines", "drop-ships"),  # +2, but Drop Ships +3
        ("military-windfall", "alien-robot-sentry", "rebel-outpost"),  # defence 2 windfall; 5, no good
        ("peaceful-windfall", "asteroid-belt", "galactic-resort"),  # cost 2; cost 3
        ("chromosome-world", "aquatic-uplift-race", "uplift-gene-breeders"),  # Uplift, no chromosome
        ("alien-world", "alien-oort-cloud-refinery", "deserted-alien-world"),  # any kind counts; no good
        ("consume-two", "galactic-exchange", "artist-colony"),
        ("military-5", "rebel-outpost", "rebel-warrior-race"),
        ("six-cost", "galactic-federation", "pan-galactic-research"),  # no bonus VP line
        ("takeover", "pan-galactic-security-council", "space-marines"),  # prevention counts
    ],
)
def test_bow_12_the_nine_categories(category: str, match: str, other: str) -> None:
    cat = catalog(3)
    assert matches(cat[match], category)
    assert not matches(cat[other], category)
