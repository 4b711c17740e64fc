"""The state of a game of Biomechanic Dino Battles: plain data, JSON round-trip via msgspec.

Cards other than Dinosaurs are identical within a kind, so a zone is a list of card keys
('attack', 'wound', 'rapid-deployment', ...). Every Dinosaur copy has a public tag
('tyrannomech-2') so it can be named as a target once revealed.
"""

from __future__ import annotations

import msgspec

from cardtable.core import Rng

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
    window: list[int] = msgspec.field(default_factory=list)  # seats still to get the Item window after a part


class PendingAttack(msgspec.Struct):
    """An attack declared and not yet resolved: target, then reaction, then Item windows."""

    attacker: int
    index: int  # 0-based attack of the attacking Dinosaur
    attacker_tag: str
    stage: str = "target"  # target -> react -> window
    target: int = -1
    defender_tag: str = ""  # the defending Dinosaur ('' for a direct attack)
    reaction: str = ""  # evade, defend or pass
    window: list[int] = msgspec.field(default_factory=list)  # seats still to be offered an Item window


class PendingOp(msgspec.Struct):
    """One effect of a played card still to resolve; `target` is a seat once chosen."""

    seat: int
    op: str
    n: int
    target: int = -1


class DinoState(msgspec.Struct):
    players: list[Player]
    dino_deck: list[str]  # face down; top is the end of the list
    row: list[str]  # revealed Dinosaurs, oldest first (the "topmost" is purged first)
    supply: dict[str, int]  # stack sizes of Combat, Status, Strategy and Item cards
    turn: Turn
    purgatory: list[str] = msgspec.field(default_factory=list)
    boosts: list[list[int]] = msgspec.field(default_factory=list)  # per seat [atk, eva, def] this turn
    attack: PendingAttack | None = None
    ops: list[PendingOp] = msgspec.field(default_factory=list)
    promote: list[int] = msgspec.field(default_factory=list)  # seats that must promote a benched Dinosaur
    ended: str = ""  # "", "ko", "wounds" or "stall" (RULES.md D2)
    ko_winner: int = -1
    log: list[str] = msgspec.field(default_factory=list)  # public narration, the latest LOG_LINES lines
    rng: Rng = msgspec.field(default_factory=Rng)
