"""Discarding from hand: the set-up discard, the hand limit at the round's end, and the discard after a
draw-then-discard power (Galactic Power Brokers, Information Hub, Imperium Fuel Depot)."""

from __future__ import annotations

from .cards import Catalog
from .state import Player, RftgState
from .steps import FromZone

HAND_LIMIT = 10


class Discard(FromZone):
    """Discard a card from hand, `n` more to go."""

    verb = "discard"
    n: int

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        self.take(s, card)
        s.discard.append(card)
        self.n -= 1
        if self.n <= 0:
            self.done(s)


class InitialDiscard(Discard, tag="initial-discard"):
    """Set-up: keep 4 of the 6 cards dealt (RESEARCH.md §2.2)."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card of your first hand ({self.n} to go)"


def hand_limit(cat: Catalog, p: Player) -> int:
    """10 cards, 12 with Pan-Galactic Research or Black Hole Miners (RULES.md RVI-16, BOW-18)."""
    return 12 if cat.has_special(p.tableau, "hand-limit-12") else HAND_LIMIT


class HandLimit(Discard, tag="hand-limit"):
    """The round's end: discard down to the hand limit."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard down to {hand_limit(cat, s.players[self.seat])} cards ({self.n} to go)"


class PowerDiscard(Discard, tag="power-discard"):
    """After a power drew cards 'to explore' in Develop or Settle: discard as many from hand (K
    `player_discard`). With no more cards than to discard, they all go without asking."""

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.take_all(s, s.discard, self.n)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card after exploring with your power ({self.n} to go)"
