"""Phase I, Explore (RESEARCH.md §2.4): draw, then keep from the cards just drawn.

With the expansions (K `phase_explore`): a card may first be discarded for prestige (Alien Departure
Point); a prestige Explore draws 6 more and keeps 1 more; with a power that lets the player discard
from the whole hand (or a prestige Explore) the player discards as many cards as it does not keep from
its hand and the cards drawn together.
"""

from __future__ import annotations

from cardtable.core import Action, OneOf, push, seat_mark

from . import powers as pw
from . import settling as st
from .cards import Catalog
from .chance import draw
from .state import Player, RftgAuto, RftgChoice, RftgState
from .steps import FromZone, chose, chose_prestige, distinct, gain_prestige

PRESTIGE_DRAW = 6


def prestige_explore(p: Player) -> bool:
    return chose_prestige(p, "explore-5") or chose_prestige(p, "explore-1-1")


class ExplorePrestige(RftgChoice, tag="prestige-discard"):
    """Before exploring: discard a card from hand for prestige with each such power, or not."""

    def power(self, cat: Catalog, s: RftgState) -> tuple[str, int] | None:
        p = s.players[self.seat]
        if not p.hand:
            return None
        found = st.usable(cat, p, "explore", "discard-for-prestige")
        return (found[0][0], found[0][1]) if found else None

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.done_if(s, self.power(cat, s) is None)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        power = self.power(cat, s)
        name = cat[power[0]].name if power else ""
        return f"discard a card for prestige with {name}, or not"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [*(Action("discard", (c,)) for c in distinct(s.players[self.seat].hand)), Action("stop")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        power = self.power(cat, s)
        assert power is not None
        key, index = power
        p = s.players[self.seat]
        p.used.append(f"{key}#{index}")
        if action.verb == "stop":
            return
        card = str(action.args[0])
        p.hand.remove(card)
        s.discard.append(card)
        gain_prestige(s, self.seat, cat[key].powers[index].prestige)
        s.log.append(f"{seat_mark(self.seat)} discards a card for prestige with {cat[key].name}.")


class ExploreDraw(RftgAuto, tag="explore-draw"):
    """The seat draws 2 (+5 with Explore +5, +1 with Explore +1/+1, +6 with a prestige Explore, + its
    powers) to choose from."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        count, keep = 2, 1
        if chose(p, "explore-5"):
            count += 5
        if chose(p, "explore-1-1"):
            count += 1
            keep += 1
        if prestige_explore(p):
            count += PRESTIGE_DRAW
            keep += 1
        count += pw.total(cat, p, "explore", "draw")
        keep += pw.total(cat, p, "explore", "keep")
        before = len(p.hand)
        draw(cat, s, self.seat, count)
        p.drawn = p.hand[before:]
        del p.hand[before:]
        p.keep = keep
        s.log.append(
            f"{seat_mark(self.seat)} explores: draws {len(p.drawn)}, keeps {min(keep, len(p.drawn))}."
        )


def discards_any(cat: Catalog, s: RftgState, seat: int) -> bool:
    """Whether the seat discards from its whole hand (a power, or a prestige Explore)."""
    p = s.players[seat]
    return prestige_explore(p) or any(True for _ in pw.powers(cat, p, "explore", "discard-any"))


class ExploreKeep(FromZone, tag="explore-keep"):
    """Keep cards of those drawn, one at a time (`Player.keep` more); the rest are discarded. With
    no more drawn than to keep, all are kept without asking; a seat that discards from its whole hand
    discards instead (`ExploreDiscard`)."""

    verb = "keep"
    zone = "drawn"
    question = "keep a card of those you explored"

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if self.take_all(s, p.hand, p.keep):
            return True
        if discards_any(cat, s, self.seat):
            self.done(s)
            push(s, ExploreDiscard(self.seat, n=len(p.drawn) - p.keep))
            return True
        return False

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        p = self.take(s, card)
        p.hand.append(card)
        p.keep -= 1
        if p.keep <= 0:
            s.discard += p.drawn
            p.drawn = []
            self.done(s)


class ExploreDiscard(RftgChoice, OneOf, tag="explore-discard"):
    """Discard `n` more cards from the hand and the cards just drawn together; the rest of the drawn
    cards join the hand."""

    verb = "discard"
    n: int

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card after exploring ({self.n} to go)"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        return distinct(p.hand + p.drawn)

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        p = s.players[self.seat]
        (p.drawn if card in p.drawn else p.hand).remove(card)
        s.discard.append(card)
        self.n -= 1
        if self.n <= 0:
            p.hand += p.drawn
            p.drawn = []
            p.keep = 0
            self.done(s)
