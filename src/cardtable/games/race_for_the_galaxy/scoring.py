"""Scoring (RESEARCH.md §2.9): VP chips + printed VP of the tableau + the 6-cost developments' bonuses;
with the expansions also the goals and 1 VP per prestige (RULES.md TGS-11, BOW-7).

A 6-cost development scores, for each card of its owner's tableau (itself included), the first of
its bonus lines that the card matches; the lines `chips-per-three`, `military-strength`,
`negative-military`, `prestige` and `world-kinds` score once, from the player's position.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import msgspec

from . import goalplay
from . import powers as pw
from .cards import Bonus, Card, Catalog
from .state import Player, RftgState

#: the Consume powers the reference engine counts as trade powers (K `P4_TRADE_MASK`)
TRADE_POWERS = ("trade-bonus", "no-trade")
ONCE_LINES = ("chips-per-three", "military-strength", "negative-military", "prestige", "world-kinds")
FLAG_LINES = {
    "alien-card": "alien",
    "rebel-card": "rebel",
    "uplift-card": "uplift",
    "imperium-card": "imperium",
    "terraforming-card": "terraforming",
    "chromo-card": "chromo",
}
#: Galactic Exchange: VP for 1, 2, 3 and 4 kinds of worlds
KINDS_VP = (0, 1, 3, 6, 10)


def _has_phase(card: Card, phase: str) -> bool:
    """A power of that phase; a trade power is not a Consume power of its own (RULES.md "Scoring")."""
    return any(p.phase == phase and p.power not in TRADE_POWERS for p in card.powers)


def _trades(card: Card) -> bool:
    """A trade power (K `P4_TRADE_MASK`: trade bonuses; trading as a power is not one, RULES.md)."""
    return any(p.phase == "consume" and p.power in TRADE_POWERS for p in card.powers)


def line_matches(line: Bonus, card: Card, oort: str = "any") -> bool:
    """Whether a card scores a per-card bonus line (K `bonus_match`); `oort`: the kind Alien Oort Cloud
    Refinery is scored as."""
    kind = line.scores
    world, devel = card.is_world, card.type == "development"
    if kind == "production-world":
        return card.production and card.good == line.good
    if kind == "windfall-world":
        return world and card.windfall and (oort if card.good == "any" else card.good) == line.good
    if kind in FLAG_LINES:
        return FLAG_LINES[kind] in card.flags
    if kind == "military-world":
        return world and card.military
    if kind == "rebel-military-world":
        return world and card.military and "rebel" in card.flags
    if kind == "world":
        return world
    if kind == "development":
        return devel
    if kind == "six-cost-development":
        return card.six_cost
    if kind in ("development-explore", "world-explore"):
        return (devel if kind.startswith("development") else world) and _has_phase(card, "explore")
    if kind in ("development-consume", "world-consume"):
        return (devel if kind.startswith("development") else world) and _has_phase(card, "consume")
    if kind in ("development-trade", "world-trade"):
        return (devel if kind.startswith("development") else world) and _trades(card)
    if kind == "card":
        return card.key == line.card
    return False


def military_strength(cat: Catalog, player: Player) -> int:
    """The general military of the whole tableau (for bonus lines), not that against one world."""
    return pw.total_military(cat, player.tableau)


def six_cost_bonus(cat: Catalog, player: Player, key: str, oort: str = "any") -> int:
    """What a card's bonus lines score (a 6-cost development, or a world with a bonus line)."""
    dev = cat[key]
    total = 0
    for line in dev.bonus:
        if line.scores == "chips-per-three":
            total += line.vp * (player.chips // 3)
        elif line.scores == "military-strength":
            total += line.vp * military_strength(cat, player)
        elif line.scores == "negative-military":  # K subtracts the military, whatever its sign (RULES.md)
            total -= line.vp * military_strength(cat, player)
        elif line.scores == "prestige":
            total += line.vp * player.prestige
        elif line.scores == "world-kinds":
            kinds = {oort if cat[k].good == "any" else cat[k].good for k in player.tableau if cat[k].is_world}
            total += KINDS_VP[len(kinds & {"novelty", "rare", "genes", "alien"})]
    return total + sum(card_line_vp(cat, key, card_key, oort) for card_key in player.tableau)


@cache
def card_line_vp(cat: Catalog, key: str, card_key: str, oort: str = "any") -> int:
    """What card `card_key` scores on the bonus lines of card `key`: the first per-card line it
    matches (memoized: it depends on the card data alone, and scoring reads it for every view)."""
    card = cat[card_key]
    for line in cat[key].bonus:
        if line.scores not in ONCE_LINES and line_matches(line, card, oort):
            return line.vp
    return 0


def breakdown(cat: Catalog, s: RftgState, seat: int) -> dict[str, Any]:
    """Chips, printed VP, each bonus line's VP and the total, from public information; with goals the
    goals' VP, at level 3 the prestige. At the end the owner of Alien Oort Cloud Refinery is scored
    with the kind that scores most (K `score_game`)."""
    p = s.players[seat]
    if s.ended and OORT in p.tableau:
        return max((_breakdown(cat, s, seat, kind) for kind in KINDS), key=lambda b: b["total"])
    return _breakdown(cat, s, seat, "any")


OORT = "alien-oort-cloud-refinery"
KINDS = ("novelty", "rare", "genes", "alien")


def _breakdown(cat: Catalog, s: RftgState, seat: int, oort: str) -> dict[str, Any]:
    p = s.players[seat]
    card_vp = sum(cat[k].vp for k in p.tableau)
    bonuses = {k: six_cost_bonus(cat, p, k, oort) for k in p.tableau if cat[k].bonus}
    total = p.chips + card_vp + sum(bonuses.values())
    out: dict[str, Any] = {"chips": p.chips, "cards": card_vp, "bonus": bonuses}
    if s.goals:
        out["goals"] = goal_vp_as(cat, s, seat, oort)
        total += out["goals"]
    if cat.level >= 3:
        out["prestige"] = p.prestige
        total += p.prestige
    out["total"] = total
    return out


def goal_vp_as(cat: Catalog, s: RftgState, seat: int, oort: str) -> int:
    """The seat's goal VP with Alien Oort Cloud Refinery named `oort`: naming it may lose Largest
    Industry (K `score_game` checks the loss for each kind it tries)."""
    if oort == "any" or "largest-industry" not in s.players[seat].goals:
        return goalplay.goal_vp(s, seat)
    trial = msgspec.structs.replace(
        s,
        players=[
            msgspec.structs.replace(p, goals=list(p.goals), progress=dict(p.progress)) for p in s.players
        ],
        goal_most=dict(s.goal_most),
        log=[],
    )
    goalplay.check_loss(cat, trial, seat, "largest-industry", oort)
    return goalplay.goal_vp(trial, seat)


def tiebreak(s: RftgState, seat: int) -> int:
    p = s.players[seat]
    return len(p.hand) + len(p.goods)


def winners(cat: Catalog, s: RftgState) -> tuple[int, ...]:
    return winners_by(s, [breakdown(cat, s, i)["total"] for i in range(len(s.players))])


def winners_by(s: RftgState, totals: Sequence[int]) -> tuple[int, ...]:
    """The winners if the players' totals were `totals`: the most VP, ties broken by hand + goods."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    most = max(tiebreak(s, i) for i in tied)
    return tuple(i for i in tied if tiebreak(s, i) == most)
