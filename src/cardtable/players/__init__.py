"""Players: anything that chooses an action from an Observation.

A player sees only what its seat may see: the Observation gives the seat's view, its legal
actions and sampled determinizations, never the state itself.

Player kinds are named on command lines and in the web table: `random`, `heuristic` (the game's
own rules of thumb) and `ismcts` (information-set Monte Carlo tree search). A kind may take a
parameter after a colon: `ismcts:200` (iterations) or `ismcts:0.5s` (seconds per decision).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cardtable.core import Action, Observation, Rng

from .heuristic import HeuristicPlayer
from .ismcts import IsmctsPlayer
from .random_player import RandomPlayer


class Player(Protocol):
    name: str

    def choose(self, observation: Observation) -> Action: ...


#: a factory takes the player's seed and the kind's parameter ("" when none was given)
PlayerFactory = Callable[[int, str], Player]


def _without_parameter(kind: str, build: Callable[[int], Player]) -> PlayerFactory:
    def factory(seed: int, parameter: str = "") -> Player:
        if parameter:
            raise ValueError(f"player kind {kind!r} takes no parameter (got {parameter!r})")
        return build(seed)

    return factory


#: player kinds by name; a factory takes a seed (and a parameter) and returns a fresh player
PLAYER_KINDS: dict[str, PlayerFactory] = {
    "random": _without_parameter("random", lambda seed: RandomPlayer(Rng(seed))),
    "heuristic": _without_parameter("heuristic", lambda seed: HeuristicPlayer(Rng(seed))),
    "ismcts": lambda seed, parameter: IsmctsPlayer.from_parameter(Rng(seed), parameter),
}


class AutomatonSeat:
    """The place of a seat the game plays by itself (`Game.automata`): it is never asked to choose."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, observation: Observation) -> Action:
        raise RuntimeError(f"{self.name} is played by the game itself, it has no decisions")


def split_kind(kind: str) -> tuple[str, str]:
    """'ismcts:200' -> ('ismcts', '200'); 'random' -> ('random', '')."""
    base, _, parameter = kind.strip().partition(":")
    return base, parameter


def make_player(kind: str, seed: int) -> Player:
    """A fresh player of `kind` (a name of PLAYER_KINDS, optionally `:parameter`); ValueError if unknown."""
    base, parameter = split_kind(kind)
    try:
        factory = PLAYER_KINDS[base]
    except KeyError:
        raise ValueError(f"unknown player kind {kind!r}; kinds: {', '.join(PLAYER_KINDS)}") from None
    return factory(seed, parameter)


def is_player_kind(kind: str) -> bool:
    """Whether `kind` names a player (with a valid parameter, if any)."""
    try:
        make_player(kind, 0)
    except ValueError:
        return False
    return True


__all__ = [
    "PLAYER_KINDS",
    "AutomatonSeat",
    "HeuristicPlayer",
    "IsmctsPlayer",
    "Player",
    "RandomPlayer",
    "is_player_kind",
    "make_player",
    "split_kind",
]
