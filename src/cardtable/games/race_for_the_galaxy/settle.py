"""Phase III, Settle (RESEARCH.md §2.6): a secret pick, the reveal, how to settle, payment, draws."""

from __future__ import annotations

from cardtable.core import Action

from . import powers as pw
from .cards import Catalog
from .chance import draw, put_good
from .state import RftgState, Task
from .steps import bonus_of, distinct, done, seat_letter


def settle_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    legal = [Action("settle", ("none",))]
    for card in distinct(p.hand):
        if (
            cat[card].is_world
            and card not in p.tableau
            and pw.settle_methods(cat, p, cat[card], len(p.hand) - 1)
        ):
            legal.append(Action("settle", (card,)))
    return legal


def settle_place(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    for seat, p in enumerate(s.players):
        if p.pick and p.pick != "-":
            card = p.pick
            p.hand.remove(card)
            p.tableau.append(card)
            p.placing = card
            s.log.append(f"{seat_letter(seat)} settles {cat[card].name}.")
            if cat[card].windfall:
                put_good(cat, s, seat, card)
        p.pick = ""
    return True


def settle_method_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    if not p.placing:
        done(s)
        return True
    methods = pw.settle_methods(cat, p, cat[p.placing], len(p.hand))
    if len(methods) == 1:
        use_method(cat, s, task.seat, next(iter(methods)), methods)
        done(s)
        return True
    return False


def settle_method_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    return [Action("method", (m,)) for m in sorted(pw.settle_methods(cat, p, cat[p.placing], len(p.hand)))]


def settle_method_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    p = s.players[task.seat]
    methods = pw.settle_methods(cat, p, cat[p.placing], len(p.hand))
    use_method(cat, s, task.seat, str(action.args[0]), methods)
    done(s)


def use_method(cat: Catalog, s: RftgState, seat: int, method: str, methods: dict[str, int]) -> None:
    p = s.players[seat]
    p.owe = methods[method]
    spent = {"colony-ship": "colony-ship", "tactics": "tactics"}.get(method)
    if spent:
        key, _, power = max(pw.powers(cat, p, "settle", spent), key=lambda kp: kp[2].value)
        p.tableau.remove(key)
        p.powered.remove(key)
        s.discard.append(key)
        p.temp_military += power.value if method == "tactics" else 0
        s.log.append(f"{seat_letter(seat)} discards {cat[key].name} from the tableau.")
    if method == "contact":
        s.log.append(f"{seat_letter(seat)} pays for the military world ({p.owe}).")


def settle_after(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    if p.placing:
        extra = 1 if bonus_of(s, p) else 0
        draw(cat, s, task.seat, extra)
        draw(cat, s, task.seat, pw.total(cat, p, "settle", "draw-after"))
    p.placing = ""
    return True
