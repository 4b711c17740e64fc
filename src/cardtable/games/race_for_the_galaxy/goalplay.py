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

from functools import cache

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


def _phase_powers(cards: list[Card]) -> int:
    """Phases with a power (a trade power counts as a sixth 'phase', K `check_goal_player`)."""
    slots = set()
    for card in cards:
        for power in card.powers:
            trade = power.phase == "consume" and power.power in ("trade-bonus", "no-trade")
            slots.add("trade" if trade else power.phase)
    return len(slots)


def count(cat: Catalog, s: RftgState, p: Player, name: str, oort: str = "any") -> int:
    """A count of the goal vocabulary (`goals.COUNTS`) for player `p`, from its tableau as it stands;
    `oort`: the kind Alien Oort Cloud Refinery counts as (any kind, unless a kind is being tried)."""
    cards = [cat[k] for k in p.tableau]
    if name == "vp-chips":
        return p.chips
    if name == "prestige":
        return p.prestige
    if name == "goods":
        return sum(1 for k in p.tableau if k in p.goods)
    if name == "tableau":
        return len(cards)
    if name == "worlds":
        return sum(1 for c in cards if c.is_world)
    if name == "developments":
        return sum(1 for c in cards if not c.is_world)
    if name == "military":
        return pw.total_military(cat, p, p.tableau)
    if name == "negative-military":
        return int(pw.total_military(cat, p, p.tableau) < 0)
    if name == "world-kinds":  # "any" (Alien Oort Cloud Refinery) counts as a kind of its own (K)
        return len({c.good for c in cards if c.is_world and c.good})
    if name == "phase-powers":
        return _phase_powers(cards)
    if name == "six-cost-developments":
        return sum(1 for c in cards if c.six_cost and c.bonus)
    if name in ("alien-cards", "uplift-cards", "imperium-cards"):
        flag = name.split("-")[0]
        return sum(1 for c in cards if flag in c.flags)
    if name == "military-worlds":
        return sum(1 for c in cards if c.is_world and c.military)
    if name == "rebel-military-worlds":
        return sum(1 for c in cards if c.is_world and c.military and "rebel" in c.flags)
    if name == "production-worlds":
        return sum(1 for c in cards if c.production)
    if name == "novelty-rare-worlds":
        kinds = ("novelty", "rare")
        return sum(
            1
            for c in cards
            if c.is_world and (c.good in kinds or (c.good == "any" and oort in (*kinds, "any")))
        )
    if name == "explore-power-cards":
        return sum(1 for c in cards if any(power.phase == "explore" for power in c.powers))
    if name == "consume-power-cards":
        return sum(1 for c in cards if pw.has_consume_power(c))
    if name == "round-end-discards":
        return p.end_discards
    if name == "takeover-powers":
        if not s.takeovers:
            return 0
        return sum(1 for c in cards for power in c.powers if power.power == "takeover")
    raise ValueError(f"unknown goal count {name!r}")


def _meets(cat: Catalog, s: RftgState, p: Player, g: Goal) -> bool:
    return any(all(count(cat, s, p, name) >= least for name, least in alt.items()) for alt in g.requires)


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
    from cardtable.core import seat_letter

    return seat_letter(seat)


def check_goals(cat: Catalog, s: RftgState, moment: str) -> None:
    """Claim and lose goals after `moment` (a phase, `round-start` or `round-end`), K `check_goals`."""
    if not s.goals:
        return
    order = _order()
    players = s.players
    for key in sorted(s.goals, key=order.__getitem__):
        g = goal(key)
        if moment not in g.phases:
            continue
        if g.type == "first":
            if holder(s, key) is not None:
                continue
            for seat, p in enumerate(players):
                if _meets(cat, s, p, g):
                    _claim(s, seat, key)
            continue
        counts = []
        for p in players:
            p.progress[key] = n = count(cat, s, p, g.most)
            counts.append(n)
        s.goal_most[key] = most = max(counts)
        counts = [n if n >= g.at_least else 0 for n in counts]
        for seat, p in enumerate(players):
            if key in p.goals and (not counts[seat] or counts[seat] < most):
                _lose(s, seat, key)
        for seat, p in enumerate(players):
            if key not in p.goals and all(
                counts[seat] > n for other, n in enumerate(counts) if other != seat
            ):
                for other in players:
                    if key in other.goals:
                        other.goals.remove(key)
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
