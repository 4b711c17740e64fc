"""Phase I, Explore (RESEARCH.md §2.4): draw, then keep from the cards just drawn."""

from __future__ import annotations

from cardtable.core import Action, seat_letter

from . import powers as pw
from .cards import Catalog
from .chance import draw
from .state import RftgAuto, RftgChoice, RftgState
from .steps import chose, distinct


class ExploreDraw(RftgAuto, tag="explore-draw"):
    """The seat draws 2 (+5 with Explore +5, +1 with Explore +1/+1, + its powers) to choose from."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        count, keep = 2, 1
        if chose(p, "explore-5"):
            count += 5
        if chose(p, "explore-1-1"):
            count += 1
            keep += 1
        count += pw.total(cat, p, "explore", "draw")
        keep += pw.total(cat, p, "explore", "keep")
        before = len(p.hand)
        draw(cat, s, self.seat, count)
        p.drawn = p.hand[before:]
        del p.hand[before:]
        p.keep = keep
        s.log.append(
            f"{seat_letter(self.seat)} explores: draws {len(p.drawn)}, keeps {min(keep, len(p.drawn))}."
        )


class ExploreKeep(RftgChoice, tag="explore-keep"):
    """Keep cards of those drawn, one at a time (`Player.keep` more); the rest are discarded. With
    no more drawn than to keep, all are kept without asking."""

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if len(p.drawn) <= p.keep:
            p.hand += p.drawn
            p.drawn = []
            self.done(s)
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "keep a card of those you explored"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("keep", (c,)) for c in distinct(s.players[self.seat].drawn)]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        p = s.players[self.seat]
        card = str(action.args[0])
        p.drawn.remove(card)
        p.hand.append(card)
        p.keep -= 1
        if p.keep <= 0:
            s.discard += p.drawn
            p.drawn = []
            self.done(s)
