"""What the log says of a move the narration does not tell (`Game.move_words`), in the rulebook's words:
"takes Recycling Plant from the discard pile", "takes the top water card of the natural resources"."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog

#: the moves on a cell of the grid: their verb phrase before the cell
ON_A_CELL = {
    "put": "puts the card in hand at",
    "protect": "protects the card at",
    "lift": "lifts the card at",
    "quake": "aims the Earthquake at",
    "malfunction": "aims the Malfunction at",
}


def move_words(cat: Catalog, action: Action) -> str:
    """`action` as its seat's verb phrase."""
    verb, args = action.verb, [str(arg) for arg in action.args]
    if verb == "pass":
        return "passes"
    if verb in ON_A_CELL:
        return f"{ON_A_CELL[verb]} {args[0]}"
    if verb == "recycle":
        return f"takes the {cat.design(args[0]).title} from the discard pile"
    if verb == "teraform":
        return f"takes the top {args[0]} card of the natural resources"
    if verb == "ability":
        return f"uses {cat.design(args[0]).title}"
    if verb == "place":
        return f"places the {cat.design(args[0]).title} at {args[1]}"
    if verb == "move":
        return f"moves the card at {args[0]} to {args[1]}"
    if verb == "start":
        return f"starts with the {args[0]} natural resource"
    return f"chooses {' '.join(args)}"
