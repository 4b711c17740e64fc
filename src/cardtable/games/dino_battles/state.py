"""The state of a game of Biomechanic Dino Battles: plain data, JSON round-trip via msgspec.

Cards other than Dinosaurs are identical within a kind, so a zone is a list of card keys
('attack', 'wound', 'rapid-deployment', ...). Every Dinosaur copy has a public tag
('tyrannomech-2') so it can be named as a target once revealed.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from cardtable.core import Auto, Choice, Queue, Rng, Said, Step

#: how a game ends (`Result.termination`; rulebook "The goal of the game", RULES.md D2); its words are in
#: game.toml, in this order
Termination = Literal["ko", "wounds", "stall"]
#: the parts of a turn (rulebook "Turn Structure"), then the end-of-turn discard ("keep")
PARTS = ("strategy", "combat", "buy", "keep")


class Dino(msgspec.Struct):
    """A Dinosaur in play: its tag, damage taken (multiples of 5) and face-down attached cards."""

    tag: str
    damage: int = 0
    attached: list[str] = msgspec.field(default_factory=list)


class Player(msgspec.Struct):
    hand: list[str] = msgspec.field(default_factory=list)
    deck: list[str] = msgspec.field(default_factory=list)  # top of the deck is the end of the list
    discard: list[str] = msgspec.field(default_factory=list)  # the Junk; face up
    active: Dino | None = None
    bench: list[Dino] = msgspec.field(default_factory=list)
    kos: int = 0  # opponent Dinosaurs this player knocked out

    def dinos(self) -> list[Dino]:
        return ([self.active] if self.active else []) + self.bench


class Turn(msgspec.Struct):
    """The active player's part of the turn and what is left of its allowances."""

    player: int
    part: str = "strategy"
    actions: int = 1  # Strategies still playable
    attaches: int = 1
    combats: int = 1
    buys: int = 1
    power_used: bool = False
    number: int = 1  # turns started in the game, counting every player's turns


class PendingAttack(msgspec.Struct):
    """An attack declared and not yet resolved (its steps, `combat.py`: the target, the defender's
    reaction, the Item windows, then the attack resolves)."""

    attacker: int
    index: int  # 0-based attack of the attacking Dinosaur
    attacker_tag: str
    target: int = -1
    defender_tag: str = ""  # the defending Dinosaur ('' for a direct attack)
    reaction: str = ""  # evade, defend or pass


class DinoStep(Step):
    """Any step of a game of Biomechanic Dino Battles (`cardtable.core.steps`): the state's queue holds
    these, in the order of the rules' priorities (`rank`, lowest first): the end of the game, then a
    promotion after a knock-out, then a card effect, then the attack under way (its target, the
    defender's reaction, the Item windows before it resolves, the resolution), then the Item windows
    between two parts of the turn, then the part of the turn itself. `schedule` puts a step in its
    place (after the steps of its rank already there). Methods receive the card catalog."""

    #: the step's place in the rules' priorities (see the class text)
    rank: ClassVar[int]

    def priority(self) -> int:
        return self.rank


class DinoAuto(DinoStep, Auto):
    """A step nobody decides (an effect with no choice, the attack resolving, the end check)."""


class DinoChoice(DinoStep, Choice):
    """A decision of `seat` (its tag is the `Decision.kind`)."""


def schedule(s: DinoState, *steps: DinoStep) -> None:
    """Put `steps`, in order, into the queue at their rank: after every step of their rank or before it."""
    queue = s.steps
    for step in steps:
        rank = step.priority()
        at = len(queue)
        while at and queue[at - 1].priority() > rank:
            at -= 1
        queue.insert(at, step)


class DinoState(msgspec.Struct):
    players: list[Player]
    dino_deck: list[str]  # face down; top is the end of the list
    row: list[str]  # revealed Dinosaurs, oldest first (the "topmost" is purged first)
    supply: dict[str, int]  # stack sizes of Combat, Status, Strategy and Item cards
    turn: Turn
    purgatory: list[str] = msgspec.field(default_factory=list)
    boosts: list[list[int]] = msgspec.field(default_factory=list)  # per seat [atk, eva, def] this turn
    attack: PendingAttack | None = None
    #: the steps still to run, in the order of their rank (`DinoStep`); empty once the game is over
    steps: Queue[DinoStep] = msgspec.field(default_factory=list)
    #: the steps that were still pending when the game ended (what its last views show)
    unresolved: Queue[DinoStep] = msgspec.field(default_factory=list)
    ended: Termination | None = None  # how the game ended (RULES.md D2); None while it goes on
    ko_winner: int = -1
    #: public narration, the latest LOG_LINES lines (a turn's opening as a marked line)
    log: list[Said] = msgspec.field(default_factory=list)
    rng: Rng = msgspec.field(default_factory=Rng)
