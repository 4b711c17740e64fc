"""The expansion reference traces (RULES.md "Oracle", "what the expansion traces use") against our data.

Phase 1 of the expansions: the traces are not replayed yet. These tests hold what they use (every
decision type, chance kind and cause, action; the figures are those of the shared README §6.9) and check
our card and goal data against them: each game's deck is exactly our catalog of its level, every card
named anywhere is ours, every power a decision names is the power at that place on our card, the offered
start worlds have the colours of our data, and the drawn goals are our goals of that level.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import pytest

from cardtable.games.race_for_the_galaxy.cards import catalog
from cardtable.games.race_for_the_galaxy.goals import goals

from .expansion_traces import TRACES, inventory, listed, load, power_refs


@functools.cache
def games(name: str) -> list[dict[str, Any]]:
    """The games of trace `name`, read when a test first asks (not at collection: every test process
    collects, and the traces parsed are some 0.5 GB)."""
    return load(name)


LEVEL = {"expansion1-2p": 1, "expansion2-3p": 2, "expansion3-2p": 3, "expansion3-4p": 3}
PHASE = {"1": "explore", "2": "develop", "3": "settle", "4": "consume", "5": "produce"}
BASE_DECISIONS = {
    "ACTION",
    "DISCARD",
    "PLACE",
    "PAYMENT",
    "TRADE",
    "CONSUME",
    "GOOD",
    "CONSUME_HAND",
    "WINDFALL",
}

DECISIONS = {
    "expansion1-2p": BASE_DECISIONS | {"LUCKY", "DISCARD_PRODUCE", "SETTLE", "PRODUCE"},
    "expansion2-3p": BASE_DECISIONS
    | {"DISCARD_PRODUCE", "SETTLE", "PRODUCE", "START", "TAKEOVER", "ANTE", "KEEP"},
    "expansion3-2p": BASE_DECISIONS
    | {"DISCARD_PRODUCE", "SETTLE", "START", "TAKEOVER", "SAVE", "UPGRADE", "SEARCH_TYPE", "SEARCH_KEEP"}
    | {"DISCARD_PRESTIGE", "OORT_KIND", "DEFEND", "TAKEOVER_PREVENT"},
    "expansion3-4p": BASE_DECISIONS
    | {"DISCARD_PRODUCE", "SETTLE", "PRODUCE", "START", "TAKEOVER", "SAVE", "UPGRADE", "SEARCH_TYPE"}
    | {"SEARCH_KEEP", "DISCARD_PRESTIGE", "OORT_KIND", "DEFEND", "TAKEOVER_PREVENT", "ANTE", "KEEP"},
}
#: the new decision types' counts (README §6.9)
NEW_COUNTS = {
    "expansion1-2p": {"DISCARD_PRODUCE": 27, "SETTLE": 14, "PRODUCE": 2, "LUCKY": 14},
    "expansion2-3p": {"START": 120, "TAKEOVER": 5, "ANTE": 5, "KEEP": 3, "SETTLE": 16, "DISCARD_PRODUCE": 52},
    "expansion3-2p": {
        "START": 80,
        "SAVE": 79,
        "UPGRADE": 17,
        "SEARCH_TYPE": 18,
        "SEARCH_KEEP": 18,
        "TAKEOVER": 10,
        "DISCARD_PRESTIGE": 7,
        "OORT_KIND": 4,
        "DEFEND": 2,
        "TAKEOVER_PREVENT": 1,
        "SETTLE": 33,
        "DISCARD_PRODUCE": 26,
    },
    "expansion3-4p": {
        "START": 120,
        "SAVE": 83,
        "UPGRADE": 36,
        "SEARCH_TYPE": 7,
        "SEARCH_KEEP": 7,
        "TAKEOVER": 12,
        "DISCARD_PRESTIGE": 6,
        "OORT_KIND": 6,
        "DEFEND": 2,
        "TAKEOVER_PREVENT": 2,
        "ANTE": 20,
        "KEEP": 15,
        "SETTLE": 47,
        "DISCARD_PRODUCE": 79,
        "PRODUCE": 4,
    },
}
CHANCE = {
    "expansion1-2p": {"goals": 39, "start_world": 78, "good": 808, "draw": 3389, "reshuffle": 3, "flip": 14},
    "expansion2-3p": {
        "goals": 40,
        "start_offer": 240,
        "draw": 5250,
        "good": 1015,
        "reshuffle": 11,
        "reveal": 7,
    },
    "expansion3-2p": {
        "goals": 40,
        "start_offer": 160,
        "draw": 3883,
        "good": 665,
        "reveal": 447,
        "reshuffle": 1,
    },
    "expansion3-4p": {
        "goals": 30,
        "start_offer": 240,
        "draw": 6194,
        "good": 1184,
        "reshuffle": 25,
        "reveal": 195,
    },
}
BASE_ACTIONS = {"explore_5", "explore_1_1", "develop", "develop2", "settle", "settle2", "consume_trade"}
BASE_ACTIONS |= {"consume_x2", "produce"}


@pytest.mark.parametrize("name", TRACES)
def test_traces_use_these_decision_types_and_counts(name: str) -> None:
    inv = inventory(games(name))
    assert set(inv.decisions) == DECISIONS[name]
    assert {k: inv.decisions[k] for k in NEW_COUNTS[name]} == NEW_COUNTS[name]


@pytest.mark.parametrize("name", TRACES)
def test_traces_use_these_chance_kinds_and_causes(name: str) -> None:
    inv = inventory(games(name))
    assert dict(inv.chance) == CHANCE[name]
    new_causes = {
        c for c in inv.causes if c[1] in ("prestige_leader", "prestige_produce_bonus", "search", "ante")
    }
    expected = {
        "expansion1-2p": set(),
        "expansion2-3p": {("reveal", "ante")},
        "expansion3-2p": {
            ("draw", "prestige_leader"),
            ("draw", "prestige_produce_bonus"),
            ("reveal", "search"),
        },
        "expansion3-4p": {
            ("draw", "prestige_leader"),
            ("draw", "prestige_produce_bonus"),
            ("reveal", "search"),
        }
        | {("reveal", "ante")},
    }
    assert new_causes == expected[name]


@pytest.mark.parametrize("name", TRACES)
def test_actions_are_the_base_ones_plus_search_and_prestige_at_level_3(name: str) -> None:
    inv = inventory(games(name))
    extra = set(inv.actions) - BASE_ACTIONS
    if LEVEL[name] < 3:
        assert not extra
    else:
        assert "search" in extra and all(
            a == "search" or a.removeprefix("prestige_") in BASE_ACTIONS for a in extra
        )
    assert set(inv.select_last) <= ({0} if LEVEL[name] < 3 else {0, 1, 2})


@pytest.mark.parametrize("name", TRACES)
def test_each_deck_is_our_catalog_of_its_level(name: str) -> None:
    """The copies per level of our card files are those the reference engine deals."""
    cat = catalog(LEVEL[name])
    ours = Counter(cat[k].name for k in cat.all_cards)
    for game in games(name):
        assert game["variant"]["expansion"] == LEVEL[name]
        assert Counter(game["deck"]) == ours, game["seed"]


def _names(event: dict[str, Any]) -> set[str]:
    """Every card an event names (not goods' hidden cards: those are cards too, so they are included)."""
    found: set[str] = set()
    for key in ("card", "world", "start"):
        if isinstance(event.get(key), str):
            found.add(event[key])
    found.update(c for c in event.get("cards", []) if isinstance(c, str))
    if event["e"] == "decision":
        found.update(c for c in listed(event.get("candidates")) if isinstance(c, str))
        found.update(c for c in listed(event.get("special")) if isinstance(c, str))
    return found


@pytest.mark.parametrize("name", TRACES)
def test_every_card_named_is_ours_and_every_power_is_the_one_on_our_card(name: str) -> None:
    cat = catalog(LEVEL[name])
    powers = 0
    for game in games(name):
        for event in game["events"]:
            if event["e"] in ("chance", "move", "decision"):
                assert _names(event) <= set(cat.names), (game["seed"], event)
            if event["e"] != "decision":
                continue
            for ref in power_refs(event):
                card = cat[cat.names[ref["card"]]]
                ours = card.powers[ref["index"]]
                assert ours.phase == PHASE[ref["text"][0]], (card.name, ref)
                powers += 1
    assert powers > 0


@pytest.mark.parametrize("name", ["expansion2-3p", "expansion3-2p", "expansion3-4p"])
def test_offered_start_worlds_are_one_red_and_one_blue(name: str) -> None:
    """Levels 2-3: each player is offered one red and one blue start world. The trace's `slot` orders
    the two by start world number (slot 0 the lower), not by colour as the shared README §6.3 says."""
    cat = catalog(LEVEL[name])
    for game in games(name):
        offers: dict[int, list[tuple[int, Any]]] = {}
        for e in game["events"]:
            if e["e"] == "chance" and e["kind"] == "start_offer":
                offers.setdefault(e["seat"], []).append((e["slot"], cat[cat.names[e["card"]]]))
        assert len(offers) == game["variant"]["players"]
        for pair in offers.values():
            (_, low), (_, high) = sorted(pair, key=lambda slot_card: slot_card[0])
            assert {low.colour, high.colour} == {"red", "blue"}
            assert low.number is not None and high.number is not None and low.number < high.number


@pytest.mark.parametrize("name", TRACES)
def test_drawn_goals_are_four_first_and_two_most_of_our_goals(name: str) -> None:
    ours = {g.name: g.type for g in goals(LEVEL[name])}
    for game in games(name):
        (drawn,) = [e for e in game["events"] if e["e"] == "chance" and e["kind"] == "goals"]
        assert len(drawn["first"]) == 4 and len(drawn["most"]) == 2
        assert all(ours[g] == "first" for g in drawn["first"])
        assert all(ours[g] == "most" for g in drawn["most"])
