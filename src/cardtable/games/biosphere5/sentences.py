"""What the log says of a move the narration does not tell (`Game.move_words`), in the rulebook's words:
"chooses {C} to start" (the team game's order, 2.5)."""

from __future__ import annotations

from cardtable.core import Action, seat_mark

from .cards import CardSet
from .state import State
from .turn import First

#: the moves named by a card: their verb phrase before the card's name
ON_A_CARD = {
    "take": "takes",
    "play": "plays",
    "discard": "discards",
    "sacrifice": "sacrifices",
    "rescue": "rescues with",
    "force": "forces",
    "destroy": "destroys",
}
#: the moves with no argument
PLAIN = {
    "take2": "takes two cards",
    "refresh": "refreshes the face-up cards",
    "endure": "endures the catastrophe",
}


def move_words(cards: CardSet, s: State, action: Action) -> str:
    """`action` of the seat deciding in `s` as its verb phrase."""
    verb, args = action.verb, [str(arg) for arg in action.args]
    if verb in PLAIN:
        return PLAIN[verb]
    if verb in ON_A_CARD and args[0] in cards.index:
        return f"{ON_A_CARD[verb]} {cards.name(cards.index[args[0]])}"
    if verb == "first":
        step = s.steps[0] if s.steps else None
        order = step.word() if isinstance(step, First) else "start"
        return f"chooses {seat_mark(int(args[0]))} to {order}"
    if verb == "target":
        return f"targets {seat_mark(int(args[0]))}"
    return f"chooses {' '.join(args)}"
