"""The Biosphere 5 card set: schema, validation and the lookup tables the rules use."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from cardtable.core import CardDataError
from cardtable.core.carddata import load_card_file

CARD_FILE = Path(__file__).with_name("cards.toml")

OptionKind = Literal[
    "achievement",
    "rescue",
    "catastrophe",
    "new-hope",
    "espionage",
    "sabotage",
    "attack",
    "biosphere",
    "better-leadership",
    "shown-strength",
]
Quality = Literal["perfect", "makeshift", ""]
UPPER, LOWER = "upper", "lower"


class Category(msgspec.Struct, forbid_unknown_fields=True):
    level: int
    rank: int
    catastrophe: str


class CardOption(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    kind: OptionKind
    level: int
    category: str = ""
    quality: Quality = ""
    protects: tuple[str, ...] = ()


class CardSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: str
    name: str
    red: int
    source: str
    upper: CardOption
    lower: CardOption
    count: int = 1
    abyss: bool = False


class CardFile(msgspec.Struct, forbid_unknown_fields=True):
    categories: dict[str, Category]
    cards: list[CardSpec]


class CardSet:
    """The validated card file: card types by index, and each deck's composition."""

    def __init__(self, data: CardFile, source: str = "cards.toml") -> None:
        _validate(data, source)
        self.categories = data.categories
        self.cards: list[CardSpec] = data.cards
        self.index: dict[str, int] = {card.key: i for i, card in enumerate(self.cards)}
        self.basic_deck: tuple[int, ...] = _deck(self.cards, abyss=False)
        self.abyss_deck: tuple[int, ...] = _deck(self.cards, abyss=True)
        self.biosphere = next(i for i, c in enumerate(self.cards) if c.upper.kind == "biosphere")

    def option(self, card: int, side: str) -> CardOption:
        spec = self.cards[card]
        return spec.upper if side == UPPER else spec.lower

    def key(self, card: int) -> str:
        return self.cards[card].key

    def name(self, card: int) -> str:
        return self.cards[card].name

    def level_of(self, category: str) -> int:
        return self.categories[category].level

    def value(self, card: int) -> tuple[int, int]:
        """The Machine's card value (4.4): class of the upper option, then its category's rank."""
        upper = self.cards[card].upper
        quality = {"perfect": 3, "makeshift": 2}.get(upper.quality, 1)
        if upper.kind == "biosphere":
            quality = 3
        rank = self.categories[upper.category].rank if upper.category else 0
        return quality, rank


def _deck(cards: list[CardSpec], abyss: bool) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(cards) for _ in range(c.count) if abyss or not c.abyss)


def _validate(data: CardFile, source: str) -> None:
    def fail(message: str) -> None:
        raise CardDataError(f"{source}: {message}")

    keys = [c.key for c in data.cards]
    for key in keys:
        if keys.count(key) > 1:
            fail(f"card key {key!r} appears twice")
        if not key.replace("-", "").isalnum() or key != key.lower() or key.isdigit():
            fail(f"card key {key!r} must be lower-case letters, digits and dashes")
    if sum(c.upper.kind == "biosphere" for c in data.cards) != 1:
        fail("the deck needs exactly one card with a biosphere option (2.3.4)")
    for card in data.cards:
        if card.count < 1:
            fail(f"{card.key}: count must be at least 1")
        if card.red < 0:
            fail(f"{card.key}: red must not be negative")
        for side, option in ((UPPER, card.upper), (LOWER, card.lower)):
            where = f"{card.key}.{side}"
            if not 1 <= option.level <= 4:
                fail(f"{where}: level {option.level} is not one of I-IV")
            needs_category = option.kind in ("achievement", "rescue", "catastrophe", "biosphere")
            if needs_category and option.category not in data.categories:
                fail(f"{where}: unknown category {option.category!r}")
            if option.kind == "achievement":
                if option.quality not in ("perfect", "makeshift"):
                    fail(f"{where}: an achievement is perfect or makeshift")
                if data.categories[option.category].level != option.level:
                    fail(f"{where}: an achievement has the level of its category")
            if option.kind == "catastrophe" and data.categories[option.category].level != option.level:
                fail(f"{where}: a catastrophe has the level of its category")
            if option.kind == "rescue" and not option.protects:
                fail(f"{where}: a rescue card must name the catastrophes it protects against")
            for protected in option.protects:
                if protected not in data.categories:
                    fail(f"{where}: protects unknown category {protected!r}")
    base = sum(c.count for c in data.cards if not c.abyss)
    if base != 25:
        fail(f"the basic deck must have 25 cards (1.2), this file gives {base}")


def load_cards(path: Path = CARD_FILE) -> CardSet:
    return CardSet(load_card_file(path, CardFile), source=str(path))


@cache
def default_cards() -> CardSet:
    return load_cards()
