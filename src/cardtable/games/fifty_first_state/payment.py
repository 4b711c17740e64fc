"""Paying costs: which tokens can pay which cost unit, and whether a whole cost can still be paid.

A cost is a list of units ('gun', 'grey', 'worker', 'any-basic', ...). A unit is paid from a
*source*: a token in the player's supply ('ammo'), or goods lying on one of their locations (a
cache Feature's goods: ('gun', 3) is a gun on the location at position 3). The substitutions
(RESEARCH.md §2.4): a universal contact pays for a contact of any colour; ammo pays for any one
basic good (the brick of a Develop included); goods on a location pay like goods in the supply.

Paying is a chain of short decisions: one token at a time, the player chooses among the sources
that lead to a way of paying the whole cost, in a fixed order so that two chains never end in the
same payment; when only one source can come next it is spent without asking. Nothing is spent that
the cost does not name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache

from .cards import BASIC, CONTACTS, TOKENS
from .state import Player

#: a source: a supply token (slot 0) or goods on the location at a 1-based position
Source = tuple[str, int]

#: units paid by choosing a card rather than a token (their own decisions)
CARD_UNITS = ("discard-card", "discard-deal")
#: Develop's unit when the new card shares a type with the old (or the old is a Ruin), and when not
DEVELOP_MATCH = "develop-match"
DEVELOP_ANY = "development"


def _accepted(unit: str) -> tuple[str, ...]:
    if unit in BASIC:
        return (unit, "ammo")
    if unit in ("grey", "red", "blue"):
        return (unit, "universal")
    if unit == "any-basic":
        return (*BASIC, "ammo")
    if unit == DEVELOP_MATCH:
        return ("brick", "ammo", "development")
    return (unit,)


#: the token kinds that pay each known unit (a unit not named here is paid by its own kind only)
ACCEPTS: dict[str, tuple[str, ...]] = {
    unit: _accepted(unit) for unit in (*TOKENS, "any-basic", DEVELOP_MATCH, DEVELOP_ANY)
}


def accepts(unit: str) -> tuple[str, ...]:
    """The token kinds that pay one `unit`, the exact kind first."""
    found = ACCEPTS.get(unit)
    return found if found is not None else (unit,)


class Cost:
    """A cost's units sorted out once: its token units, and the cards and deals it asks to give up.

    `unit` and `count` are set when the tokens are `count` of a single unit (the common cost), which
    a purse answers with a sum. A mixed cost without Develop's matching unit (`closed`) is answered
    by counting too: `own` (units that only their own kind pays, ammo and universal included),
    `basic` (basic goods), `contacts` and `any_basic` count its units by kind."""

    __slots__ = (
        "ammo",
        "any_basic",
        "basic",
        "card_units",
        "cards",
        "closed",
        "contacts",
        "count",
        "deals",
        "own",
        "token_units",
        "tokens",
        "unit",
        "universal",
    )

    def __init__(self, units: tuple[str, ...]) -> None:
        #: the units paid with tokens, in the cost's order, and those paid with cards or deals
        self.token_units = tuple(u for u in units if u not in CARD_UNITS)
        self.card_units = tuple(u for u in units if u in CARD_UNITS)
        self.tokens = tuple(sorted(self.token_units))
        self.cards = units.count("discard-card")
        self.deals = units.count("discard-deal")
        uniform = len(set(self.tokens)) == 1
        self.unit = self.tokens[0] if uniform else ""
        self.count = len(self.tokens) if uniform else 0
        self.closed = DEVELOP_MATCH not in self.tokens
        needs = Counter(self.tokens)
        self.any_basic = needs.pop("any-basic", 0)
        self.basic = tuple((u, n) for u, n in needs.items() if u in BASIC)
        self.contacts = tuple((u, n) for u, n in needs.items() if u in CONTACTS)
        self.own = tuple((u, n) for u, n in needs.items() if u not in BASIC and u not in CONTACTS)
        self.ammo, self.universal = needs["ammo"], needs["universal"]  # own units that are also wild


@lru_cache(maxsize=4096)
def cost_of(units: tuple[str, ...]) -> Cost:
    """The `Cost` of a tuple of units (shared: costs are few, and printed on cards)."""
    return Cost(units)


def sources(player: Player) -> dict[Source, int]:
    """Everything `player` can pay with now: supply tokens, then goods on their locations."""
    pool = {(kind, 0): n for kind, n in player.supply.items() if n > 0}
    for i, site in enumerate(player.sites, 1):
        if site.held and not site.ruin:
            for kind, n in site.held.items():
                if n > 0:
                    pool[(kind, i)] = n
    return pool


def can_pay(pool: Mapping[Source, int], units: list[str]) -> bool:
    """Whether every token unit of `units` can be paid from `pool` at once (card units excluded)."""
    counts: dict[str, int] = {}
    for (kind, _), n in pool.items():
        if n > 0:
            counts[kind] = counts.get(kind, 0) + n
    return Purse(counts).pays(cost_of(tuple(units)))


class Purse:
    """What a player can pay, asked many times while their tokens stay the same (a listing of moves).

    Whether a cost can be paid depends only on how many tokens of each kind the player holds, not on
    where they lie (supply or a location), so the answers come from the kinds' counts: a sum for a
    cost of n of one unit, and a search remembered for every purse with the same counts (`_payable`)."""

    __slots__ = ("answers", "counts", "kinds")

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.kinds: tuple[tuple[str, int], ...] | None = None  # the sorted counts, once a search needs them
        self.answers: dict[Cost, bool] = {}

    @classmethod
    def of(cls, player: Player) -> Purse:
        """Everything `player` can pay with now, by kind: the supply and goods on their locations."""
        counts = {kind: n for kind, n in player.supply.items() if n > 0}
        for site in player.sites:
            if site.held and not site.ruin:
                for kind, n in site.held.items():
                    if n > 0:
                        counts[kind] = counts.get(kind, 0) + n
        return cls(counts)

    def most(self, unit: str) -> int:
        """How many of `unit` this purse can pay at once."""
        counts = self.counts
        total = 0
        for kind in ACCEPTS.get(unit) or (unit,):
            if kind in counts:
                total += counts[kind]
        return total

    def pays(self, cost: Cost) -> bool:
        """Whether the token units of `cost` can be paid at once (its cards and deals aside)."""
        if cost.unit:
            return self.most(cost.unit) >= cost.count
        if not cost.tokens:
            return True
        answer = self.answers.get(cost)
        if answer is None:
            if cost.closed:
                answer = _pays_by_counting(self.counts, cost)
            else:
                if self.kinds is None:
                    self.kinds = tuple(sorted(self.counts.items()))
                answer = _payable(self.kinds, cost.tokens)
            self.answers[cost] = answer
        return answer

    def affords(self, cost: Cost, cards: int, deals: int) -> bool:
        """Whether a player with `cards` cards in hand and `deals` deals can pay all of `cost`."""
        if cost.cards > cards or cost.deals > deals:
            return False
        if cost.unit:
            return self.most(cost.unit) >= cost.count
        return self.pays(cost)


def _pays_by_counting(counts: dict[str, int], cost: Cost) -> bool:
    """Whether `counts` pay a `closed` cost. Each unit is paid by its own kind, a basic good also by
    ammo and a contact by a universal one, so counting decides: units that only their own kind
    pays take it first (ammo and universal units included); each basic good and contact uses its
    own kind before the ammo or universal contacts that make up the shortfall; any-basic units take
    the basic goods and ammo left."""
    for unit, n in cost.own:
        if counts.get(unit, 0) < n:
            return False
    ammo = _wild_left(counts, "ammo", cost.ammo, cost.basic)
    if ammo < 0 or _wild_left(counts, "universal", cost.universal, cost.contacts) < 0:
        return False
    if not cost.any_basic:
        return True
    needed = dict(cost.basic)
    spare = sum(max(0, counts.get(good, 0) - needed.get(good, 0)) for good in BASIC)
    return spare + ammo >= cost.any_basic


def _wild_left(counts: dict[str, int], wild: str, taken: int, needs: tuple[tuple[str, int], ...]) -> int:
    """The `wild` tokens (ammo, universal contacts) left after `taken` of them paid their own units
    and the rest made up what `needs` lack of their own kinds; negative when too few."""
    left = counts.get(wild, 0) - taken
    for kind, need in needs:
        have = counts.get(kind, 0)
        if have < need:
            left -= need - have
    return left


@lru_cache(maxsize=1 << 16)
def _payable(kinds: tuple[tuple[str, int], ...], units: tuple[str, ...]) -> bool:
    """Whether `units` can each be paid by a different token of `kinds` (kind, count): a search that
    gives the units with the fewest accepted kinds their token first."""
    have = dict(kinds)
    if sum(have.values()) < len(units):
        return False
    return _assign(have, sorted(units, key=lambda u: len(accepts(u))), 0)


def _assign(have: dict[str, int], units: list[str], index: int) -> bool:
    if index == len(units):
        return True
    for kind in accepts(units[index]):
        if have.get(kind, 0) > 0:
            have[kind] -= 1
            ok = _assign(have, units, index + 1)
            have[kind] += 1
            if ok:
                return True
    return False


def source_key(source: Source) -> tuple[int, int]:
    """The fixed order of sources: supply tokens in TOKENS order, then goods on locations by position."""
    kind, slot = source
    return (TOKENS.index(kind) if kind in TOKENS else len(TOKENS), slot)


def outcomes(pool: Counter[Source], units: list[str]) -> list[tuple[Source, ...]]:
    """Every distinct way to pay the token units of `units` from `pool`, each as the sorted tuple
    of the sources it spends (which unit a source pays does not matter, only what is spent)."""
    tokens = sorted((u for u in units if u not in CARD_UNITS), key=lambda u: (len(accepts(u)), u))
    found: set[tuple[Source, ...]] = set()
    seen: set[tuple[int, tuple[Source, ...]]] = set()

    def walk(index: int, spent: list[Source]) -> None:
        key = (index, tuple(sorted(spent, key=source_key)))
        if key in seen:
            return
        seen.add(key)
        if index == len(tokens):
            found.add(key[1])
            return
        kinds = accepts(tokens[index])
        for source, n in pool.items():
            if n > 0 and source[0] in kinds:
                pool[source] -= 1
                spent.append(source)
                walk(index + 1, spent)
                spent.pop()
                pool[source] += 1

    walk(0, [])
    return sorted(found, key=lambda f: [source_key(s) for s in f])


def forced(pool: Mapping[Source, int], units: list[str]) -> list[Source] | None:
    """The sources that pay `units` when each unit has exactly one source that accepts it and they
    suffice (the common case, decided without enumerating every way to pay); None otherwise."""
    need: dict[Source, int] = {}
    only: dict[str, Source] = {}  # the one source of each unit seen so far
    for unit in units:
        source = only.get(unit)
        if source is None:
            kinds = accepts(unit)
            for candidate, n in pool.items():
                if n > 0 and candidate[0] in kinds:
                    if source is not None:
                        return None  # two sources accept the unit: the player chooses
                    source = candidate
            if source is None:
                return None
            only[unit] = source
        need[source] = need.get(source, 0) + 1
    for source, n in need.items():
        if pool[source] < n:
            return None
    if len(need) == 1:
        (single,) = need
        return [single] * need[single]
    return [source for source in sorted(need, key=source_key) for _ in range(need[source])]


def next_sources(pool: Mapping[Source, int], units: list[str], spent: list[Source]) -> list[Source]:
    """The sources the next payment step may spend, `spent` being what earlier steps spent.

    Steps spend sources in the fixed order of `source_key`, so each way to pay (a multiset of
    sources) is reached by exactly one chain of steps: no two chains end in the same payment.
    `pool` is what the player has now (after `spent`).
    """
    cost = tuple(units)
    useful = _useful(cost)
    held = tuple(sorted((source, n) for source, n in pool.items() if n > 0 and source[0] in useful))
    return list(_next_sources(held, cost, tuple(spent)))


@lru_cache(maxsize=4096)
def _useful(units: tuple[str, ...]) -> frozenset[str]:
    """The token kinds that pay some unit of `units` (the others cannot be spent on it)."""
    return frozenset(kind for unit in units for kind in accepts(unit))


@lru_cache(maxsize=1 << 14)
def _next_sources(
    held: tuple[tuple[Source, int], ...], units: tuple[str, ...], spent: tuple[Source, ...]
) -> tuple[Source, ...]:
    """`next_sources` of a pool given as sorted (source, count) pairs, remembered: the same
    payment comes up again and again (and is asked twice, by the listing and by `settle`)."""
    before = Counter(dict(held)) + Counter(spent)
    k = len(spent)
    options = {f[k] for f in outcomes(before, list(units)) if f[:k] == spent and len(f) > k}
    return tuple(sorted(options, key=source_key))


def spend(player: Player, source: Source) -> None:
    kind, slot = source
    if slot == 0:
        player.supply[kind] -= 1
        if not player.supply[kind]:
            del player.supply[kind]
    else:
        held = player.sites[slot - 1].held
        held[kind] -= 1
        if not held[kind]:
            del held[kind]
