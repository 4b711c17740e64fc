"""Phase II, Develop (RESEARCH.md §2.5): draws at the start, a secret pick, the reveal, payment, draws."""

from __future__ import annotations

from cardtable.core import push, seat_mark

from . import powers as pw
from . import settling as st
from .cards import Catalog
from .chance import draw
from .discards import PowerDiscard
from .placing import AfterPlacing
from .state import Player, RftgAuto, RftgState
from .steps import Pick, bonus_of, chose_prestige, distinct, gain_prestige


class DevelopStart(RftgAuto, tag="develop-start"):
    """The seat's draws at the start of the phase (its powers); after a power that explores draws its
    cards, the seat discards one card (K `phase_develop`)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        explore = list(pw.powers(cat, p, "develop", "explore"))
        draw(
            cat,
            s,
            self.seat,
            pw.total(cat, p, "develop", "draw") + sum(power.value for _, _, power in explore),
        )
        if explore:  # one card discarded per power (K `phase_develop`)
            push(s, PowerDiscard(self.seat, n=len(explore)))


def discount(cat: Catalog, s: RftgState, p: Player) -> int:
    return pw.develop_discount(cat, p, bonus_of(s, p), chose_prestige(p, s.phase))


def develop_cost(cat: Catalog, s: RftgState, p: Player, card: str) -> int:
    """What the seat pays for a development before optional powers."""
    return max(0, cat[card].cost - discount(cat, s, p))


def optional_discount(cat: Catalog, p: Player) -> int:
    """What the optional powers may take off: a discard (R&D Crash Program), a Rare good (K
    `develop_discount` counts them for what may be picked)."""
    room = 0
    for _, _, power in pw.powers(cat, p, "develop", "discard-reduce"):
        room += power.value
    for _, _, power in pw.powers(cat, p, "develop", "reduce"):
        if power.spend and st.good_worlds(cat, p, power.spend):
            room += power.value
    return room


class DevelopChoose(Pick, tag="develop-choose"):
    """The secret pick of a development the seat can pay for (not one already in its tableau), or none."""

    verb = "develop"
    question = "choose a development to place, in secret, or none"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        reduce = discount(cat, s, p) + optional_discount(cat, p)
        cards = [c for c in distinct(p.hand) if cat[c].type == "development" and c not in p.tableau]
        return ["none", *(c for c in cards if cat[c].cost - reduce <= len(p.hand) - 1)]


class DevelopPlace(RftgAuto, tag="develop-place"):
    """The reveal: every picked development goes into its tableau, its cost owed (at level 3 a card with
    the prestige symbol gives 1 prestige)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for seat, p in enumerate(s.players):
            if p.pick and p.pick != "-":
                card = p.pick
                p.owe = develop_cost(cat, s, p, card)
                p.hand.remove(card)
                p.tableau.append(card)
                p.placing = card
                s.log.append(f"{seat_mark(seat)} develops {cat[card].name} (pays {p.owe}).")
                if cat.level >= 3 and "prestige" in cat[card].flags:
                    gain_prestige(s, seat, 1)
            p.pick = ""


class DevelopAfter(AfterPlacing, tag="develop-after"):
    """After placing a development: draws and prestige (its powers)."""

    def placed(self, cat: Catalog, s: RftgState, key: str) -> None:
        p = s.players[self.seat]
        card = cat[key]
        draw(cat, s, self.seat, pw.total(cat, p, "develop", "draw-after"))
        for _, _, power in pw.powers(cat, p, "develop", "prestige-after"):
            if (
                not power.against
                or (power.against == "rebel" and "rebel" in card.flags)
                or (power.against == "six-cost" and card.cost == 6)
            ):
                gain_prestige(s, self.seat, power.prestige)
