"""The presentation hints (static/hints.json) the server needs too: a game's narration key, its automata.

hints.json is shared with the browser, which uses the rest of it to label and arrange a view. It holds
no rules: only where a game keeps its public narration, and which seat the game plays itself
(the rulebook's automaton, e.g. the Machine of Biosphere 5 solo), so no person or bot is seated there.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from cardtable.core import Game

HINTS_FILE = Path(__file__).with_name("static") / "hints.json"


@functools.cache
def all_hints() -> dict[str, Any]:
    return json.loads(HINTS_FILE.read_text(encoding="utf-8"))


def narration_key(game_name: str) -> str | None:
    """The view key under which `game_name` narrates public events (`log_key`), if any."""
    key = all_hints().get(game_name, {}).get("log_key")
    return key if isinstance(key, str) else None


def automata(game: Game[Any]) -> dict[int, str]:
    """The seats `game` (with its options) plays by itself, each with a label for people."""
    seats: dict[int, str] = {}
    for entry in all_hints().get(game.name, {}).get("automata", []):
        wanted = entry.get("options", {})
        if all(game.options.get(name) == value for name, value in wanted.items()):
            seats.update({int(seat): str(entry.get("label", "automaton")) for seat in entry.get("seats", [])})
    return {seat: label for seat, label in seats.items() if 0 <= seat < game.num_seats}
