"""Goals in play (RULES.md TGS-7..13): what each count of `goals.toml` counts, when goals are claimed
and lost, and the VP they score at the end.

A "first" goal goes, when it is checked, to every player who meets it (it then leaves play); a "most"
goal to the one player with strictly more than every other (at least its minimum), who keeps it while
tied and loses it when it falls below the minimum or another has more. Each goal is checked only at
the moments `goals.toml` names (where its count can change, K `check_goals`); a "most" goal is also
checked for its holder the moment its count may drop (`check_loss`). Progress is kept per player as
last checked: the end score reads it (K `score_game_player`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from . import powers as pw
from .cards import Card, Catalog
from .goals import Goal, load_goals
from .state import Player, RftgState


@cache
def _goals() -> dict[str, Goal]:
    return {g.key: g for g in load_goals()}


def goal(key: str) -> Goal:
    return _goals()[key]


@cache
def _order() -> dict[str, int]:
    """The goals in the reference engine's order (the order of `goals.toml`)."""
    return {key: i for i, key in enumerate(_goals())}


#: the "phases" Innovation Leader counts, as bits: a trade power counts as a sixth (K `check_goal_player`)
SLOTS = {"explore": 1, "develop": 2, "settle": 4, "consume": 8, "produce": 16, "trade": 32}


@cache
def _slot_bits(cat: Catalog) -> dict[str, int]:
    """For each card, the phases it has a power in, as `SLOTS` bits."""
    bits = {}
    for key in cat.keys:
        mask = 0
        for power in cat[key].powers:
            trade = power.phase == "consume" and power.power in ("trade-bonus", "no-trade")
            mask |= SLOTS["trade" if trade else power.phase]
        bits[key] = mask
    return bits


def _phase_powers(cat: Catalog, tableau: Sequence[str]) -> int:
    """Phases with a power, a trade power counted apart."""
    bits = _slot_bits(cat)
    mask = 0
    for key in tableau:
        mask |= bits[key]
    return mask.bit_count()


@cache
def _world_kinds(cat: Catalog) -> dict[str, str]:
    """Each card's kind of good if it is a world with one, else ""."""
    return {key: cat[key].good or "" if cat[key].is_world else "" for key in cat.keys}


#: counts that add up one number per card of the tableau (`_per_card`)
CARD_COUNTS: dict[str, Callable[[Card], int]] = {
    "tableau": lambda c: 1,
    "worlds": lambda c: int(c.is_world),
    "developments": lambda c: int(not c.is_world),
    "six-cost-developments": lambda c: int(c.six_cost and bool(c.bonus)),
    "alien-cards": lambda c: int("alien" in c.flags),
    "uplift-cards": lambda c: int("uplift" in c.flags),
    "imperium-cards": lambda c: int("imperium" in c.flags),
    "military-worlds": lambda c: int(c.is_world and c.military),
    "rebel-military-worlds": lambda c: int(c.is_world and c.military and "rebel" in c.flags),
    "production-worlds": lambda c: int(c.production),
    "explore-power-cards": lambda c: int(any(power.phase == "explore" for power in c.powers)),
    "consume-power-cards": lambda c: int(pw.has_consume_power(c)),
    "takeover-powers": lambda c: sum(1 for power in c.powers if power.power == "takeover"),
}


@cache
def _per_card(cat: Catalog) -> dict[str, dict[str, int]]:
    """For each count of `CARD_COUNTS`, what each card of the catalog adds to it."""
    return {name: {key: f(cat[key]) for key in cat.keys} for name, f in CARD_COUNTS.items()}


def _novelty_rare(cat: Catalog, cards: tuple[str, ...], oort: str) -> int:
    kinds = ("novelty", "rare")
    return sum(
        1
        for k in cards
        if cat[k].is_world and (cat[k].good in kinds or (cat[k].good == "any" and oort in (*kinds, "any")))
    )


Counter = Callable[[Catalog, RftgState, Player], int]

