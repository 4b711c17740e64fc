"""Phase II, Develop (RESEARCH.md §2.5): a secret pick, the reveal, payment, draws."""

from __future__ import annotations

from cardtable.core import Action, seat_letter

from . import powers as pw
from .cards import Catalog
from .chance import draw
from .state import Player, RftgAuto, RftgState
from .steps import Pick, bonus_of, distinct


class DevelopStart(RftgAuto, tag="develop-start"):
    """The seat's draws at the start of the phase (its powers)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        draw(cat, s, self.seat, pw.total(cat, s.players[self.seat], "develop", "draw"))


def develop_cost(cat: Catalog, s: RftgState, p: Player, card: str) -> int:
    return max(0, cat[card].cost - pw.develop_discount(cat, p, bonus_of(s, p)))


class DevelopChoose(Pick, tag="develop-choose"):
    """The secret pick of a development the seat can pay for (not one already in its tableau), or none."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose a development to place, in secret, or none"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        legal = [Action("develop", ("none",))]
        for card in distinct(p.hand):
            if cat[card].type != "development" or card in p.tableau:
                continue
            if develop_cost(cat, s, p, card) <= len(p.hand) - 1:
                legal.append(Action("develop", (card,)))
        return legal


class DevelopPlace(RftgAuto, tag="develop-place"):
    """The reveal: every picked development goes into its tableau, its cost owed."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for seat, p in enumerate(s.players):
            if p.pick and p.pick != "-":
                card = p.pick
                p.owe = develop_cost(cat, s, p, card)
                p.hand.remove(card)
                p.tableau.append(card)
                p.placing = card
                s.log.append(f"{seat_letter(seat)} develops {cat[card].name} (pays {p.owe}).")
            p.pick = ""


class DevelopAfter(RftgAuto, tag="develop-after"):
    """Draws after placing a development (its powers)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        if p.placing:
            draw(cat, s, self.seat, pw.total(cat, p, "develop", "draw-after"))
        p.placing = ""
