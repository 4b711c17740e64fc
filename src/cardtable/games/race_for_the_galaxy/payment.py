"""Paying for a development or a world: one card from hand at a time (RESEARCH.md §2.10.5)."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog
from .state import RftgChoice, RftgState
from .steps import distinct


class Pay(RftgChoice):
    """Discard a card from hand towards what the placed card costs (`Player.owe` to go). Nothing
    owed: no step; owing the whole hand or more: the hand goes without asking."""

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if not p.placing or p.owe <= 0:
            self.done(s)
            return True
        if p.owe >= len(p.hand):
            s.discard += p.hand
            p.hand = []
            p.owe = 0
            self.done(s)
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        p = s.players[self.seat]
        return f"pay for {cat[p.placing].name}: discard a card ({p.owe} to go)"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("pay", (c,)) for c in distinct(s.players[self.seat].hand)]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        p = s.players[self.seat]
        card = str(action.args[0])
        p.hand.remove(card)
        s.discard.append(card)
        p.owe -= 1
        if p.owe <= 0:
            self.done(s)


class DevelopPay(Pay, tag="develop-pay"):
    """Paying for the development placed this Develop phase."""


class SettlePay(Pay, tag="settle-pay"):
    """Paying for the world settled this Settle phase (a normal world, or a military one by contact)."""
