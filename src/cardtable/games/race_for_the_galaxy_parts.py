"""Race for the Galaxy's parts (heuristic, evaluation, quiet test, encoding, utility), declared from
outside its folder for now.

RftG: removed when the expansions branch lands. That branch rewrites the game's folder, which this one
may not touch; the game's class then declares these parts itself, as every other game does, and this
module goes. Until then `load` attaches them to the class (and so to the solitaire variant).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Parts

from .race_for_the_galaxy import heuristic
from .race_for_the_galaxy.game import RaceForTheGalaxy


def _observation_encoding(game: RaceForTheGalaxy) -> Any:
    from .race_for_the_galaxy.encoding import encoding  # NumPy: only for the research adapters

    return encoding(game)


def _utility(game: RaceForTheGalaxy) -> str:
    from .race_for_the_galaxy.encoding import utility

    return str(utility(game))


def load() -> None:
    """Attach the parts to the game's class (once the folder declares them itself, nothing to do)."""
    if "parts" not in vars(RaceForTheGalaxy):
        RaceForTheGalaxy.parts = Parts(heuristic.HeuristicPlayer, heuristic.evaluate, heuristic.is_quiet)
    parts = {
        "observation_encoding": _observation_encoding,
        "utility": _utility,
    }
    for name, part in parts.items():
        if name not in vars(RaceForTheGalaxy):
            setattr(RaceForTheGalaxy, name, part)
