"""The presentation hints (static/hints.json) the server needs too: the words that name a game's automata.

hints.json is shared with the browser, which uses the rest of it to label and arrange a view. It holds
no rules: which seats the game plays itself is the engine's `Game.automata()`; hints only give the
label people read for it.
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


def automata(game: Game[Any]) -> dict[int, str]:
    """The seats `game` plays by itself (`Game.automata()`), each with a label for people."""
    labels = all_hints().get(game.name, {}).get("automaton_labels", {})
    return {seat: str(labels.get(name, name)) for seat, name in game.automata().items()}
