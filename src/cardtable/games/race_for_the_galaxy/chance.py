"""Chance: every card that leaves the deck goes through `take`, which reads the scripted chance
of an oracle replay when there is one (RESEARCH.md §5.3)."""

from __future__ import annotations

from cardtable.core import CardtableError, seat_letter

from .cards import Catalog
from .state import RftgState


class ScriptMismatch(CardtableError):
    """Scripted chance does not fit what the engine draws (an oracle replay disagrees)."""


def take(cat: Catalog, s: RftgState, seat: int, what: str, world: str = "") -> str | None:
    """Take a card from the deck for `seat`: `what` is draw, good (on `world`), flip or reveal.

    With a script (an oracle replay), the card is the next one the script names for that seat and
    purpose; otherwise the top of the shuffled deck. The deck is reshuffled from the discard pile
    the moment it runs out (RULES.md, "Deck runs out"), and when a card is wanted from an empty deck
    (a search set cards aside while it ran out). None if deck and discard pile are both empty.
    """
    if not s.deck:
        if not s.discard:
            return None
        reshuffle(s)
    if s.script and s.script[seat] is not None:
        queue = s.script[seat]
        prefix = f"{what}:{world}:" if what == "good" else f"{what}:"
        found = next((i for i, entry in enumerate(queue) if entry.startswith(prefix)), None)
        if found is None:
            raise ScriptMismatch(f"seat {seat_letter(seat)} takes a card ({what} {world}) the script lacks")
        card = queue.pop(found)[len(prefix) :]
        if card not in s.deck and card in s.discard and s.deck:
            # the reference took the last deck cards earlier in a step whose order is its own
            # (RULES.md "Oracle"): its reshuffle has already happened, so ours happens now
            s.deck += s.discard
            s.discard = []
            s.reshuffles += 1
        if card not in s.deck:
            raise ScriptMismatch(f"seat {seat_letter(seat)} should take {card} ({what}), not in the deck")
        s.deck.remove(card)
    else:
        card = s.deck.pop()
    if not s.deck and s.discard:
        reshuffle(s)
    return card


def reshuffle(s: RftgState) -> None:
    s.deck = sorted(s.discard)
    s.discard = []
    s.rng.shuffle(s.deck)
    s.reshuffles += 1
    s.log.append(f"The discard pile is shuffled into a new deck ({len(s.deck)} cards).")


def draw(cat: Catalog, s: RftgState, seat: int, count: int) -> int:
    """Draw `count` cards into the seat's hand; returns how many it got."""
    got = 0
    for _ in range(count):
        card = take(cat, s, seat, "draw")
        if card is None:
            break
        s.players[seat].hand.append(card)
        got += 1
    return got


def put_good(cat: Catalog, s: RftgState, seat: int, world: str) -> bool:
    card = take(cat, s, seat, "good", world)
    if card is None:
        return False
    s.players[seat].goods[world] = card
    s.players[seat].produced.append(world)
    return True
