"""Paying for a development or a world: one card from hand at a time (RESEARCH.md §2.10.5)."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog
from .state import RftgState, Task
from .steps import distinct, done


def pay_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    if not p.placing or p.owe <= 0:
        done(s)
        return True
    if p.owe >= len(p.hand):
        s.discard += p.hand
        p.hand = []
        p.owe = 0
        done(s)
        return True
    return False


def pay_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("pay", (c,)) for c in distinct(s.players[task.seat].hand)]


def pay_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    p = s.players[task.seat]
    card = str(action.args[0])
    p.hand.remove(card)
    s.discard.append(card)
    p.owe -= 1
    if p.owe <= 0:
        done(s)
