"""Needs and gives ("Building Cards"): who receives what, and whose needs are satisfied.

Each card gives its resources to all 8 cards around it (every neighbour receives the full amount).
A mechanism whose needs are not met gives nothing that round. Mechanisms can feed one another (an
Energy Generator beside a Water System), so the active mechanisms are the largest set that
sustains itself: start with every working mechanism on and switch off the unsupplied ones until
nothing changes (see RULES.md, "self-sustaining loops").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from . import grid
from .cards import Catalog
from .state import Tile


def supply(catalog: Catalog, board: Mapping[str, Tile], active: set[str], cell: str) -> dict[str, int]:
    """What `cell` (occupied or not) receives from the cards around it, given the active mechanisms."""
    got: dict[str, int] = {}
    for near in grid.AROUND[cell]:
        tile = board.get(near)
        if tile is None:
            continue
        design = catalog.cards[tile.card]
        if design.gives and (design.kind != "mechanism" or near in active):
            for resource, amount in design.gives.items():
                got[resource] = got.get(resource, 0) + amount
    return got


def received(catalog: Catalog, board: Mapping[str, Tile], active: set[str]) -> dict[str, Counter[str]]:
    """What each occupied cell receives from its 8 neighbours, given the active mechanisms."""
    return {cell: Counter(supply(catalog, board, active, cell)) for cell in board}


def met(catalog: Catalog, tile: Tile, got: Mapping[str, int]) -> bool:
    return all(got.get(r, 0) >= n for r, n in catalog.cards[tile.card].needs.items())


def met_at(catalog: Catalog, board: Mapping[str, Tile], active: set[str], cell: str) -> bool:
    """Are the needs of the card at `cell` met, given the active mechanisms? (no needs: True)"""
    tile = board[cell]
    return not catalog.cards[tile.card].needs or met(catalog, tile, supply(catalog, board, active, cell))


def active_mechanisms(catalog: Catalog, board: Mapping[str, Tile]) -> set[str]:
    """The mechanisms that give this round: supplied, not disabled by an Earthquake."""
    active = {cell for cell, t in board.items() if catalog.cards[t.card].kind == "mechanism" and t.quake < 0}
    while True:
        still = {cell for cell in active if met_at(catalog, board, active, cell)}
        if still == active:
            return active
        active = still


def satisfied(catalog: Catalog, board: Mapping[str, Tile], active: set[str] | None = None) -> dict[str, bool]:
    """For every card on the board: are its needs met right now? (cards with no needs: True)
    `active`: the board's `active_mechanisms`, when the caller has them already."""
    if active is None:
        active = active_mechanisms(catalog, board)
    return {cell: met_at(catalog, board, active, cell) for cell in board}


def next_to_waste(catalog: Catalog, board: Mapping[str, Tile], cell: str) -> bool:
    """Radioactive Waste 'turns every living card around it'."""
    return any(
        near in board and catalog.cards[board[near].card].name == "radioactive-waste"
        for near in grid.AROUND[cell]
    )


def doomed_living(catalog: Catalog, board: Mapping[str, Tile]) -> list[str]:
    """Living cards that turn at a needs check: needs unmet, or next to Radioactive Waste."""
    ok = satisfied(catalog, board)
    return [
        cell
        for cell, tile in board.items()
        if catalog.cards[tile.card].living and (not ok[cell] or next_to_waste(catalog, board, cell))
    ]
