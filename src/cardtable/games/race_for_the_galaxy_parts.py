"""Race for the Galaxy's parts (heuristic, evaluation, quiet test, encoding, utility), declared from
outside its folder for now.

RftG: removed when the expansions branch lands. That branch rewrites the game's folder, which this one
may not touch; the game's class then declares these parts itself, as every other game does, and this
module goes. Until then `load` attaches them to the class (and so to the solitaire variant).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Chooser, Evaluator, QuietTest, Rng

from .race_for_the_galaxy import heuristic
from .race_for_the_galaxy.game import RaceForTheGalaxy


def _heuristic(game: RaceForTheGalaxy, rng: Rng) -> Chooser:
    return heuristic.HeuristicPlayer(rng)


def _evaluator(game: RaceForTheGalaxy) -> Evaluator:
    return heuristic.evaluate


def _quiet_test(game: RaceForTheGalaxy) -> QuietTest:
    return heuristic.is_quiet


def _observation_encoding(game: RaceForTheGalaxy) -> Any:
    from .race_for_the_galaxy.encoding import encoding  # NumPy: only for the research adapters

    return encoding(game)


def _utility(game: RaceForTheGalaxy) -> str:
    from .race_for_the_galaxy.encoding import utility

    return str(utility(game))


def load() -> None:
    """Attach the parts to the game's class (once the folder declares them itself, nothing to do)."""
    parts = {
        "heuristic": _heuristic,
        "evaluator": _evaluator,
        "quiet_test": _quiet_test,
        "observation_encoding": _observation_encoding,
        "utility": _utility,
    }
    for name, part in parts.items():
        if name not in vars(RaceForTheGalaxy):
            setattr(RaceForTheGalaxy, name, part)
