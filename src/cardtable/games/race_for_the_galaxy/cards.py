"""The card data schema of Race for the Galaxy (validated on load) and the catalog of its cards.

A card is data in a small power vocabulary keyed by the game's phases (RULES.md "Card data"); the
rules code reads powers by phase and name, never by card name. `cards.toml` holds the base game;
`cards-1.toml` .. `cards-3.toml` hold what each expansion level adds (new designs) or changes (copies
of earlier designs, `[[copies]]`, 0 = removed); a catalog of level N is the base game plus levels 1..N.

Powers, per phase (`value` is the number the power adds or gives; `vp`, `cards`, `prestige` are
rewards; `per` multiplies by a count of the owner's tableau: `military-world`, `chromo-card` (cards
with the chromosome symbol), `rebel-world`; `spend` is what using the power costs: `prestige`, or a
good of that kind; `discard = true`: the card leaves the tableau when the power is used):
- explore: `draw` (draw more cards), `keep` (keep more cards), `discard-any` (the cards to discard
  may come from the whole hand, not only from the cards just drawn), `discard-for-prestige` (discard
  a card from hand for `prestige`)
- develop: `draw` (at the start of the phase), `draw-after` (after placing a development), `reduce`
  (optionally paid by `spend`ing a good), `explore` (at the start of the phase draw `value`, then
  discard `value`), `discard-reduce` (discard this card: `value` less to pay), `save-payment` (keep
  one card paid under this card), `prestige-after` (`prestige` after placing a development; with
  `against`: only a `rebel` or a `six-cost` one)
- settle: `military` (optionally only against worlds of one `good` or `against = "rebel"` worlds;
  `per` a count; `when = "imperium-card"`: only while the owner has an Imperium card; `spend` a
  good or prestige, up to `times` a phase, for temporary military), `reduce` (optionally for one
  `good`, or paid by `spend`ing a good), `tactics` (discard this card for `value` more military this
  phase), `colony-ship` (discard this card to place a non-military world for nothing),
  `pay-military` (pay for a military world, its defence less `value` as cost: a non-Alien one, or
  only `good = "alien"` ones; `against` narrows it to `rebel` or `chromo` worlds), `pay-discount`
  (`value` less when paying for a military world), `hand-military` (discard up to `value` cards
  from hand, +1 military each, this phase), `draw-after` (after placing a world), `explore-after`
  (after placing a world draw `value`, then discard `value`), `prestige-after` (`prestige` after
  placing a world `against`: `rebel-military` (conquered), `production`, `paid-military`),
  `place-second` (place a second world), `place-military` (place a second, military world),
  `conquer-peaceful` (conquer a non-military world as if military, `value` more military;
  `settle_only`: not in a takeover; `prestige` when used), `save-payment`, `produce-on-placement`
  (a production world gets its good when placed), `upgrade-world` (replace a non-military world by
  one from hand of the same kind costing up to `value` more), `takeover` (take over a military world
  of another player `against`: `rebel-military` worlds, any of a player with an `imperium` card
  (+`value` military per own Rebel military world), any of a player with positive `military`, or
  `any` player's; `destroy`: the world is discarded instead; `prestige` on success; `spend` to
  declare), `takeover-defence` (+1 defence per military world, +1 more per Rebel military world),
  `prevent-takeover` (`spend` 1 prestige: a declared takeover fails)
- consume: `trade-bonus` (more cards when trading a good of `good`, `any` kind, or from `this`
  world; `per`: `value` plus the count), `trade` (trade a good as a power; `bonus = false`: without
  trade bonuses), `no-trade` (the good on this world cannot be traded), `consume` (`goods` goods of
  `good` kind per use, up to `times` uses, each for `vp`, `cards`, `prestige`; `world = "this"`:
  only this world's good), `consume-different` (3 goods of different kinds), `consume-kinds` (1 to
  4 goods of different kinds, the rewards per good), `consume-all` (every good, `vp` for each good
  after the first), `consume-prestige` (`spend` 1 prestige, up to `times`, for the rewards),
  `discard-hand` (discard up to `times` cards from hand, each for the rewards; `goods = 2`:
  exactly two cards for the rewards once), `draw`, `vp` (gain `vp`), `gamble` (name a cost, turn
  over a card), `ante` (risk a hand card for a better one)
- produce: `produce` (a good on this world), `discard-produce` (discard a hand card to produce on
  this world), `windfall` (a good on a windfall world of `good`; `world = "other"`: not this one),
  `discard-windfall` (discard a hand card to produce on a windfall world of `good`), `draw`,
  `draw-if-produced`, `draw-per-good` (per good of `good` produced), `draw-per-kind` (per kind
  produced), `draw-per-world` (per world of `good` in the tableau), `draw-per` (`value` per `per`
  card), `draw-most` (if the player produced strictly the most goods of `good`, `any` = of all
  kinds), `prestige-if-produced`, `prestige-most` (`prestige` if the owner has strictly the most
  `per` cards), `take-saved` (the cards saved under this card go to the hand)

Card rules (`special`): `start-hand-3` (its owner keeps 3 cards at the start, not 4), `start-save`
(its owner saves one hand card under it at the start), `hand-limit-12`, `game-end-14` (its owner's
tableau ends the game at 14 cards, not 12), `take-discards` (its owner takes the cards other
players discard at the end of a round), `choose-last` (its owner chooses actions after the others).
A `prestige` flag is the prestige symbol: 1 prestige when the card is placed (level 3).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import msgspec
from msgspec import Meta

from cardtable.core import CardDataError
from cardtable.core.carddata import load_card_file

if TYPE_CHECKING:
    from .robot import RobotFile

CARD_FILE = Path(__file__).with_name("cards.toml")
#: expansion levels, cumulative as the box and the reference engine number them
LEVELS = {0: "base game", 1: "The Gathering Storm", 2: "Rebel vs Imperium", 3: "The Brink of War"}

Phase = Literal["explore", "develop", "settle", "consume", "produce"]
Good = Literal["novelty", "rare", "genes", "alien"]
PHASES: tuple[Phase, ...] = ("explore", "develop", "settle", "consume", "produce")
GOODS: tuple[Good, ...] = ("novelty", "rare", "genes", "alien")
#: cards drawn for trading one good of each kind (the $ bonus), before trade bonuses
TRADE_VALUE = {"novelty": 2, "rare": 3, "genes": 4, "alien": 5}

_REWARDS = frozenset({"vp", "cards", "prestige"})
#: the powers each phase knows, with the fields (beyond `value`) each may set (module docstring)
POWERS: dict[str, dict[str, frozenset[str]]] = {
    "explore": {
        "draw": frozenset(),
        "keep": frozenset(),
        "discard-any": frozenset(),
        "discard-for-prestige": frozenset({"prestige"}),
    },
    "develop": {
        "draw": frozenset(),
        "draw-after": frozenset(),
        "reduce": frozenset({"spend"}),
        "explore": frozenset(),
        "discard-reduce": frozenset(),
        "save-payment": frozenset(),
        "prestige-after": frozenset({"prestige", "against"}),
    },
    "settle": {
        "military": frozenset({"good", "against", "per", "when", "spend", "times"}),
        "reduce": frozenset({"good", "spend"}),
        "tactics": frozenset(),
        "colony-ship": frozenset(),
        "pay-military": frozenset({"good", "against"}),
        "pay-discount": frozenset(),
        "hand-military": frozenset(),
        "draw-after": frozenset(),
        "explore-after": frozenset(),
        "prestige-after": frozenset({"prestige", "against"}),
        "place-second": frozenset(),
        "place-military": frozenset({"discard"}),
        "conquer-peaceful": frozenset({"discard", "settle_only", "prestige"}),
        "save-payment": frozenset(),
        "produce-on-placement": frozenset(),
        "upgrade-world": frozenset({"prestige"}),
        "takeover": frozenset({"against", "discard", "destroy", "prestige", "spend"}),
        "takeover-defence": frozenset(),
        "prevent-takeover": frozenset({"spend"}),
    },
    "consume": {
        "trade-bonus": frozenset({"good", "per"}),
        "trade": frozenset({"bonus"}),
        "no-trade": frozenset(),
        "consume": frozenset({"good", "goods", "times", "world"}) | _REWARDS,
        "consume-different": frozenset({"goods"}) | _REWARDS,
        "consume-kinds": _REWARDS,
        "consume-all": _REWARDS,
        "consume-prestige": frozenset({"times"}) | _REWARDS,
        "discard-hand": frozenset({"times", "goods"}) | _REWARDS,
        "draw": frozenset(),
        "vp": frozenset({"vp"}),
        "gamble": frozenset(),
        "ante": frozenset(),
    },
    "produce": {
        "produce": frozenset(),
        "discard-produce": frozenset(),
        "windfall": frozenset({"good", "world"}),
        "discard-windfall": frozenset({"good"}),
        "draw": frozenset(),
        "draw-if-produced": frozenset(),
        "draw-per-good": frozenset({"good"}),
        "draw-per-kind": frozenset(),
        "draw-per-world": frozenset({"good"}),
        "draw-per": frozenset({"per"}),
        "draw-most": frozenset({"good"}),
        "prestige-if-produced": frozenset({"prestige"}),
        "prestige-most": frozenset({"prestige", "per"}),
        "take-saved": frozenset(),
    },
}
#: what `against` may name, per power (module docstring)
AGAINST = {
    ("settle", "military"): ("rebel",),
    ("settle", "pay-military"): ("rebel", "chromo"),
    ("develop", "prestige-after"): ("rebel", "six-cost"),
    ("settle", "prestige-after"): ("rebel-military", "production", "paid-military"),
    ("settle", "takeover"): ("rebel-military", "imperium", "military", "any"),
}
PER = ("military-world", "chromo-card", "rebel-world")
WHEN = ("imperium-card",)
SPEND = ("prestige", "rare", "genes")
WORLD = ("this", "other")
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
    "rebel-card",
    "uplift-card",
    "imperium-card",
    "terraforming-card",
    "chromo-card",
    "negative-military",
    "prestige",
    "world-kinds",
)
FLAGS = ("rebel", "alien", "uplift", "imperium", "terraforming", "chromo", "prestige")
SPECIAL = ("start-hand-3", "start-save", "hand-limit-12", "game-end-14", "take-discards", "choose-last")
#: consume powers a player chooses to use (the others are bonuses applied to trades)
CHOSEN_CONSUME = (
    "trade",
    "consume",
    "consume-different",
    "consume-all",
    "discard-hand",
    "draw",
    "gamble",
    "consume-kinds",
    "consume-prestige",
    "vp",
    "ante",
)

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
    cards: Annotated[int, Meta(ge=0, le=3)] = 0
    prestige: Annotated[int, Meta(ge=0, le=3)] = 0
    bonus: bool = True
    per: str = ""
    when: str = ""
    spend: str = ""
    world: str = ""
    discard: bool = False
    destroy: bool = False
    settle_only: bool = False


#: the fields of a power beyond phase, power and value, with their defaults
POWER_FIELDS = {
    f.name: f.default for f in msgspec.structs.fields(Power) if f.name not in ("phase", "power", "value")
}


class Bonus(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    vp: Annotated[int, Meta(ge=0, le=3)]
    scores: str
    good: str = ""
    card: str = ""


class Card(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A design of the base game (costs 0-7, VP 0-7)."""

    key: Key
    name: str
    type: Literal["world", "development"]
    cost: Annotated[int, Meta(ge=0, le=7)]
    vp: Annotated[int, Meta(ge=0, le=7)]
    source: Literal["confirmed", "reconstructed"]
    count: Annotated[int, Meta(ge=1, le=2)] = 1
    good: Good | Literal["any"] | None = None
    start: bool = False
    number: Annotated[int, Meta(ge=0, le=15)] | None = None
    colour: Literal["red", "blue"] | None = None
    windfall: bool = False
    military: bool = False
    flags: tuple[str, ...] = ()
    special: tuple[str, ...] = ()
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


