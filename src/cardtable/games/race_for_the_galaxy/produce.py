"""Phase V, Produce (RESEARCH.md §2.8): goods on production worlds, windfalls, draw powers."""

from __future__ import annotations

from collections import Counter

from cardtable.core import Action, push, seat_letter

from . import powers as pw
from .cards import Catalog
from .chance import draw, put_good
from .state import RftgAuto, RftgChoice, RftgState
from .steps import chose


class Produce(RftgAuto, tag="produce"):
    """Production powers in tableau order (a good on each production world without one; a windfall
    power asks for its world in turn), then the Produce bonus, then every draw (RULES.md "Produce").

    `at` is how far along the tableau the step has come: it resumes there after a windfall choice.
    """

    seat: int
    at: int = 0

    def run(self, cat: Catalog, s: RftgState) -> None:
        seat = self.seat
        p = s.players[seat]
        while self.at < len(p.powered):
            key = p.powered[self.at]
            self.at += 1
            for _, power in cat[key].phase_powers("produce"):
                if power.power == "produce" and key not in p.goods:
                    put_good(cat, s, seat, key)
                elif power.power == "windfall":
                    push(s, Windfall(seat, power.good), self)
                    return
        bonus = [Windfall(seat, "any")] if chose(p, "produce") else []
        push(s, *bonus, ProduceDraws(seat))


class Windfall(RftgChoice, tag="windfall"):
    """A good on a windfall world without one, of kind `good` (a kind of `cards.GOODS`, or "any", as
    the card data writes it); asked only when there are two or more such worlds."""

    good: str

    def candidates(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        good = self.good
        return [w for w in p.powered if cat[w].windfall and w not in p.goods and good in ("any", cat[w].good)]

    def run(self, cat: Catalog, s: RftgState) -> bool:
        candidates = self.candidates(cat, s)
        if len(candidates) <= 1:
            self.done(s)
            if candidates:
                put_good(cat, s, self.seat, candidates[0])
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose a windfall world to produce on"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("windfall", (w,)) for w in self.candidates(cat, s)]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.done(s)
        put_good(cat, s, self.seat, str(action.args[0]))


class ProduceDraws(RftgAuto, tag="produce-draws"):
    """The seat's draw powers of the Produce phase, after its goods."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        seat = self.seat
        p = s.players[seat]
        produced = [cat[w].good for w in p.produced]
        total = 0
        for key, _, power in pw.powers(cat, p, "produce"):
            name = power.power
            if name == "draw" or (name == "draw-if-produced" and key in p.produced):
                total += power.value
            elif name == "draw-per-good":
                total += power.value * produced.count(power.good)  # type: ignore[arg-type]
            elif name == "draw-per-kind":
                total += power.value * len(set(produced))
            elif name == "draw-per-world":
                total += power.value * sum(
                    1 for w in p.tableau if cat[w].is_world and cat[w].good == power.good
                )
        got = draw(cat, s, seat, total)
        worlds = ", ".join(cat[w].name for w in p.produced) or "nothing"
        s.log.append(f"{seat_letter(seat)} produces on {worlds}" + (f", draws {got}." if got else "."))


class ProduceMost(RftgAuto, tag="produce-most"):
    """Draws for producing strictly the most goods of a kind (after every seat has produced)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        counts = [Counter(cat[w].good for w in p.produced) for p in s.players]
        for seat, p in enumerate(s.players):
            for _, _, power in pw.powers(cat, p, "produce", "draw-most"):
                mine = counts[seat][power.good]
                if mine > 0 and all(mine > counts[o][power.good] for o in range(len(s.players)) if o != seat):
                    draw(cat, s, seat, power.value)
