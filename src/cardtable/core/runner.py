"""Playing whole games between players: the loop every simulator and test uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .game import Chooser, Game
from .match import Match


def play_match(
    game: Game[Any],
    players: Sequence[Chooser],
    seed: int,
    *,
    max_actions: int = 100_000,
    validate: bool = True,
    on_action: Callable[[Match], None] | None = None,
    stop_at_cap: bool = False,
) -> Match:
    """Play one game from `seed` with one player per seat; returns the finished match.

    `validate=False` skips the legality check, for players that only ever pick from
    `legal_actions` (the random player in simulations and benchmarks). A game still going after
    `max_actions` raises RuntimeError, or with `stop_at_cap` is returned unfinished (no result).
    """
    if len(players) != game.num_seats:
        raise ValueError(f"{game.name} needs {game.num_seats} players, got {len(players)}")
    match = Match(game, seed, [p.name for p in players])
    while (decision := match.decision) is not None:
        if len(match.moves) >= max_actions:
            if stop_at_cap:
                return match
            raise RuntimeError(f"{game.name} seed {seed}: no end after {max_actions} actions")
        action = players[decision.seat].choose(game.observe(match.state, decision.seat))
        match.apply(action, validate=validate)
        if on_action is not None:
            on_action(match)
    return match
