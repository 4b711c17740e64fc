"""The catastrophes ("Catastrophe Cards"): drawn at step 2 from round 2, effect at step 6.

Earthquake: the players put it on a mechanism, which is disabled for the rest of the game.
Volcanic Eruption: activates at the start of the round: no step-3 turns this round.
Radioactive Waste: the players place it like a normal card; it turns every living card around it,
at once and at every later needs check, and can never be moved or removed.
Malfunction: the players turn an Energy Generator or Water System into a fresh natural resource of
the same resource (it will turn and break like any natural resource).
When the catastrophe has no possible target it has no effect.
"""

from __future__ import annotations

from cardtable.core import Action

from . import board, grid
from .cards import Catalog
from .state import ApocalypseState, Tile


def draw(catalog: Catalog, state: ApocalypseState) -> None:
    """Step 2: reveal the round's catastrophe. A Volcanic Eruption acts at once (no turns)."""
    if not state.catastrophe_deck:  # six catastrophes for rounds 2-7: only a test position runs out
        return
    state.catastrophe = state.catastrophe_deck.pop(0)
    state.catastrophe_known = False
    design = catalog.cards[state.catastrophe]
    state.log.append(f"catastrophe: {design.title}")
    if design.name == "volcanic-eruption":
        state.skip_turns = True
        state.log.append("the eruption activates at the start of the round: no turns this round")


def quake_targets(catalog: Catalog, state: ApocalypseState) -> list[str]:
    return [
        c
        for c in grid.in_board_order(state.board)
        if catalog.cards[state.board[c].card].kind == "mechanism" and state.board[c].quake < 0
    ]


def natural_counterpart(catalog: Catalog, card: int) -> str | None:
    """The natural deck ("energy"/"water") giving what this mechanism gives, if there is one."""
    gives = set(catalog.cards[card].gives)
    for res in ("energy", "water"):
        if gives == {res}:
            return res
    return None


def malfunction_targets(catalog: Catalog, state: ApocalypseState) -> list[str]:
    cells = []
    for c in grid.in_board_order(state.board):
        tile = state.board[c]
        if catalog.cards[tile.card].kind != "mechanism" or tile.quake >= 0:
            continue
        res = natural_counterpart(catalog, tile.card)
        if res is not None and state.natural_decks.get(res):
            cells.append(c)
    return cells


def resolve(catalog: Catalog, state: ApocalypseState) -> None:
    """Step 6: start the catastrophe's effect; sets a task when the players must choose a target."""
    if state.catastrophe < 0:
        return
    name = catalog.cards[state.catastrophe].name
    state.task_seat = state.leader
    if name == "earthquake" and quake_targets(catalog, state):
        state.task = "quake"
    elif name == "malfunction" and malfunction_targets(catalog, state):
        state.task = "malfunction"
    elif name == "radioactive-waste" and grid.free_cells(state.board):
        state.held, state.held_unstable = state.catastrophe, False
        state.catastrophe = -1
        state.task = "put"
    else:
        state.task_seat = -1
        if name != "volcanic-eruption":
            state.log.append(f"{catalog.cards[state.catastrophe].title} has nothing to strike")


def task_actions(catalog: Catalog, state: ApocalypseState) -> list[Action]:
    if state.task == "quake":
        return [Action("quake", (c,)) for c in quake_targets(catalog, state)]
    if state.task == "malfunction":
        return [Action("malfunction", (c,)) for c in malfunction_targets(catalog, state)]
    return [Action("put", (c,)) for c in grid.free_cells(state.board)]


def carry_out(catalog: Catalog, state: ApocalypseState, action: Action) -> None:
    cell = str(action.args[0])
    if action.verb == "quake":
        state.board[cell].quake = state.catastrophe
        state.catastrophe = -1
        title = catalog.cards[state.board[cell].card].title
        state.log.append(f"Earthquake on the {title} at {cell}: disabled")
    elif action.verb == "malfunction":
        old = state.board[cell].card
        res = natural_counterpart(catalog, old)
        assert res is not None
        new = state.natural_decks[res].pop(0)
        state.discard.append(old)
        state.board[cell] = Tile(new)
        state.log.append(
            f"Malfunction: the {catalog.cards[old].title} at {cell} becomes {catalog.cards[new].title}"
        )
    else:  # put: Radioactive Waste, placed like a normal card
        waste = state.held
        state.board[cell] = Tile(waste)
        state.held = -1
        state.log.append(f"Radioactive Waste placed at {cell}")
        for near in grid.around(cell):
            if near in state.board and catalog.cards[state.board[near].card].living:
                board.turn(catalog, state, near, "radioactive waste")