#: the counts that read the tableau's cards as a whole, from the catalog and the cards alone (each
#: tableau's counted once: `_of_tableau`)
TABLEAU_COUNTS: dict[str, Callable[[Catalog, tuple[str, ...]], int]] = {
    "military": lambda cat, cards: pw.total_military(cat, list(cards)),
    "negative-military": lambda cat, cards: int(pw.total_military(cat, list(cards)) < 0),
    # "any" (Alien Oort Cloud Refinery) counts as a kind of its own (K)
    "world-kinds": lambda cat, cards: len(set(map(_world_kinds(cat).__getitem__, cards)) - {""}),
    "phase-powers": lambda cat, cards: _phase_powers(cat, cards),
    "novelty-rare-worlds": lambda cat, cards: _novelty_rare(cat, cards, "any"),
}


@lru_cache(maxsize=1 << 14)
def _of_tableau(cat: Catalog, name: str, cards: tuple[str, ...]) -> int:
    """A count of `TABLEAU_COUNTS` for the tableau `cards` (the goals check the same tableaux again and
    again, a phase after another)."""
    return TABLEAU_COUNTS[name](cat, cards)


#: the counts that are no sum over the tableau's cards
OTHER_COUNTS: dict[str, Counter] = {
    "vp-chips": lambda cat, s, p: p.chips,
    "prestige": lambda cat, s, p: p.prestige,
    "round-end-discards": lambda cat, s, p: p.end_discards,
    "goods": lambda cat, s, p: sum(1 for k in p.tableau if k in p.goods),
}


def count(cat: Catalog, s: RftgState, p: Player, name: str, oort: str = "any") -> int:
    """A count of the goal vocabulary (`goals.COUNTS`) for player `p`, from its tableau as it stands;
    `oort`: the kind Alien Oort Cloud Refinery counts as (any kind, unless a kind is being tried)."""
    if name == "novelty-rare-worlds":
        return _novelty_rare(cat, tuple(p.tableau), oort)
    return counter(cat, name)(cat, s, p)


@cache
def counter(cat: Catalog, name: str) -> Counter:
    """`count` of `name` as one function (what `check_goals` calls, many times a game)."""
    if name == "tableau":
        return lambda cat, s, p: len(p.tableau)
    if name == "takeover-powers":
        per = _per_card(cat)[name]
        return lambda cat, s, p: sum(map(per.__getitem__, p.tableau)) if s.takeovers else 0
    if name in CARD_COUNTS:
        per = _per_card(cat)[name]
        return lambda cat, s, p: sum(map(per.__getitem__, p.tableau))
    if name in TABLEAU_COUNTS:
        return lambda cat, s, p: _of_tableau(cat, name, tuple(p.tableau))
    if name in OTHER_COUNTS:
        return OTHER_COUNTS[name]
    raise ValueError(f"unknown goal count {name!r}")


Requirement = tuple[tuple[tuple[Counter, int], ...], ...]
#: whether a player meets a "first" goal now (`_first_test`)
Test = Callable[[RftgState, Player], bool]


@cache
def _requires(cat: Catalog, key: str) -> Requirement:
    """A "first" goal's alternatives as (counter, minimum) pairs."""
    return tuple(
        tuple((counter(cat, name), least) for name, least in alt.items()) for alt in goal(key).requires
    )


def _meets(cat: Catalog, s: RftgState, p: Player, requires: Requirement) -> bool:
    for alternative in requires:
        for count_of, least in alternative:
            if count_of(cat, s, p) < least:
                break
        else:
            return True
    return False


def _first_test(cat: Catalog, key: str) -> Test:
    """Whether a player meets the "first" goal `key` (one count against its minimum, most goals have)."""
    requires = _requires(cat, key)
    if len(requires) == 1 and len(requires[0]) == 1:
        ((count_of, least),) = requires[0]
        return lambda s, p: count_of(cat, s, p) >= least
    return lambda s, p: _meets(cat, s, p, requires)


