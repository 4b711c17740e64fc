"""The Biosphere 5 state: plain data, serialisable to JSON, mutated only by the rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.core import Rng


@dataclass
class Board:
    """One player's cards (every player has a deck of their own, 1.2/1.4) and standing.

    Cards are card-type indices into the card set; identical cards are interchangeable.
    The last element of `pile` is the top of the draw pile.
    """

    hand: list[int] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    faceup: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    achievements: list[int] = field(default_factory=list)
    red: int = 0
    out: bool = False


@dataclass
class Task:
    """A pending step of the rules. The first task of `State.tasks` is the one being resolved.

    `kind` names the step (see rules.TASKS); `seat` is who is affected or must decide; `count` how
    many cards/achievements; `card` a card involved (the catastrophe being resolved, ...); `other` a
    second seat (the target or the player who caused the step); `tag` a free word of the step
    (the category of a catastrophe, the reason of a discard, ...).
    """

    kind: str
    seat: int
    count: int = 0
    card: int = -1
    other: int = -1
    tag: str = ""


@dataclass
class AbyssState:
    """The Abyss (3): doom levels and leader tiers per seat, and what is active this turn."""

    doom: list[int] = field(default_factory=list)
    tiers: list[list[int]] = field(default_factory=list)  # per seat: strategist, commander, fighter, believer
    third: bool = False  # the third move marker is in use this turn (3.5.2/3.5.3)
    troops: bool = False  # Concentrate Troops is active this turn (3.5.2)


@dataclass
class MachineState:
    """Man against Machine (4): the automaton's hand-card level and the cards it has in the open."""

    level: int = 2
    revealed: list[int] = field(default_factory=list)  # cards revealed this turn (4.2)
    kept: int = -1  # the Biosphere 5/Attack card set aside (4.3), or -1
    unveiled: list[int] = field(default_factory=list)  # cards shown by the human's Espionage (4.7)
    catastrophes: int = 0  # catastrophes played in this round (4.6)


@dataclass
class State:
    boards: list[Board]
    order: list[int]
    turn: int = 0
    move: int = 0
    markers: list[str] = field(default_factory=list)
    achieved_this_turn: bool = False
    tasks: list[Task] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    over: bool = False
    reason: str = ""
    events: list[str] = field(default_factory=list)
    rng: Rng = field(default_factory=Rng)
    abyss: AbyssState | None = None
    machine: MachineState | None = None
