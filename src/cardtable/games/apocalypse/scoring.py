"""'When Do We Win?': the end-of-game check, the points and the shared result."""

from __future__ import annotations

from collections import Counter

from cardtable.core.words import plural

from . import board, grid
from .cards import LIVING_KINDS, Catalog
from .needs import doomed_living
from .state import ApocalypseState, Tile

WINNING_POINTS = 1


def final_check(catalog: Catalog, state: ApocalypseState) -> None:
    """'Are there any cards that would die in the next turns? Discard them.'

    Natural resources break within two rounds whatever happens ("can't support it"), so they go
    first; then every living card that would turn (needs unmet, or beside Radioactive Waste) would
    turn again and die, and is discarded; repeated, since a dying Plant stops feeding its neighbours.
    """
    state.protected = -1
    for cell in grid.in_board_order(state.board):
        if catalog.cards[state.board[cell].card].kind == "natural":
            board.remove(catalog, state, cell, "it would break in the next turns")
    while doomed := doomed_living(catalog, state.board):
        for cell in doomed:
            board.remove(catalog, state, cell, "it would die in the next turns")
    state.trios = trios(catalog, state.board)
    state.points = state.trios - len(state.dead)
    lost = plural(len(state.dead), "living card")
    state.log.append(f"{plural(state.trios, 'trio')}, {lost} lost: {plural(state.points, 'point')}")


def trios(catalog: Catalog, tiles: dict[str, Tile]) -> int:
    """'A trio is: 1 Human, 1 Animal, and 1 Plant' among the living cards on the board."""
    kinds = Counter(catalog.cards[t.card].kind for t in tiles.values())
    return min(kinds[k] for k in LIVING_KINDS)


def won(state: ApocalypseState) -> bool:
    """'If you managed to have at least 1 point - YOU WIN!'"""
    return state.points >= WINNING_POINTS
