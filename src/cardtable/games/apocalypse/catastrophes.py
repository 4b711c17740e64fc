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

from cardtable.core import push

from . import grid
from .abilities import Put, Task
from .cards import Catalog
from .state import ApocalypseState, Tile


def draw(catalog: Catalog, state: ApocalypseState) -> None:
    """Step 2: reveal the round's catastrophe. A Volcanic Eruption acts at once (no turns)."""
    if not state.catastrophe_deck:  # six catastrophes for rounds 2-7: only a test position runs out
        return
    state.catastrophe = state.catastrophe_deck.pop(0)
    state.catastrophe_known = False
    design = catalog.cards[state.catastrophe]
    state.log.append(f"Catastrophe: {design.title}")
    if design.name == "volcanic-eruption":
        state.skip_turns = True
        state.log.append("The eruption activates at the start of the round: no turns this round")


def natural_counterpart(catalog: Catalog, card: int) -> str | None:
    """The natural deck ("energy"/"water") giving what this mechanism gives, if there is one."""
    gives = set(catalog.cards[card].gives)
    for res in ("energy", "water"):
        if gives == {res}:
            return res
    return None


def strike(catalog: Catalog, state: ApocalypseState) -> None:
    """Step 6: the catastrophe's effect begins; the players (the leader deciding) choose its target."""
    if state.catastrophe < 0:
        return
    name = catalog.cards[state.catastrophe].name
    leader = state.leader
    targeted = {"earthquake": Quake, "malfunction": Malfunction}.get(name)
    step = targeted(leader) if targeted is not None else None
    if step is not None and step.choices(catalog, state):
        push(state, step)
    elif name == "radioactive-waste" and grid.free_cells(state.board):
        state.held, state.held_unstable = state.catastrophe, False
        state.catastrophe = -1
        push(state, Put(leader, waste=True))
    elif name != "volcanic-eruption":
        state.log.append(f"{catalog.cards[state.catastrophe].title} has nothing to strike")


class Quake(Task, tag="quake"):
    stage = "catastrophe"
    question = "choose the mechanism the Earthquake disables"

    def choices(self, cat: Catalog, s: ApocalypseState) -> list[str]:
        """The mechanisms not yet disabled, in board order."""
        board = s.board
        return [
            c
            for c in grid.in_board_order(board)
            if cat.cards[board[c].card].kind == "mechanism" and board[c].quake < 0
        ]

    def chosen(self, cat: Catalog, s: ApocalypseState, cell: str) -> None:
        s.board[cell].quake = s.catastrophe
        s.catastrophe = -1
        s.log.append(f"Earthquake on the {cat.cards[s.board[cell].card].title} at {cell}: disabled")
        self.done(s)


class Malfunction(Task, tag="malfunction"):
    stage = "catastrophe"
    question = "choose the Energy Generator or Water System that malfunctions"

    def choices(self, cat: Catalog, s: ApocalypseState) -> list[str]:
        """The working mechanisms that give what a natural resource with cards left gives, in board order."""
        cells = []
        for c in grid.in_board_order(s.board):
            tile = s.board[c]
            if cat.cards[tile.card].kind != "mechanism" or tile.quake >= 0:
                continue
            res = natural_counterpart(cat, tile.card)
            if res is not None and s.natural_decks.get(res):
                cells.append(c)
        return cells

    def chosen(self, cat: Catalog, s: ApocalypseState, cell: str) -> None:
        old = s.board[cell].card
        res = natural_counterpart(cat, old)
        assert res is not None
        new = s.natural_decks[res].pop(0)
        s.discard.append(old)
        s.board[cell] = Tile(new)
        s.log.append(f"Malfunction: the {cat.cards[old].title} at {cell} becomes {cat.cards[new].title}")
        self.done(s)
