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
from functools import lru_cache

from .cards import BASIC, TOKENS
from .state import Player

#: a source: a supply token (slot 0) or goods on the location at a 1-based position
Source = tuple[str, int]

#: units paid by choosing a card rather than a token (their own decisions)
CARD_UNITS = ("discard-card", "discard-deal")
#: Develop's unit when the new card shares a type with the old (or the old is a Ruin), and when not
DEVELOP_MATCH = "develop-match"
DEVELOP_ANY = "development"


def accepts(unit: str) -> tuple[str, ...]:
    """The token kinds that pay one `unit`, the exact kind first."""
    if unit in BASIC:
        return (unit, "ammo")
    if unit in ("grey", "red", "blue"):
        return (unit, "universal")
    if unit == "any-basic":
        return (*BASIC, "ammo")
    if unit == DEVELOP_MATCH:
        return ("brick", "ammo", "development")
    return (unit,)


def sources(player: Player) -> Counter[Source]:
    """Everything `player` can pay with now: supply tokens, then goods on their locations."""
    pool: Counter[Source] = Counter({(kind, 0): n for kind, n in player.supply.items() if n > 0})
    for i, site in enumerate(player.sites, 1):
        if not site.ruin:
            for kind, n in site.held.items():
                if n > 0:
                    pool[(kind, i)] += n
    return pool


def can_pay(pool: Counter[Source], units: list[str]) -> bool:
    """Whether every token unit of `units` can be paid from `pool` at once (card units excluded)."""
    return Purse(pool).can_pay(units)


class Purse:
    """What a pool can pay, asked many times while the pool stays the same (a listing of moves).

    Whether a cost can be paid depends only on how many tokens of each kind the pool holds, not on
    where they lie (supply or a location), so the answer is looked up by the kinds' counts and the
    sorted units, and remembered for every pool with the same counts (`_payable`)."""

    __slots__ = ("answers", "counts", "kinds")

    def __init__(self, pool: Counter[Source]) -> None:
        counts: dict[str, int] = {}
        for (kind, _), n in pool.items():
            if n > 0:
                counts[kind] = counts.get(kind, 0) + n
        self.counts = counts
        self.kinds = tuple(sorted(counts.items()))
        self.answers: dict[tuple[str, ...], bool] = {}

    def can_pay(self, units: list[str]) -> bool:
        key = tuple(units)
        answer = self.answers.get(key)
        if answer is None:
            answer = self.answers[key] = self._can_pay([u for u in units if u not in CARD_UNITS])
        return answer

    def most(self, unit: str) -> int:
        """How many of `unit` this pool can pay at once."""
        return sum(self.counts.get(kind, 0) for kind in accepts(unit))

    def _can_pay(self, tokens: list[str]) -> bool:
        if not tokens:
            return True
        first = tokens[0]
        if all(u == first for u in tokens):  # the common cost: n of one unit
            return self.most(first) >= len(tokens)
        return _payable(self.kinds, tuple(sorted(tokens)))


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


def forced(pool: Counter[Source], units: list[str]) -> list[Source] | None:
    """The sources that pay `units` when each unit has exactly one source that accepts it and they
    suffice (the common case, decided without enumerating every way to pay); None otherwise."""
    need: Counter[Source] = Counter()
    for unit in units:
        kinds = accepts(unit)
        found = [source for source, n in pool.items() if n > 0 and source[0] in kinds]
        if len(found) != 1:
            return None
        need[found[0]] += 1
    if any(pool[source] < n for source, n in need.items()):
        return None
    return sorted(need.elements(), key=source_key)


def next_sources(pool: Counter[Source], units: list[str], spent: list[Source]) -> list[Source]:
    """The sources the next payment step may spend, `spent` being what earlier steps spent.

    Steps spend sources in the fixed order of `source_key`, so each way to pay (a multiset of
    sources) is reached by exactly one chain of steps: no two chains end in the same payment.
    `pool` is what the player has now (after `spent`).
    """
    before = pool + Counter(spent)
    k = len(spent)
    options = {f[k] for f in outcomes(before, units) if list(f[:k]) == spent and len(f) > k}
    return sorted(options, key=source_key)


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
