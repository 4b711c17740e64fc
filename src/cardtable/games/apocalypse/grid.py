"""The shelter's grid: coordinates, neighbours, and where a card may go ("Other Rules").

Cells are named like a chess board: a column letter a-i and a row number 1-8, row 1 at the top
(the row of the first natural resource; nothing may go above it). The starting cards sit in column e,
so any 5-wide shelter around them fits in the frame. Rows below 3 are endangered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

COLUMNS = "abcdefghi"
ROWS = 8
MAX_WIDTH = 5
SAFE_ROWS = 3
START_COLUMN = "e"
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)

Cell = str


def split(cell: Cell) -> tuple[int, int]:
    """(column index, row number) of a cell name."""
    return COLUMNS.index(cell[0]), int(cell[1:])


def name(col: int, row: int) -> Cell:
    return f"{COLUMNS[col]}{row}"


def in_frame(col: int, row: int) -> bool:
    return 0 <= col < len(COLUMNS) and 1 <= row <= ROWS


def sides(cell: Cell) -> list[Cell]:
    """The up-to-4 cells sharing a side with `cell` (a move goes 1 space to one of these)."""
    col, row = split(cell)
    steps = ((0, -1), (-1, 0), (1, 0), (0, 1))
    return [name(col + dc, row + dr) for dc, dr in steps if in_frame(col + dc, row + dr)]


def around(cell: Cell) -> list[Cell]:
    """The up-to-8 cells surrounding `cell`: a card gives to all of them."""
    col, row = split(cell)
    return [
        name(col + dc, row + dr)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dc or dr) and in_frame(col + dc, row + dr)
    ]


def endangered(cell: Cell) -> bool:
    """'Every card below level 3 is endangered': it dies or breaks at its first turn."""
    return split(cell)[1] > SAFE_ROWS


def width(occupied: Iterable[Cell]) -> int:
    cols = [split(c)[0] for c in occupied]
    return max(cols) - min(cols) + 1 if cols else 0


def can_hold(occupied: Mapping[Cell, object], cell: Cell, leaving: Cell | None = None) -> bool:
    """May a card be put at `cell`? (placement from the pool, and a card's new place after a move)

    The cell is free, touches a side of at least one other card, and the shelter stays at most
    5 cards wide. `leaving` is the cell the card comes from when it moves (it no longer counts).
    """
    if cell in occupied and cell != leaving:
        return False
    others = [c for c in occupied if c != leaving]
    if not any(s in occupied and s != leaving for s in sides(cell)):
        return False
    return width([*others, cell]) <= MAX_WIDTH


def free_cells(occupied: Mapping[Cell, object], leaving: Cell | None = None) -> list[Cell]:
    """Every cell where a card may be put, in board order (a1, b1, ..., i8); same rule as `can_hold`."""
    others = [c for c in occupied if c != leaving]
    if not others:
        return []
    cols = [split(c)[0] for c in others]
    low, high = max(cols) - MAX_WIDTH + 1, min(cols) + MAX_WIDTH - 1
    found = {
        s
        for c in others
        for s in sides(c)
        if (s not in occupied or s == leaving) and low <= split(s)[0] <= high
    }
    return sorted(found, key=lambda c: (split(c)[1], split(c)[0]))
