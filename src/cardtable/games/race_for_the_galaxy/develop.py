"""Phase II, Develop (RESEARCH.md §2.5): a secret pick, the reveal, payment, draws."""

from __future__ import annotations

from cardtable.core import Action

from . import powers as pw
from .cards import Catalog
from .chance import draw
from .state import Player, RftgState, Task
from .steps import bonus_of, distinct, done, seat_letter


def develop_start(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    draw(cat, s, task.seat, pw.total(cat, p, "develop", "draw"))
    return True


def develop_cost(cat: Catalog, s: RftgState, p: Player, card: str) -> int:
    return max(0, cat[card].cost - pw.develop_discount(cat, p, bonus_of(s, p)))


def develop_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    legal = [Action("develop", ("none",))]
    for card in distinct(p.hand):
        if cat[card].type != "development" or card in p.tableau:
            continue
        if develop_cost(cat, s, p, card) <= len(p.hand) - 1:
            legal.append(Action("develop", (card,)))
    return legal


def pick_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    card = str(action.args[0])
    s.players[task.seat].pick = "-" if card == "none" else card
    done(s)


def develop_place(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    for seat, p in enumerate(s.players):
        if p.pick and p.pick != "-":
            card = p.pick
            p.owe = develop_cost(cat, s, p, card)
            p.hand.remove(card)
            p.tableau.append(card)
            p.placing = card
            s.log.append(f"{seat_letter(seat)} develops {cat[card].name} (pays {p.owe}).")
        p.pick = ""
    return True


def develop_after(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    if p.placing:
        draw(cat, s, task.seat, pw.total(cat, p, "develop", "draw-after"))
    p.placing = ""
    return True
