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


def received(catalog: Catalog, board: Mapping[str, Tile], active: set[str]) -> dict[str, Counter[str]]:
    """What each occupied cell receives from its 8 neighbours, given the active mechanisms."""
    got: dict[str, Counter[str]] = {cell: Counter() for cell in board}
    for cell, tile in board.items():
        design = catalog.cards[tile.card]
        if not design.gives or (design.kind == "mechanism" and cell not in active):
            continue
        for near in grid.around(cell):
            if near in got:
                got[near].update(design.gives)
    return got


def met(catalog: Catalog, tile: Tile, got: Counter[str]) -> bool:
    return all(got[r] >= n for r, n in catalog.cards[tile.card].needs.items())


def active_mechanisms(catalog: Catalog, board: Mapping[str, Tile]) -> set[str]:
    """The mechanisms that give this round: supplied, not disabled by an Earthquake."""
    active = {cell for cell, t in board.items() if catalog.cards[t.card].kind == "mechanism" and t.quake < 0}
    while True:
        got = received(catalog, board, active)
        still = {cell for cell in active if met(catalog, board[cell], got[cell])}
        if still == active:
            return active
        active = still


def satisfied(catalog: Catalog, board: Mapping[str, Tile]) -> dict[str, bool]:
    """For every card on the board: are its needs met right now? (cards with no needs: True)"""
    active = active_mechanisms(catalog, board)
    got = received(catalog, board, active)
    return {cell: met(catalog, tile, got[cell]) for cell, tile in board.items()}


def next_to_waste(catalog: Catalog, board: Mapping[str, Tile], cell: str) -> bool:
    """Radioactive Waste 'turns every living card around it'."""
    return any(
        near in board and catalog.cards[board[near].card].name == "radioactive-waste"
        for near in grid.around(cell)
    )


def doomed_living(catalog: Catalog, board: Mapping[str, Tile]) -> list[str]:
    """Living cards that turn at a needs check: needs unmet, or next to Radioactive Waste."""
    ok = satisfied(catalog, board)
    return [
        cell
        for cell, tile in board.items()
        if catalog.cards[tile.card].living and (not ok[cell] or next_to_waste(catalog, board, cell))
    ]