class LevelCard(Card, forbid_unknown_fields=True, frozen=True):
    """A design of an expansion level: costs and defences up to 9, VP from -1 to 9."""

    cost: Annotated[int, Meta(ge=0, le=9)]
    vp: Annotated[int, Meta(ge=-1, le=9)]


class CardMeta(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    status: str
    source: str


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"cards": "card"}):
    meta: CardMeta
    cards: tuple[Card, ...]


class LevelMeta(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    status: str
    source: str
    level: Annotated[int, Meta(ge=1, le=3)]
    name: str


class Copies(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An earlier design whose number of copies changes from this level on (0: removed)."""

    key: Key
    count: Annotated[int, Meta(ge=0, le=3)]


class LevelFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"cards": "card"}):
    meta: LevelMeta
    copies: tuple[Copies, ...] = ()
    cards: tuple[LevelCard, ...] = ()


class Catalog:
    """Every card of the game at one expansion level by key, with the derived tables the rules read."""

    def __init__(self, data: CardFile, level: int = 0) -> None:
        self.data = data
        self.level = level
        self.cards: dict[str, Card] = {c.key: c for c in data.cards}
        self.names: dict[str, str] = {c.name: c.key for c in data.cards}
        starts = sorted((c for c in data.cards if c.start), key=lambda c: (c.number is None, c.number or 0))
        self.start_worlds: tuple[str, ...] = tuple(c.key for c in starts)
        self.all_cards: tuple[str, ...] = tuple(sorted(k for c in data.cards for k in [c.key] * c.count))
        self.counts = Counter(self.all_cards)
        self.keys: tuple[str, ...] = tuple(sorted(self.cards))
        #: card key -> phase -> its powers of that phase with their index on the card
        self.by_phase: dict[str, dict[str, tuple[tuple[int, Power], ...]]] = {
            c.key: {phase: tuple(c.phase_powers(phase)) for phase in PHASES} for c in data.cards
        }
        #: card rule (`Card.special`) -> the keys of the cards with it
        self.with_special: dict[str, frozenset[str]] = {
            rule: frozenset(c.key for c in data.cards if rule in c.special)
            for rule in {rule for c in data.cards for rule in c.special}
        }
        #: card key -> (phase, power name) -> those powers with their index (the cards without any left out)
        self.by_name: dict[str, dict[tuple[str, str], tuple[tuple[int, Power], ...]]] = {}
        for c in data.cards:
            named: dict[tuple[str, str], list[tuple[int, Power]]] = {}
            for phase in PHASES:
                for index, power in c.phase_powers(phase):
                    named.setdefault((phase, power.power), []).append((index, power))
            self.by_name[c.key] = {k: tuple(v) for k, v in named.items()}
        #: (phase, power name) and (phase, "") -> the keys of the cards with such a power (what
        #: `powers.powers` checks first: most tableaux hold none)
        holders: dict[tuple[str, str], set[str]] = {}
        for key, named_powers in self.by_name.items():
            for wanted in named_powers:
                holders.setdefault(wanted, set()).add(key)
                holders.setdefault((wanted[0], ""), set()).add(key)
        self.power_holders: dict[tuple[str, str], frozenset[str]] = {
            wanted: frozenset(keys) for wanted, keys in holders.items()
        }
        #: the robot of a solitaire game (`robot.with_robot`: the catalog its steps read); None elsewhere
        self.robot: RobotFile | None = None

    def __getitem__(self, key: str) -> Card:
        return self.cards[key]

    def has_special(self, cards: list[str], rule: str) -> bool:
        """Whether one of `cards` has the card rule `rule`."""
        holders = self.with_special.get(rule)
        return holders is not None and not holders.isdisjoint(cards)


def _check_power(power: Power, where: str) -> None:
    known = POWERS[power.phase]
    if power.power not in known:
        raise CardDataError(
            f"{where}: {power.phase} has no power {power.power!r} (known: {', '.join(known)})"
        )
    allowed = known[power.power]
    for field, default in POWER_FIELDS.items():
        if getattr(power, field) != default and field not in allowed:
            raise CardDataError(f"{where}: a {power.phase} {power.power} power has no field {field!r}")
    if power.good and power.good not in (*GOODS, "any", "this"):
        raise CardDataError(f"{where}: unknown good {power.good!r} in a {power.power} power")
    if power.against and power.against not in AGAINST.get((power.phase, power.power), ()):
        raise CardDataError(f"{where}: a {power.power} power cannot be against {power.against!r}")
    for field, values in (("per", PER), ("when", WHEN), ("spend", SPEND), ("world", WORLD)):
        if getattr(power, field) and getattr(power, field) not in values:
            raise CardDataError(
                f"{where}: {field} {getattr(power, field)!r} is not one of {', '.join(values)}"
            )
    if power.power == "consume" and (not power.good or power.goods < 1 or power.times < 1):
        raise CardDataError(f"{where}: a consume power needs a good, goods >= 1 and times >= 1")


def _check_card(card: Card, where: str) -> None:
    if card.type == "development" and (card.good or card.windfall or card.military or card.start):
        raise CardDataError(f"{where}: a development has no good, windfall, military or start mark")
    if card.windfall and card.good is None:
        raise CardDataError(f"{where}: a windfall world needs the kind of its good")
    if card.is_world and card.count != 1:
        raise CardDataError(f"{where}: every world is a single copy")
    if card.start != (card.number is not None) or card.start != (card.colour is not None):
        raise CardDataError(f"{where}: a start world, and only a start world, has a number and a colour")
    for flag in card.flags:
        if flag not in FLAGS:
            raise CardDataError(f"{where}: unknown flag {flag!r} (known: {', '.join(FLAGS)})")
    for rule in card.special:
        if rule not in SPECIAL:
            raise CardDataError(f"{where}: unknown card rule {rule!r} (known: {', '.join(SPECIAL)})")
    for power in card.powers:
        _check_power(power, where)
    if card.bonus and not (card.six_cost or card.is_world):
        raise CardDataError(f"{where}: only 6-cost developments (and worlds) score bonus lines")
    for line in card.bonus:
        if line.scores not in BONUS_KINDS:
            raise CardDataError(f"{where}: a bonus line cannot score {line.scores!r}")
        if (line.vp == 0) != (line.scores == "world-kinds"):
            raise CardDataError(f"{where}: only a world-kinds line (its own table) scores 0 VP a card")


def _validate(data: CardFile, source: str, level: int = 0) -> None:
    seen: set[str] = set()
    names: set[str] = set()
    for card in data.cards:
        where = f"{source}: card {card.key!r}"
        if card.key in seen:
            raise CardDataError(f"{where}: the key is used twice (every design is one entry, with a count)")
        if card.name in names:
            raise CardDataError(f"{where}: the name {card.name!r} is used twice at level {level}")
        seen.add(card.key)
        names.add(card.name)
        _check_card(card, where)
    for card in data.cards:
        for line in card.bonus:
            if line.scores == "card" and line.card not in seen:
                raise CardDataError(f"{source}: card {card.key!r} scores an unknown card {line.card!r}")
    numbers = sorted(c.number for c in data.cards if c.number is not None)
    if numbers != list(range(len(numbers))):
        raise CardDataError(f"{source}: start worlds are numbered {numbers}, not 0 to {len(numbers) - 1}")
    if len(numbers) < 4:
        raise CardDataError(f"{source}: {len(numbers)} start worlds; 4 players need at least 4")


def _add_level(cards: dict[str, Card], level: LevelFile, source: str, expected: int) -> None:
    if level.meta.level != expected:
        raise CardDataError(f"{source}: meta.level is {level.meta.level}, expected {expected}")
    for change in level.copies:
        if change.key not in cards:
            raise CardDataError(f"{source}: copies of {change.key!r}, which no earlier level has")
        if change.count == 0:
            del cards[change.key]
        else:
            cards[change.key] = msgspec.structs.replace(cards[change.key], count=change.count)
    for card in level.cards:
        if card.key in cards:
            raise CardDataError(f"{source}: card {card.key!r} is already a card of an earlier level")
        cards[card.key] = card


def level_file(level: int) -> Path:
    return CARD_FILE.with_name(f"cards-{level}.toml")


def load_catalog(path: Path = CARD_FILE, level: int = 0) -> Catalog:
    """The cards of expansion `level`: the base file at `path`, then the level files 1..`level` beside it."""
    if level not in LEVELS:
        raise CardDataError(f"no expansion level {level} (levels: {', '.join(map(str, LEVELS))})")
    data = load_card_file(path, CardFile)
    _validate(data, str(path))
    if level == 0:
        return Catalog(data)
    cards = {c.key: c for c in data.cards}
    for n in range(1, level + 1):
        source = path.with_name(f"cards-{n}.toml")
        _add_level(cards, load_card_file(source, LevelFile), str(source), n)
    meta = CardMeta(status=data.meta.status, source=f"{data.meta.source}; levels 1-{level}")
    merged = CardFile(meta=meta, cards=tuple(cards.values()))
    _validate(merged, f"{path} with levels 1-{level}", level)
    return Catalog(merged, level)


@cache
def catalog(level: int = 0) -> Catalog:
    """The cards of an expansion level (0: the base game), loaded once."""
    return load_catalog(level=level)
