"""Players: anything that chooses an action from an Observation.

A player sees only what its seat may see: the Observation gives the seat's view, its legal
actions and sampled determinizations, never the state itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cardtable.core import Action, Observation, Rng

from .random_player import RandomPlayer


class Player(Protocol):
    name: str

    def choose(self, observation: Observation) -> Action: ...


PlayerFactory = Callable[[int], Player]

#: player kinds by name; a factory takes a seed and returns a fresh player
PLAYER_KINDS: dict[str, PlayerFactory] = {
    "random": lambda seed: RandomPlayer(Rng(seed)),
}


def make_player(kind: str, seed: int) -> Player:
    try:
        return PLAYER_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown player kind {kind!r}; kinds: {', '.join(PLAYER_KINDS)}") from None


__all__ = ["PLAYER_KINDS", "Player", "RandomPlayer", "make_player"]
