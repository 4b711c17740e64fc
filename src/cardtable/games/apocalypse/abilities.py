"""The six abilities ("Ability Cards"): when each can be used, and the short chain of choices it opens.

An ability is offered only when it can take effect, and once chosen it is carried out to the end:
Teraform (`teraform energy`, then `put c3`), Weather Report (at once), Recycle (`recycle plant`, then
`put c3`), Research (`top human`, ... to reorder the top 3), Use Reserves (`protect e2`),
Restructure (`lift e2`, then `put d2`).
"""

from __future__ import annotations

from cardtable.core import Action

from . import board, grid
from .cards import Catalog
from .state import ApocalypseState

RESEARCH_DEPTH = 3


def placeable_cells(state: ApocalypseState) -> tuple[str, ...]:
    return grid.free_cells(state.board)


def natural_kinds(state: ApocalypseState) -> list[str]:
    return [res for res in sorted(state.natural_decks) if state.natural_decks[res]]


def recyclable(catalog: Catalog, state: ApocalypseState) -> list[str]:
    """Names of discarded cards that could be placed now (a mechanism needs its building cost)."""
    names = board.affordable_names(catalog, state, state.discard)
    return [d.name for d in catalog.designs if d.name in names]


def protectable(catalog: Catalog, state: ApocalypseState) -> list[str]:
    return [c for c in grid.in_board_order(state.board) if board.turnable(catalog, state.board[c])]


def liftable(catalog: Catalog, state: ApocalypseState) -> list[str]:
    """Cards Restructure may take: movable ones that have somewhere to go (and can be paid for)."""
    cells = []
    shelter = grid.layout(state.board)
    total = board.workforce_total(catalog, state)
    for cell in grid.in_board_order(state.board):
        tile = state.board[cell]
        if not board.movable(catalog, tile):
            continue
        cost = catalog.cards[tile.card].build_cost
        left = total - catalog.cards[tile.card].workforce
        if cost and cost > left - state.workforce_spent:
            continue
        if shelter.free_after_leaving(cell):
            cells.append(cell)
    return cells


def usable(catalog: Catalog, state: ApocalypseState, ability: str) -> bool:
    if ability == "teraform":
        return bool(natural_kinds(state)) and bool(placeable_cells(state))
    if ability == "weather-report":
        return bool(state.catastrophe_deck) and not state.catastrophe_known
    if ability == "recycle":
        return bool(recyclable(catalog, state)) and bool(placeable_cells(state))
    if ability == "research":
        return bool(state.building_deck)
    if ability == "use-reserves":
        return bool(protectable(catalog, state))
    if ability == "restructure":
        return bool(liftable(catalog, state))
    raise ValueError(ability)


def usable_by(catalog: Catalog, state: ApocalypseState, seat: int) -> list[str]:
    """The seat's unused abilities that can take effect now, in card-file order."""
    own = {catalog.cards[c].name for c in state.abilities[seat]}
    return [n for n in catalog.names("ability") if n in own and usable(catalog, state, n)]


def begin(catalog: Catalog, state: ApocalypseState, seat: int, ability: str) -> None:
    """Spend the seat's ability card and start its effect (a task, or the whole effect at once)."""
    card = next(c for c in state.abilities[seat] if catalog.cards[c].name == ability)
    state.abilities[seat].remove(card)
    state.used_abilities.append(card)
    state.log.append(f"seat {'ABC'[seat]} uses {catalog.cards[card].title}")
    if ability == "weather-report":
        state.catastrophe_known = True
        top = catalog.cards[state.catastrophe_deck[0]].title
        state.log.append(f"the next catastrophe is {top}")
        return
    if ability == "research":
        depth = min(RESEARCH_DEPTH, len(state.building_deck))
        state.research = state.building_deck[:depth]
        state.building_deck = state.building_deck[depth:]
        state.deck_known = max(0, state.deck_known - depth)
        state.research_order = []
        seen = ", ".join(catalog.cards[c].title for c in state.research)
        state.log.append(f"the top of the building deck: {seen}")
    state.task = {
        "teraform": "teraform",
        "recycle": "recycle",
        "research": "research",
        "use-reserves": "protect",
        "restructure": "lift",
    }[ability]
    state.task_seat = seat


def task_actions(catalog: Catalog, state: ApocalypseState) -> list[Action]:
    """The choices of the pending ability task."""
    task = state.task
    if task == "teraform":
        return [Action("teraform", (res,)) for res in natural_kinds(state)]
    if task == "recycle":
        return [Action("recycle", (n,)) for n in recyclable(catalog, state)]
    if task == "research":
        names = {catalog.cards[c].name for c in state.research}
        return [Action("top", (d.name,)) for d in catalog.designs if d.name in names]
    if task == "protect":
        return [Action("protect", (c,)) for c in protectable(catalog, state)]
    if task == "lift":
        return [Action("lift", (c,)) for c in liftable(catalog, state)]
    if task == "put":
        return [Action("put", (c,)) for c in placeable_cells(state)]
    raise ValueError(task)


def carry_out(catalog: Catalog, state: ApocalypseState, action: Action) -> bool:
    """Apply one choice of an ability task; True when the task is finished."""
    verb, args = action.verb, action.args
    if verb == "teraform":
        state.held = state.natural_decks[str(args[0])].pop(0)
        state.held_unstable = False
        state.task = "put"
        return False
    if verb == "recycle":
        card = next(c for c in state.discard if catalog.cards[c].name == args[0])
        state.discard.remove(card)
        state.held, state.held_unstable = card, False
        state.task = "put"
        return False
    if verb == "lift":
        tile = state.board.pop(str(args[0]))
        state.held, state.held_unstable = tile.card, tile.unstable
        state.log.append(f"{catalog.cards[tile.card].title} lifted from {args[0]}")
        state.task = "put"
        return False
    if verb == "protect":
        state.protected = state.board[str(args[0])].card
        state.log.append(f"{catalog.cards[state.protected].title} at {args[0]} protected for this round")
        return True
    if verb == "top":
        card = next(c for c in state.research if catalog.cards[c].name == args[0])
        state.research.remove(card)
        state.research_order.append(card)
        if len(state.research) <= 1:
            state.research_order += state.research
            state.research = []
            state.building_deck = state.research_order + state.building_deck
            state.deck_known += len(state.research_order)
            state.research_order = []
            return True
        return False
    if verb == "put":
        board.put(catalog, state, state.held, str(args[0]), state.held_unstable)
        state.held, state.held_unstable = -1, False
        return True
    raise ValueError(verb)
