"""What the log says of a move the narration does not tell (`Game.move_words`), in the rulebook's words:
"chooses to build Gun Shop" (the action is told in full once it is paid), "pays 1 fuel", "takes Archive"."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.core.seats import seat_of_letter

from .actions import owner_name, purpose, site_name
from .cards import Catalog
from .state import FiftyState
from .table import counted

#: the moves with no argument, by the decision they answer
DONE = {"store": "stores no more goods"}


def move_words(cat: Catalog, s: FiftyState, seat: int, kind: str, action: Action) -> str:
    """`action` of `seat`, answering a decision of `kind` in `s`, as a verb phrase."""
    verb, args = action.verb, [str(arg) for arg in action.args]
    p = s.players[seat]
    if verb == "pass":
        return "passes"
    if verb == "done":
        return DONE.get(kind, "is done")
    if verb == "faction":
        return f"chooses to take its faction's {args[0]} action"
    if verb in ("pick", "discard", "drop"):
        said = {"pick": "takes", "discard": "discards", "drop": "gives up the deal"}[verb]
        return f"{said} {card_name(cat, args[0])}"
    if verb == "pay":
        source = f" from {site_name(cat, p, int(args[1]))}" if len(args) > 1 else ""
        return f"pays {counted({args[0]: 1})}{source}"
    if verb == "store":
        return f"stores {counted({args[0]: 1})} on {site_name(cat, p, int(args[1]))}"
    if verb == "steal":
        return f"takes {counted({args[1]: 1})} from {owner_name(s, seat_of_letter(args[0]))}"
    # an action of the turn: told in full when it is carried out, once it is paid
    return f"chooses to {purpose(cat, s, seat, str(action))}"


def card_name(cat: Catalog, key: str) -> str:
    """A location or Connection card by its name."""
    return cat.locations[key].name if key in cat.locations else cat.connections[key].name
