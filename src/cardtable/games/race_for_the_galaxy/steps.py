"""Small helpers the phases' steps share, and the secret pick of the Develop and Settle phases."""

from __future__ import annotations

from typing import ClassVar

from cardtable.core import Action, OneOf, seat_mark

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


class FromZone(RftgChoice, OneOf):
    """A choice of one card of the seat's `zone` (a list of `Player`: "hand", "drawn", ...), any copy
    alike; `take` moves the chosen card out of it, `take_all` every card when there is no choice."""

    zone: ClassVar[str] = "hand"

    def cards(self, s: RftgState) -> list[str]:
        cards: list[str] = getattr(s.players[self.seat], self.zone)
        return cards

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return distinct(self.cards(s))

    def take(self, s: RftgState, card: str) -> Player:
        """Take the card out of the zone; the seat's player, for what follows."""
        p = s.players[self.seat]
        self.cards(s).remove(card)
        return p

    def take_all(self, s: RftgState, into: list[str], most: int) -> bool:
        """For a `run`: with at most `most` cards in the zone, they all go `into` that list and the step
        is done (True); False to ask."""
        cards = self.cards(s)
        if len(cards) > most:
            return False
        into += cards
        setattr(s.players[self.seat], self.zone, [])
        self.done(s)
        return True


class PairOrNone(RftgChoice):
    """A choice of a pair of cards (`pairs`), each the action `kind first second`, or none (`kind none`,
    last); the step is done either way, and `paired` carries out a pair."""

    def pairs(self, cat: Catalog, s: RftgState) -> list[tuple[str, str]]:
        """The pairs the seat may choose, in a stable order."""
        raise TypeError(f"step {self.kind} defines no pairs")

    def paired(self, cat: Catalog, s: RftgState, first: str, second: str) -> None:
        """Carry out the pair chosen."""
        raise TypeError(f"step {self.kind} defines no paired")

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [*(Action(self.kind, pair) for pair in self.pairs(cat, s)), Action(self.kind, ("none",))]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.done(s)
        if action.args[0] != "none":
            self.paired(cat, s, str(action.args[0]), str(action.args[1]))


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


def discard_good(s: RftgState, p: Player, world: str) -> None:
    """The good on `world` (a card, face down) goes to the discard pile: spent, consumed or traded."""
    s.discard.append(p.goods.pop(world))


def discard_from_tableau(cat: Catalog, s: RftgState, seat: int, key: str) -> None:
    """A card discarded from the tableau for its power; Greatest Infrastructure may be lost at once. Its
    other powers work to the end of the phase, as powers do from the tableau the phase began with (K)."""
    p = s.players[seat]
    p.tableau.remove(key)
    s.discard.append(key)
    s.log.append(f"{seat_mark(seat)} discards {cat[key].name} from the tableau.")
    goalplay.check_loss(cat, s, seat, "greatest-infrastructure")