#: a goal due at a moment, ready to check: its key, a "first" goal's test (None for a "most" goal), a
#: "most" goal's count (None for a "first" goal) and its minimum
Check = tuple[str, Test | None, Counter | None, int]


@cache
def _due(cat: Catalog, goals: tuple[str, ...], moment: str) -> tuple[Check, ...]:
    """The goals of `goals` checked after `moment`, in the reference engine's order."""
    order = _order()
    due = [goal(k) for k in sorted(goals, key=order.__getitem__) if moment in goal(k).phases]
    return tuple(
        (g.key, _first_test(cat, g.key), None, 0)
        if g.type == "first"
        else (g.key, None, counter(cat, g.most), g.at_least)
        for g in due
    )


def holder(s: RftgState, key: str) -> int | None:
    return next((seat for seat, p in enumerate(s.players) if key in p.goals), None)


def available(s: RftgState) -> list[str]:
    """The goals in play that nobody holds (a "most" goal comes back when its holder loses it)."""
    return [key for key in s.goals if holder(s, key) is None]


def _claim(s: RftgState, seat: int, key: str) -> None:
    s.players[seat].goals.append(key)
    s.log.append(f"{_seat(seat)} claims {goal(key).name}.")


def _lose(s: RftgState, seat: int, key: str) -> None:
    s.players[seat].goals.remove(key)
    s.log.append(f"{_seat(seat)} loses {goal(key).name}.")


def _seat(seat: int) -> str:
    from cardtable.core import seat_mark

    return seat_mark(seat)


def check_goals(cat: Catalog, s: RftgState, moment: str) -> None:
    """Claim and lose goals after `moment` (a phase, `round-start` or `round-end`), K `check_goals`."""
    if not s.goals:
        return
    due = _due(cat, tuple(s.goals), moment)
    if not due:
        return
    players = s.players
    for key, meets, count_of, least in due:
        if meets is not None:  # a "first" goal, unless somebody holds it already
            for p in players:
                if key in p.goals:
                    break
            else:
                for seat, p in enumerate(players):
                    if meets(s, p):
                        _claim(s, seat, key)
            continue
        assert count_of is not None
        counts = []
        for p in players:
            p.progress[key] = n = count_of(cat, s, p)
            counts.append(n)
        s.goal_most[key] = most = max(counts)
        # the holder loses it below the minimum or below the best; one player alone with the best
        # (at least the minimum) takes it
        for seat, p in enumerate(players):
            if key in p.goals and (counts[seat] < least or counts[seat] < most):
                _lose(s, seat, key)
        if most >= least and counts.count(most) == 1:
            seat = counts.index(most)
            if key not in players[seat].goals:
                _claim(s, seat, key)


def check_loss(cat: Catalog, s: RftgState, seat: int, key: str, oort: str = "any") -> None:
    """The holder of a "most" goal loses it the moment its count drops below the minimum or below the
    best progress (K `check_goal_loss`); `oort`: the kind Alien Oort Cloud Refinery is named as."""
    p = s.players[seat]
    if key not in s.goals or key not in p.goals:
        return
    g = goal(key)
    p.progress[key] = n = count(cat, s, p, g.most, oort)
    s.goal_most[key] = most = max(other.progress.get(key, 0) for other in s.players)
    if n < g.at_least or n < most:
        _lose(s, seat, key)


def goal_vp(s: RftgState, seat: int) -> int:
    """VP of the goals at the end: 3 a "first" goal held; a "most" goal 5 to its holder, 3 to every other
    player whose progress equals the best (at least the minimum), K `score_game_player`."""
    p = s.players[seat]
    vp = 0
    for key in s.goals:
        g = goal(key)
        if g.type == "first":
            vp += g.vp if key in p.goals else 0
            continue
        n = p.progress.get(key, 0)
        if n < g.at_least:
            continue
        if key in p.goals:
            vp += g.vp
        elif n == s.goal_most.get(key, 0):
            vp += 3
    return vp
