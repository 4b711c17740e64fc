"""The card data schema of 51st State (validated on load) and the catalog of one game's cards.

Every location, Connection card and faction board is data in a small effect vocabulary (see the head
of cards.toml); the rules code never names a card. The schema already has room for the modules
(`set = "new-era"` or `"winter"`, the New Era types and the defence token); a module card whose
effect the vocabulary cannot say is refused with a CardDataError naming it.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from cardtable.core import CardDataError
from cardtable.core.carddata import load_card_file, unique_keys

CARD_FILE = Path(__file__).with_name("cards.toml")

#: the basic goods (an Ammo token pays for any one of them)
BASIC = ("fuel", "gun", "iron", "brick")
#: contact colours: grey builds, red razes, blue makes deals; a universal contact is any colour
CONTACTS = ("grey", "red", "blue")
#: every token a player's supply can hold, in the order views and payments list them
TOKENS = (*BASIC, "ammo", "worker", *CONTACTS, "universal", "development", "defence")
#: what an effect can give: a token, a card drawn from the deck, or victory points
Resource = Literal[
    "fuel", "gun", "iron", "brick", "ammo", "worker", "grey", "red", "blue", "universal",
    "development", "defence", "card", "vp",
]  # fmt: skip
CostAtom = Literal[
    "fuel", "gun", "iron", "brick", "ammo", "worker", "grey", "red", "blue", "universal",
    "development", "card", "vp", "any-basic", "discard-card", "discard-deal",
]  # fmt: skip
GainAtom = Literal[
    "fuel", "gun", "iron", "brick", "ammo", "worker", "grey", "red", "blue", "universal",
    "development", "defence", "card", "vp", "steal-basic",
]  # fmt: skip
#: type icons; "liberty" and "contact" are our names for the church and arrow icons (RULES.md)
TypeIcon = Literal["fuel", "gun", "iron", "brick", "worker", "card", "vp", "liberty", "contact", "ammo"]
Kind = Literal["production", "feature", "action"]
CardSet = Literal["base", "new-era", "winter"]
Key = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$", max_length=40)]
Count = Annotated[int, Meta(ge=0)]


class Production(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """What a Production location gives: fixed `goods`, or 1 `good` per `per_type` icon up to `max`."""

    goods: list[Resource] = msgspec.field(default_factory=list)
    per_type: TypeIcon | None = None
    good: Resource | None = None
    max: Annotated[int, Meta(ge=1)] = 3


class VpPerType(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Building bonus: +1 VP per `type` icon in your State (the new card included), up to `max`."""

    type: TypeIcon
    max: Annotated[int, Meta(ge=1)] = 5


