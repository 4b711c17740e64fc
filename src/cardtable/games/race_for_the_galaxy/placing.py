"""What placing a world gives (K `place_card`, `settle_bonus`): its good if it is a windfall world,
prestige for the prestige symbol (level 3), the Settle bonus card and the settle powers of the tableau.
Shared by settling a world and taking one over."""

from __future__ import annotations

from cardtable.core import push, seat_mark

from . import powers as pw
from .cards import Catalog
from .chance import draw, put_good
from .discards import PowerDiscard
from .state import Player, RftgAuto, RftgState
from .steps import bonus_of, gain_prestige


class AfterPlacing(RftgAuto):
    """After the seat placed a card (its `Player.placing`, or none): `placed` gives what the card's
    placing gives; the placing is over (`clear`)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        card = p.placing
        self.clear(p)
        if card:
            self.placed(cat, s, card)

    def clear(self, p: Player) -> None:
        p.placing = ""

    def placed(self, cat: Catalog, s: RftgState, card: str) -> None:
        """What placing the card gives."""
        raise TypeError(f"step {self.kind} defines no placed")


def place_world(cat: Catalog, s: RftgState, seat: int, card: str) -> None:
    """A world goes from hand into the tableau (a windfall world with a good on it; at level 3 a world
    with the prestige symbol gives 1 prestige)."""
    p = s.players[seat]
    p.hand.remove(card)
    p.tableau.append(card)
    p.placing = card
    s.log.append(f"{seat_mark(seat)} settles {cat[card].name}.")
    if cat[card].windfall:
        put_good(cat, s, seat, card)
    placed_prestige(cat, s, seat, card)


def placed_prestige(cat: Catalog, s: RftgState, seat: int, card: str) -> None:
    """The prestige symbol: 1 prestige when the card is placed, at level 3 only (RULES.md BOW-3)."""
    if cat.level >= 3 and "prestige" in cat[card].flags:
        gain_prestige(s, seat, 1)


def settle_bonus(cat: Catalog, s: RftgState, seat: int, world: str, takeover: bool = False) -> None:
    """What placing (or taking over) a world gives (K `settle_bonus`): the Settle bonus card to its
    chooser, once a phase, and the powers of the tableau: draws, prestige for the kind of world, a good
    on a production world (not after a takeover), draw-then-discard."""
    p = s.players[seat]
    card = cat[world]
    if bonus_of(s, p) and not p.bonus_used:
        p.bonus_used = True
        draw(cat, s, seat, 1)
    draws, discard = 0, 0
    for _, _, power in pw.powers(cat, p, "settle"):
        name = power.power
        if name == "draw-after":
            draws += power.value
        elif name == "explore-after":  # draw, then discard one card (K `settle_bonus`)
            draws += power.value
            discard += 1
        elif name == "prestige-after" and power.against == "rebel-military":
            if card.military and "rebel" in card.flags:
                gain_prestige(s, seat, power.prestige)
        elif name == "prestige-after" and power.against == "production":
            if card.production:
                gain_prestige(s, seat, power.prestige)
        elif name == "produce-on-placement" and not takeover and card.production and world not in p.goods:
            put_good(cat, s, seat, world)
    draw(cat, s, seat, draws)
    if discard:
        push(s, PowerDiscard(seat, n=discard))
