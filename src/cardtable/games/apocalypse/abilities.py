"""The six abilities ("Ability Cards"): when each can be used, and the short chain of choices it opens.

An ability is offered only when it can take effect, and once chosen it is carried out to the end:
Teraform (`teraform energy`, then `put c3`), Weather Report (at once), Recycle (`recycle plant`, then
`put c3`), Research (at once: the top 3 building cards are shown), Use Reserves (`protect e2`),
Restructure (`lift e2`, then `put d2`).
"""

from __future__ import annotations

from cardtable.core import Action

from . import board, grid
from .cards import Catalog
from .state import ApocalypseState

RESEARCH_DEPTH = 3
ROUNDS = 7


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


def timely(catalog: Catalog, state: ApocalypseState, ability: str) -> bool:
    """Is the open window a moment at which using `ability` could differ from using it at a later
    window? (RULES.md D21; only public facts: the same for every seat.)

    Research and Weather Report change nothing on the table; what they show stays the same for the
    whole round (the next pool's first cards, the next catastrophe), so they are offered at the
    round's first window, when it is worth most; Research not in the last round (no pool follows).
    Use Reserves protects until the round ends and cards turn only at the needs check and when a
    Radioactive Waste is placed: it is offered just before those. The abilities that put a card on
    the board are offered at every window.
    """
    if ability in ("research", "weather-report"):
        first = (state.after == "turn" and state.turn == 0) or (state.skip_turns and state.after == "needs")
        return first and (ability == "weather-report" or state.round < ROUNDS)
    if ability == "use-reserves":
        waste = state.catastrophe >= 0 and catalog.cards[state.catastrophe].name == "radioactive-waste"
        return state.after == "needs" or (state.after == "catastrophe" and waste)
    return True


def offered(catalog: Catalog, state: ApocalypseState, ability: str) -> bool:
    """May `ability` be used in the open window: it can take effect, and now is a moment for it."""
    return timely(catalog, state, ability) and usable(catalog, state, ability)


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
    """The seat's unused abilities offered in the open window, in card-file order."""
    own = {catalog.cards[c].name for c in state.abilities[seat]}
    return [n for n in catalog.names("ability") if n in own and offered(catalog, state, n)]


def any_offered(catalog: Catalog, state: ApocalypseState) -> bool:
    """Is any unused ability, whoever holds it, offered in the open window? Public: which seat holds
    which unused ability is hidden, but which abilities are still unused is not."""
    unused = {catalog.cards[c].name for hand in state.abilities for c in hand}
    return any(offered(catalog, state, n) for n in unused)


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
    if ability == "research":  # the order they go back in cannot matter: the next pool takes them all
        depth = min(RESEARCH_DEPTH, len(state.building_deck))
        state.deck_known = max(state.deck_known, depth)
        seen = ", ".join(catalog.cards[c].title for c in state.building_deck[:depth])
        state.log.append(f"the top of the building deck, put back as it was: {seen}")
        return
    state.task = {
        "teraform": "teraform",
        "recycle": "recycle",
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
    if verb == "put":
        board.put(catalog, state, state.held, str(args[0]), state.held_unstable)
        state.held, state.held_unstable = -1, False
        return True
    raise ValueError(verb)
