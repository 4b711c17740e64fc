"""What a seat sees: every card on the table, its own ability cards, and no deck order.

Hidden: the order of every deck, and the unused ability cards of the other seats ("Each player
should place their 2 Ability Cards so that they are always visible to them"; a used ability is
public). What Research and Weather Report reveal is told to the whole team (see RULES.md), so the
known top cards of the decks are part of every view.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import sentences, texts

from . import board, grid
from .abilities import Task, open_window, window_then
from .cards import Catalog
from .needs import active_mechanisms, next_to_waste, satisfied
from .state import ApocalypseState

#: what a view shows of the ability window and the task when none is open
NO_WINDOW: dict[str, Any] = {"seat": -1, "left": 0, "then": ""}
NO_TASK: dict[str, Any] = {"kind": "", "seat": -1}


def card(catalog: Catalog, card_id: int) -> dict[str, Any]:
    return {"id": card_id, "name": catalog.cards[card_id].name}


def seat_view(
    catalog: Catalog, state: ApocalypseState, seat: int | None, public: dict[str, Any]
) -> dict[str, Any]:
    """`seat`'s view: the public part (`public_view`: all but the unused ability cards) and the ability
    cards, its own face up."""
    abilities = [
        {"count": len(hand), "cards": [card(catalog, c) for c in hand] if s == seat else None}
        for s, hand in enumerate(state.abilities)
    ]
    return {**public, "abilities": abilities}


def public_view(catalog: Catalog, state: ApocalypseState) -> dict[str, Any]:
    """What every viewer sees alike."""
    head = state.steps[0] if state.steps else None
    window = open_window(state)
    active = active_mechanisms(catalog, state.board)
    ok = satisfied(catalog, state.board, active)
    tiles = []
    for cell in grid.in_board_order(state.board):
        tile = state.board[cell]
        design = catalog.cards[tile.card]
        tiles.append(
            {
                "cell": cell,
                **card(catalog, tile.card),
                "kind": design.kind,
                "unstable": tile.unstable,
                "disabled_by": tile.quake,
                "protected": tile.card == state.protected,
                "needs_met": ok[cell],
                "giving": bool(design.gives) and (design.kind != "mechanism" or cell in active),
                "radiated": design.living and next_to_waste(catalog, state.board, cell),
                "endangered": grid.endangered(cell),
            }
        )

    def cards(ids: list[int]) -> list[dict[str, Any]]:
        return [card(catalog, c) for c in ids]

    return {
        "round": state.round,
        "step": head.view_step() if head is not None else "over",
        "leader": state.leader,
        "turn": state.turn,
        "skip_turns": state.skip_turns,
        "window": {"seat": window.seat, "left": window.left, "then": window_then(state)}
        if window is not None
        else dict(NO_WINDOW),
        "task": {"kind": head.kind, "seat": head.seat} if isinstance(head, Task) else dict(NO_TASK),
        "board": tiles,
        "pool": cards(state.pool),
        "discard": cards(state.discard),
        "dead": cards(state.dead),
        "used_abilities": cards(state.used_abilities),
        "catastrophe": card(catalog, state.catastrophe) if state.catastrophe >= 0 else None,
        "resolved_catastrophes": cards(state.resolved),
        "held": {**card(catalog, state.held), "unstable": state.held_unstable} if state.held >= 0 else None,
        "building_deck": {
            "size": len(state.building_deck),
            "known_top": [card(catalog, c) for c in state.building_deck[: state.deck_known]],
        },
        "catastrophe_deck": {
            "size": len(state.catastrophe_deck),
            "known_top": card(catalog, state.catastrophe_deck[0]) if state.catastrophe_known else None,
        },
        "natural_decks": {res: len(deck) for res, deck in sorted(state.natural_decks.items())},
        "workforce": {
            "total": board.workforce_total(catalog, state),
            "spent": state.workforce_spent,
            "left": board.workforce_left(catalog, state),
        },
        "protected": state.protected,
        "score": {"trios": state.trios, "points": state.points, "lost": len(state.dead)},
        "log": texts(sentences(state.log)),  # as the narration tells them
    }
