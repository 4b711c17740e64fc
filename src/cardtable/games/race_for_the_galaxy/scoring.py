"""Scoring (RESEARCH.md §2.9): VP chips + printed VP of the tableau + the 6-cost developments' bonuses.

A 6-cost development scores, for each card of its owner's tableau (itself included), the first of
its bonus lines that the card matches; the lines `chips-per-three` and `military-strength` score
once, from the player's chips and military.
"""

from __future__ import annotations

from typing import Any

from . import powers as pw
from .cards import Bonus, Card, Catalog
from .state import Player, RftgState


def _has_phase(card: Card, phase: str) -> bool:
    """A power of that phase; a trade bonus is not a Consume power of its own (RULES.md "Scoring")."""
    return any(p.phase == phase and p.power != "trade-bonus" for p in card.powers)


def _trades(card: Card) -> bool:
    return any(p.phase == "consume" and p.power in ("trade-bonus", "trade") for p in card.powers)


def line_matches(line: Bonus, card: Card) -> bool:
    kind = line.scores
    world, devel = card.is_world, card.type == "development"
    if kind == "production-world":
        return card.production and card.good == line.good
    if kind == "windfall-world":
        return world and card.windfall and card.good == line.good
    if kind == "alien-card":
        return "alien" in card.flags
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
    saved = player.powered
    player.powered = list(player.tableau)
    try:
        return pw.military(cat, player) - player.temp_military
    finally:
        player.powered = saved


def six_cost_bonus(cat: Catalog, player: Player, key: str) -> int:
    dev = cat[key]
    total = 0
    for line in dev.bonus:
        if line.scores == "chips-per-three":
            total += line.vp * (player.chips // 3)
        elif line.scores == "military-strength":
            total += line.vp * military_strength(cat, player)
    per_card = [line for line in dev.bonus if line.scores not in ("chips-per-three", "military-strength")]
    for card_key in player.tableau:
        card = cat[card_key]
        for line in per_card:
            if line_matches(line, card):
                total += line.vp
                break
    return total


def breakdown(cat: Catalog, s: RftgState, seat: int) -> dict[str, Any]:
    """Chips, printed VP, each 6-cost development's bonus and the total, from public information."""
    p = s.players[seat]
    card_vp = sum(cat[k].vp for k in p.tableau)
    bonuses = {k: six_cost_bonus(cat, p, k) for k in p.tableau if cat[k].six_cost}
    total = p.chips + card_vp + sum(bonuses.values())
    return {"chips": p.chips, "cards": card_vp, "bonus": bonuses, "total": total}


def tiebreak(s: RftgState, seat: int) -> int:
    p = s.players[seat]
    return len(p.hand) + len(p.goods)


def winners(cat: Catalog, s: RftgState) -> tuple[int, ...]:
    totals = [breakdown(cat, s, i)["total"] for i in range(len(s.players))]
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    most = max(tiebreak(s, i) for i in tied)
    return tuple(i for i in tied if tiebreak(s, i) == most)
