"""The card data schema of Race for the Galaxy (validated on load) and the catalog of its cards.

A card is data in a small power vocabulary keyed by the game's phases (RULES.md "Card data"); the
rules code reads powers by phase and name, never by card name.

Powers, per phase (`value` is the number the power adds or gives):
- explore: `draw` (draw more cards), `keep` (keep more cards)
- develop: `draw` (at the start of the phase), `draw-after` (after placing a development), `reduce`
- settle: `military` (optionally only against worlds of one `good`, or `against = "rebel"` worlds),
  `reduce` (optionally for one `good`), `tactics` (discard this card for `value` more military this
  phase), `colony-ship` (discard this card to place a non-military world for nothing),
  `pay-military` (pay for a non-Alien military world, its defence less `value` as cost),
  `draw-after` (after placing a world)
- consume: `trade-bonus` (more cards when trading a good of `good`, `any` kind, or from `this` world),
  `trade` (trade a good as a power; `bonus = false`: without trade bonuses), `consume` (`goods`
  goods of `good` kind per use, up to `times` uses, each for `vp` VP and `cards` cards),
  `consume-different` (3 goods of different kinds for `vp`), `consume-all` (every good, `vp`
  for each good after the first), `discard-hand` (discard up to `times` cards from hand, `vp`
  each), `draw`, `gamble`
- produce: `produce` (a good on this world), `windfall` (a good on a windfall world of `good`),
  `draw`, `draw-if-produced`, `draw-per-good` (per good of `good` produced), `draw-per-kind` (per
  kind produced), `draw-per-world` (per world of `good` in the tableau), `draw-most` (if the
  player produced strictly the most goods of `good`)
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from cardtable.core import CardDataError
from cardtable.core.carddata import load_card_file

CARD_FILE = Path(__file__).with_name("cards.toml")

Phase = Literal["explore", "develop", "settle", "consume", "produce"]
Good = Literal["novelty", "rare", "genes", "alien"]
PHASES: tuple[Phase, ...] = ("explore", "develop", "settle", "consume", "produce")
GOODS: tuple[Good, ...] = ("novelty", "rare", "genes", "alien")
#: cards drawn for trading one good of each kind (the $ bonus), before trade bonuses
TRADE_VALUE = {"novelty": 2, "rare": 3, "genes": 4, "alien": 5}

#: the powers each phase knows (see the module docstring)
POWERS: dict[str, tuple[str, ...]] = {
    "explore": ("draw", "keep"),
    "develop": ("draw", "draw-after", "reduce"),
    "settle": ("military", "reduce", "tactics", "colony-ship", "pay-military", "draw-after"),
    "consume": (
        "trade-bonus",
        "trade",
        "consume",
        "consume-different",
        "consume-all",
        "discard-hand",
        "draw",
        "gamble",
    ),
    "produce": (
        "produce",
        "windfall",
        "draw",
        "draw-if-produced",
        "draw-per-good",
        "draw-per-kind",
        "draw-per-world",
        "draw-most",
    ),
}
#: what a line of a 6-cost development's bonus list counts (RULES.md "Scoring")
BONUS_KINDS = (
    "production-world",
    "windfall-world",
    "alien-card",
    "military-world",
    "rebel-military-world",
    "military-strength",
    "world",
    "development",
    "six-cost-development",
    "development-explore",
    "world-explore",
    "development-consume",
    "world-consume",
    "development-trade",
    "world-trade",
    "chips-per-three",
    "card",
)
FLAGS = ("rebel", "alien", "uplift", "imperium", "terraforming")
#: consume powers a player chooses to use (the others are bonuses applied to trades)
CHOSEN_CONSUME = ("trade", "consume", "consume-different", "consume-all", "discard-hand", "draw", "gamble")

Key = Annotated[str, Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40)]
Small = Annotated[int, Meta(ge=-9, le=9)]


class Power(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    phase: Phase
    power: str
    value: Small = 0
    good: str = ""
    against: str = ""
    goods: Annotated[int, Meta(ge=0, le=3)] = 0
    times: Annotated[int, Meta(ge=0, le=3)] = 0
    vp: Annotated[int, Meta(ge=0, le=3)] = 0
    cards: Annotated[int, Meta(ge=0, le=2)] = 0
    bonus: bool = True


class Bonus(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    vp: Annotated[int, Meta(ge=1, le=3)]
    scores: str
    good: str = ""
    card: str = ""


class Card(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: Key
    name: str
    type: Literal["world", "development"]
    cost: Annotated[int, Meta(ge=0, le=7)]
    vp: Annotated[int, Meta(ge=0, le=7)]
    source: Literal["confirmed", "reconstructed"]
    count: Annotated[int, Meta(ge=1, le=2)] = 1
    good: Good | None = None
    start: bool = False
    windfall: bool = False
    military: bool = False
    flags: tuple[str, ...] = ()
    powers: tuple[Power, ...] = ()
    bonus: tuple[Bonus, ...] = ()

    @property
    def is_world(self) -> bool:
        return self.type == "world"

    @property
    def production(self) -> bool:
        """A world that produces a good each Produce phase (coloured, not windfall)."""
        return self.is_world and self.good is not None and not self.windfall

    @property
    def six_cost(self) -> bool:
        return self.type == "development" and self.cost == 6

    def phase_powers(self, phase: str) -> list[tuple[int, Power]]:
        return [(i, p) for i, p in enumerate(self.powers) if p.phase == phase]


class CardMeta(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    status: str
    source: str


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"cards": "card"}):
    meta: CardMeta
    cards: tuple[Card, ...]


class Catalog:
    """Every card of the game by key, with the derived tables the rules read."""

    def __init__(self, data: CardFile) -> None:
        self.data = data
        self.cards: dict[str, Card] = {c.key: c for c in data.cards}
        self.names: dict[str, str] = {c.name: c.key for c in data.cards}
        self.start_worlds: tuple[str, ...] = tuple(c.key for c in data.cards if c.start)
        self.all_cards: tuple[str, ...] = tuple(sorted(k for c in data.cards for k in [c.key] * c.count))
        self.counts = Counter(self.all_cards)
        self.keys: tuple[str, ...] = tuple(sorted(self.cards))
        #: card key -> phase -> its powers of that phase with their index on the card
        self.by_phase: dict[str, dict[str, tuple[tuple[int, Power], ...]]] = {
            c.key: {phase: tuple(c.phase_powers(phase)) for phase in PHASES} for c in data.cards
        }

    def __getitem__(self, key: str) -> Card:
        return self.cards[key]


def _validate(data: CardFile, source: str) -> None:
    seen: set[str] = set()
    for card in data.cards:
        where = f"{source}: card {card.key!r}"
        if card.key in seen:
            raise CardDataError(f"{where}: the key is used twice (every design is one entry, with a count)")
        seen.add(card.key)
        if card.type == "development" and (card.good or card.windfall or card.military or card.start):
            raise CardDataError(f"{where}: a development has no good, windfall, military or start mark")
        if card.windfall and card.good is None:
            raise CardDataError(f"{where}: a windfall world needs the kind of its good")
        if card.is_world and card.count != 1:
            raise CardDataError(f"{where}: every world is a single copy in the base game")
        for flag in card.flags:
            if flag not in FLAGS:
                raise CardDataError(f"{where}: unknown flag {flag!r} (known: {', '.join(FLAGS)})")
        for power in card.powers:
            if power.power not in POWERS[power.phase]:
                known = ", ".join(POWERS[power.phase])
                raise CardDataError(f"{where}: {power.phase} has no power {power.power!r} (known: {known})")
            if power.good and power.good not in (*GOODS, "any", "this"):
                raise CardDataError(f"{where}: unknown good {power.good!r} in a {power.power} power")
            if power.power == "consume" and (not power.good or power.goods < 1 or power.times < 1):
                raise CardDataError(f"{where}: a consume power needs a good, goods >= 1 and times >= 1")
        if card.bonus and not card.six_cost:
            raise CardDataError(f"{where}: only 6-cost developments score bonus lines")
        for line in card.bonus:
            if line.scores not in BONUS_KINDS:
                raise CardDataError(f"{where}: a bonus line cannot score {line.scores!r}")
    for card in data.cards:
        for line in card.bonus:
            if line.scores == "card" and line.card not in seen:
                raise CardDataError(f"{source}: card {card.key!r} scores an unknown card {line.card!r}")
    starts = sum(1 for c in data.cards if c.start)
    if starts < 4:
        raise CardDataError(f"{source}: {starts} start worlds; 4 players need at least 4")


def load_catalog(path: Path = CARD_FILE) -> Catalog:
    data = load_card_file(path, CardFile)
    _validate(data, str(path))
    return Catalog(data)


@cache
def catalog() -> Catalog:
    """The base game's cards (loaded once)."""
    return load_catalog()