class Cache(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Building bonus: `count` goods placed on the card, spent from there when paying."""

    good: Literal["fuel", "gun", "iron", "brick", "worker"]
    count: Annotated[int, Meta(ge=1)] = 3


class Storage(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Room on a card for up to `capacity` of `goods`, filled at Cleanup, taken back at Production."""

    capacity: Annotated[int, Meta(ge=1)]
    goods: Annotated[list[Literal["fuel", "gun", "iron", "brick", "worker"]], Meta(min_length=1)]


class ActionEffect(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An Action location: pay `cost`, get `gain`; at most `uses` activations a round."""

    cost: list[CostAtom]
    gain: Annotated[list[GainAtom], Meta(min_length=1)]
    uses: Annotated[int, Meta(ge=1, le=2)] = 1


class Location(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: Key
    name: str
    set: CardSet
    kind: Kind
    distance: Annotated[int, Meta(ge=1, le=3)]
    copies: Annotated[int, Meta(ge=1)]
    types: Annotated[list[TypeIcon], Meta(min_length=1, max_length=2)]
    spoils: Annotated[list[Resource], Meta(min_length=1)]
    deal: Resource
    source: str
    open: bool = False
    production: Production | None = None
    action: ActionEffect | None = None
    bonus: list[Resource] = msgspec.field(default_factory=list)
    bonus_vp_per_type: VpPerType | None = None
    cache: Cache | None = None
    storage: list[Storage] = msgspec.field(default_factory=list)
    notes: list[str] = msgspec.field(default_factory=list)


class FactionAction(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    contact: Literal["grey", "red", "blue"]
    cost: Annotated[list[CostAtom], Meta(min_length=1)]
    gain: Annotated[list[GainAtom], Meta(min_length=1)]


class Faction(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: Key
    name: str
    good: Literal["fuel", "gun", "iron", "brick"]
    actions: Annotated[list[FactionAction], Meta(min_length=3, max_length=3)]
    source: str


class Connection(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: Key
    name: str
    deck: Literal["blue", "red"]
    copies: Annotated[int, Meta(ge=1)]
    cost: list[CostAtom]
    gain: Annotated[list[GainAtom], Meta(min_length=1)]
    source: str


class RazeCost(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    production: Count
    feature: Count
    action: Count


class Rules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    start_cards: Annotated[int, Meta(ge=1)]
    start_keep: Annotated[int, Meta(ge=0)]
    end_vp: Annotated[int, Meta(ge=1)]
    raze_cost: RazeCost
    defended_extra: Count
    faction_production: list[Resource]
    workers_per_exchange: Annotated[int, Meta(ge=1)]
    workers_per_connection: Annotated[int, Meta(ge=0)]
    develop_vp: Count
    source: str


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    rules: Rules
    faction: Annotated[list[Faction], Meta(min_length=1)]
    connection: Annotated[list[Connection], Meta(min_length=1)]
    location: Annotated[list[Location], Meta(min_length=1)]


class Catalog:
    """The validated card data of one game, indexed by key."""

    def __init__(self, data: CardFile, sets: tuple[str, ...] = ("base",)) -> None:
        _validate(data)
        self.data = data
        self.rules = data.rules
        self.sets = sets
        self.locations = {loc.key: loc for loc in data.location if loc.set in sets}
        self.factions = {f.key: f for f in data.faction}
        self.connections = {c.key: c for c in data.connection}
        #: every key in a fixed order (the integer encoding uses it)
        self.location_keys = tuple(sorted(self.locations))
        self.connection_keys = tuple(c.key for c in data.connection)
        self.faction_keys = tuple(f.key for f in data.faction)

    def deck(self) -> list[str]:
        """One key per printed copy, in key order (the game shuffles it)."""
        return [key for key in self.location_keys for _ in range(self.locations[key].copies)]

    def connection_deck(self, colour: str) -> list[str]:
        return [c.key for c in self.data.connection if c.deck == colour for _ in range(c.copies)]

    def location(self, key: str) -> Location:
        return self.locations[key]


def _validate(data: CardFile) -> None:
    """Rules the schema alone cannot say; each error names the card and the rule it breaks."""
    seen = unique_keys((loc.key for loc in data.location), "location")
    for loc in data.location:
        where = f"location {loc.key!r}"
        if loc.kind == "production":
            prod = loc.production
            if prod is None:
                raise CardDataError(f"{where}: a Production location needs a `production`")
            if bool(prod.goods) == (prod.per_type is not None):
                raise CardDataError(f"{where}: production is either fixed `goods` or `per_type`, not both")
            if prod.per_type is not None and prod.good is None:
                raise CardDataError(f"{where}: a per-type production needs the `good` it gives")
        elif loc.production is not None or loc.open:
            raise CardDataError(f"{where}: only Production locations produce or are open")
        if (loc.kind == "action") != (loc.action is not None):
            raise CardDataError(f"{where}: an Action location, and only one, has an `action`")
        if loc.kind != "feature" and (loc.cache or loc.storage or loc.bonus_vp_per_type):
            raise CardDataError(f"{where}: cache, storage and VP-per-type bonuses belong to Features")
        if loc.action is not None and "steal-basic" in loc.action.gain and len(loc.action.gain) != 1:
            raise CardDataError(f"{where}: steal-basic is the whole gain of its action")
        if "discard-card" in loc.spoils or "discard-deal" in loc.spoils:
            raise CardDataError(f"{where}: spoils are things gained")
    keys = {f.key for f in data.faction} | {c.key for c in data.connection}
    if len(keys) != len(data.faction) + len(data.connection) or keys & seen:
        raise CardDataError("faction, connection and location keys must all differ")
    for faction in data.faction:
        colours = sorted(a.contact for a in faction.actions)
        if colours != ["blue", "grey", "red"]:
            raise CardDataError(f"faction {faction.key!r}: needs one action per contact colour")
    decks = Counter(c.deck for c in data.connection for _ in range(c.copies))
    if not decks["blue"] or not decks["red"]:
        raise CardDataError("each Connection deck (blue, red) needs cards")


def load_catalog(path: Path = CARD_FILE, sets: tuple[str, ...] = ("base",)) -> Catalog:
    return _load(path, sets)


@cache
def _load(path: Path, sets: tuple[str, ...]) -> Catalog:
    return Catalog(load_card_file(path, CardFile), sets)
