"""Phase III, Settle (RESEARCH.md §2.6): a secret pick, the reveal, how to settle, payment, draws."""

from __future__ import annotations

from cardtable.core import Action, seat_letter

from . import powers as pw
from .cards import Catalog
from .chance import draw, put_good
from .state import RftgAuto, RftgChoice, RftgState
from .steps import Pick, bonus_of, distinct


class SettleChoose(Pick, tag="settle-choose"):
    """The secret pick of a world the seat has a way to settle (not one already in its tableau), or none."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose a world to settle, in secret, or none"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        legal = [Action("settle", ("none",))]
        for card in distinct(p.hand):
            if (
                cat[card].is_world
                and card not in p.tableau
                and pw.settle_methods(cat, p, cat[card], len(p.hand) - 1)
            ):
                legal.append(Action("settle", (card,)))
        return legal


class SettlePlace(RftgAuto, tag="settle-place"):
    """The reveal: every picked world goes into its tableau (a windfall world with a good on it)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
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


class SettleMethod(RftgChoice, tag="settle-method"):
    """How to settle the placed world (pay, conquer, contact, a colony ship, tactics): asked only when
    the seat has more than one way."""

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if not p.placing:
            self.done(s)
            return True
        methods = pw.settle_methods(cat, p, cat[p.placing], len(p.hand))
        if len(methods) == 1:
            use_method(cat, s, self.seat, next(iter(methods)), methods)
            self.done(s)
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose how to settle the world"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        return [
            Action("method", (m,)) for m in sorted(pw.settle_methods(cat, p, cat[p.placing], len(p.hand)))
        ]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        p = s.players[self.seat]
        methods = pw.settle_methods(cat, p, cat[p.placing], len(p.hand))
        use_method(cat, s, self.seat, str(action.args[0]), methods)
        self.done(s)


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


class SettleAfter(RftgAuto, tag="settle-after"):
    """Draws after settling: the Settle bonus (1 card to its chooser) and the seat's powers."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        if p.placing:
            extra = 1 if bonus_of(s, p) else 0
            draw(cat, s, self.seat, extra)
            draw(cat, s, self.seat, pw.total(cat, p, "settle", "draw-after"))
        p.placing = ""
