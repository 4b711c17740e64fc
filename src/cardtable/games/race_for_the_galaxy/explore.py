"""Phase I, Explore (RESEARCH.md §2.4): draw, then keep from the cards just drawn."""

from __future__ import annotations

from cardtable.core import Action

from . import powers as pw
from .cards import Catalog
from .chance import draw
from .state import RftgState, Task
from .steps import chose, distinct, done, seat_letter


def explore_draw(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    count, keep = 2, 1
    if chose(p, "explore-5"):
        count += 5
    if chose(p, "explore-1-1"):
        count += 1
        keep += 1
    count += pw.total(cat, p, "explore", "draw")
    keep += pw.total(cat, p, "explore", "keep")
    before = len(p.hand)
    draw(cat, s, task.seat, count)
    p.drawn = p.hand[before:]
    del p.hand[before:]
    p.keep = keep
    s.log.append(f"{seat_letter(task.seat)} explores: draws {len(p.drawn)}, keeps {min(keep, len(p.drawn))}.")
    return True


def explore_keep_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    if len(p.drawn) <= p.keep:
        p.hand += p.drawn
        p.drawn = []
        done(s)
        return True
    return False


def explore_keep_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("keep", (c,)) for c in distinct(s.players[task.seat].drawn)]


def explore_keep_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    p = s.players[task.seat]
    card = str(action.args[0])
    p.drawn.remove(card)
    p.hand.append(card)
    p.keep -= 1
    if p.keep <= 0:
        s.discard += p.drawn
        p.drawn = []
        done(s)
