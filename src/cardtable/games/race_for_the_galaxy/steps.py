"""Small helpers the phases' steps share, and the secret pick of the Develop and Settle phases."""

from __future__ import annotations

from cardtable.core import OneOf, seat_mark

from . import goalplay
from .cards import Catalog
from .state import PRESTIGE, Player, RftgChoice, RftgState


class Pick(RftgChoice, OneOf):
    """A secret Develop or Settle pick (`develop.DevelopChoose`, `settle.SettleChoose`): the card, or
    none ("-"); others read only that the seat has chosen until the reveal."""

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        s.players[self.seat].pick = "-" if card == "none" else card
        self.done(s)


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def chose(p: Player, action: str) -> bool:
    """Whether the player chose that action card, as itself or as a prestige action (level 3)."""
    return action in p.actions or PRESTIGE + action in p.actions


def chose_prestige(p: Player, action: str) -> bool:
    """Whether the player chose that action card as its prestige action (level 3)."""
    return PRESTIGE + action in p.actions


def bonus_of(s: RftgState, p: Player) -> bool:
    """Whether the player chose the current Develop/Settle phase (and gets its bonus)."""
    return chose(p, s.phase)


def gain_vp(s: RftgState, seat: int, vp: int) -> None:
    """VP chips from the pool; once it is empty the reserve pays (the pool goes below 0)."""
    if vp > 0:
        s.players[seat].chips += vp
        s.pool -= vp


def gain_prestige(s: RftgState, seat: int, n: int) -> None:
    """Prestige earned (level 3): it lies on the leader's tile until the next round start or until the
    player is no longer the sole leader at a phase end (K `gain_prestige`, `check_prestige`)."""
    if n > 0:
        p = s.players[seat]
        p.prestige += n
        p.prestige_turn = True


def spend_prestige(cat: Catalog, s: RftgState, seat: int, n: int) -> None:
    """Prestige spent; Galactic Prestige's holder may lose it at once (K `spend_prestige`)."""
    s.players[seat].prestige -= n
    goalplay.check_loss(cat, s, seat, "galactic-prestige")


def discard_from_tableau(cat: Catalog, s: RftgState, seat: int, key: str) -> None:
    """A card discarded from the tableau for its power; Greatest Infrastructure may be lost at once. Its
    other powers work to the end of the phase, as powers do from the tableau the phase began with (K)."""
    p = s.players[seat]
    p.tableau.remove(key)
    s.discard.append(key)
    s.log.append(f"{seat_mark(seat)} discards {cat[key].name} from the tableau.")
    goalplay.check_loss(cat, s, seat, "greatest-infrastructure")
