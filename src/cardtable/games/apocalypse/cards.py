"""The card data: a msgspec schema for cards.toml, its validation, and the numbered card list."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from cardtable.core.carddata import load_card_file
from cardtable.core.errors import CardDataError

CARD_FILE = Path(__file__).with_name("cards.toml")

Resource = Literal["energy", "water", "food"]
Deck = Literal["building", "natural-energy", "natural-water", "ability", "catastrophe"]
Kind = Literal["human", "animal", "plant", "mechanism", "natural", "ability", "catastrophe"]

LIVING_KINDS: tuple[Kind, ...] = ("human", "animal", "plant")
#: the rulebook's "Content" list, by deck (54 cards in all)
DECK_SIZES = {"building": 36, "natural-energy": 3, "natural-water": 3, "ability": 6, "catastrophe": 6}
#: the rulebook's count of each kind of building card ("6 Human Cards", ...)
KIND_COUNTS = {"human": 6, "animal": 6, "plant": 6, "mechanism": 18}
#: the effects the rules implement, by design name (abilities and catastrophes)
ABILITIES = ("teraform", "weather-report", "recycle", "research", "use-reserves", "restructure")
CATASTROPHES = ("earthquake", "volcanic-eruption", "radioactive-waste", "malfunction")
_SLUG = re.compile(r"^[a-z][a-z-]*$")


class Design(msgspec.Struct, forbid_unknown_fields=True):
    """One card design and how many copies of it the game holds."""

    name: str
    title: str
    deck: Deck
    kind: Kind
    copies: int
    needs: dict[Resource, int] = {}
    gives: dict[Resource, int] = {}
    workforce: int = 0
    build_cost: int = 0
    text: str = ""
    confirmed: list[str] = []
    reconstructed: list[str] = []
    note: str = ""

    @property
    def living(self) -> bool:
        return self.kind in LIVING_KINDS


class CardFile(msgspec.Struct, forbid_unknown_fields=True):
    design: list[Design]


@dataclass(frozen=True, eq=False)
class Catalog:
    """All 54 cards: card id -> design, in the file's order. Compared and hashed by identity, so
    facts derived from it can be remembered per catalog."""

    designs: tuple[Design, ...]
    cards: tuple[Design, ...]

    def design(self, name: str) -> Design:
        for d in self.designs:
            if d.name == name:
                return d
        raise KeyError(name)

    def ids(self, deck: str) -> list[int]:
        return [i for i, d in enumerate(self.cards) if d.deck == deck]

    def names(self, deck: str) -> list[str]:
        return [d.name for d in self.designs if d.deck == deck]

    def natural_resources(self) -> dict[str, str]:
        """The resource each natural deck gives, by deck: {"natural-energy": "energy", ...}."""
        return {d.deck: next(iter(d.gives)) for d in self.designs if d.kind == "natural"}


_FIELDS = {"copies", "kind", "deck", "needs", "gives", "workforce", "build_cost", "text"}


def validate(designs: list[Design], source: str) -> None:
    """The rulebook's facts the data must respect; CardDataError names the design at fault."""
    seen: set[str] = set()
    for d in designs:
        where = f"{source}: design {d.name!r}"
        if not _SLUG.match(d.name) or d.name in ("pass",):
            raise CardDataError(f"{where}: name must be a lower-case slug")
        if d.name in seen:
            raise CardDataError(f"{where}: name used twice")
        seen.add(d.name)
        if d.copies < 1:
            raise CardDataError(f"{where}: copies must be at least 1")
        if any(v < 1 for v in (*d.needs.values(), *d.gives.values())):
            raise CardDataError(f"{where}: needs and gives amounts must be at least 1")
        if d.workforce < 0 or d.build_cost < 0:
            raise CardDataError(f"{where}: workforce and build_cost cannot be negative")
        for field in (*d.confirmed, *d.reconstructed):
            if field not in _FIELDS:
                raise CardDataError(f"{where}: unknown field {field!r} in confirmed/reconstructed")
        expected_kind = {"ability": "ability", "catastrophe": "catastrophe"}.get(d.deck)
        if expected_kind and d.kind != expected_kind:
            raise CardDataError(f"{where}: a {d.deck} card must be of kind {expected_kind}")
        if d.deck.startswith("natural") and d.kind != "natural":
            raise CardDataError(f"{where}: a natural resource deck holds natural cards only")
        if d.deck == "building" and d.kind in ("natural", "ability", "catastrophe"):
            raise CardDataError(f"{where}: the building deck holds living cards and mechanisms only")
        if d.kind == "mechanism" and d.build_cost < 1:
            raise CardDataError(f"{where}: every mechanism has a building cost")
        if d.kind == "ability" and d.name not in ABILITIES:
            raise CardDataError(f"{where}: no ability effect is implemented under this name")
        if d.kind == "catastrophe" and d.name not in CATASTROPHES:
            raise CardDataError(f"{where}: no catastrophe effect is implemented under this name")
    for deck, size in DECK_SIZES.items():
        total = sum(d.copies for d in designs if d.deck == deck)
        if total != size:
            raise CardDataError(f"{source}: the {deck} deck has {total} cards, the rulebook says {size}")
    for kind, count in KIND_COUNTS.items():
        total = sum(d.copies for d in designs if d.kind == kind)
        if total != count:
            raise CardDataError(f"{source}: {total} {kind} cards, the rulebook says {count}")
    for deck in ("natural-energy", "natural-water"):
        gives = {tuple(sorted(d.gives)) for d in designs if d.deck == deck}
        if len(gives) != 1 or len(next(iter(gives))) != 1:
            raise CardDataError(f"{source}: every {deck} card must give the same single resource")


def catalog_from(designs: list[Design], source: str = "card data") -> Catalog:
    validate(designs, source)
    cards = tuple(d for d in designs for _ in range(d.copies))
    return Catalog(tuple(designs), cards)


@cache
def load_catalog(path: Path = CARD_FILE) -> Catalog:
    """Load and validate cards.toml (once per process)."""
    data = load_card_file(path, CardFile)
    return catalog_from(data.design, str(path))
