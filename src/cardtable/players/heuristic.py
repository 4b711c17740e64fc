"""The `heuristic` player kind: each game's own simple, explainable rules of thumb.

A game offers its heuristic player as `Game.heuristic(rng)`. It may also offer an evaluation
(`Game.evaluator`: how good a sampled state looks for a seat, in [0, 1]), which the ISMCTS player uses
to judge positions it does not play out to the end, and a quiet test (`Game.quiet_test`: whether a
position may be judged as it stands, no effect half resolved); the search lets the heuristic play on
until it is.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Chooser, Evaluator, Game, Observation, QuietTest, Rng


def game_heuristic(game: Game[Any], rng: Rng) -> Chooser:
    """The game's own heuristic player, seeded with `rng`; ValueError if the game has none."""
    player = game.heuristic(rng)
    if player is None:
        raise ValueError(f"{game.name} has no heuristic player")
    return player


def game_evaluator(game: Game[Any]) -> Evaluator | None:
    """The game's evaluation, if it offers one."""
    return game.evaluator()


def game_quiet_test(game: Game[Any]) -> QuietTest | None:
    """The game's quiet test, if it offers one."""
    return game.quiet_test()


class HeuristicPlayer:
    """Plays with the rules of thumb of whatever game it is seated at (found on its first decision)."""

    name = "heuristic"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._players: dict[str, Chooser] = {}

    def choose(self, observation: Observation[Any]) -> Action:
        game = observation.game
        player = self._players.get(game.name)
        if player is None:
            player = self._players[game.name] = game_heuristic(game, self.rng.fork())
        return player.choose(observation)


__all__ = ["Evaluator", "HeuristicPlayer", "QuietTest", "game_evaluator", "game_heuristic", "game_quiet_test"]
