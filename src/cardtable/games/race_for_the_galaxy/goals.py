"""The goals of the expansions as data (`goals.toml`, validated on load): "first" and "most" goals.

A goal's condition is written in a small counting vocabulary (`COUNTS`): a "first" goal `requires`
one of its alternatives (each a table of counts and their minimums, all of which must be met); a
"most" goal compares one count (`most`) and needs `at_least` of it. RULES.md "Goals" says what each
count counts and how goals are claimed, won, lost and tied.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from cardtable.core import CardDataError
from cardtable.core.carddata import load_card_file, unique_keys

from .cards import CardMeta

GOAL_FILE = Path(__file__).with_name("goals.toml")

#: what a goal's condition may count in a player's position (RULES.md "Goals")
COUNTS = (
    "vp-chips",
    "prestige",
    "goods",
    "tableau",
    "worlds",
    "developments",
    "military",
    "negative-military",
    "world-kinds",
    "phase-powers",
    "six-cost-developments",
    "alien-cards",
    "uplift-cards",
    "imperium-cards",
    "military-worlds",
    "rebel-military-worlds",
    "production-worlds",
    "novelty-rare-worlds",
    "explore-power-cards",
    "consume-power-cards",
    "round-end-discards",
    "takeover-powers",
)
#: the moments at which the reference engine checks goals
MOMENTS = ("round-start", "explore", "develop", "settle", "consume", "produce", "round-end")


class Goal(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: Annotated[str, Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40)]
    name: str
    level: Annotated[int, Meta(ge=1, le=3)]
    type: Literal["first", "most"]
    vp: Literal[3, 5]
    text: str
    phases: tuple[str, ...]
    requires: tuple[dict[str, Annotated[int, Meta(ge=1, le=15)]], ...] = ()
    most: str = ""
    at_least: Annotated[int, Meta(ge=0, le=15)] = 0


class GoalFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"goals": "goal"}):
    meta: CardMeta
    goals: tuple[Goal, ...]


def _validate(data: GoalFile, source: str) -> None:
    unique_keys((goal.key for goal in data.goals), f"{source}: goal")
    for goal in data.goals:
        where = f"{source}: goal {goal.key!r}"
        if (goal.type == "first") != (goal.vp == 3):
            raise CardDataError(f"{where}: a first goal is worth 3 VP, a most goal 5")
        if goal.type == "first" and (not goal.requires or goal.most or goal.at_least):
            raise CardDataError(f"{where}: a first goal has `requires` (and no `most`, `at_least`)")
        if goal.type == "most" and (goal.requires or goal.most not in COUNTS or goal.at_least < 1):
            raise CardDataError(f"{where}: a most goal compares one known count (`most`) with `at_least`")
        for count in (c for alternative in goal.requires for c in alternative):
            if count not in COUNTS:
                raise CardDataError(f"{where}: unknown count {count!r} (known: {', '.join(COUNTS)})")
        for moment in goal.phases:
            if moment not in MOMENTS:
                raise CardDataError(f"{where}: unknown moment {moment!r} (known: {', '.join(MOMENTS)})")


def load_goals(path: Path = GOAL_FILE) -> tuple[Goal, ...]:
    data = load_card_file(path, GoalFile)
    _validate(data, str(path))
    return data.goals


@cache
def goals(level: int) -> tuple[Goal, ...]:
    """The goals in play at an expansion level (none in the base game)."""
    return tuple(g for g in load_goals() if g.level <= level)
