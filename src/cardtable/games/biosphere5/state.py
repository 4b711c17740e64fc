"""The Biosphere 5 state: plain data, serialisable to JSON, mutated only by the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cardtable.core import Auto, Choice, Queue, Rng, Said, Step

#: how a game ends (`Result.termination`), in every mode; its words are in game.toml, in this order
Termination = Literal[
    "biosphere",
    "others-out",
    "out-biosphere-in-hand",
    "out-no-biosphere",
    "all-doomed",
    "others-doomed",
    "machine-biosphere",
    "human-out",
]


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


class B5Step(Step):
    """Any step of a game of Biosphere 5 (`cardtable.core.steps`): the state's queue holds these. The
    turn's own steps are in `turn.py`, what a card's option sets in motion in `effects.py`, The Abyss's
    in `abyss.py`, the Machine's in `machine.py`; their methods receive the game (its variant's rules).
    """

    def word(self) -> str:
        """What a view shows of the step beside its kind and seat (the reason of a discard, the
        problem area of a catastrophe ...; see `view.py`'s `upcoming`)."""
        return ""

    if TYPE_CHECKING:  # every step names its seat (a Choice's field; each Auto declares its own)
        seat: int


class B5Auto(B5Step, Auto):
    """A step nobody decides (the end of a move or a turn, a catastrophe reaching a player ...)."""

    seat: int


class B5Choice(B5Step, Choice):
    """A decision of `seat` (its tag is the `Decision.kind`)."""


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
    #: the steps still to run, the head first (the pending decision); empty once the game is over
    steps: Queue[B5Step] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    over: bool = False
    reason: str = ""
    termination: Termination | None = None
    #: public narration, the latest lines (the Machine's acts as marked lines)
    events: list[Said] = field(default_factory=list)
    rng: Rng = field(default_factory=Rng)
    abyss: AbyssState | None = None
    machine: MachineState | None = None
