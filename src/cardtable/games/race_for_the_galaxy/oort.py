"""Alien Oort Cloud Refinery (RULES.md BOW-15): a world whose good is of any kind; its owner names the
kind when an any-kind power produces its good or when it is traded (K `produce_world`, `trade_chosen`).
Naming a kind that is neither Novelty nor Rare may lose Largest Industry at once; at the end the
world is scored as the kind that scores most (`scoring.breakdown`)."""

from __future__ import annotations

from cardtable.core import OneOf, seat_mark

from . import goalplay
from . import powers as pw
from .cards import GOODS, Catalog
from .chance import draw
from .state import RftgChoice, RftgState
from .steps import chose_prestige


def sell(cat: Catalog, s: RftgState, seat: int, world: str, kind: str, bonus: bool) -> None:
    """The cards for a good traded from `world`, as a good of `kind`."""
    p = s.players[seat]
    value = pw.trade_value(cat, p, world, bonus=bonus, prestige=chose_prestige(p, "consume-trade"), kind=kind)
    got = draw(cat, s, seat, value)
    s.log.append(f"{seat_mark(seat)} trades the good on {cat[world].name} for {got} cards.")


class OortKind(RftgChoice, OneOf, tag="oort-kind"):
    """Name the kind of the good on Alien Oort Cloud Refinery: the good just produced there, or the good
    traded from it (`trade`, with or without the trade bonuses)."""

    verb = "kind"
    question = "name the kind of the good on Alien Oort Cloud Refinery"
    trade: str = ""
    bonus: bool = True

    def choices(self, cat: Catalog, s: RftgState) -> tuple[str, ...]:
        return GOODS

    def chosen(self, cat: Catalog, s: RftgState, kind: str) -> None:
        self.done(s)
        s.log.append(f"{seat_mark(self.seat)} names the good of Alien Oort Cloud Refinery {kind}.")
        goalplay.check_loss(cat, s, self.seat, "largest-industry", kind)
        if self.trade:
            sell(cat, s, self.seat, self.trade, kind, self.bonus)
        else:
            s.oort_made = kind
