"""Phase 1, Lookout: reveal n+1 cards and pick one each clockwise from the first player; reveal n+1
again and pick counter-clockwise from the last player (the solo game: `virtual_player.py`)."""

from __future__ import annotations

from functools import cache

from cardtable.core import Action, push

from .cards import Catalog
from .state import Draft, FiftyAuto, FiftyChoice, FiftyState
from .table import event, seat_name, take_top, turn_order


class Reveal(FiftyAuto, tag="reveal"):
    """Reveal n+1 cards (`second`: the second, counter-clockwise reveal); then each seat picks one."""

    second: bool = False

    def run(self, cat: Catalog, s: FiftyState) -> None:
        n = len(s.players)
        cards = [c for c in (take_top(s) for _ in range(n + 1)) if c is not None]
        order = turn_order(s)
        if self.second:
            order.reverse()
        s.draft = Draft(revealed=cards, second=self.second)
        names = ", ".join(cat.locations[c].name for c in cards) or "nothing (no cards left)"
        event(s, f"Lookout: revealed {names}.")
        push(s, *(Pick(seat) for seat in order[: len(cards)]), EndDraft())


class Pick(FiftyChoice, tag="lookout"):
    """Take one of the revealed cards (face up: the others know it is in the hand)."""

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        return "take one of the revealed cards"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        pick = picks(cat)
        return [pick[k] for k in sorted(set(s.draft.revealed))]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        card = str(action.args[0])
        s.draft.revealed.remove(card)
        p = s.players[self.seat]
        p.hand.append(card)
        p.known.append(card)
        event(s, f"{seat_name(self.seat)} takes {cat.locations[card].name}.")
        self.done(s)


class EndDraft(FiftyAuto, tag="end-draft"):
    """The cards nobody took are discarded."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        s.discard.extend(s.draft.revealed)
        s.draft = Draft()


def pick_order(s: FiftyState) -> list[int]:
    """The seats still to pick from the revealed cards, in order."""
    return [step.seat for step in s.steps if isinstance(step, Pick)]


@cache
def picks(cat: Catalog) -> dict[str, Action]:
    """`pick KEY` of every location card (made once per catalog)."""
    return {k: Action("pick", (k,)) for k in cat.location_keys}
