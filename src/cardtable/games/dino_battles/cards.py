"""The card data schema (validated on load) and the catalog of one game's cards.

A card is pure data written in the effect vocabulary of `effects.py`; the rules code never names a
card. A player who owns the printed cards adds them to a TOML file of this shape.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from cardtable.core import CardDataError
from cardtable.core.carddata import load_card_file

CARD_FILE = Path(__file__).with_name("cards.toml")

#: the three Combat Card types (rulebook "Combat Cards"), also the currencies of every cost
COMBAT_TYPES = ("attack", "evade", "defend")
#: the three Status Effects (rulebook "Status Effects"), each a stack in the Supply
STATUS_TYPES = ("poison", "paralyze", "wound")

Count = Annotated[int, Meta(ge=0)]
Stat = Annotated[int, Meta(ge=0, le=99)]
FivePoints = Annotated[int, Meta(ge=0, multiple_of=5)]
Key = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$", max_length=40)]


class Cost(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A combination of Combat Cards to discard (from hand, or from attached cards for an attack)."""

    attack: Count = 0
    evade: Count = 0
    defend: Count = 0

    def as_dict(self) -> dict[str, int]:
        return {"attack": self.attack, "evade": self.evade, "defend": self.defend}

    def __str__(self) -> str:
        short = {"attack": "ATK", "evade": "EVA", "defend": "DEF"}
        parts = [f"{n} {short[kind]}" for kind, n in self.as_dict().items() if n]
        return " + ".join(parts) or "free"


class Effects(msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"def_": "def"}):
    """The effect vocabulary, in the rulebook's own terms; resolved in the order of the fields.

    Bonuses (Strategies): +X draw, action, attach, combat, buy, hp. Item values: atk, eva, def
    (added to your active Dinosaur until the end of the turn). Status Effects on a target opponent:
    poison, paralyze, wound (cards taken from the Supply). Dino Power style effects: damage (to a
    target opponent Dinosaur), discard (a target opponent discards cards of their choice), purge
    (remove cards of your choice from your hand to Purgatory).
    """

    draw: Count = 0
    action: Count = 0
    attach: Count = 0
    combat: Count = 0
    buy: Count = 0
    atk: Stat = 0
    eva: Stat = 0
    def_: Stat = 0
    hp: FivePoints = 0
    damage: FivePoints = 0
    poison: Count = 0
    paralyze: Count = 0
    wound: Count = 0
    discard: Count = 0
    purge: Count = 0

    def ops(self) -> list[tuple[str, int]]:
        """The non-zero effects as (op, amount), in resolution order."""
        return [(name.rstrip("_"), n) for name in self.__struct_fields__ if (n := getattr(self, name))]


