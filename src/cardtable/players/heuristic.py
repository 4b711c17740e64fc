"""The `heuristic` player kind: each game's own simple, explainable rules of thumb.

A game offers its heuristic player as `HeuristicPlayer(rng)` in `cardtable.games.<package>.heuristic`
(with `name` and `choose(observation)`), or under another name listed in HEURISTIC_MODULES. It may
also offer `evaluate(game, state, seat) -> float` in [0, 1] (how good a sampled state looks for the
seat), which the ISMCTS player uses to judge positions it does not play out to the end, and
`is_quiet(game, state) -> bool`: whether a position may be judged as it stands (no effect is half
resolved); the search lets the heuristic play on until it is.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from cardtable.core import Action, Game, Observation, Rng

#: games whose heuristic player lives elsewhere than `heuristic:HeuristicPlayer`
HEURISTIC_MODULES: dict[str, str] = {}
DEFAULT_MODULE = "heuristic:HeuristicPlayer"

Evaluator = Callable[[Game[Any], Any, int], float]
QuietTest = Callable[[Game[Any], Any], bool]


def game_package(game: Game[Any]) -> str:
    """'biosphere5' for any class defined in `cardtable.games.biosphere5` (variants included)."""
    parts = type(game).__module__.split(".")
    if parts[:2] != ["cardtable", "games"] or len(parts) < 3:
        return ""
    return parts[2]


def _module(game: Game[Any], module_name: str) -> ModuleType | None:
    package = game_package(game)
    if not package:
        return None
    try:
        return importlib.import_module(f"cardtable.games.{package}.{module_name}")
    except ModuleNotFoundError as err:
        if err.name and err.name.endswith(module_name):
            return None
        raise


def game_heuristic(game: Game[Any], rng: Rng) -> Any:
    """The game's own heuristic player, seeded with `rng`; ValueError if the game has none."""
    module_name, class_name = HEURISTIC_MODULES.get(game_package(game), DEFAULT_MODULE).split(":")
    module = _module(game, module_name)
    if module is None or not hasattr(module, class_name):
        raise ValueError(f"{game.name} has no heuristic player")
    return getattr(module, class_name)(rng)


def game_evaluator(game: Game[Any]) -> Evaluator | None:
    """The game's `evaluate(game, state, seat)` if its heuristic module offers one."""
    module = _module(game, "heuristic")
    return getattr(module, "evaluate", None) if module is not None else None


def game_quiet_test(game: Game[Any]) -> QuietTest | None:
    """The game's `is_quiet(game, state)` if its heuristic module offers one."""
    module = _module(game, "heuristic")
    return getattr(module, "is_quiet", None) if module is not None else None


class HeuristicPlayer:
    """Plays with the rules of thumb of whatever game it is seated at (found on its first decision)."""

    name = "heuristic"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._players: dict[str, Any] = {}

    def choose(self, observation: Observation) -> Action:
        game = observation.game
        player = self._players.get(game.name)
        if player is None:
            player = self._players[game.name] = game_heuristic(game, self.rng.fork())
        return player.choose(observation)
