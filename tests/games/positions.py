"""Positions for tests: a game played some way in by its heuristic players."""

from __future__ import annotations

from typing import Any

from cardtable.core import Game, make_game
from cardtable.players import make_player


def heuristic_position(name: str, options: dict[str, Any], seed: int, actions: int) -> tuple[Game[Any], Any]:
    """The game `name` with `options` and its state after `actions` moves of heuristic players (seat s's
    player seeded `seed + s`), from seed `seed`."""
    game = make_game(name, options)
    state = game.new_state(seed)
    bots = [make_player("heuristic", seed + s) for s in range(game.num_seats)]
    for _ in range(actions):
        decision = game.decision(state)
        assert decision is not None, f"{name} ended before {actions} actions"
        game.apply(state, bots[decision.seat].choose(game.observe(state, decision.seat)))
    return game, state