class Attack(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    cost: Cost
    damage: FivePoints
    poison: Count = 0
    paralyze: Count = 0
    wound: Count = 0


class Power(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A Dino Power: static (atk/eva/def for your active Dinosaur) or activated (paid, once a turn)."""

    name: str
    kind: Literal["static", "activated"]
    effects: Effects
    cost: Cost = Cost()


Ability = Literal["camouflaged", "spiked", "immune-to-poison"]


class Dinosaur(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: Key
    name: str
    type: str
    cost: Cost
    retreat: Cost
    hp: Annotated[int, Meta(gt=0, multiple_of=5)]
    atk: Stat
    eva: Stat
    def_: Stat = msgspec.field(name="def")
    attacks: Annotated[list[Attack], Meta(min_length=1, max_length=2)]
    abilities: list[Ability] = msgspec.field(default_factory=list)
    power: Power | None = None


class PlayCard(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A card played from hand for its effects: a Strategy or an Item, which have the same fields."""

    key: Key
    name: str
    cost: Cost
    effects: Effects
    text: str = ""


class Strategy(PlayCard, frozen=True):
    """A Strategy card, played in the Strategy part."""


class Item(PlayCard, frozen=True):
    """An Item card, played in any part of the turn and in Item windows."""


class PerPlayers(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A number that depends on the player count (TOML keys two, three, four)."""

    two: Count
    three: Count
    four: Count

    def at(self, players: int) -> int:
        return {2: self.two, 3: self.three, 4: self.four}[players]


class Setup(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Which cards a game uses and how many: the Supply of 10 and the Dino Deck of 6 (card README)."""

    supply: Annotated[list[Key], Meta(min_length=1)]
    dinosaurs: Annotated[list[Key], Meta(min_length=1)]
    dino_copies: PerPlayers
    wound_stack: PerPlayers
    combat_stack: Count
    status_stack: Count
    supply_stack: Count
    revealed: Annotated[int, Meta(ge=1)] = 5


class Meta_(msgspec.Struct, frozen=True):
    status: Literal["reconstructed", "printed"]
    note: str = ""


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    meta: Meta_
    setup: Setup
    dinosaur: list[Dinosaur]
    strategy: list[Strategy] = msgspec.field(default_factory=list)
    item: list[Item] = msgspec.field(default_factory=list)


class Catalog:
    """The cards of one game: lookups by key and the set-up, checked for consistency."""

    def __init__(self, data: CardFile, source: str = "card data") -> None:
        self.data = data
        self.setup = data.setup
        self.dinosaurs = {d.key: d for d in data.dinosaur}
        self.strategies = {s.key: s for s in data.strategy}
        self.items = {i.key: i for i in data.item}
        names = [*COMBAT_TYPES, *STATUS_TYPES, *self.dinosaurs, *self.strategies, *self.items]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise CardDataError(f"{source}: card key used twice: {', '.join(duplicates)}")
        for key in self.setup.supply:
            if key not in self.strategies and key not in self.items:
                raise CardDataError(f"{source}: setup.supply names {key!r}, not a strategy or item")
        for key in self.setup.dinosaurs:
            if key not in self.dinosaurs:
                raise CardDataError(f"{source}: setup.dinosaurs names {key!r}, not a dinosaur")
        for dino in data.dinosaur:
            if dino.power and dino.power.kind == "static":
                bad = [op for op, _ in dino.power.effects.ops() if op not in ("atk", "eva", "def")]
                if bad:
                    raise CardDataError(f"{source}: {dino.key}: a static power may only give atk/eva/def")
        #: the Strategy/Item cards of this game's Supply, in the data file's order
        self.supply_cards = tuple(self.setup.supply)
        self.strategy_keys = tuple(k for k in self.supply_cards if k in self.strategies)
        self.item_keys = tuple(k for k in self.supply_cards if k in self.items)
        self.dino_keys = tuple(self.setup.dinosaurs)
        #: every non-Dinosaur card kind that can be in a player's cards
        self.card_kinds = (*COMBAT_TYPES, *STATUS_TYPES, *self.supply_cards)

    def dino_tags(self, players: int) -> list[str]:
        copies = self.setup.dino_copies.at(players)
        return [f"{key}-{n}" for key in self.dino_keys for n in range(1, copies + 1)]

    def dino(self, tag: str) -> Dinosaur:
        return self.dinosaurs[kind_of(tag)]

    def cost_of(self, key: str) -> Cost:
        if key in self.strategies:
            return self.strategies[key].cost
        if key in self.items:
            return self.items[key].cost
        if key in self.dinosaurs:
            return self.dinosaurs[key].cost
        return Cost()

    def name_of(self, key: str) -> str:
        for table in (self.dinosaurs, self.strategies, self.items):
            if key in table:
                return table[key].name
        return key.capitalize()


def kind_of(tag: str) -> str:
    """The Dinosaur key of an in-game tag such as 'tyrannomech-2'."""
    return tag.rsplit("-", 1)[0]


def parse_catalog(raw: object, source: str = "card data") -> Catalog:
    from cardtable.core.carddata import convert_card_data

    return Catalog(convert_card_data(raw, CardFile, source), source)


@cache
def load_catalog(path: Path = CARD_FILE) -> Catalog:
    return Catalog(load_card_file(path, CardFile), str(path))
