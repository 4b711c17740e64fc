"""Cards on the board: putting them down (paying the building cost), turning, dying and breaking."""

from __future__ import annotations

from cardtable.core import seat_mark
from cardtable.core.words import plural

from . import grid
from .cards import Catalog
from .state import ApocalypseState, Tile


def card_name(catalog: Catalog, card: int) -> str:
    return catalog.cards[card].name


def workforce_total(catalog: Catalog, state: ApocalypseState) -> int:
    """'Spend Workforce from Humans and Animals': the workforce of every card on the board."""
    return sum(catalog.cards[t.card].workforce for t in state.board.values())


def workforce_left(catalog: Catalog, state: ApocalypseState) -> int:
    """'Workforce regenerates every round': the round's workforce minus what was spent this round."""
    return max(0, workforce_total(catalog, state) - state.workforce_spent)


def affordable_names(catalog: Catalog, state: ApocalypseState, cards: list[int]) -> set[str]:
    """The names of those `cards` whose building cost this round's workforce can pay."""
    left = workforce_left(catalog, state)
    return {catalog.cards[c].name for c in cards if catalog.cards[c].build_cost <= left}


def put(
    catalog: Catalog, state: ApocalypseState, seat: int, card: int, cell: str, unstable: bool = False
) -> None:
    """`seat` puts a card on a free cell, paying a mechanism's building cost with this round's workforce."""
    cost = catalog.cards[card].build_cost
    state.workforce_spent += cost
    state.board[cell] = Tile(card, unstable)
    paid = f" (workforce {cost})" if cost else ""
    state.log.append(f"{seat_mark(seat)} places the {catalog.cards[card].title} at {cell}{paid}")


def place_waste(catalog: Catalog, state: ApocalypseState, seat: int, cell: str) -> None:
    """`seat` places the round's Radioactive Waste (the card in hand) like a normal card; it turns every
    living card around it at once."""
    state.board[cell] = Tile(state.held)
    state.held = -1
    state.log.append(f"{seat_mark(seat)} places the Radioactive Waste at {cell}")
    for near in grid.around(cell):
        if near in state.board and catalog.cards[state.board[near].card].living:
            turn(catalog, state, near, "radioactive waste")


def slide(catalog: Catalog, state: ApocalypseState) -> None:
    """Slide the shelter sideways when the frame of cell names would limit it (D1). Every step that
    changes which cells are taken ends with it, so a decision always sees a slid shelter."""
    by = grid.layout(state.board).slide
    if by:
        state.board = grid.slid(state.board, by)
        side = "right" if by > 0 else "left"
        state.log.append(f"The shelter is slid {plural(abs(by), 'column')} {side} on the grid")


def turnable(catalog: Catalog, tile: Tile) -> bool:
    """Living cards and natural resources turn; mechanisms and Radioactive Waste never do."""
    kind = catalog.cards[tile.card].kind
    return catalog.cards[tile.card].living or kind == "natural"


def turn(catalog: Catalog, state: ApocalypseState, cell: str, why: str) -> None:
    """Turn the card at `cell`: it becomes unstable, or dies/breaks if it already was or is endangered."""
    tile = state.board[cell]
    title = catalog.cards[tile.card].title
    if tile.card == state.protected:
        state.log.append(f"{title} at {cell} is protected from turning ({why})")
        return
    if tile.unstable or grid.endangered(cell):
        remove(catalog, state, cell, why)
    else:
        tile.unstable = True
        state.log.append(f"{title} at {cell} turns, unstable ({why})")


def remove(catalog: Catalog, state: ApocalypseState, cell: str, why: str) -> None:
    """Discard the card at `cell`: a living card dies (and is counted), a natural resource breaks."""
    tile = state.board.pop(cell)
    design = catalog.cards[tile.card]
    state.discard.append(tile.card)
    if tile.quake >= 0:
        state.resolved.append(tile.quake)
    if design.living:
        state.dead.append(tile.card)
        state.log.append(f"{design.title} at {cell} dies ({why})")
    else:
        state.log.append(f"{design.title} at {cell} breaks ({why})")


def movable(catalog: Catalog, tile: Tile) -> bool:
    """Radioactive Waste 'can't be moved'; a mechanism under an Earthquake stays where it is."""
    return catalog.cards[tile.card].kind != "catastrophe" and tile.quake < 0
