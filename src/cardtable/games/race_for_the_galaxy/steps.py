"""Small helpers the phases' steps share, and the secret pick of the Develop and Settle phases."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog
from .state import Player, RftgChoice, RftgState


class Pick(RftgChoice):
    """A secret Develop or Settle pick (`develop.DevelopChoose`, `settle.SettleChoose`): the card, or
    none ("-"); others read only that the seat has chosen until the reveal."""

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        card = str(action.args[0])
        s.players[self.seat].pick = "-" if card == "none" else card
        self.done(s)


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def chose(p: Player, action: str) -> bool:
    return action in p.actions


def bonus_of(s: RftgState, p: Player) -> bool:
    """Whether the player chose the current Develop/Settle phase (and gets its bonus)."""
    return s.phase in p.actions


def gain_vp(s: RftgState, seat: int, vp: int) -> None:
    """VP chips from the pool; once it is empty the reserve pays (the pool goes below 0)."""
    if vp > 0:
        s.players[seat].chips += vp
        s.pool -= vp
