"""What the log says of a move the narration does not tell (`Game.move_words`), in the rulebook's words:
"takes the Farm from the discard pile", "takes the top water card of the natural resources"."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog

#: each verb's phrase: {0}, {1} its arguments (cells, a natural resource), {card} the card its first
#: argument names
PHRASES = {
    "pass": "passes",
    "start": "starts with the {0} natural resource",
    "place": "places the {card} at {1}",
    "move": "moves the card at {0} to {1}",
    "ability": "uses {card}",
    "teraform": "takes the top {0} card of the natural resources",
    "recycle": "takes the {card} from the discard pile",
    "put": "puts the card in hand at {0}",
    "protect": "protects the card at {0}",
    "lift": "lifts the card at {0}",
    "quake": "aims the Earthquake at {0}",
    "malfunction": "aims the Malfunction at {0}",
}
#: the verbs whose first argument names a card
ON_A_CARD = ("place", "ability", "recycle")


def move_words(cat: Catalog, action: Action) -> str:
    """`action` as its seat's verb phrase."""
    args = [str(arg) for arg in action.args]
    card = cat.design(args[0]).title if action.verb in ON_A_CARD else ""
    return PHRASES[action.verb].format(*args, card=card)
