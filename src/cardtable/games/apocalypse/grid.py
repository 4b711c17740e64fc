"""The shelter's grid: coordinates, neighbours, and where a card may go ("Other Rules").

Cells are named like a chess board: a column letter a-i and a row number 1-28, row 1 at the top
(the row of the first natural resource; nothing may go above it). Rows below 3 are endangered.

The rulebook limits the shelter only by its width (5 cards) and its ceiling; the frame of names must
never limit it more (RULES.md D1):
- Sideways, nothing in the rules depends on a column, only on where cards lie relative to each other.
  A shelter narrower than 5 cards that reaches column a or i could grow past it, so the whole
  shelter is slid back to the middle of the 9 columns (`Layout.slide`, applied by the rules): a
  shelter that can still grow sideways always has a free column on both sides.
- Downwards, every card put or moved lies at most one row below the deepest card before it, and a
  game has at most `MOVES_PER_GAME` such events after set-up (the Human starts in row 2), so no
  shelter ever reaches below row `ROWS`.

The frame is fixed, so every cell's coordinates and neighbours are tables built once. Where a card
may be put depends only on which cells are occupied: `layout` works it out once per set of occupied
cells and remembers it (legal-move generation and search ask about the same shelters again and again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

COLUMNS = "abcdefghi"
#: events that can put a card one row deeper than any before: 7 rounds of 3 turns (place or move),
#: the three abilities that put a card (Teraform, Recycle, Restructure), the two Radioactive Wastes
MOVES_PER_GAME = 7 * 3 + 3 + 2
#: the Human starts in row 2; no card can ever lie deeper than this
ROWS = 2 + MOVES_PER_GAME
MAX_WIDTH = 5
SAFE_ROWS = 3
START_COLUMN = "e"
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)

Cell = str

#: (column index, row number) of every cell
COORDINATES: dict[Cell, tuple[int, int]] = {
    f"{c}{r}": (col, r) for r in range(1, ROWS + 1) for col, c in enumerate(COLUMNS)
}
#: column index of every cell
COLUMN: dict[Cell, int] = {cell: col for cell, (col, _) in COORDINATES.items()}
#: a cell's position in board order (a1, b1, ..., i1, a2, ..., i8)
BOARD_ORDER: dict[Cell, int] = {cell: i for i, cell in enumerate(CELLS)}


def split(cell: Cell) -> tuple[int, int]:
    """(column index, row number) of a cell name."""
    return COORDINATES[cell]


def name(col: int, row: int) -> Cell:
    return f"{COLUMNS[col]}{row}"


def in_frame(col: int, row: int) -> bool:
    return 0 <= col < len(COLUMNS) and 1 <= row <= ROWS


def _neighbours(cell: Cell, steps: Iterable[tuple[int, int]]) -> tuple[Cell, ...]:
    col, row = split(cell)
    return tuple(name(col + dc, row + dr) for dc, dr in steps if in_frame(col + dc, row + dr))


_SIDE_STEPS = ((0, -1), (-1, 0), (1, 0), (0, 1))
_AROUND_STEPS = tuple((dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr)
SIDES: dict[Cell, tuple[Cell, ...]] = {cell: _neighbours(cell, _SIDE_STEPS) for cell in CELLS}
AROUND: dict[Cell, tuple[Cell, ...]] = {cell: _neighbours(cell, _AROUND_STEPS) for cell in CELLS}


def sides(cell: Cell) -> tuple[Cell, ...]:
    """The up-to-4 cells sharing a side with `cell` (above, left, right, below; a move goes to one)."""
    return SIDES[cell]


def around(cell: Cell) -> tuple[Cell, ...]:
    """The up-to-8 cells surrounding `cell`, row by row: a card gives to all of them."""
    return AROUND[cell]


def endangered(cell: Cell) -> bool:
    """'Every card below level 3 is endangered': it dies or breaks at its first turn."""
    return split(cell)[1] > SAFE_ROWS


def width(occupied: Iterable[Cell]) -> int:
    cols = [split(c)[0] for c in occupied]
    return max(cols) - min(cols) + 1 if cols else 0


def _span(columns: Collection[int]) -> tuple[int, int]:
    """The columns a card may occupy beside cards in these columns: the shelter stays 5 wide
    (none if there are no cards)."""
    if not columns:
        return 1, 0
    return max(columns) - MAX_WIDTH + 1, min(columns) + MAX_WIDTH - 1


def _slide(columns: Collection[int]) -> int:
    """How far to slide a shelter with cards in these columns so that, while it is narrower than
    5 cards, it keeps a free column on both sides (0 when it does, or cannot grow sideways)."""
    if not columns:
        return 0
    low, high = min(columns), max(columns)
    wide = high - low + 1
    if wide >= MAX_WIDTH or (low > 0 and high < len(COLUMNS) - 1):
        return 0
    return (len(COLUMNS) - wide) // 2 - low


def slid(board: dict[Cell, T], by: int) -> dict[Cell, T]:
    """The board with every card `by` columns further right (left if negative), in the same order."""
    return {name(COLUMN[cell] + by, split(cell)[1]): tile for cell, tile in board.items()}


def in_board_order(cells: Iterable[Cell]) -> list[Cell]:
    """`cells` sorted a1, b1, ..., i1, a2, ..., i8."""
    return sorted(cells, key=BOARD_ORDER.__getitem__)


class Layout:
    """Where cards may go on a shelter with these occupied cells (worked out on demand, then kept)."""

    __slots__ = ("_columns", "_free_after", "_moves", "_span", "_touching", "free", "occupied", "slide")

    def __init__(self, occupied: frozenset[Cell]) -> None:
        self.occupied = occupied
        self._columns = Counter(COLUMN[c] for c in occupied)  # how many cards in each column
        self._span = _span(self._columns.keys())
        #: every free cell beside the shelter: how many cards it touches by a side
        self._touching = Counter(s for c in occupied for s in SIDES[c] if s not in occupied)
        low, high = self._span
        #: where a new card may be put, in board order
        self.free: tuple[Cell, ...] = tuple(
            in_board_order(c for c in self._touching if low <= COLUMN[c] <= high)
        )
        self._free_after: dict[Cell, tuple[Cell, ...]] = {}
        self._moves: dict[Cell, tuple[Cell, ...]] = {}
        #: columns to slide the shelter right (negative: left) so the frame cannot limit it (0: none)
        self.slide = _slide(self._columns.keys())

    def free_after_leaving(self, cell: Cell) -> tuple[Cell, ...]:
        """Where the card at `cell` could be put once it has left its cell (its own cell included)."""
        if cell not in self._free_after:
            self._free_after[cell] = self._free_without(cell)
        return self._free_after[cell]

    def moves(self, cell: Cell) -> tuple[Cell, ...]:
        """Where the card at `cell` may move: 1 space to a side, to a free cell that touches another
        card too (the card itself will have left), without making the shelter more than 5 wide."""
        if cell not in self._moves:
            low, high = self._span_without(cell)
            self._moves[cell] = tuple(
                dest
                for dest in SIDES[cell]
                if self._touching.get(dest, 0) >= 2 and low <= COLUMN[dest] <= high
            )
        return self._moves[cell]

    def _span_without(self, leaving: Cell) -> tuple[int, int]:
        """The columns a card may occupy beside the cards other than `leaving`."""
        if self._columns[COLUMN[leaving]] != 1:
            return self._span  # the other cards fill the same columns
        return _span(self._columns.keys() - {COLUMN[leaving]})

    def _free_without(self, leaving: Cell) -> tuple[Cell, ...]:
        """Free cells (or `leaving`) that touch a side of another card, keeping the shelter 5 wide."""
        low, high = self._span_without(leaving)
        found = {
            s
            for c in self.occupied
            if c != leaving
            for s in SIDES[c]
            if (s not in self.occupied or s == leaving) and low <= COLUMN[s] <= high
        }
        return tuple(in_board_order(found))


#: layouts remembered (about 2 kB each): enough for a search's shelters, and for half the look-ups of
#: a stream of random games
LAYOUTS_KEPT = 2048


@lru_cache(maxsize=LAYOUTS_KEPT)
def _layout(occupied: frozenset[Cell]) -> Layout:
    return Layout(occupied)


def layout(occupied: Collection[Cell]) -> Layout:
    """The (remembered) `Layout` of a shelter whose cards lie on `occupied` (e.g. the board dict)."""
    return _layout(frozenset(occupied))


def free_cells(occupied: Collection[Cell], leaving: Cell | None = None) -> tuple[Cell, ...]:
    """Every cell where a card may be put, in board order (a1, b1, ..., i8): placement from the pool,
    and a card's new place after a move.

    The cell is free, touches a side of at least one other card, and the shelter stays at most
    5 cards wide. `leaving` is the cell the card comes from when it moves (it no longer counts).
    """
    shelter = layout(occupied)
    return shelter.free if leaving is None else shelter.free_after_leaving(leaving)
