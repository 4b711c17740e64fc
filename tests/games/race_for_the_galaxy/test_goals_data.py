"""Goals as data (RULES.md "Goals"): the 20 goals of levels 1-3, their kinds, VP, minimums and where the
reference engine checks them; a bad goal file names the goal and the rule it breaks."""

from __future__ import annotations

import pytest

from cardtable.core import CardDataError
from cardtable.core.carddata import convert_card_data
from cardtable.games.race_for_the_galaxy.goals import GoalFile, _validate, goals, load_goals

#: the engine's goal names per level (shared/oracle/race-for-the-galaxy/README.md §6.4)
FIRST = {
    1: {
        "Galactic Standard of Living",
        "System Diversity",
        "Overlord Discoveries",
        "Budget Surplus",
        "Innovation Leader",
        "Galactic Status",
    },
    2: {"Uplift Knowledge", "Galactic Riches", "Expansion Leader"},
    3: {"Peace/War Leader", "Galactic Standing", "Military Influence"},
}
MOST = {
    1: {"Greatest Military", "Largest Industry", "Greatest Infrastructure", "Production Leader"},
    2: {"Research Leader", "Propaganda Edge"},
    3: {"Galactic Prestige", "Prosperity Lead"},
}


@pytest.mark.parametrize(("level", "first", "most"), [(0, 0, 0), (1, 6, 4), (2, 9, 6), (3, 12, 8)])
def test_goals_per_level_6_and_4_then_3_and_2_then_3_and_2(level: int, first: int, most: int) -> None:
    """The boxes: 6 "first" and 4 "most" goals (The Gathering Storm), 3 and 2 more in each later one."""
    in_play = goals(level)
    assert sum(g.type == "first" for g in in_play) == first
    assert sum(g.type == "most" for g in in_play) == most
    for n in range(1, level + 1):
        assert {g.name for g in in_play if g.level == n and g.type == "first"} == FIRST[n]
        assert {g.name for g in in_play if g.level == n and g.type == "most"} == MOST[n]


def test_goal_minimums_and_vp_are_the_reference_ones() -> None:
    by_name = {g.name: g for g in load_goals()}
    assert {g.name: g.at_least for g in by_name.values() if g.type == "most"} == {
        "Greatest Military": 6,
        "Largest Industry": 3,
        "Greatest Infrastructure": 4,
        "Production Leader": 4,
        "Research Leader": 3,
        "Propaganda Edge": 3,
        "Galactic Prestige": 3,
        "Prosperity Lead": 3,
    }
    assert by_name["Galactic Standard of Living"].requires == ({"vp-chips": 5},)
    assert by_name["Peace/War Leader"].requires == (
        {"negative-military": 1, "worlds": 2},
        {"takeover-powers": 1, "military-worlds": 2},
    )
    assert all(g.vp == (3 if g.type == "first" else 5) for g in by_name.values())


def test_goal_file_errors_name_the_goal_and_the_rule() -> None:
    meta = {"status": "confirmed", "source": "test"}
    goal = {"key": "x", "name": "X", "level": 1, "type": "first", "vp": 3, "text": "x", "phases": ["settle"]}

    def check(**changes: object) -> None:
        _validate(convert_card_data({"meta": meta, "goal": [goal | changes]}, GoalFile), "test")

    with pytest.raises(CardDataError, match="unknown count 'hats'"):
        check(requires=[{"hats": 2}])
    with pytest.raises(CardDataError, match="first goal has `requires`"):
        check()
    with pytest.raises(CardDataError, match="a most goal compares"):
        check(type="most", vp=5, most="hats", at_least=2)
    with pytest.raises(CardDataError, match="worth 3 VP"):
        check(vp=5, requires=[{"tableau": 8}])
    with pytest.raises(CardDataError, match="unknown moment"):
        check(requires=[{"tableau": 8}], phases=["lunch"])
